import AmodbKit
import FoundationEssentials
import Testing

@testable import LibraryKit

/// A title taken off a list and put back (the browser's `u`) stands where it stood, with its day.
@Suite("A title put back where it stood on a list")
struct ListPlaceTests {
  let titles = [550, 949, 680, 13].map { TitleInfo(media: .film($0), title: "Film \($0)", year: 1999) }

  @Test func aTitlePutBackStandsWhereItStoodWithItsDay() throws {
    let library = try freshLibrary()
    for (index, title) in titles.enumerated() { _ = try library.add(title, to: "Noir", day: "2026-11-0\(index + 1)") }
    let place = try #require(try library.place(of: .film(949), on: "noir"))
    #expect(place == ListPlace(added: "2026-11-02", position: 2))
    #expect(try library.remove(.film(949), from: "Noir"))
    #expect(try library.place(of: .film(949), on: "Noir") == nil)
    #expect(try library.add(titles[1], to: "Noir", day: "2026-12-06", at: place))
    let list = try #require(try library.list("Noir"))
    #expect(list.map(\.title.media.id) == [550, 949, 680, 13])
    #expect(list.map(\.position) == [1, 2, 3, 4], "its place was free: the others stay where they are")
    #expect(list[1].added == "2026-11-02")
    #expect(try !library.add(titles[1], to: "Noir", day: "2026-12-06", at: place), "there already")
    #expect(try library.check().isEmpty)
  }

  @Test func aPlaceTakenSinceMovesTheTitlesFromItDown() throws {
    let library = try freshLibrary()
    for title in titles.prefix(3) { _ = try library.add(title, to: "Noir", day: "2026-11-01") }
    let place = try #require(try library.place(of: .film(680), on: "Noir"))
    #expect(try library.remove(.film(680), from: "Noir"))
    _ = try library.add(titles[3], to: "Noir", day: "2026-11-05")
    #expect(try library.add(titles[2], to: "Noir", day: "2026-12-06", at: place))
    let list = try #require(try library.list("Noir"))
    #expect(list.map(\.title.media.id) == [550, 949, 680, 13])
    #expect(list.map(\.position) == [1, 2, 3, 4])
  }

  @Test func titlesAtOnePlaceKeepOneOrder() throws {
    let library = try freshLibrary()
    for (index, title) in titles.reversed().enumerated() {
      _ = try library.add(title, to: "Noir", day: "2026-11-0\(4 - index)")
    }
    // As a merge of two machines' adds may leave them: every title at one place.
    _ = try library.connection.rows("UPDATE list_items SET position = 1")
    let list = try #require(try library.list("Noir"))
    #expect(list.map(\.title.media.id) == [550, 949, 680, 13], "by the day each was added")
  }
}

/// A watch taken away exactly (an undo): the one of that day, none when that day has none.
@Suite("A watch taken away by its day")
struct UnwatchOnADayTests {
  @Test func onlyTheWatchOfThatDayIsTakenAway() throws {
    let library = try freshLibrary()
    let film = TitleInfo(media: .film(550), title: "Fight Club", year: 1999)
    try library.watch(film, on: "2026-10-10", recorded: "2026-10-10")
    #expect(try library.unwatch(.film(550), episodes: [nil], on: "2026-12-06") == 0, "that day has none")
    #expect(try library.history().map(\.day) == ["2026-10-10"])
    try library.watch(film, on: "2026-12-06", recorded: "2026-12-06")
    try library.watch(film, on: "2026-12-07", recorded: "2026-12-07")
    #expect(try library.unwatch(.film(550), episodes: [nil], on: "2026-12-06") == 1)
    #expect(try library.history().map(\.day) == ["2026-12-07", "2026-10-10"], "the later one stays")
    #expect(try library.check().isEmpty)
  }
}

/// The undo of an add that made a list takes the list away again, once it holds nothing.
@Suite("A list made by a title's add, taken away with it")
struct DroppingEmptyListTests {
  let film = TitleInfo(media: .film(550), title: "Fight Club", year: 1999)
  let heat = TitleInfo(media: .film(949), title: "Heat", year: 1995)

  @Test func onlyAnEmptyListOfYourOwnGoes() throws {
    let library = try freshLibrary()
    _ = try library.add(film, to: "Noirr", day: "2026-12-06")
    #expect(try library.remove(.film(550), from: "noirr", droppingEmpty: true))
    #expect(try library.list("Noirr") == nil, "the typo's list is gone")
    _ = try library.add(film, to: "Noir", day: "2026-12-06")
    _ = try library.add(heat, to: "Noir", day: "2026-12-06")
    #expect(try library.remove(.film(550), from: "Noir", droppingEmpty: true))
    #expect(try library.list("Noir")?.count == 1, "a list still holding a title stays")
    _ = try library.add(film, to: Schema.watchlistName, day: "2026-12-06")
    #expect(try library.remove(.film(550), from: Schema.watchlistName, droppingEmpty: true))
    #expect(try library.list(Schema.watchlistName) != nil, "never the watchlist")
    #expect(try library.check().isEmpty)
  }
}
