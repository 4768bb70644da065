import AmodbKit
import FoundationEssentials
import Localization

/// The values the app itself stores in each column of the library, so `import json` takes no
/// other and `library check` finds any other already in a file: ids, days, numbers and text.
public enum StoredValues {
  /// What a column holds.
  enum Rule: Equatable {
    /// `movie` or `tv`.
    case kind
    /// An id, 1 to `Int32.max` (TMDB's ids, the lists' and the watches' own).
    case id
    /// A streaming service: TMDB's id, or the one made from its name when only that is known
    /// (`Library.providerKey`, below 2^53).
    case provider
    /// A day the app has seen come, `YYYY-MM-DD` from 1870 to tomorrow (a clock or zone ahead).
    case day
    /// A day the app last looked something up (a title's details, a service's offers): a `day`, but
    /// one still to come (a clock that ran ahead then) is today when cleaning, as it dates no watch
    /// and refusing it would cost the title every row about it.
    case stamp
    /// Any real day from 1870 on (an episode's air date, which may be to come), or nothing.
    case airDate
    /// A moment as milliseconds since 1970, before the year 3000, or nothing.
    case moment
    /// A season, 0 to `mostSeasons`; nothing when `optional`, -1 (the title itself) when `keyed`.
    case season(optional: Bool, keyed: Bool)
    /// An episode, 0 to `mostEpisodes`; nothing when `optional`, -1 (the title itself) when `keyed`.
    case episode(optional: Bool, keyed: Bool)
    /// A rating, a whole number 1 to 10.
    case rating
    /// A year from 1870 to ten years ahead (films are announced years before they come), or nothing.
    case year
    /// A runtime in minutes, 0 to `longestRuntime`, or nothing.
    case runtime
    /// TMDB's average score, 0 to 10, or nothing.
    case score
    /// A count or a place in a list, 0 to `Int32.max`.
    case count
    /// Text of at most `limit` characters, paragraphs kept when `newlines`; nothing when `optional`.
    case text(limit: Int, newlines: Bool = false, optional: Bool = false)
  }

  /// The most seasons a series is taken to have.
  static let mostSeasons = 10_000
  /// The most episodes a season is taken to have.
  static let mostEpisodes = 100_000
  /// The longest runtime taken, in minutes (the longest film runs 857 hours).
  static let longestRuntime = 100_000
  /// The earliest year of a film, a day or an air date.
  public static let earliestYear = 1870

  /// Why a day is not one the library keeps as the day something was done.
  public enum DayProblem: Equatable, Sendable {
    /// A year before `earliestYear`.
    case beforeEarliestYear
    /// After the day after UTC's today: no clock on earth has reached it.
    case stillToCome
  }

  /// Why the library would not keep `date` as the day something was done, nil when it would: the one
  /// rule of the imports, `seen --on`, `import json` and `library check`.
  public static func dayProblem(_ date: ReleaseDate, now: Date) -> DayProblem? {
    dayProblem(date, today: ReleaseDate(day: now, utcOffset: 0))
  }

  /// `dayProblem(_:now:)` with UTC's day already known.
  static func dayProblem(_ date: ReleaseDate, today: ReleaseDate) -> DayProblem? {
    if date.year < earliestYear { return .beforeEarliestYear }
    return date.dayNumber > today.dayNumber + 1 ? .stillToCome : nil
  }

  /// What is wrong with `column`'s day, in the words of the imports and `library check`.
  static func dayMessage(_ column: String, _ date: ReleaseDate, _ problem: DayProblem) -> String {
    switch problem {
    case .beforeEarliestYear:
      tr("%1$s is a day before %2$s: %3$s", column, String(earliestYear), date.description)
    case .stillToCome: tr("%1$s is a day still to come: %2$s", column, date.description)
    }
  }

  /// Each exported table's columns' rules, by column name.
  static let rules: [String: [String: Rule]] = [
    "titles": [
      "kind": .kind, "id": .id, "title": .text(limit: 4_000), "year": .year,
      "poster_path": .text(limit: 300, optional: true), "vote_average": .score, "vote_count": .count,
      "genre_ids": .text(limit: 4_000), "genres": .text(limit: 4_000), "imdb_id": .text(limit: 40, optional: true),
      "runtime": .runtime, "updated": .stamp,
    ],
    "lists": ["id": .id, "name": .text(limit: Library.longestListName), "created": .day],
    "list_items": ["list_id": .id, "kind": .kind, "title_id": .id, "position": .count, "added": .day],
    "watch_events": [
      "id": .id, "kind": .kind, "title_id": .id, "season": .season(optional: true, keyed: false),
      "episode": .episode(optional: true, keyed: false), "watched": .day, "recorded": .day,
      "uid": .text(limit: 64, optional: true),
    ],
    "episodes": [
      "series_id": .id, "season": .season(optional: false, keyed: false),
      "episode": .episode(optional: false, keyed: false), "name": .text(limit: 4_000), "air_date": .airDate,
      "runtime": .runtime,
    ],
    "ratings": [
      "kind": .kind, "title_id": .id, "season": .season(optional: false, keyed: true),
      "episode": .episode(optional: false, keyed: true), "rating": .rating, "rated": .day,
      "rated_at": .moment,
    ],
    "notes": [
      "kind": .kind, "title_id": .id, "season": .season(optional: false, keyed: true),
      "episode": .episode(optional: false, keyed: true), "text": .text(limit: Library.longestNote, newlines: true),
      "noted": .day,
    ],
    "hidden": ["kind": .kind, "title_id": .id, "hidden": .day],
    "facts": ["name": .text(limit: 300), "value": .text(limit: 4_000)],
    "title_providers": [
      "kind": .kind, "title_id": .id, "region": .text(limit: 10), "provider_id": .provider,
      "provider_name": .text(limit: 300), "offer": .text(limit: 10), "checked": .stamp,
    ],
  ]

