/// printf-style placeholders in translated text: `%s`, `%d`, and `%2$s` for translators who reorder.
public enum Template {
  /// A piece of a template: text as it is, or the placeholder for an argument.
  enum Piece: Equatable {
    case text(Substring)
    case argument(index: Int, conversion: Character)
  }

  /// The template's pieces: `%%` becomes a percent sign, `%s`/`%d` the next argument, `%N$s`
  /// argument N; a `%` that starts nothing stays as it is.
  static func pieces(_ template: String) -> [Piece] {
    var pieces: [Piece] = []
    var next = 0
    var characters = template[...]
    while let percent = characters.firstIndex(of: "%") {
      pieces.append(.text(characters[..<percent]))
      var rest = characters[characters.index(after: percent)...]
      if rest.first == "%" {
        pieces.append(.text("%"))
        characters = rest.dropFirst()
        continue
      }
      var position: Int?
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      if !digits.isEmpty, rest.dropFirst(digits.count).first == "$", let number = Int(digits) {
        position = number - 1
        rest = rest.dropFirst(digits.count + 1)
      }
      guard let conversion = rest.first, conversion == "s" || conversion == "d" else {
        pieces.append(.text("%"))
        characters = rest
        continue
      }
      let index = position ?? next
      next = index + 1
      pieces.append(.argument(index: index, conversion: conversion))
      characters = rest.dropFirst()
    }
    pieces.append(.text(characters))
    return pieces
  }

  /// `template` with its placeholders replaced by `arguments` (a missing one is left empty).
  public static func fill(_ template: String, _ arguments: [String]) -> String {
    // Most strings have no placeholder: a scan of their bytes, not of their characters.
    guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
    return pieces(template).reduce(into: "") { result, piece in
      switch piece {
      // `append(contentsOf:)` of a Substring, not the generic `+=` of any sequence: the generic one's
      // first use in a process costs a scan of every conformance in the binary (0.07 ms at start-up).
      case .text(let text): result.append(contentsOf: text)
      case .argument(let index, _): result += index >= 0 && index < arguments.count ? arguments[index] : ""
      }
    }
  }

  /// The placeholders of a template in argument order, e.g. `["s", "d"]`; what catalogue checks compare.
  public static func placeholders(in template: String) -> [String] {
    var found: [Int: String] = [:]
    for case .argument(let index, let conversion) in pieces(template) { found[index] = String(conversion) }
    return found.keys.sorted().compactMap { found[$0] }
  }
}
