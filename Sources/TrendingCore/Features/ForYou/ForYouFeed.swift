import AmodbKit
import Localization

/// The For you tab: the seeds' recommendations, read by the runner from the library and the seeds'
/// details (`LocalQuery.forYou`) and ranked by `ForYou`, each row saying why it is there.
struct ForYouFeed: Feed {
  func request(page: Int, window: TimeWindow, language: String, region: String?, providers: Loadable<APIAnswer>?)
    -> APIRequest?
  { nil }

  var localQuery: LocalQuery? { .forYou }

  func loads(force: Bool, _ shared: Shared) -> [Effect] { [.readLocal(.forYou)] }

  func page(from answer: LocalAnswer) -> MediaPage? {
    guard case .forYou(let page) = answer else { return nil }
    return page
  }

  var followsMarks: Bool { true }
  var followsEpisodes: Bool { true }

  func empty(_ shared: Shared) -> (text: String, next: String) {
    (
      tr("Nothing to recommend yet: the tab learns from what you rate and see."),
      tr("Rate a title 8 or more, or mark it seen (m), then press r.")
    )
  }

  var loadingTexts: (loading: String, failed: String) {
    (tr("Loading “%s”…", ListKind.forYou.title), tr("Could not load “%s”.", ListKind.forYou.title))
  }
}
