import AmodbKit
import Localization

/// Days as the interface writes them, in the user's language: "1 March 2024", "1 марта 2024".
public enum Dates {
  /// A date with the month's name, in the user's language: "1 March 2024", "1 марта 2024".
  public static func written(_ date: ReleaseDate) -> String {
    // The day, the month's name and the year; translators reorder them ("%3$s年%2$s%1$s日").
    trc("date", "%1$s %2$s %3$s", String(date.day), monthName(date.month), String(date.year))
  }

  /// A month's name as it stands in a date (the genitive where the language needs it: "марта").
  public static func monthName(_ month: Int) -> String {
    switch month {
    case 1: return trc("month in a date", "January")
    case 2: return trc("month in a date", "February")
    case 3: return trc("month in a date", "March")
    case 4: return trc("month in a date", "April")
    case 5: return trc("month in a date", "May")
    case 6: return trc("month in a date", "June")
    case 7: return trc("month in a date", "July")
    case 8: return trc("month in a date", "August")
    case 9: return trc("month in a date", "September")
    case 10: return trc("month in a date", "October")
    case 11: return trc("month in a date", "November")
    default: return trc("month in a date", "December")
    }
  }

  /// A `YYYY-MM-DD` day written by the app (the watchlist's), as `written(_:)` shows it, or as it came.
  public static func written(text: String) -> String {
    ReleaseDate(text).map(written) ?? text
  }
}
