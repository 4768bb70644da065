import AmodbKit
import FoundationEssentials

/// `import json` into a library with rows: of a rating or note both hold otherwise, the newer stays.
extension Library {
  /// A rating or note of a title or episode the library has one of already: the same is there; of
  /// two that differ the newer stays (by a rating's moment, an undated one the end of its day, as a
  /// sync weighs them; by a note's day), the library's on a tie; nil when the library has none.
  func merged(_ table: String, _ value: (String) -> SQLValue) throws(SQLiteFailure) -> Taken? {
    let key = ["kind", "title_id", "season", "episode"].map(value)
    let rating = table == "ratings"
    let field = rating ? "rating" : "text"
    let day = rating ? "rated" : "noted"
    let moment = rating ? "rated_at" : "NULL"
    let match = "WHERE kind = ? AND title_id = ? AND season = ? AND episode = ?"
    guard
      let held = try connection.rows(
        "SELECT \(field) AS value, \(day) AS day, \(moment) AS moment FROM \(table) \(match)", key
      ).first
    else { return nil }
    guard held["value"] != value(field) else { return .already }
    let theirs = Self.weight(day: value(day).string, moment: rating ? value("rated_at").int : nil)
    let ours = Self.weight(day: held["day"].string, moment: held["moment"].int)
    guard theirs > ours else { return .keptYours }
    let columns = [field, day] + (rating ? ["rated_at"] : [])
    try connection.rows(
      "UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) \(match)", columns.map(value) + key)
    return .replaced
  }

  /// How late a rating or note was given, to weigh two: its moment (milliseconds), else the end of
  /// its day wherever it is still that day, as `RatingMoment` weighs a sync's (0: no day).
  private static func weight(day: String?, moment: Int?) -> Int64 {
    if let moment { return Int64(moment) }
    return day.flatMap(ReleaseDate.init).map(RatingMoment.end(of:)) ?? 0
  }
}
