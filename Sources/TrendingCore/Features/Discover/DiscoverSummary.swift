import AmodbKit
import Localization

extension DiscoverFilter {
  /// The filter read back in one line: "Thriller · 2015–2024 · ≥ 7.0 · on Netflix, MUBI".
  public var summary: String {
    if let linkHeading { return linkHeading }
    var parts: [String] = []
    if !genres.isEmpty { parts.append(genres.map(\.name).joined(separator: ", ")) }
    if !withoutGenres.isEmpty { parts.append(tr("not %s", withoutGenres.map(\.name).joined(separator: ", "))) }
    if let years = Self.span(years.ordered, unit: nil) { parts.append(years) }
    if let minimumScore {
      let score = "≥ " + Self.oneDecimal(minimumScore)
      parts.append(
        minimumVotes == Self.defaultMinimumVotes
          ? score : score + " " + trn("(%s vote)", "(%s votes)", minimumVotes))
    } else if minimumVotes != Self.defaultMinimumVotes {
      parts.append(trn("at least %s vote", "at least %s votes", minimumVotes))
    }
    if let runtime = Self.span(runtime.ordered, unit: tr("min")) { parts.append(runtime) }
    if let originalLanguage { parts.append(tr("in %s", Languages.name(originalLanguage, standalone: false))) }
    if let certification, media == .film { parts.append(tr("up to %s", certification)) }
    if let status, media == .series { parts.append(status.label) }
    if !keywords.isEmpty { parts.append(keywords.map { "#" + $0.name }.joined(separator: ", ")) }
    if !companies.isEmpty { parts.append(tr("by %s", companies.map(\.name).joined(separator: ", "))) }
    if !services.isEmpty { parts.append(tr("on %s", services.map(\.name).joined(separator: ", "))) }
    if sort != .popularity { parts.append(sort.label) }
    guard !parts.isEmpty else { return media == .series ? tr("All series") : tr("All films") }
    return parts.joined(separator: " · ")
  }

  /// A range as the header shows it: "2015–2024", "2015", "from 2015", "to 120 min".
  static func span(_ range: OpenRange, unit: String?) -> String? {
    let suffix = unit.map { " " + $0 } ?? ""
    switch (range.lower, range.upper) {
    case (nil, nil): return nil
    case (let lower?, let upper?) where lower == upper: return "\(lower)\(suffix)"
    case (let lower?, let upper?): return "\(lower)–\(upper)\(suffix)"
    case (let lower?, nil): return tr("from %s", "\(lower)\(suffix)")
    case (nil, let upper?): return tr("to %s", "\(upper)\(suffix)")
    }
  }

  /// A score with one decimal: "7.0".
  static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10))"
  }
}

extension SeriesStatus {
  /// How the form and the header name it: "returning", "ended".
  public var label: String {
    switch self {
    case .returning: return trc("series status", "returning")
    case .planned: return trc("series status", "planned")
    case .inProduction: return trc("series status", "in production")
    case .ended: return trc("series status", "ended")
    case .cancelled: return trc("series status", "cancelled")
    case .pilot: return trc("series status", "pilot")
    }
  }
}

extension DiscoverSort {
  /// How the header and the form name the order.
  public var label: String {
    switch self {
    case .popularity: return tr("most popular")
    case .score: return tr("best scored")
    case .date: return tr("newest")
    case .title: return tr("by title")
    }
  }
}

/// The original languages the form offers, with their names.
public enum Languages {
  /// The ISO 639-1 codes offered, most filmed first.
  public static let offered = [
    "en", "fr", "es", "de", "it", "ja", "ko", "zh", "hi", "ru", "pt", "sv", "da", "no", "fi", "pl", "cs", "tr",
    "fa", "ar", "he", "th", "uk",
  ]

  /// A language's name in the interface's language ("英语" in Chinese), else its own name for
  /// itself, else its code; `standalone` (a value after a label) starts it with a capital, as
  /// inside a phrase ("на английском") it would not.
  public static func name(_ code: String, standalone: Bool = true) -> String {
    LanguageNames.name(code, in: Translator.current.language, capitalized: standalone) ?? endonym(code)
  }

  /// A language's own name for itself, else its code.
  static func endonym(_ code: String) -> String {
    switch code {
    case "en": return "English"
    case "fr": return "Français"
    case "es": return "Español"
    case "de": return "Deutsch"
    case "it": return "Italiano"
    case "ja": return "日本語"
    case "ko": return "한국어"
    case "zh": return "中文"
    case "hi": return "हिन्दी"
    case "ru": return "Русский"
    case "pt": return "Português"
    case "sv": return "Svenska"
    case "da": return "Dansk"
    case "no": return "Norsk"
    case "fi": return "Suomi"
    case "pl": return "Polski"
    case "cs": return "Čeština"
    case "tr": return "Türkçe"
    case "fa": return "فارسی"
    case "ar": return "العربية"
    case "he": return "עברית"
    case "th": return "ไทย"
    case "uk": return "Українська"
    default: return code
    }
  }
}
