import AmodbKit
import Foundation
import Testing

@testable import TrendingCore

/// The longest title is measured once a change of the films or the filter, and must follow both.
@Suite("The longest title")
struct ListLongestTitleTests {
  private func film(_ id: Int, _ title: String) -> MediaSummary {
    MediaSummary(id: id, title: title, releaseDate: nil, voteAverage: 7, voteCount: 10)
  }

  @Test func followsTheFilmsTheFilterAndTheSort() {
    TextWidth.prepareLocale()
    var list = ListScreen(kind: .trending, window: .week)
    list.list = Loadable(
      value: Listing(firstPage: MediaPage(results: [film(1, "Up"), film(2, "Vertigo")])), fetchedAt: Date())
    #expect(list.longestTitle == 7)
    list.list.value?.append(MediaPage(page: 2, results: [film(3, "卧虎藏龙 Crouching Tiger")]), number: 2)
    #expect(list.longestTitle == 24)
    list.filter = ListFilter(text: "vert")
    #expect(list.longestTitle == 7)
    list.filter = ListFilter(text: "")
    list.sort = .title
    #expect(list.longestTitle == 24)
    list.list = Loadable(value: Listing(firstPage: MediaPage(results: [film(4, "M")])), fetchedAt: Date())
    #expect(list.longestTitle == 1)
  }
}
