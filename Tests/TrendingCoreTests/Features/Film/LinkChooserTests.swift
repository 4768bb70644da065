import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("o's chooser of a film's pages")
struct LinkChooserTests {
  static let pages: [WebPage] = [.film(1), .imdb("tt0137523"), .homepage("https://example.com/fight-club")]

  /// Film 1 open and loaded, with an IMDb id and a homepage when `several`.
  private func store(several: Bool = true) -> TestStore {
    var store = TestStore(Sample.loaded(3))
    store.openSelectedFilm()
    var film = MovieDetails(id: 1, title: "Film 1")
    if several {
      film.imdbID = "tt0137523"
      film.homepage = "https://example.com/fight-club"
    }
    store.send(.filmLoaded(1, .success(Sample.fetched(film)))) { $0.shared[film: 1]?.succeed(film, at: Sample.start) }
    return store
  }

  @Test func oOffersThePagesAndEnterOpensTheSelectedOne() {
    var store = store()
    store.send(.key(.character("o"))) { $0.push(.chooser(LinkChooser(pages: Self.pages))) }
    #expect(store.state.keyContext == .chooser)
    store.send(.key(.down)) { $0.change(LinkChooser.self) { $0.selection = 1 } }
    store.send(.key(.enter), effects: [.openURL("https://www.imdb.com/title/tt0137523/")]) {
      $0.pop()
      $0.shared.say("Opening https://www.imdb.com/title/tt0137523/", .link)
    }
    #expect(store.state.top is FilmScreen)
  }

  @Test func aNumberOpensItsPageAndEscCloses() {
    var store = store()
    store.send(.key(.character("o"))) { $0.push(.chooser(LinkChooser(pages: Self.pages))) }
    store.send(.key(.escape)) { $0.pop() }
    store.send(.key(.character("o"))) { $0.push(.chooser(LinkChooser(pages: Self.pages))) }
    store.send(.key(.character("9"))) { $0.shared.say("9 does nothing here; ? lists the keys.", .message) }
    store.send(.key(.character("3")), effects: [.openURL("https://example.com/fight-club")]) {
      $0.pop()
      $0.shared.say("Opening https://example.com/fight-club", .link)
    }
  }

  @Test func aClickSelectsAndASecondClickOpens() {
    var store = store()
    store.send(.key(.character("o"))) { $0.push(.chooser(LinkChooser(pages: Self.pages))) }
    let box = LinkChooser.box(for: store.state.shared.size, count: 3)
    let click = MouseEvent(.press, row: box.row + 3, column: box.column + 4)
    store.send(.mouse(click)) { $0.change(LinkChooser.self) { $0.selection = 2 } }
    store.send(.mouse(click), effects: [.openURL("https://example.com/fight-club")]) {
      $0.pop()
      $0.shared.say("Opening https://example.com/fight-club", .link)
    }
  }

  @Test func withOnlyTMDBsPageOOpensItDirectly() {
    var store = store(several: false)
    store.send(.key(.character("o")), effects: [.openURL("https://www.themoviedb.org/movie/1")]) {
      $0.shared.say("Opening https://www.themoviedb.org/movie/1", .link)
    }
  }
}
