import FoundationEssentials

/// Decodes an element of an array without ever failing, so one bad entry costs only itself.
struct Lossy<Wrapped: Decodable>: Decodable {
  /// The element, or nil when it could not be read.
  let value: Wrapped?

  init(from decoder: any Decoder) throws {
    value = try? Wrapped(from: decoder)
  }
}

/// Any JSON value, read as nothing: decoding it only moves an unkeyed container past an element.
struct Skipped: Decodable {
  init(from decoder: any Decoder) throws {}
}

/// At most `limit` readable elements of an array, with how many were left out (unreadable or past the limit).
struct CappedArray<Element: Decodable>: Decodable {
  /// The elements kept.
  var values: [Element] = []
  /// Elements not kept.
  var skipped = 0

  /// The most elements kept from one array; TMDB sends 20 a page.
  static var limit: Int { 100 }

  /// An empty array.
  init() {}

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      if values.count < Self.limit, let value = try container.decode(Lossy<Element>.self).value {
        values.append(value)
      } else {
        if values.count >= Self.limit { _ = try container.decode(Skipped.self) }
        skipped += 1
      }
    }
  }
}

/// A number that may arrive as an integer, a decimal or a numeric string.
struct FlexibleNumber: Decodable {
  /// The number as a `Double`.
  let value: Double

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let double = try? container.decode(Double.self) {
      value = double
    } else if let text = try? container.decode(String.self), let double = Double(text) {
      value = double
    } else {
      throw DecodingError.typeMismatch(
        Double.self, .init(codingPath: decoder.codingPath, debugDescription: "not a number"))
    }
  }
}

extension KeyedDecodingContainer {
  /// Decodes a value when present and of the right type, else nil.
  func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
    (try? decodeIfPresent(type, forKey: key)) ?? nil
  }

  /// Decodes a finite number, accepting integers, decimals and numeric strings.
  func number(_ key: Key) -> Double? {
    guard let value = lenient(FlexibleNumber.self, key)?.value, value.isFinite else { return nil }
    return value
  }

  /// Decodes a whole number, accepting decimals that are whole.
  func integer(_ key: Key) -> Int? {
    guard let value = number(key), value.rounded() == value, abs(value) < 1e15 else { return nil }
    return Int(value)
  }

  /// Decodes text, cleaned for the terminal; empty text counts as absent.
  func text(_ key: Key, keepNewlines: Bool = false, limit: Int = TextSanitizer.defaultLimit) -> String? {
    guard let raw = lenient(String.self, key) else { return nil }
    let cleaned = TextSanitizer.clean(raw, keepNewlines: keepNewlines, limit: limit)
    return cleaned.isEmpty ? nil : cleaned
  }

  /// Decodes an array whose bad elements are skipped.
  func lossyArray<T: Decodable>(_ type: T.Type, _ key: Key) -> [T] {
    (lenient([Lossy<T>].self, key) ?? []).compactMap(\.value)
  }
}

/// The one JSON decoder configuration the project uses.
public enum AmodbJSON {
  /// Makes the decoder that reads every amodb response.
  public static func decoder() -> JSONDecoder {
    JSONDecoder()
  }
}
