import AmodbKit
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
    self.init(ReleaseDate(day: date))
  }

  /// The day so many days after 1970-01-01.
  public init(daysSince1970 days: Int) {
    self.init(ReleaseDate(daysSince1970: days))
  }

  /// Makes a day from its parts.
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Days since 1970-01-01.
  public var daysSince1970: Int { ReleaseDate.dayNumber(year: year, month: month, day: day) }

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
