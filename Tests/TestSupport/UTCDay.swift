import Foundation

/// Days as `YYYY-MM-DD`, counted from today in UTC, for tests whose answers are dated around now.
public enum UTCDay {
  /// The day `offset` days from today (UTC).
  public static func from(today offset: Int) -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return formatter.string(from: Date().addingTimeInterval(Double(offset) * 86_400))
  }
}