  /// The first problem of a row of `table` (nil when every value is one the app stores), its text
  /// cleaned of control characters and escape sequences in place when `cleaning` (and a lookup's
  /// day still to come made today); without it, either is a problem. `today` is `YYYY-MM-DD`.
  static func problem(
    _ table: String, _ columns: [String], _ values: inout [SQLValue], today: ReleaseDate, cleaning: Bool
  ) -> String? {
    guard let rules = rules[table] else { return nil }
    for (index, column) in columns.enumerated() where index < values.count {
      guard let rule = rules[column] else { continue }
      if let problem = problem(rule, column, &values[index], today: today, cleaning: cleaning) { return problem }
    }
    return nil
  }

  /// The problem of one value under its rule, nil when it is one the app stores.
  static func problem(
    _ rule: Rule, _ column: String, _ value: inout SQLValue, today: ReleaseDate, cleaning: Bool
  ) -> String? {
    // A whole number written as 8.0 is the number 8.
    if case .real(let number) = value, number.rounded() == number, abs(number) < 1e15 {
      value = .integer(Int64(number))
    }
    switch rule {
    case .kind:
      guard case .text(let text) = value, text == MediaKind.film.rawValue || text == MediaKind.series.rawValue else {
        return tr("%1$s is not 'movie' or 'tv': %2$s", column, shown(value))
      }
    case .id: return whole(value, column, 1...Int(Int32.max))
    case .provider: return whole(value, column, 1...(1 << 53) - 1)
    case .count: return whole(value, column, 0...Int(Int32.max))
    case .rating: return whole(value, column, 1...10)
    case .moment: return value == .null ? nil : whole(value, column, 0...32_503_680_000_000)
    case .year: return value == .null ? nil : whole(value, column, earliestYear...today.year + 10)
    case .runtime: return value == .null ? nil : whole(value, column, 0...longestRuntime)
    case .season(let optional, let keyed):
      if optional, value == .null { return nil }
      if keyed, value == .integer(-1) { return nil }
      return whole(value, column, 0...mostSeasons)
    case .episode(let optional, let keyed):
      if optional, value == .null { return nil }
      if keyed, value == .integer(-1) { return nil }
      return whole(value, column, 0...mostEpisodes)
    case .score:
      if value == .null { return nil }
      let number: Double? =
        switch value {
        case .integer(let whole): Double(whole)
        case .real(let real): real
        default: nil
        }
      guard let number, (0...10).contains(number) else {
        return tr("%1$s is not a number from %2$s to %3$s: %4$s", column, "0", "10", shown(value))
      }
    case .day, .stamp, .airDate:
      if rule == .airDate, value == .null || value == .text("") { return nil }
      guard case .text(let text) = value, let date = ReleaseDate(text), date.description == text,
        rule != .airDate || date.year >= earliestYear
      else { return tr("%1$s is not a day as YYYY-MM-DD: %2$s", column, shown(value)) }
      guard rule != .airDate, let problem = dayProblem(date, today: today) else { return nil }
      guard rule == .stamp, problem == .stillToCome, cleaning else { return dayMessage(column, date, problem) }
      value = .text(today.description)
    case .text(let limit, let newlines, let optional):
      if optional, value == .null { return nil }
      guard case .text(let text) = value else { return tr("%1$s is not text: %2$s", column, shown(value)) }
      let clean = cleaning ? TextSanitizer.clean(text, keepNewlines: newlines, limit: Int.max) : text
      if !cleaning, hasControls(text, newlines: newlines) {
        return tr("%s holds control characters or escape sequences", column)
      }
      guard clean.count <= limit else {
        return tr("%1$s is longer than %2$s characters", column, String(limit))
      }
      value = .text(clean)
    }
    return nil
  }

  /// A problem unless `value` is a whole number in `range`.
  private static func whole(_ value: SQLValue, _ column: String, _ range: ClosedRange<Int>) -> String? {
    guard case .integer(let number) = value, range.contains(Int(number)) else {
      return tr(
        "%1$s is not a whole number from %2$s to %3$s: %4$s", column, String(range.lowerBound),
        String(range.upperBound), shown(value))
    }
    return nil
  }

  /// Whether text holds a C0 or C1 control (an escape sequence starts with one): a line break only
  /// where paragraphs are kept.
  static func hasControls(_ text: String, newlines: Bool) -> Bool {
    text.unicodeScalars.contains { scalar in
      let value = scalar.value
      return (value < 0x20 && !(newlines && value == 0x0A)) || (0x7F...0x9F).contains(value)
    }
  }

  /// A value's text as stored, unquoted and uncleaned (`null` for nothing).
  static func plain(_ value: SQLValue) -> String {
    switch value {
    case .integer(let number): return String(number)
    case .real(let number): return "\(number)"
    case .text(let text): return text
    case .null: return "null"
    }
  }

  /// A value as a message quotes it: short, cleaned, text in quotes.
  static func shown(_ value: SQLValue) -> String {
    switch value {
    case .integer(let number): return String(number)
    case .real(let number): return "\(number)"
    case .text(let text): return "'" + TextSanitizer.clean(text, limit: 40) + "'"
    case .null: return "null"
    }
  }
}
