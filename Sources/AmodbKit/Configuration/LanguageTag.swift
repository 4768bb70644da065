import FoundationEssentials

/// Maps locale names and tags onto the fourteen languages amodb serves.
public enum LanguageTag {
  /// The served base languages with the region used when none is given.
  static let defaultRegions: [String: String] = [
    "en": "US", "ru": "RU", "uk": "UA", "be": "BY", "zh": "CN", "pt": "PT", "bg": "BG",
    "he": "IL", "cs": "CZ", "ro": "RO", "fr": "FR", "pl": "PL", "it": "IT", "es": "ES",
  ]

  /// The tag used when nothing else applies.
  public static let fallback = "en-US"

  /// The fourteen served languages as tags with their default regions, English first, for completions.
  public static var tags: [String] {
    [fallback] + defaultRegions.filter { $0.key != "en" }.map { "\($0.key)-\($0.value)" }.sorted()
  }

  /// Returns a served `xx-YY` tag for `ru_RU.UTF-8`, `pt-BR`, `fr`, `C` and the like, or nil.
  public static func served(_ name: String) -> String? {
    let base = name.split(separator: ".").first.map(String.init) ?? name
    let withoutModifier = base.split(separator: "@").first.map(String.init) ?? base
    // `ru_RU` and `ru-RU` alike (split by hand: the generic `replacing` is slow the first time it runs).
    let parts = withoutModifier.split { $0 == "_" || $0 == "-" }
    guard let first = parts.first else { return nil }
    var language = first.lowercased()
    if language == "iw" { language = "he" }
    guard let defaultRegion = defaultRegions[language] else { return nil }
    let region = parts.dropFirst().first.map { $0.uppercased() }.flatMap { candidate in
      candidate.count == 2 && candidate.allSatisfy(\.isLetter) ? candidate : nil
    }
    return "\(language)-\(region ?? defaultRegion)"
  }

  /// Chooses the language: the flag, else `AMODB_LANGUAGE`, else the locale, else `en-US`.
  public static func resolve(flag: String?, environment: [String: String]) -> String {
    choose(flag: flag, environment: environment).tag
  }

  /// The language chosen, with the name asked for when it is not one amodb serves (the `C` and
  /// `POSIX` locales ask for nothing: they are English without a word said).
  public static func choose(flag: String?, environment: [String: String]) -> (tag: String, unsupported: String?) {
    let asked =
      flag
      ?? [environment["AMODB_LANGUAGE"], environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
      .compactMap { $0 }.first { !$0.isEmpty }
    guard let asked else { return (fallback, nil) }
    if let tag = served(asked) { return (tag, nil) }
    let base = asked.split(separator: ".").first.map(String.init) ?? asked
    return (fallback, base == "C" || base == "POSIX" ? nil : TextSanitizer.clean(asked, limit: 40))
  }
}
