import AmodbKit
import FoundationEssentials
import Localization

/// Turns numbers and dates into the short text the screens and commands show.
public enum Formatters {
  /// The dash shown where a value is missing.
  public static let missing = "–"

  /// A score out of 10 with one decimal in the user's notation ("8.4", "8,4"), or a dash when
  /// nobody voted or it is unreadable.
  public static func score(_ average: Double?, votes: Int) -> String {
    score(average, votes: votes, separator: decimalSeparator)
  }

  /// The same score with the decimal separator already looked up: a list's rows share one.
  static func score(_ average: Double?, votes: Int, separator: String) -> String {
    guard votes > 0, let average else { return missing }
    return decimal(average, separator: separator)
  }

  /// The same score in the notation scripts read, whatever the language: "8.4".
  public static func plainScore(_ average: Double?, votes: Int) -> String {
    guard votes > 0, let average else { return missing }
    return oneDecimal(average)
  }

  /// A vote count in a few characters: 950, 26K, 2.4M ("26 тыс.", "2,4 млн" in Russian).
  public static func votes(_ count: Int) -> String { votes(count, language: Translator.current.language) }

  /// The same count with the interface's language already looked up: a list's rows share one.
  static func votes(_ count: Int, language: String) -> String {
    // Chinese and Japanese count in ten thousands (万) and hundred millions (亿, 億): 64万, not 640千.
    if language == "zh" || language == "ja" { return myriads(count, hundredMillions: language == "ja" ? "億" : "亿") }
    switch count {
    case ..<1_000: return "\(count)"
    case ..<10_000: return trc("thousands", "%sK", trimmed(Double(count) / 1_000))
    case ..<1_000_000: return trc("thousands", "%sK", "\(count / 1_000)")
    default: return trc("millions", "%sM", trimmed(Double(count) / 1_000_000))
    }
  }

  /// A count in ten thousands and hundred millions: 950, 6.4万, 64万, 1.2亿.
  static func myriads(_ count: Int, hundredMillions: String) -> String {
    switch count {
    case ..<10_000: return "\(count)"
    case ..<100_000: return trimmed(Double(count) / 10_000) + "万"
    case ..<100_000_000: return "\(count / 10_000)万"
    default: return trimmed(Double(count) / 100_000_000) + hundredMillions
    }
  }

  /// A running time such as "2h 19m", "1h" or "45m" ("2 ч 46 мин").
  public static func runtime(_ minutes: Int) -> String {
    if minutes < 60 { return trc("runtime", "%sm", String(minutes)) }
    // Whole hours read "1h", not "1h 0m".
    if minutes % 60 == 0 { return trc("runtime", "%sh", String(minutes / 60)) }
    return trc("runtime", "%1$sh %2$sm", String(minutes / 60), String(minutes % 60))
  }

  /// How long ago something was fetched: "just now", "3 minutes ago", "2 hours ago", "4 days ago".
  public static func age(since date: Date, now: Date) -> String { age(AgeStep(since: date, now: now)) }

  /// How old something is, to the step its words name: what an age's words depend on.
  enum AgeStep: Hashable, Sendable {
    case justNow, minutes(Int), hours(Int), days(Int)

    /// The step from `date` to `now`.
    init(since date: Date, now: Date) {
      // Clamped before converting: a date from a damaged cache may lie centuries away.
      let interval = now.timeIntervalSince(date)
      let seconds = interval.isFinite ? Int(min(max(interval, 0), 1e12)) : 0
      switch seconds {
      case ..<60: self = .justNow
      case ..<3_600: self = .minutes(seconds / 60)
      case ..<172_800: self = .hours(seconds / 3_600)
      default: self = .days(seconds / 86_400)
      }
    }

    /// The seconds its words count in: the next step comes a whole one later.
    var unit: Int {
      switch self {
      case .justNow, .minutes: 60
      case .hours: 3_600
      case .days: 86_400
      }
    }
  }

  /// When the age of `date` next changes its words: the next minute, hour or day of it.
  public static func ageChanges(since date: Date, now: Date) -> Date {
    let interval = now.timeIntervalSince(date)
    let seconds = interval.isFinite ? min(max(interval, 0), 1e12) : 0
    let unit = Double(AgeStep(since: date, now: now).unit)
    return date.addingTimeInterval(((seconds / unit).rounded(.down) + 1) * unit)
  }

