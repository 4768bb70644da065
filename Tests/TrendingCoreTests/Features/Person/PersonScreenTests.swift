import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The person screen")
struct PersonScreenTests {
  static let layout = DocumentLayout(
    maxScroll: 40,
    links: [
      DocumentLink(line: 12, target: .person(7)), DocumentLink(line: 13, target: .person(8)),
      DocumentLink(line: 60, target: .film(99)),
    ])

  @Test func filmToActorToFilmAndBackTwiceLandsWhereItStarted() {
    var store = TestStore(Sample.loaded(10))
    store.moveDown(2)
    let list = store.state.rootList
    store.openSelectedFilm()
    store.send(.documentLayout(Self.layout)) { $0.cursor?.layout = Self.layout }
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    let film = store.state.stack
    store.send(.key(.enter), effects: [.fetchPerson(7)]) {
      $0.push(.person(PersonScreen(id: 7)))
      $0.shared[person: 7] = Loadable()
      $0.shared[person: 7]?.begin()
    }
    #expect(store.state.keyContext == .person)
    let other = MediaSummary(id: 99, title: "Other film")
    let person = PersonDetails(
      id: 7, name: "Someone", credits: [PersonCredit(media: other, role: "Lead", isCast: true)])
    store.send(.personLoaded(7, .success(Sample.fetched(person)))) {
      $0.shared[person: 7]?.succeed(person, at: Sample.start)
      $0.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 30)
    }
    // The person's view links each credit with what the credit says of it (PersonDocument).
    let links = DocumentLayout(maxScroll: 0, links: [DocumentLink(line: 5, target: .film(99, known: other))])
    store.send(.documentLayout(links)) { $0.cursor?.layout = links }
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    let personScreen = store.state.stack
    // What the person's list knew shows at once.
    store.send(.key(.enter), effects: [.fetchFilm(99)]) {
      $0.push(.film(FilmScreen(id: 99, known: other)))
      $0.shared[film: 99] = Loadable()
      $0.shared[film: 99]?.begin()
    }
    store.send(.key(.escape)) { $0.pop() }
    #expect(store.state.stack == personScreen)
    // The film is exactly as left, its link still selected.
    store.send(.key(.escape)) { $0.pop() }
    #expect(store.state.stack == film)
    store.send(.key(.escape)) { $0.pop() }
    #expect(store.state.stack == [.list(list)])
  }

  @Test func aPersonIsOneRequestAndSortsAndExpands() {
    var state = Sample.loaded(3)
    state.push(.person(PersonScreen(id: 5)))
    state.shared[person: 5] = Loadable(
      value: PersonDetails(
        id: 5, name: "P", credits: [PersonCredit(media: MediaSummary(id: 1, title: "F"), role: nil, isCast: true)]),
      fetchedAt: Sample.start)
    var store = TestStore(state)
    store.send(.key(.character("s"))) { $0.change(PersonScreen.self) { $0.byScore = true } }
    let layout = DocumentLayout(maxScroll: 0, links: [DocumentLink(line: 3, target: .expand)])
    store.send(.documentLayout(layout)) { $0.cursor?.layout = layout }
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    store.send(.key(.enter)) { $0.change(PersonScreen.self) { $0.expanded = true } }
    store.send(.key(.character("r")), effects: [.fetchPerson(5, force: true)]) { $0.shared[person: 5]?.begin() }
  }

  @Test func aSeriesLongNoteUnfoldsAndFoldsInPlace() {
    var state = Sample.loaded(3)
    state.push(.series(SeriesScreen(id: 500)))
    var store = TestStore(state)
    let layout = DocumentLayout(maxScroll: 0, links: [DocumentLink(line: 8, target: .expand)])
    store.send(.documentLayout(layout)) { $0.cursor?.layout = layout }
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    store.send(.key(.enter)) { $0.change(SeriesScreen.self) { $0.noteExpanded = true } }
    store.send(.key(.enter)) { $0.change(SeriesScreen.self) { $0.noteExpanded = false } }
  }

  @Test func aStalePersonFromTheCacheShowsAndIsAskedAgain() {
    var state = Sample.loaded(3)
    state.push(.person(PersonScreen(id: 5)))
    state.shared[person: 5] = Loadable()
    state.shared[person: 5]?.begin()
    var store = TestStore(state)
    let fetchedAt = Sample.start.addingTimeInterval(-2 * detailsFreshness)
    let old = Fetched(value: PersonDetails(id: 5, name: "P"), fetchedAt: fetchedAt, rateLimit: nil, fromCache: true)
    store.send(.personLoaded(5, .success(old)), effects: [.fetchPerson(5, force: true)]) {
      $0.shared[person: 5]?.succeed(PersonDetails(id: 5, name: "P"), at: fetchedAt)
      $0.shared[person: 5]?.begin()
    }
  }
}
