import FoundationEssentials
import Glibc

/// A release date as the API writes it, `YYYY-MM-DD`, kept only when it is well formed.
public struct ReleaseDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, e.g. 1999.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to the month's last.
  public let day: Int

  /// Reads `YYYY-MM-DD` (a bare `YYYY` or `YYYY-MM` is accepted too); nil for anything else,
  /// including a day the month does not have (`2026-11-31`) and parts that are not all digits.
  public init?(_ text: String) {
    // Read from the UTF-8 bytes in one pass, with no substrings made: dates are read by the thousand.
    var parts = (0, 0, 0)
    var counts = (0, 0, 0)
    var part = 0
    for byte in text.utf8 {
      if byte == 0x2D {
        part += 1
        guard part < 3 else { return nil }
        continue
      }
      guard (0x30...0x39).contains(byte) else { return nil }
      let digit = Int(byte - 0x30)
      switch part {
      case 0: (parts.0, counts.0) = (parts.0 * 10 + digit, counts.0 + 1)
      case 1: (parts.1, counts.1) = (parts.1 * 10 + digit, counts.1 + 1)
      default: (parts.2, counts.2) = (parts.2 * 10 + digit, counts.2 + 1)
      }
      guard counts.0 <= 4, counts.1 <= 2, counts.2 <= 2 else { return nil }
    }
    guard counts.0 == 4, part < 1 || (1...2).contains(counts.1), part < 2 || (1...2).contains(counts.2) else {
      return nil
    }
    let (year, month, day) = (parts.0, part >= 1 ? parts.1 : 1, part >= 2 ? parts.2 : 1)
    guard year > 1800, year < 3000, (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// How many days a month of the Gregorian calendar has.
  public static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The day a moment falls on by this machine's clock (its time zone, `TZ`): the user's day.
  public init(localDay date: Date) {
    self.init(day: date, utcOffset: Self.utcOffset(at: date))
  }

  /// The day a moment falls on where clocks are `utcOffset` seconds ahead of UTC.
  public init(day date: Date, utcOffset: Int) {
    self.init(day: date.addingTimeInterval(TimeInterval(utcOffset)))
  }

  /// How many seconds this machine's clock is ahead of UTC at a moment (daylight saving included).
  public static func utcOffset(at date: Date) -> Int {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return 0 }
    return Int(parts.tm_gmtoff)
  }

  /// The day a moment falls on, in UTC.
  public init(day date: Date) {
    self.init(daysSince1970: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
  }

  /// The day so many days after 1970-01-01 (Howard Hinnant's civil-from-days).
  public init(daysSince1970 days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days since 1970-01-01 (the days-from-civil algorithm).
  public var dayNumber: Int { Self.dayNumber(year: year, month: month, day: day) }

  /// Days since 1970-01-01 of a day of the Gregorian calendar.
  public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// How many days from this day to another (negative when it is earlier).
  public func days(until other: ReleaseDate) -> Int { other.dayNumber - dayNumber }

  /// The date as `YYYY-MM-DD`.
  public var description: String {
    let monthText = month < 10 ? "0\(month)" : "\(month)"
    let dayText = day < 10 ? "0\(day)" : "\(day)"
    return "\(year)-\(monthText)-\(dayText)"
  }

  public static func < (lhs: ReleaseDate, rhs: ReleaseDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}
