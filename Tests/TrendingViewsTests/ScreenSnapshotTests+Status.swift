import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// The watchlist's empty state and a notice on the status line, drawn at every size.
extension ScreenSnapshotTests {
  @Test(arguments: Scenes.screenSizes)
  func anEmptyWatchlist(size: Size) {
    var state = Scenes.base(size)
    state.switchTab(to: .watchlist)
    state.rootList.list = Loadable(value: Listing(firstPage: MediaPage(results: [])), fetchedAt: Scenes.now)
    check(state, "watchlist-empty")
  }

  @Test(arguments: Scenes.screenSizes)
  func aNoticeOnTheStatusLine(size: Size) {
    var state = Scenes.list(size)
    state.shared.notice = Notice("Copied https://www.themoviedb.org/movie/2", kind: .confirmation, now: Scenes.now)
    check(state, "notice")
  }
}
