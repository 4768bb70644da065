import AmodbKit
import Localization

/// A series in progress, as the Up next tab shows it: how far the user is and the next episode.
public struct UpNext: Equatable, Sendable {
  /// The series.
  public var series: MediaSummary
  /// Episodes seen.
  public var seen: Int
  /// Episodes aired, as far as the library knows the seasons.
  public var aired: Int
  /// The next episode to watch.
  public var next: MarkedEpisode
  /// The day of the latest watch, `YYYY-MM-DD`.
  public var lastWatched: String
  /// Whether the next episode, with no day of its own, aired before a later one that did (amodb
  /// leaves some old seasons' days out), as "seen of aired" counts it.
  public var airedUndated: Bool

  /// Makes one.
  public init(
    series: MediaSummary, seen: Int, aired: Int, next: MarkedEpisode, lastWatched: String, airedUndated: Bool = false
  ) {
    self.series = series
    self.seen = seen
    self.aired = aired
    self.next = next
    self.lastWatched = lastWatched
    self.airedUndated = airedUndated
  }

  /// Whether the next episode has not aired by `today` (`YYYY-MM-DD`).
  public func isComing(today: String) -> Bool { next.airDate.map { $0 > today } ?? !airedUndated }
}

/// The Up next tab: every series in progress with its next episode, newest activity first, read
/// from the library; Enter opens the episode.
struct UpNextFeed: Feed {
  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  { nil }

  var localQuery: LocalQuery? { .upNext }
  var readsAhead: Bool { true }
  var rowsStyle: FeedRowsStyle { .upNext }
  var followsMarks: Bool { false }
  var followsEpisodes: Bool { true }

  func loads(force: Bool, _ shared: Shared) -> [Effect] { [.readLocal(.upNext)] }

  func page(from answer: LocalAnswer) -> MediaPage? {
    guard case .upNext(let entries) = answer else { return nil }
    return MediaPage(page: 1, totalPages: 1, results: entries.map(\.series))
  }

  func received(_ answer: LocalAnswer, _ shared: inout Shared) {
    guard case .upNext(let entries) = answer else { return }
    shared.upNext = Dictionary(entries.map { ($0.series.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  func opening(_ entry: MediaSummary, _ shared: Shared) -> Route? {
    guard let next = shared.upNext[entry.id]?.next else { return nil }
    return .episode(EpisodeScreen(seriesID: entry.id, season: next.key.season, number: next.key.number))
  }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    (tr("No series in progress."), tr("Press m on an episode you have seen to follow its series here."))
  }

  var loadingTexts: (loading: String, failed: String) {
    (tr("Loading “%s”…", ListKind.upNext.title), tr("Could not load “%s”.", ListKind.upNext.title))
  }
}
