import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

/// A collection as the reducer sees it: the film that links to it, and its films.
enum CollectionSample {
  static let reference = CollectionReference(id: 2344, name: "The Matrix Collection")
  static let request = APIRequest.collection(CollectionRequest(id: 2344, language: "en-US"))

  static let parts = [
    MediaSummary(id: 603, title: "The Matrix", releaseDate: ReleaseDate("1999-03-31"), voteAverage: 8.2, voteCount: 9),
    MediaSummary(id: 604, title: "The Matrix Reloaded", releaseDate: ReleaseDate("2003-05-15"), voteAverage: 7.1),
  ]

  static let details = CollectionDetails(
    id: 2344, name: "The Matrix Collection", overview: "Four films.", posterPath: "/c.jpg", parts: parts)

  /// A film of the collection, naming it.
  static func film(_ id: Int) -> MovieDetails {
    MovieDetails(id: id, title: "Film \(id)", collection: reference)
  }

  /// The app on film 1's screen, its details (naming the collection) loaded.
  static func onFilm() -> AppState {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    _ = Reducer.reduce(&state, .filmLoaded(1, .success(Sample.fetched(film(1)))))
    return state
  }

  /// A layout whose one link is `target`, as a document view would draw it.
  static func layout(_ targets: [LinkTarget]) -> DocumentLayout {
    DocumentLayout(
      maxScroll: 0, links: targets.enumerated().map { DocumentLink(line: 10 + $0.offset, target: $0.element) })
  }
}

@Suite("The collection screen")
struct CollectionScreenTests {
  @Test func theFilmsPartOfLineOpensTheCollectionInOneRequestAndItsFilmsOpenFromWhatItKnows() {
    var store = TestStore(CollectionSample.onFilm())
    let link = CollectionSample.layout([.collection(CollectionSample.reference)])
    store.send(.documentLayout(link)) { $0.cursor?.layout = link }
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    let opened = CollectionScreen(id: 2344, knownName: "The Matrix Collection")
    store.send(.key(.enter), effects: [.fetch(CollectionSample.request, keptFirst: true)]) {
      $0.push(.collection(opened))
      $0.shared.answers[CollectionSample.request] = Loadable()
      $0.shared.answers[CollectionSample.request]?.begin()
    }
    #expect(store.state.keyContext == .collection)
    #expect(store.state.top.statusName == "collection:2344")
    #expect(store.state.top.title(store.state.shared) == "The Matrix Collection", "the film's name for it at once")
    #expect(!store.state.top.isAvailable(.refresh, store.state.shared), "r waits for the answer on its way")

    let answered = CollectionDetails(
      id: 2344, name: "The Matrix Collection", overview: "Four films.", posterPath: "/c.jpg",
      parts: CollectionSample.parts)
    store.send(.fetched(CollectionSample.request, .success(Sample.fetched(.collection(answered))))) {
      $0.shared.answers[CollectionSample.request]?.succeed(.collection(answered), at: Sample.start)
    }
    #expect(store.state.shared.collection(2344).value?.parts.map(\.id) == [603, 604])
    #expect(
      store.state.top.page(store.state.shared)
        == LinkedPage(.collection(2344), title: "The Matrix Collection (1999–2003)"))
    #expect(!store.state.helpNotes.contains { $0.contains("2344") }, "help names no internal id")

    let films = CollectionSample.layout(CollectionSample.parts.map { .film($0.id, known: $0) })
    store.send(.documentLayout(films)) { $0.cursor?.layout = films }
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    store.send(.key(.down)) { $0.cursor?.selected = 1 }
    store.send(.key(.enter), effects: [.fetchFilm(604)]) {
      $0.push(.film(FilmScreen(id: 604, known: CollectionSample.parts[1])))
      $0.shared[film: 604] = Loadable()
      $0.shared[film: 604]?.begin()
    }
    #expect(
      store.state.top.title(store.state.shared) == "The Matrix Reloaded", "the collection's title until the film's")

    // Back to the collection as it was, then to the film: nothing asked again.
    store.send(.key(.escape)) { $0.pop() }
    #expect((store.state.top as? CollectionScreen)?.cursor.selected == 1, "on the film it opened")
    store.send(.key(.escape)) { $0.pop() }
    #expect(store.state.top.statusName == "detail:1")
  }

  @Test func refreshAsksAgainAndOOpensTheCollectionsPage() {
    var state = CollectionSample.onFilm()
    _ = Reducer.apply(Reaction(go: .push(.collection(CollectionScreen(id: 2344)))), &state)
    var store = TestStore(state)
    store.send(.fetched(CollectionSample.request, .success(Sample.fetched(.collection(CollectionSample.details))))) {
      $0.shared.answers[CollectionSample.request]?.succeed(.collection(CollectionSample.details), at: Sample.start)
    }
    #expect(store.state.top.title(store.state.shared) == "The Matrix Collection", "the answer's name")
    #expect(store.state.top.isAvailable(.refresh, store.state.shared))
    store.send(.key(.character("r")), effects: [.fetch(CollectionSample.request, keptFirst: false)]) {
      $0.shared.answers[CollectionSample.request]?.begin()
    }
    store.step(.key(.character("o")), effects: [.openURL("https://www.themoviedb.org/collection/2344")])
    #expect(store.state.stack.count == 3, "o opens the page itself: a collection has no chooser")
  }

  @Test func aCollectionThatFailedIsAskedForAgainWhenReopened() {
    var store = TestStore(CollectionSample.onFilm())
    let link = CollectionSample.layout([.collection(CollectionSample.reference)])
    store.send(.documentLayout(link)) { $0.cursor?.layout = link }
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    let opened = CollectionScreen(id: 2344, knownName: "The Matrix Collection")
    store.send(.key(.enter), effects: [.fetch(CollectionSample.request, keptFirst: true)]) {
      $0.push(.collection(opened))
      $0.shared.answers[CollectionSample.request] = Loadable()
      $0.shared.answers[CollectionSample.request]?.begin()
    }
    store.send(.fetched(CollectionSample.request, .failure(.notFound(message: nil)))) {
      $0.shared.answers[CollectionSample.request]?.fail(.notFound(message: nil))
    }
    #expect(store.state.top.title(store.state.shared) == "The Matrix Collection")
    #expect(store.state.top.subject(store.state.shared) == nil, "a and m act on films and series only")
    store.send(.key(.escape)) { $0.pop() }
    store.send(.key(.enter), effects: [.fetch(CollectionSample.request, keptFirst: true)]) {
      $0.push(.collection(opened))
      $0.shared.answers[CollectionSample.request]?.begin()
    }
  }
}
