/// One language's translations, read from a gettext `.po` file.
///
/// Two catalogues are equal when they are the same one (made by one `init`, then copied): what
/// text measured in one language is cached under, since a catalogue never changes once read.
public struct Catalogue: Sendable, Equatable {
  /// The language code, e.g. "ru"; "en" for the source language.
  public let language: String
  /// How the language picks a plural form.
  public let plural: PluralRule
  private let entries: [Key: [String]]
  /// Which catalogue this is: a fresh one for each catalogue read.
  private let identity: Identity

  /// A message's key: its context, when it has one, and its English text.
  private struct Key: Hashable {
    let context: String?
    let id: String
  }

  /// A catalogue's identity, compared by reference.
  private final class Identity: Sendable {}

  /// English: every string is its own translation.
  public static let english = Catalogue(language: "en", plural: .english, entries: [:])

  private init(language: String, plural: PluralRule, entries: [Key: [String]]) {
    self.language = language
    self.plural = plural
    self.entries = entries
    identity = Identity()
  }

  /// Whether two catalogues are the same one.
  public static func == (left: Catalogue, right: Catalogue) -> Bool {
    left.identity === right.identity
  }

  /// Reads `.po` text; fuzzy and untranslated entries are left out, so English shows for them.
  public init(language: String, poText: String) {
    let messages = POFile.messages(in: poText)
    var plural = PluralRule.english
    var entries: [Key: [String]] = [:]
    for message in messages {
      if message.id.isEmpty && message.context == nil {
        let header = message.strings.first ?? ""
        for line in header.split(separator: "\n") where line.hasPrefix("Plural-Forms:") {
          plural = PluralRule(header: String(line.dropFirst("Plural-Forms:".count))) ?? plural
        }
        continue
      }
      guard !message.fuzzy, !message.strings.isEmpty, message.strings.allSatisfy({ !$0.isEmpty }) else { continue }
      entries[Key(context: message.context, id: message.id)] = message.strings
    }
    self.init(language: language, plural: plural, entries: entries)
  }

  /// How many strings this catalogue translates.
  public var count: Int { entries.count }

  /// The translation of `english` (in `context`, when given), or `english` itself.
  public func text(_ english: String, context: String? = nil) -> String {
    // English, the catalogue most frames are drawn in, has nothing to look up.
    guard !entries.isEmpty else { return english }
    return entries[Key(context: context, id: english)]?.first ?? english
  }

  /// The translation of a count-dependent string, in the form `n` takes in this language.
  public func text(_ singular: String, plural english: String, count n: Int, context: String? = nil) -> String {
    if !entries.isEmpty, let forms = entries[Key(context: context, id: singular)], !forms.isEmpty {
      let form = plural.form(for: n)
      return form < forms.count ? forms[form] : forms[forms.count - 1]
    }
    return n == 1 ? singular : english
  }
}

/// One entry of a `.po` file.
public struct POMessage: Sendable, Equatable {
  /// `msgctxt`, when present.
  public var context: String?
  /// `msgid`.
  public var id: String
  /// `msgid_plural`, when present.
  public var pluralID: String?
  /// `msgstr`, or `msgstr[0]`, `msgstr[1]`, … in order.
  public var strings: [String]
  /// Whether a `#, fuzzy` flag marks it.
  public var fuzzy: Bool
  /// Whether a `#, c-format` flag marks it.
  public var cFormat: Bool
}

/// The `.po` syntax: comments, keywords and quoted strings with C escapes, continued over lines.
public enum POFile {
  /// Every entry in `text`, the header (empty `msgid`) included; obsolete (`#~`) entries are skipped.
  public static func messages(in text: String) -> [POMessage] {
    var messages: [POMessage] = []
    var current = POMessage(context: nil, id: "", pluralID: nil, strings: [], fuzzy: false, cFormat: false)
    var started = false
    var field: WritableKeyPath<POMessage, String>?
    var stringIndex: Int?

    func finish() {
      if started { messages.append(current) }
      current = POMessage(context: nil, id: "", pluralID: nil, strings: [], fuzzy: false, cFormat: false)
      started = false
      field = nil
      stringIndex = nil
    }

    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = rawLine.trimmingSpaces
      if line.isEmpty {
        continue
      }
      if line.hasPrefix("#") {
        if started && !current.strings.isEmpty { finish() }
        if line.hasPrefix("#,") {
          current.fuzzy = current.fuzzy || line.contains("fuzzy")
          current.cFormat = current.cFormat || line.contains("c-format") && !line.contains("no-c-format")
        }
        continue
      }
      if line.hasPrefix("\"") {
        let value = unquote(Substring(line))
        if let field { current[keyPath: field] += value }
        if let stringIndex { current.strings[stringIndex] += value }
        if field == \POMessage.pluralIDText { current.pluralID = current.pluralIDText }
        continue
      }
      guard let space = line.firstIndex(of: " ") else { continue }
      let keyword = line[..<space]
      let value = unquote(line[line.index(after: space)...].trimmingSpaces[...])
      switch keyword {
      case "msgctxt":
        if started && !current.strings.isEmpty { finish() }
        started = true
        current.context = value
        field = \POMessage.contextText
        stringIndex = nil
      case "msgid":
        if started && !current.strings.isEmpty { finish() }
        started = true
        current.id = value
        field = \POMessage.id
        stringIndex = nil
      case "msgid_plural":
        current.pluralID = value
        field = \POMessage.pluralIDText
        stringIndex = nil
      case "msgstr":
        current.strings = [value]
        field = nil
        stringIndex = 0
      default:
        guard keyword.hasPrefix("msgstr[") else { continue }
        current.strings.append(value)
        field = nil
        stringIndex = current.strings.count - 1
      }
    }
    finish()
    return messages
  }

  /// The text inside a quoted `.po` string, with `\n`, `\t`, `\"` and `\\` decoded.
  static func unquote(_ quoted: Substring) -> String {
    var body = quoted
    guard body.first == "\"" else { return "" }
    body = body.dropFirst()
    if body.last == "\"" { body = body.dropLast() }
    var result = ""
    var escaped = false
    for character in body {
      if escaped {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        default: result.append(character)
        }
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}

extension POMessage {
  /// `context` as a never-nil string, for appending continuation lines.
  fileprivate var contextText: String {
    get { context ?? "" }
    set { context = newValue }
  }

  /// `pluralID` as a never-nil string, for appending continuation lines.
  fileprivate var pluralIDText: String {
    get { pluralID ?? "" }
    set { pluralID = newValue }
  }
}
