import Synchronization

/// The interface's language for the whole process, with a per-task override (tests; words a
/// command says in English whatever the interface speaks, as `doctor --json`).
public enum Translator {
  private static let chosen = Mutex(Catalogue.english)

  /// A catalogue that replaces the process's one inside `Translator.$override.withValue`.
  @TaskLocal public static var override: Catalogue?

  /// The catalogue in use.
  public static var current: Catalogue {
    override ?? chosen.withLock { $0 }
  }

  /// Chooses the interface's language for the process (done once, at start-up).
  public static func use(_ catalogue: Catalogue) {
    chosen.withLock { $0 = catalogue }
  }

  /// The embedded catalogue for a language code such as "ru", or English.
  public static func catalogue(for language: String) -> Catalogue {
    let code = String(language.prefix { $0 != "-" && $0 != "_" }).lowercased()
    guard let text = EmbeddedCatalogues.poFiles[code] else { return .english }
    return Catalogue(language: code, poText: text)
  }

  /// The languages with a catalogue, English first.
  public static var languages: [String] {
    ["en"] + EmbeddedCatalogues.poFiles.keys.sorted()
  }
}

/// The translation of an interface string, with `%s`/`%d` placeholders filled from `arguments`.
public func tr(_ english: String, _ arguments: String...) -> String {
  Template.fill(Translator.current.text(english), arguments)
}

/// The translation of an interface string in a context (e.g. "month"), for words English uses twice.
public func trc(_ context: String, _ english: String, _ arguments: String...) -> String {
  Template.fill(Translator.current.text(english, context: context), arguments)
}

/// The translation of a count-dependent string in the language's plural form; the placeholders
/// are filled from `arguments`, or with the count itself when there are none.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: String...) -> String {
  Template.fill(
    Translator.current.text(singular, plural: plural, count: count), arguments.isEmpty ? [String(count)] : arguments)
}

/// Sentences joined as their language joins them: a space between, none after a full-width full
/// stop (Chinese), so translated text never reads "。 ".
public func joinedSentences(_ sentences: [String]) -> String {
  sentences.dropFirst().reduce(sentences.first ?? "") { text, next in
    text + (text.last.map { "。！？".contains($0) } == true ? "" : " ") + next
  }
}
