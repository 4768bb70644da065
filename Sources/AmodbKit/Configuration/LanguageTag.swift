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

  /// Returns a served `xx-YY` tag for `ru_RU.UTF-8`, `pt-BR`, `fr`, `C` and the like, or nil.
  public static func served(_ name: String) -> String? {
    let base = name.split(separator: ".").first.map(String.init) ?? name
    let withoutModifier = base.split(separator: "@").first.map(String.init) ?? base
    let parts = withoutModifier.replacing("_", with: "-").split(separator: "-")
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
    if let flag { return served(flag) ?? fallback }
    if let chosen = environment["AMODB_LANGUAGE"], !chosen.isEmpty { return served(chosen) ?? fallback }
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[name], !value.isEmpty {
        return served(value) ?? fallback
      }
    }
    return fallback
  }
}