  /// An age's words: "just now", "3 minutes ago".
  static func age(_ step: AgeStep) -> String {
    switch step {
    case .justNow: tr("just now")
    case .minutes(let count): trn("%s minute ago", "%s minutes ago", count)
    case .hours(let count): trn("%s hour ago", "%s hours ago", count)
    case .days(let count): trn("%s day ago", "%s days ago", count)
    }
  }

  /// How far a day is from today: "today", "tomorrow", "in 4 days", "yesterday", "3 days ago".
  public static func days(from today: ReleaseDate, to day: ReleaseDate) -> String {
    let count = today.days(until: day)
    switch count {
    case 0: return tr("today")
    case 1: return tr("tomorrow")
    case -1: return tr("yesterday")
    case 2...: return trn("in %s day", "in %s days", count)
    default: return trn("%s day ago", "%s days ago", -count)
    }
  }

  /// A count of episodes: "1 episode", "5 episodes" ("5 серий").
  public static func episodes(_ count: Int) -> String { trn("%s episode", "%s episodes", count) }

  /// A count of seasons: "1 season", "3 seasons" ("3 сезона").
  public static func seasons(_ count: Int) -> String { trn("%s season", "%s seasons", count) }

  /// A rating on its service's scale: "8.8/10", "67/100", "81%".
  public static func rating(_ rating: Rating?, scale: RatingScale) -> String {
    guard let rating else { return missing }
    switch scale {
    case .outOfTen: return decimal(rating.value) + "/10"
    case .outOfHundred: return "\(Int(rating.value.rounded()))/100"
    case .percent: return "\(Int(rating.value.rounded()))%"
    }
  }

  /// The rate-limit budget, e.g. "38/40 requests left", or nil when unknown.
  public static func budget(_ status: RateLimitStatus?) -> String? {
    guard let remaining = status?.remaining else { return nil }
    if let limit = status?.limit { return tr("%1$s/%2$s requests left", String(remaining), String(limit)) }
    return trn("%s request left", "%s requests left", remaining)
  }

  /// A number with one decimal in the user's notation: the decimal point, or a comma.
  public static func decimal(_ value: Double) -> String {
    decimal(value, separator: decimalSeparator)
  }

  /// The decimal separator of the interface's language: "." or ",".
  static var decimalSeparator: String { trc("decimal separator", ".") }

  /// The same number with a separator given.
  static func decimal(_ value: Double, separator: String) -> String {
    let text = oneDecimal(value)
    return separator == "." ? text : text.replacing(".", with: separator)
  }

  /// A number with one decimal, rounded half away from zero: 8.433 → "8.4" (what `%.1f` gave,
  /// without Foundation's formatting).
  public static func oneDecimal(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return missing }
    let tenths = Int((abs(value) * 10).rounded())
    // Scores, what a frame draws dozens of, are made once.
    if value >= 0, tenths < madeTenths.count { return madeTenths[tenths] }
    return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
  }

  /// "0.0" to "10.0", made once.
  private static let madeTenths = (0...100).map { "\($0 / 10).\($0 % 10)" }

  private static func trimmed(_ value: Double) -> String {
    let text = oneDecimal(value)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : decimal(value)
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
    rating(in: details.ratings, average: details.voteAverage, votes: details.voteCount)
  }

  /// This service's rating in a series' details.
  public func rating(in details: SeriesDetails) -> Rating? {
    rating(in: details.ratings, average: details.voteAverage, votes: details.voteCount)
  }

  /// This service's rating among amodb's, TMDB's falling back on the title's own average.
  func rating(in ratings: Ratings?, average: Double, votes: Int) -> Rating? {
    switch self {
    case .imdb: return ratings?.imdb
    case .kinopoisk: return ratings?.kinopoisk
    case .metacritic: return ratings?.metacritic
    case .rottenTomatoes: return ratings?.rottenTomatoes
    case .tmdb: return ratings?.tmdb ?? (votes > 0 ? Rating(value: average, votes: votes) : nil)
    }
  }
}
