import AmodbKit
import Localization

/// A film, series or episode the user rated, as the Recently rated tab shows it: the user's score
/// beside the public one, and the day.
public struct RatedEntry: Equatable, Sendable {
  /// The film or series (an episode's series).
  public var title: MediaSummary
  /// The episode, when the rating is one's.
  public var episode: EpisodeKey?
  /// The episode's name, when known.
  public var episodeName: String?
  /// The user's score, 1–10.
  public var rating: Int
  /// The day it was rated, `YYYY-MM-DD`.
  public var day: String
  /// The public score beside it: the title's, or the episode's when known.
  public var publicScore: Double?
  /// How many votes the public score rests on (none: no score worth showing).
  public var publicVotes: Int

  /// Makes one; the public score is the title's unless another (an episode's) is given.
  public init(
    title: MediaSummary, episode: EpisodeKey? = nil, episodeName: String? = nil, rating: Int, day: String,
    publicScore: Double? = nil, publicVotes: Int = 0
  ) {
    self.title = title
    self.episode = episode
    self.episodeName = episodeName
    self.rating = rating
    self.day = day
    self.publicScore = episode == nil && publicScore == nil ? title.voteAverage : publicScore
    self.publicVotes = episode == nil && publicScore == nil ? title.voteCount : publicVotes
  }

  /// An episode's code and name, "S01E02 Pilot" (the code alone when the name is not known).
  public var episodeLabel: String? {
    guard let episode else { return nil }
    return [episode.code, episodeName ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// The row the list shows: the title, and for an episode its label as the row's reason, so each
  /// episode of a series is a row of its own ("Dark · S01E01 Secrets" where titles are drawn).
  public var row: MediaSummary {
    var row = title
    row.reason = episodeLabel
    return row
  }
}

/// What the Recently rated tab's read found: the ratings, newest first, and each row's place.
public struct RatedList: Equatable, Sendable {
  /// The ratings, newest first.
  public let entries: [RatedEntry]
  /// Each row's entry by the row, as the view and `Enter` look it up.
  private let places: [MediaSummary: Int]
  /// The widest title of them all, with its episode (" · S01E02 Lies"), in columns: the table is
  /// laid out for every page alike, measured once.
  public let widestTitle: Int
  /// The widest day of them all, as written, in columns.
  public let widestDay: Int

  /// Makes one, each row's place and the widest title and day worked out once.
  public init(_ entries: [RatedEntry]) {
    self.entries = entries
    places = Dictionary(entries.enumerated().map { ($1.row, $0) }, uniquingKeysWith: { first, _ in first })
    widestTitle =
      entries.map { entry in
        TextWidth.width(of: entry.title.shownTitle + (entry.episodeLabel.map { " · " + $0 } ?? ""))
      }.max() ?? 0
    widestDay = Set(entries.map(\.day)).map { TextWidth.width(of: Dates.written(text: $0)) }.max() ?? 0
  }

  /// The entry a row shows.
  public func entry(_ row: MediaSummary) -> RatedEntry? {
    places[row].map { entries[$0] }
  }
}

extension FeedRowsStyle {
  /// Your score beside the public one and the day (Recently rated).
  public static let rated = FeedRowsStyle(rawValue: "rated")
}

extension Shared {
  /// The ratings as the Recently rated tab last read them.
  public var rated: RatedList? {
    guard case .rated(let list) = localAnswers[.rated] else { return nil }
    return list
  }
}

/// The Recently rated tab: the films, series and episodes the user rated, newest first, read from
/// the library; Enter opens the title, or the episode.
struct RatedFeed: Feed {
  /// None: the rows are read from the library, not asked a page at a time.
  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  { nil }

  /// The runner's read of the ratings.
  var localQuery: LocalQuery? { .rated }
  /// Read behind the screen: only the user's own changes make it stale.
  var readsAhead: Bool { true }
  /// A rating made or cleared reads it again.
  var followsMarks: Bool { true }
  /// No year: its rows show the day rated, not the year of release.
  var sorts: [ListSort] { [.rank, .score, .title] }
  /// Your score beside the public one and the day (`RatedView`).
  var rowsStyle: FeedRowsStyle { .rated }

  /// Reads the ratings.
  func loads(force: Bool, _ shared: Shared) -> [Effect] { [.readLocal(.rated)] }

  /// The rows, newest first.
  func page(from answer: LocalAnswer) -> MediaPage? {
    guard case .rated(let list) = answer else { return nil }
    return MediaPage(page: 1, totalPages: 1, results: list.entries.map(\.row))
  }

  /// Keeps the ratings for the rows' view and for `Enter`.
  func received(_ answer: LocalAnswer, _ shared: inout Shared) {
    shared.localAnswers[.rated] = answer
  }

  /// An episode's row is about the episode: a rating or note is its own.
  func episode(of row: MediaSummary, _ shared: Shared) -> EpisodeKey? { shared.rated?.entry(row)?.episode }

  /// An episode's row opens the episode; a title's, the title (the default).
  func opening(_ entry: MediaSummary, _ shared: Shared) -> Route? {
    guard let rated = shared.rated?.entry(entry), let episode = rated.episode else { return nil }
    return .episode(EpisodeScreen(seriesID: rated.title.id, season: episode.season, number: episode.number))
  }

  /// Nothing rated: the key that rates, as bound now.
  func empty(_ shared: Shared) -> (text: String, next: String) {
    let key = shared.keys.firstKey(for: .rate, in: .list)?.label(ascii: shared.asciiKeys) ?? "R"
    return (
      tr("You have not rated anything yet."),
      tr("Rate a film, series or episode with %s to see it here, newest first.", key)
    )
  }

  /// Loading and failing, by the tab's name.
  var loadingTexts: (loading: String, failed: String) {
    (tr("Loading “%s”…", ListKind.rated.title), tr("Could not load “%s”.", ListKind.rated.title))
  }
}
