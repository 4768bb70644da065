import AmodbKit
import FoundationEssentials

/// Turns numbers and dates into the short text the screens and commands show.
public enum Formatters {
  /// The dash shown where a value is missing.
  public static let missing = "–"

  /// A score out of 10 with one decimal, or a dash when nobody voted or it is unreadable.
  public static func score(_ average: Double?, votes: Int) -> String {
    guard votes > 0, let average else { return missing }
    return oneDecimal(average)
  }

  /// A vote count in a few characters: 950, 26K, 2.4M.
  public static func votes(_ count: Int) -> String {
    switch count {
    case ..<1_000: return "\(count)"
    case ..<10_000: return trimmed(Double(count) / 1_000) + "K"
    case ..<1_000_000: return "\(count / 1_000)K"
    default: return trimmed(Double(count) / 1_000_000) + "M"
    }
  }

  /// A running time such as "2h 19m" or "45m".
  public static func runtime(_ minutes: Int) -> String {
    minutes < 60 ? "\(minutes)m" : "\(minutes / 60)h \(minutes % 60)m"
  }

  /// How long ago something was fetched: "just now", "3 min ago", "2 h ago", "4 days ago".
  public static func age(since date: Date, now: Date) -> String {
    // Clamped before converting: a date from a damaged cache may lie centuries away.
    let interval = now.timeIntervalSince(date)
    let seconds = interval.isFinite ? Int(min(max(interval, 0), 1e12)) : 0
    switch seconds {
    case ..<60: return "just now"
    case ..<3_600: return "\(seconds / 60) min ago"
    case ..<172_800: return "\(seconds / 3_600) h ago"
    default: return "\(seconds / 86_400) days ago"
    }
  }

  /// A rating on its service's scale: "8.8/10", "67/100", "81%".
  public static func rating(_ rating: Rating?, scale: RatingScale) -> String {
    guard let rating else { return missing }
    switch scale {
    case .outOfTen: return oneDecimal(rating.value) + "/10"
    case .outOfHundred: return "\(Int(rating.value.rounded()))/100"
    case .percent: return "\(Int(rating.value.rounded()))%"
    }
  }

  /// The rate-limit budget, e.g. "38/40 requests left", or nil when unknown.
  public static func budget(_ status: RateLimitStatus?) -> String? {
    guard let remaining = status?.remaining else { return nil }
    if let limit = status?.limit { return "\(remaining)/\(limit) requests left" }
    return "\(remaining) requests left"
  }

  /// A number with one decimal, rounded half away from zero: 8.433 → "8.4" (what `%.1f` gave,
  /// without Foundation's formatting).
  public static func oneDecimal(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return missing }
    let tenths = Int((abs(value) * 10).rounded())
    return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
  }

  private static func trimmed(_ value: Double) -> String {
    let text = oneDecimal(value)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}

/// The scale a service rates on.
public enum RatingScale: Sendable {
  case outOfTen, outOfHundred, percent
}

/// The five rating services, in the order the detail screen lists them.
public enum RatingService: CaseIterable, Sendable {
  case imdb, kinopoisk, metacritic, rottenTomatoes, tmdb

  /// The service's name.
  public var name: String {
    switch self {
    case .imdb: return "IMDb"
    case .kinopoisk: return "Kinopoisk"
    case .metacritic: return "Metacritic"
    case .rottenTomatoes: return "Rotten Tomatoes"
    case .tmdb: return "TMDB"
    }
  }

  /// The scale its values are on.
  public var scale: RatingScale {
    switch self {
    case .imdb, .kinopoisk, .tmdb: return .outOfTen
    case .metacritic: return .outOfHundred
    case .rottenTomatoes: return .percent
    }
  }

  /// This service's rating in a film's details.
  public func rating(in details: MovieDetails) -> Rating? {
    switch self {
    case .imdb: return details.ratings?.imdb
    case .kinopoisk: return details.ratings?.kinopoisk
    case .metacritic: return details.ratings?.metacritic
    case .rottenTomatoes: return details.ratings?.rottenTomatoes
    case .tmdb:
      return details.ratings?.tmdb
        ?? (details.voteCount > 0 ? Rating(value: details.voteAverage, votes: details.voteCount) : nil)
    }
  }
}
