import AmodbKit

/// When a rating (or its clearing) was given, for merging: the moment a rating made here keeps
/// (`rated_at`), else the end of the day it names, never later than the change that carried it; a
/// clearing, its change's.
struct RatingMoment {
  /// Milliseconds since 1970.
  let milliseconds: Int64

  /// The moment of `row` (the ratings table's `columns`; nil: cleared) carried at `clock`.
  init(_ row: [SQLValue]?, columns: [String], clock: HybridClock) {
    guard let row else {
      milliseconds = clock.wall
      return
    }
    let value = { (name: String) in columns.firstIndex(of: name).flatMap { $0 < row.count ? row[$0] : nil } }
    if let moment = value("rated_at")?.integer {
      milliseconds = min(moment, clock.wall)
    } else if let day = value("rated")?.string.flatMap(ReleaseDate.init) {
      milliseconds = min(Self.end(of: day), clock.wall)
    } else {
      milliseconds = clock.wall
    }
  }

  /// The moment a rating of only a day is taken as: the day's end wherever it is still that day
  /// (UTC−12 to UTC+14), in milliseconds since 1970; a day names no hour.
  static func end(of day: ReleaseDate) -> Int64 {
    Int64(day.dayNumber + 1) * 86_400_000 + 12 * 3_600_000
  }
}
