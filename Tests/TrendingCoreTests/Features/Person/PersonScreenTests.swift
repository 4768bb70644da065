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
    var state = Sample.loaded(10)
    _ = Reducer.reduce(&state, .key(.down))
    _ = Reducer.reduce(&state, .key(.down))
    let list = state.rootList
    #expect(Reducer.reduce(&state, .key(.enter)) == [.fetchFilm(3)])
    _ = Reducer.reduce(&state, .documentLayout(Self.layout))
    _ = Reducer.reduce(&state, .key(.down))
    let film = (state.top as? FilmScreen)
    #expect(Reducer.reduce(&state, .key(.enter)) == [.fetchPerson(7)])
    #expect(state.top.statusName == "person:7")
    #expect(state.keyContext == .person)
    let person = PersonDetails(
      id: 7, name: "Someone",
      credits: [PersonCredit(movie: MovieSummary(id: 99, title: "Other film"), role: "Lead", isCast: true)])
    _ = Reducer.reduce(&state, .personLoaded(7, .success(Sample.fetched(person))))
    _ = Reducer.reduce(
      &state, .documentLayout(DocumentLayout(maxScroll: 0, links: [DocumentLink(line: 5, target: .film(99))])))
    _ = Reducer.reduce(&state, .key(.down))
    #expect(Reducer.reduce(&state, .key(.enter)) == [.fetchFilm(99)])
    #expect(state.stack.count == 4)
    #expect((state.top as? FilmScreen)?.known?.title == "Other film", "what the person's list knew shows at once")
    _ = Reducer.reduce(&state, .key(.escape))
    #expect(state.top.statusName == "person:7")
    _ = Reducer.reduce(&state, .key(.escape))
    #expect((state.top as? FilmScreen) == film, "the film is exactly as left, its link still selected")
    _ = Reducer.reduce(&state, .key(.escape))
    #expect(state.stack == [.list(list)])
  }

  @Test func aPersonIsOneRequestAndSortsAndExpands() {
    var state = Sample.loaded(3)
    state.push(.person(PersonScreen(id: 5)))
    state.shared[person: 5] = Loadable(
      value: PersonDetails(
        id: 5, name: "P", credits: [PersonCredit(movie: MovieSummary(id: 1, title: "F"), role: nil, isCast: true)]),
      fetchedAt: Sample.start)
    _ = Reducer.reduce(&state, .key(.character("s")))
    #expect((state.top as? PersonScreen)?.byScore == true)
    _ = Reducer.reduce(
      &state, .documentLayout(DocumentLayout(maxScroll: 0, links: [DocumentLink(line: 3, target: .expand)])))
    _ = Reducer.reduce(&state, .key(.down))
    _ = Reducer.reduce(&state, .key(.enter))
    #expect((state.top as? PersonScreen)?.expanded == true)
    #expect(Reducer.reduce(&state, .key(.character("r"))) == [.fetchPerson(5, force: true)])
  }

  @Test func aStalePersonFromTheCacheShowsAndIsAskedAgain() {
    var state = Sample.loaded(3)
    state.push(.person(PersonScreen(id: 5)))
    state.shared[person: 5] = Loadable()
    state.shared[person: 5]?.begin()
    let old = Fetched(
      value: PersonDetails(id: 5, name: "P"), fetchedAt: Sample.start.addingTimeInterval(-2 * detailsFreshness),
      rateLimit: nil, fromCache: true)
    #expect(Reducer.reduce(&state, .personLoaded(5, .success(old))) == [.fetchPerson(5, force: true)])
    #expect(state.shared[person: 5]?.value?.name == "P")
  }
}
