import Localization
import TrendingCore

/// How the calendar names its weeks and days, in the interface's language.
public enum CalendarWords {
  /// A week's heading: "Week of 7 December"; a week that crosses into another month names both
  /// ends ("Week of 26 October – 1 November"), so its days after the 1st have their month, and one
  /// that crosses into another year names the years ("Week of 28 December 2026 – 3 January 2027").
  public static func weekHeading(_ monday: CivilDay) -> String {
    let sunday = monday.adding(days: 6)
    guard sunday.month != monday.month else { return tr("Week of %s", dayAndMonth(monday)) }
    guard sunday.year == monday.year else {
      return tr("Week of %1$s – %2$s", Dates.written(text: monday.iso), Dates.written(text: sunday.iso))
    }
    return tr("Week of %1$s – %2$s", dayAndMonth(monday), dayAndMonth(sunday))
  }

  /// A day and its month: "7 December" ("7 декабря").
  public static func dayAndMonth(_ day: CivilDay) -> String {
    trc("day and month", "%1$s %2$s", String(day.day), Dates.monthName(day.month))
  }

  /// A day in a week's list: "Mon 7".
  public static func shortDay(_ day: CivilDay) -> String {
    weekdayName(day.weekday) + " " + (day.day < 10 ? " " : "") + String(day.day)
  }

  /// A weekday's short name, 0 Monday to 6 Sunday.
  public static func weekdayName(_ weekday: Int) -> String {
    switch weekday {
    case 0: return trc("short weekday", "Mon")
    case 1: return trc("short weekday", "Tue")
    case 2: return trc("short weekday", "Wed")
    case 3: return trc("short weekday", "Thu")
    case 4: return trc("short weekday", "Fri")
    case 5: return trc("short weekday", "Sat")
    default: return trc("short weekday", "Sun")
    }
  }
}
