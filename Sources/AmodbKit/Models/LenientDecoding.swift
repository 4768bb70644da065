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

/// At most `limit` readable elements of an array, with how many could not be read; those past the
/// limit are left out unread.
struct CappedArray<Element: Decodable>: Decodable {
  /// The elements kept.
  var values: [Element] = []
  /// Elements before the limit that could not be read.
  var unreadable = 0
  /// Where each kept element stood in the array, from 0.
  var places: [Int] = []

  /// The most elements kept from one array; TMDB sends 20 a page.
  static var limit: Int { 100 }

  /// An empty array.
  init() {}

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      let place = container.currentIndex
      if values.count < Self.limit, let value = try container.decode(Lossy<Element>.self).value {
        values.append(value)
        places.append(place)
      } else {
        if values.count >= Self.limit { _ = try container.decode(Skipped.self) } else { unreadable += 1 }
      }
    }
  }
}

extension KeyedDecodingContainer {
  /// Decodes a value when present and of the right type, else nil.
  func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
    (try? decodeIfPresent(type, forKey: key)) ?? nil
  }

  /// An IMDb id ("tt" and digits) when the text is one, else nil: it goes into links and to the
  /// opener, so nothing else (a path, an option) passes.
  func imdbID(_ key: Key) -> String? {
    guard let text = lenient(String.self, key), text.utf8.count <= 20, text.hasPrefix("tt"),
      text.utf8.count > 2, text.utf8.dropFirst(2).allSatisfy({ (0x30...0x39).contains($0) })
    else { return nil }
    return text
  }

  /// Decodes text when present and a string, else nil: through the container's own string
  /// requirement, several times faster than the generic one a `Decodable` type goes through.
  func lenient(_ type: String.Type, _ key: Key) -> String? {
    (try? decodeIfPresent(String.self, forKey: key)) ?? nil
  }

  /// Decodes a finite number, accepting integers, decimals and numeric strings.
  func number(_ key: Key) -> Double? {
    // The container's own number and string requirements, not a generic Decodable's path.
    let value: Double?
    if let number = try? decodeIfPresent(Double.self, forKey: key) {
      value = number
    } else {
      value = (try? decodeIfPresent(String.self, forKey: key)).flatMap { $0.flatMap(Double.init) }
    }
    guard let value, value.isFinite else { return nil }
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

  /// Decodes up to `limit` whole numbers of an array, skipping its other elements: through the
  /// container's own number requirement, where `[Lossy<Int>]` went through the generic array
  /// and element paths (an eighth of a page's decoding).
  func wholeNumbers(_ key: Key, limit: Int) -> [Int] {
    guard var list = try? nestedUnkeyedContainer(forKey: key) else { return [] }
    var values: [Int] = []
    while !list.isAtEnd, values.count < limit {
      if let number = try? list.decode(Double.self) {
        if number.rounded() == number, abs(number) < 1e15 { values.append(Int(number)) }
      } else if (try? list.decode(Skipped.self)) == nil {
        break  // nothing moves the container past this element
      }
    }
    return values
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
