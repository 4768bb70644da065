import AmodbKit
import FoundationEssentials
import Glibc
import Localization

/// TV Time's GDPR export (the `.zip` it sent, often protected by a passphrase, or its folder): CSV
/// files whose names and columns changed over the years. Series and episodes come by their TVDB
/// ids, films by title and year (an IMDb id where a file has one); every other file (tokens,
/// devices, friends) is never read.
enum TVTimeExport {
  /// What each file read is.
  enum File: Equatable {
    /// `tracking-prod-records-v2.csv` (episodes, follows) and `tracking-prod-records.csv` (films,
    /// and episodes before it): the log of what was watched, followed or saved to watch.
    case tracking
    /// `seen_episode.csv` and its kin (`seen_episode_source.csv`, `rewatched_episode.csv`): the
    /// episodes seen, by the series' name and the episode's own TVDB id.
    case seenEpisodes
    /// `followed_tv_show.csv`: the series followed.
    case followed
    /// `user_tv_show_data.csv`: each series' name and TVDB id, and nothing to add.
    case showData
    /// `user_show_special_status.csv`: series kept "for later".
    case specialStatus
    /// `tv_show_rate.csv`: series rated one to five.
    case showRatings
  }

  /// The files it reads, for the message when none is there.
  static var expected: String {
    "tracking-prod-records-v2.csv, tracking-prod-records.csv, seen_episode.csv, followed_tv_show.csv, "
      + "user_tv_show_data.csv, user_show_special_status.csv, tv_show_rate.csv"
  }

  /// Which file a stored name is, wherever the export put it (nil: not one read).
  static func file(_ name: String) -> File? {
    switch ImportInput.baseName(name).lowercased() {
    case "tracking-prod-records-v2.csv", "tracking-prod-records.csv": return .tracking
    case "seen_episode.csv", "seen_episode_source.csv", "rewatched_episode.csv": return .seenEpisodes
    case "followed_tv_show.csv": return .followed
    case "user_tv_show_data.csv": return .showData
    case "user_show_special_status.csv": return .specialStatus
    case "tv_show_rate.csv": return .showRatings
    default: return nil
    }
  }

  /// Whether a tracking file is the newer log, `tracking-prod-records-v2.csv`.
  static func isV2(_ name: String) -> Bool {
    ImportInput.baseName(name).lowercased() == "tracking-prod-records-v2.csv"
  }

  /// The columns a file must have, any one of each group.
  static func required(_ file: File) -> [[String]] {
    switch file {
    case .tracking: return [["created_at"], ["s_id", "series_id", "movie_name"]]
    case .seenEpisodes:
      return [
        ["episode_season_number", "season_number"], ["episode_number"], ["tv_show_name", "tv_show_id", "episode_id"],
      ]
    case .followed: return [["tv_show_id"]]
    case .showData: return [["tv_show_id"], ["tv_show_name"]]
    case .specialStatus: return [["tv_show_id"], ["status"]]
    case .showRatings: return [["tv_show_id"], ["rating", "rate"]]
    }
  }

  /// The first of `names` with a cell in the row; Go's `<nil>` is no value.
  static func cell(_ record: CSVRecord, _ names: String...) -> String? {
    for name in names {
      if let text = record[name], text != "<nil>" { return text }
    }
    return nil
  }

  /// A TVDB (or TV Time) id: a whole number from 1 to `Int32.max`.
  static func id(_ text: String?) -> Int? {
    guard let text, text.utf8.count <= 10, let value = Int(text), (1...Int(Int32.max)).contains(value) else {
      return nil
    }
    return value
  }

  /// A season and an episode number as the file writes them, checked.
  static func episode(season: String?, number: String?) -> EpisodeKey? {
    guard let season = season.flatMap({ Int($0) }), (0...10_000).contains(season),
      let number = number.flatMap({ Int($0) }), (0...100_000).contains(number)
    else { return nil }
    return EpisodeKey(season: season, number: number)
  }

  /// `true`, `1` or `t` as yes; anything else as no.
  static func yes(_ text: String?) -> Bool {
    guard let text else { return false }
    return ["true", "1", "t", "yes"].contains(text.lowercased())
  }

  /// The day of a time as TV Time writes it (`2019-11-09 15:35:43`, in UTC) in the first of
  /// `columns` that has one.
  static func day(_ record: CSVRecord, _ columns: String...) -> String? {
    for column in columns {
      if let text = cell(record, column) { return ExportValues.day(text) }
    }
    return nil
  }

  /// The user's day of a Unix time in seconds, milliseconds or microseconds (`watch_date`,
  /// `followed_at`), by a clock `utcOffset` seconds ahead of UTC then (this machine's).
  static func day(unix text: String?, utcOffset: (Date) -> Int = ReleaseDate.utcOffset(at:)) -> String? {
    guard let text, var value = Int64(text), value > 0 else { return nil }
    while value > 100_000_000_000 { value /= 1_000 }
    guard let moment = ServerTime.unix(Int(value)) else { return nil }
    let day = ReleaseDate(day: moment, utcOffset: utcOffset(moment))
    return ExportValues.storable(day, now: Date()) ? day.description : nil
  }

  /// The fact that keeps the day of a watch dated by its `watch_date` (`tvtime.day:WHAT@MOMENT`): a
  /// day read from a moment depends on the time zone, and TV Time gives its watches no id of their
  /// own, so the watch is named by what was watched and when. Nil for a day read as written.
  static func dayFact(_ what: String, _ record: CSVRecord) -> String? {
    guard let moment = record["watch_date"], day(unix: moment) != nil else { return nil }
    return dayPrefix + what + "@" + moment
  }

  /// The start of the facts keeping TV Time's watches' days.
  static let dayPrefix = "tvtime.day:"

  /// A film's year from its `release_date`; TV Time's `0001-01-01` says it did not know.
  static func year(_ text: String?) -> Int? {
    guard let text, text.count >= 4, let year = Int(text.prefix(4)), (1800...3000).contains(year) else { return nil }
    return year
  }

  /// A problem naming a file whose header lacks a column it must have.
  static func notTheFile(_ name: String, _ missing: [String]) -> ImportFailure {
    ImportFailure(
      tr(
        "%1$s is not TV Time's %2$s: its header has no %3$s", name, ImportInput.baseName(name),
        missing.joined(separator: " / ")))
  }
}
