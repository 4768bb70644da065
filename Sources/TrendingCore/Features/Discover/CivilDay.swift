import FoundationEssentials

/// A day of the Gregorian calendar in UTC, from a `Date`, without Foundation's calendars.
public struct CivilDay: Hashable, Sendable, Comparable {
  /// The year.
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The day of the month.
  public var day: Int

  /// The day a moment falls on, in UTC.
  public init(_ date: Date) {
    let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    self.init(daysSince1970: days)
  }

  /// The day so many days after 1970-01-01 (Howard Hinnant's civil-from-days).
  public init(daysSince1970 days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Makes a day from its parts.
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Days since 1970-01-01 (days-from-civil).
  public var daysSince1970: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day `count` days later.
  public func adding(days count: Int) -> CivilDay { CivilDay(daysSince1970: daysSince1970 + count) }

  /// The weekday, 0 Monday to 6 Sunday.
  public var weekday: Int { ((daysSince1970 + 3) % 7 + 7) % 7 }

  /// `YYYY-MM-DD`.
  public var iso: String {
    let pad = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(pad(month))-\(pad(day))"
  }

  public static func < (lhs: CivilDay, rhs: CivilDay) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }
}
