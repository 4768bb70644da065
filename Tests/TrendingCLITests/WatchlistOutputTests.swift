import AmodbKit
import Foundation
import Testing
import TrendingCore

@testable import LibraryKit
@testable import TrendingCLI

/// `trending watchlist` in the order the browser's tab and `lists watchlist` show: newest added
/// first, a day's titles by their place on the list (the later added first).
@Suite("trending watchlist's order")
struct WatchlistOutputTests {
  @Test func aDaysTitlesFollowTheirPlaceOnTheList() {
    let mark = { (media: MediaID, title: String, added: String) in
      Mark(id: media.id, kind: media.kind, title: title, year: nil, onWatchlist: true, added: added)
    }
    let marks: [MediaID: Mark] = [
      .film(550): mark(.film(550), "Fight Club", "2026-12-06"),
      .series(1396): mark(.series(1396), "Breaking Bad", "2026-12-06"),
      .film(872585): mark(.film(872585), "Oppenheimer", "2026-12-06"),
      .film(603): mark(.film(603), "The Matrix", "2026-12-07"),
    ]
    let order: [MediaID: Int] = [.film(550): 1, .series(1396): 2, .film(872585): 3, .film(603): 4]
    let titles = Output.watchlist(marks, order: order, format: .text).split(separator: "\n")
      .map { $0.split(separator: "\t")[2] }
    #expect(titles == ["The Matrix", "Oppenheimer", "Breaking Bad", "Fight Club"])
  }

  @Test func aListsCSVIsInTheListsOwnOrderNumberedOverItsFilms() {
    // As the watchlist reads them: newest first, a series among them.
    let items = [
      ListedTitle(title: TitleInfo(media: .film(348), title: "Alien", year: 1979), added: "2026-03-01", position: 4),
      ListedTitle(
        title: TitleInfo(media: .series(1396), title: "Breaking Bad", year: 2008), added: "2026-02-01", position: 3),
      ListedTitle(
        title: TitleInfo(media: .film(603), title: "The Matrix", year: 1999), added: "2026-01-02", position: 2),
      ListedTitle(
        title: TitleInfo(media: .film(550), title: "Fight Club", year: 1999), added: "2026-01-01", position: 1),
    ]
    #expect(
      Output.list(items, format: .csv)
        == "Position,tmdbID,Title,Year\n1,550,Fight Club,1999\n2,603,The Matrix,1999\n3,348,Alien,1979")
  }
}
