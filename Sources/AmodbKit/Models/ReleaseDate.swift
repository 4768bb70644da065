/// A release date as the API writes it, `YYYY-MM-DD`, kept only when it is well formed.
public struct ReleaseDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, e.g. 1999.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 31.
  public let day: Int

  /// Reads `YYYY-MM-DD` (a bare `YYYY` is accepted too); nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, first.count == 4, let year = Int(first), year > 1800, year < 3000 else {
      return nil
    }
    let month = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
    let day = parts.count > 2 ? Int(parts[2]) ?? 1 : 1
    guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

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
