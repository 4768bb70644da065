extension MediaFileName {
  /// The ids tagged in a name: `{tmdb-550}`, `[tmdbid-550]`, `tmdbid=550`; `[imdbid-tt0137523]` or
  /// a bare `tt0137523` (7 or 8 digits).
  static func tags(in name: String) -> NameTags {
    let characters = Array(name.lowercased())
    var tags = NameTags()
    var index = 0
    while index < characters.count {
      if tags.tmdb == nil, let (id, _) = tmdbTag(characters, at: index) { tags.tmdb = id }
      if tags.imdb == nil, let id = imdbTag(characters, at: index) { tags.imdb = id }
      index += 1
    }
    return tags
  }

  /// A `tmdb-550` or `tmdbid-550` at `index`: the id and the tag's length.
  static func tmdbTag(_ characters: [Character], at index: Int) -> (Int, Int)? {
    let letters: [Character] = ["t", "m", "d", "b"]
    guard index + 5 < characters.count, Array(characters[index..<index + 4]) == letters,
      index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber)
    else { return nil }
    var cursor = index + 4
    if cursor + 1 < characters.count, characters[cursor] == "i", characters[cursor + 1] == "d" { cursor += 2 }
    guard cursor < characters.count, "-=:_ ".contains(characters[cursor]) else { return nil }
    cursor += 1
    let digits = characters[cursor...].prefix { $0.isASCII && $0.isNumber }
    guard (1...9).contains(digits.count), let id = Int(String(digits)), id > 0 else { return nil }
    return (id, cursor + digits.count - index)
  }

  /// A `tt0137523` at `index`, standing apart from other letters and digits.
  static func imdbTag(_ characters: [Character], at index: Int) -> String? {
    guard index + 2 < characters.count, characters[index] == "t", characters[index + 1] == "t",
      index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber)
    else { return nil }
    let digits = characters[(index + 2)...].prefix { $0.isASCII && $0.isNumber }
    let end = index + 2 + digits.count
    guard (7...8).contains(digits.count), end == characters.count || !characters[end].isNumber else { return nil }
    return "tt" + String(digits)
  }

  /// Whether a word is a tag, left out of the title.
  static func isTag(_ word: String) -> Bool {
    let characters = Array(word.lowercased())
    if let (_, length) = tmdbTag(characters, at: 0), length == characters.count { return true }
    if let id = imdbTag(characters, at: 0), id.count == characters.count { return true }
    if let dash = characters.firstIndex(where: { $0 == "-" || $0 == "=" }),
      ["imdb", "imdbid", "tvdb", "tvdbid"].contains(String(characters[..<dash]))
    {
      return true
    }
    return false
  }

  /// A name without its bracketed parts: `[…]` and `{…}` go, `(1999)` stays as a year, other
  /// `(…)` go. A name that is only brackets (`[Group][Title][01][1080P]`) is read from their
  /// contents, the first (the group's) left out.
  static func cleaned(_ name: String) -> String {
    var out = ""
    var groups: [String] = []
    var closing: Character?
    var inner = ""
    for character in name {
      if let close = closing {
        if character == close {
          let content = inner.trimmingSpaces
          if close == ")", year(content) != nil { out += " \(content) " } else { out += " " }
          groups.append(content)
          closing = nil
          inner = ""
        } else {
          inner.append(character)
        }
        continue
      }
      switch character {
      case "[": closing = "]"
      case "{": closing = "}"
      case "(": closing = ")"
      default: out.append(character)
      }
    }
    if closing != nil { out += inner }
    let words = out.filter { $0.isLetter }
    guard words.isEmpty, groups.count >= 2 else { return out }
    return groups.dropFirst().filter { !$0.isEmpty && !isTag($0) }.joined(separator: " - ")
  }

  /// The words of a name, split at `.`, `_` and spaces, and at a dash that stands alone (the
  /// next word remembers it); a dash inside a word (`Spider-Man`, `WEB-DL`) stays. Tags are left out.
  static func tokenise(_ name: String) -> [NameToken] {
    var tokens: [NameToken] = []
    var word = ""
    var dash = false
    let characters = Array(name)
    func flush() {
      if !word.isEmpty, !isTag(word) { tokens.append(NameToken(text: word, afterDash: dash)) }
      if !word.isEmpty { dash = false }
      word = ""
    }
    for (index, character) in characters.enumerated() {
      switch character {
      case ".", "_", " ", "\u{3000}":
        flush()
      case "-", "–", "—":
        let nextIsGap = index + 1 == characters.count || " ._".contains(characters[index + 1])
        if word.isEmpty || nextIsGap {
          flush()
          dash = true
        } else {
          word.append(character)
        }
      default:
        word.append(character)
      }
    }
    flush()
    return tokens
  }
}

extension String {
  /// The string without spaces at either end.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
