import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The film screen")
struct FilmScreenTests {
  private func details(_ id: Int) -> MovieDetails {
    MovieDetails(id: id, title: "Film \(id)")
  }

  @Test func openingLoadsTheFilmOnce() {
    var store = TestStore(Sample.loaded(5))
    store.send(.key(.character("j"))) { $0.rootList.selection = 1 }
    store.send(.key(.character("j"))) { $0.rootList.selection = 2 }
    store.send(.key(.enter), effects: [.fetchFilm(3)]) {
      $0.push(.film(FilmScreen(id: 3, known: $0.rootList.movies[2])))
      $0.shared[film: 3] = Loadable()
      $0.shared[film: 3]?.begin()
    }
    store.send(.filmLoaded(3, .success(Sample.fetched(details(3))))) {
      $0.shared[film: 3]?.succeed(details(3), at: Sample.start)
    }
    store.send(.key(.escape)) { $0.pop() }
    // Kept per film: no request.
    store.send(.key(.right)) { $0.push(.film(FilmScreen(id: 3, known: $0.rootList.movies[2]))) }
  }

  @Test(arguments: [Key.escape, .backspace, .left, .character("h"), .character("q")])
  func backKeysReturnWithTheSameRow(key: Key) {
    var store = TestStore(Sample.loaded(40))
    store.moveDown(25)
    store.openSelectedFilm(with: .character("l"))
    store.send(.key(key)) { $0.pop() }
    // The same row, on the same screenful: the list is exactly as it was.
    #expect(store.state.rootList.selection == 25)
    #expect(store.state.rootList.top == 25 - store.state.shared.visibleRows + 1)
  }

  @Test func scrollingIsBoundedByTheLayout() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.enter), effects: [.fetchFilm(1)]) {
      $0.push(.film(FilmScreen(id: 1, known: $0.rootList.movies[0])))
      $0.shared[film: 1] = Loadable()
      $0.shared[film: 1]?.begin()
    }
    store.send(.documentLayout(DocumentLayout(maxScroll: 4))) { $0.detailMaxScroll = 4 }
    for line in 1...4 { store.send(.key(.down)) { $0.detailScroll = line } }
    for _ in 0..<6 { store.send(.key(.down)) }
    store.send(.key(.up)) { $0.detailScroll = 3 }
    store.send(.key(.home)) { $0.detailScroll = 0 }
    store.send(.key(.end)) { $0.detailScroll = 4 }
    store.send(.documentLayout(DocumentLayout(maxScroll: 2))) {
      $0.detailMaxScroll = 2
      $0.detailScroll = 2
    }
  }

  @Test func reloadForcesOneRequestAndKeepsTheFilm() {
    var store = TestStore(Sample.loaded(3))
    store.openSelectedFilm()
    store.send(.filmLoaded(1, .success(Sample.fetched(details(1))))) {
      $0.shared[film: 1]?.succeed(details(1), at: Sample.start)
    }
    store.send(.key(.character("r")), effects: [.fetchFilm(1, force: true)]) {
      $0.shared[film: 1]?.begin()
    }
    for _ in 0..<4 { store.send(.key(.character("r"))) }
    // The film stays on screen.
    store.send(.filmLoaded(1, .failure(.rateLimited(retryAfter: 5)))) {
      $0.shared[film: 1]?.fail(.rateLimited(retryAfter: 5))
      $0.shared.retryAt[.fetch($0.shared.filmRequest(1))] = Sample.start.addingTimeInterval(5)
    }
  }

  @Test func aFailedFilmIsAskedForAgainWhenReopened() {
    var store = TestStore(Sample.loaded(3))
    store.openSelectedFilm()
    store.send(.filmLoaded(1, .failure(.notFound(message: nil)))) { $0.shared[film: 1]?.fail(.notFound(message: nil)) }
    store.send(.key(.escape)) { $0.pop() }
    store.openSelectedFilm()
  }

  @Test func listKeysDoNothingOnTheDetailScreen() {
    var store = TestStore(Sample.loaded(3))
    store.openSelectedFilm()
    // A letter no key of the page takes says so, and where the keys are.
    for key in ["w", "s", "1"] {
      store.send(.key(.character(Character(key)))) {
        $0.shared.say("\(key) does nothing here; ? lists the keys.", .message)
      }
    }
    store.send(.key(.tab))
  }
}
