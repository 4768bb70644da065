import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The f form: a discover filter over a list")
struct DiscoverFormTests {
  static let thriller = NamedID(id: 53, name: "Thriller")
  static let crime = NamedID(id: 80, name: "Crime")
  static let netflix = NamedID(id: 8, name: "Netflix")
  static let genres = APIRequest.genres(GenreListRequest(language: ListPage.language))
  static let providers = APIRequest.providers(ProviderListRequest(region: "US", language: ListPage.language))

  /// A loaded tab in the US, with the form's tables answered.
  private func state() -> AppState {
    var state = Sample.loaded(5)
    state.shared.region = "US"
    return state
  }

  private func discover(_ filter: DiscoverFilter) -> APIRequest {
    .discover(DiscoverRequest(filter: filter, language: ListPage.language, region: "US"))
  }

  @Test func fOpensTheFormAndAsksOnlyForItsTables() {
    var store = TestStore(state())
    store.send(
      .key(.character("f")), effects: [.fetch(Self.genres, keptFirst: true), .fetch(Self.providers, keptFirst: true)]
    ) {
      $0.push(.discoverForm(DiscoverForm()))
      var loading = Loadable<APIAnswer>()
      loading.begin()
      $0.shared.answers[Self.genres] = loading
      $0.shared.answers[Self.providers] = loading
    }
    #expect(store.state.keyContext == .form)
    let table = GenreTable(genres: [Self.thriller, Self.crime])
    store.send(.fetched(Self.genres, .success(Sample.fetched(.genres(table))))) {
      $0.shared.answers[Self.genres] = Loadable(value: .genres(table), fetchedAt: Sample.start)
    }
    let services = ProviderTable(providers: [Self.netflix])
    store.send(.fetched(Self.providers, .success(Sample.fetched(.providers(services))))) {
      $0.shared.answers[Self.providers] = Loadable(value: .providers(services), fetchedAt: Sample.start)
    }
    let fields = (store.state.top as? DiscoverForm)?.fields(store.state.shared)
    #expect(
      fields?.suffix(6) == [
        .genresHeading, .genre(Self.thriller), .genre(Self.crime), .servicesHeading, .service(Self.netflix), .apply,
      ])
  }

  @Test func pickTwoGenresAndAScoreThenEnterShowsTheList() {
    var store = TestStore(state())
    store.step(
      .key(.character("f")), effects: [.fetch(Self.genres, keptFirst: true), .fetch(Self.providers, keptFirst: true)])
    let table = GenreTable(genres: [Self.thriller, Self.crime])
    store.step(.fetched(Self.genres, .success(Sample.fetched(.genres(table)))))
    // Genres come after the nine settings and their heading; Space takes one in, again leaves it
    // out, again neither.
    store.send(.key(.character("G"))) { $0.change(DiscoverForm.self) { $0.selection = 12 } }
    store.send(.key(.up)) { $0.change(DiscoverForm.self) { $0.selection = 11 } }
    store.send(.key(.character(" "))) { $0.change(DiscoverForm.self) { $0.filter.genres = [Self.crime] } }
    store.send(.key(.up)) { $0.change(DiscoverForm.self) { $0.selection = 10 } }
    store.send(.key(.right)) { $0.change(DiscoverForm.self) { $0.filter.genres = [Self.crime, Self.thriller] } }
    // Up from the first genre steps over the heading to the last setting.
    store.send(.key(.up)) { $0.change(DiscoverForm.self) { $0.selection = 8 } }
    store.send(.key(.character("g"))) { $0.change(DiscoverForm.self) { $0.selection = 0 } }
    store.send(.key(.down)) { $0.change(DiscoverForm.self) { $0.selection = 1 } }
    store.send(.key(.down)) { $0.change(DiscoverForm.self) { $0.selection = 2 } }
    store.send(.key(.right)) { $0.change(DiscoverForm.self) { $0.filter.minimumScore = 7 } }
    store.send(.key(.right)) { $0.change(DiscoverForm.self) { $0.filter.minimumScore = 7.5 } }
    var filter = DiscoverFilter()
    filter.genres = [Self.crime, Self.thriller]
    filter.minimumScore = 7.5
    #expect(filter.summary == "Crime, Thriller · ≥ 7.5")
    // Enter: the form goes, the list opens on the tab and asks for its first page.
    var list = ListScreen(source: .discover(filter))
    list.list.begin()
    store.send(.key(.enter), effects: [.fetch(discover(filter), keptFirst: true)]) {
      $0.pop()
      $0.push(.list(list))
    }
    #expect(store.state.stack.count == 2)
    // f again edits it; applying replaces the list rather than stacking another.
    store.send(.key(.character("f"))) { $0.push(.discoverForm(DiscoverForm(filter: filter, replaces: true))) }
    store.send(.key(.down)) { $0.change(DiscoverForm.self) { $0.selection = 1 } }
    store.send(.key(.down)) { $0.change(DiscoverForm.self) { $0.selection = 2 } }
    store.send(.key(.backspace)) { $0.change(DiscoverForm.self) { $0.filter.minimumScore = nil } }
    filter.minimumScore = nil
    var second = ListScreen(source: .discover(filter))
    second.list.begin()
    store.send(.key(.enter), effects: [.fetch(discover(filter), keptFirst: true)]) {
      $0.pop()
      $0.pop()
      $0.push(.list(second))
    }
    #expect(store.state.stack.count == 2)
    // Esc goes back to the tab, untouched.
    let tab = state().rootList
    store.send(.key(.escape)) { $0.pop() }
    #expect(store.state.stack.count == 1 && store.state.rootList == tab)
  }

  @Test func escClosesTheFormAndAsksNothing() {
    var store = TestStore(state())
    store.step(
      .key(.character("f")), effects: [.fetch(Self.genres, keptFirst: true), .fetch(Self.providers, keptFirst: true)])
    store.send(.key(.character(" "))) { $0.change(DiscoverForm.self) { $0.filter.years.lower = 2017 } }
    store.send(.key(.escape)) { $0.pop() }
    #expect(store.state.stack.count == 1)
  }

  @Test func stepsStayInRangeAndCycle() {
    var form = DiscoverForm()
    let shared = state().shared
    form.change(.score, by: -1, shared)
    #expect(form.filter.minimumScore == nil)
    form.change(.score, by: 1, shared)
    #expect(form.filter.minimumScore == 7)
    for _ in 0..<30 { form.change(.score, by: -1, shared) }
    #expect(form.filter.minimumScore == nil)
    for _ in 0..<30 { form.change(.score, by: 1, shared) }
    #expect(form.filter.minimumScore == 10)
    form.change(.certification, by: 1, shared)
    #expect(form.filter.certification == "G")
    form.change(.certification, by: -1, shared)
    form.change(.certification, by: -1, shared)
    #expect(form.filter.certification == "NC-17")
    form.change(.language, by: 1, shared)
    #expect(form.filter.originalLanguage == "en")
    form.change(.runtimeTo, by: 1, shared)
    form.change(.runtimeTo, by: 1, shared)
    #expect(form.filter.runtime.upper == 130)
    form.change(.sort, by: 1, shared)
    #expect(form.filter.sort == .score)
    form.change(.genre(Self.crime), by: -1, shared)
    #expect(form.filter.withoutGenres == [Self.crime] && form.filter.genres.isEmpty)
    #expect(form.filter.summary.hasPrefix("not Crime · "))
  }

  @Test func aClickSelectsAndASecondChanges() {
    var store = TestStore(state())
    store.step(
      .key(.character("f")), effects: [.fetch(Self.genres, keptFirst: true), .fetch(Self.providers, keptFirst: true)])
    let box = DiscoverFormLayout.box(for: store.state.shared.size, fieldCount: 29)
    let scoreRow = box.row + 1 + 2
    store.send(.mouse(MouseEvent(.press, row: scoreRow, column: box.column + 3))) {
      $0.change(DiscoverForm.self) { $0.selection = 2 }
    }
    store.send(.mouse(MouseEvent(.press, row: scoreRow, column: box.column + 3))) {
      $0.change(DiscoverForm.self) { $0.filter.minimumScore = 7 }
    }
  }

  @Test func theHeaderReadsTheFilterBack() {
    var filter = DiscoverFilter()
    #expect(filter.summary == "All films")
    filter.genres = [Self.thriller]
    filter.years = OpenRange(2015, 2024)
    filter.minimumScore = 7
    filter.services = [Self.netflix, NamedID(id: 11, name: "MUBI")]
    #expect(filter.summary == "Thriller · 2015–2024 · ≥ 7.0 · on Netflix, MUBI")
    filter.minimumVotes = 50
    filter.runtime = OpenRange(nil, 100)
    filter.originalLanguage = "ko"
    #expect(filter.summary == "Thriller · 2015–2024 · ≥ 7.0 (50 votes) · to 100 min · in Korean · on Netflix, MUBI")
    // The fewest votes without a score, and ends set the wrong way round, read as they are asked.
    var votes = DiscoverFilter()
    votes.minimumVotes = 5000
    votes.years.lower = 2000
    votes.years.upper = 1990
    #expect(votes.summary == "1990–2000 · at least 5000 votes")
  }

  @Test func civilDaysRoundTrip() {
    let day = CivilDay(Date(timeIntervalSince1970: 1_800_000_000))
    #expect(day.iso == "2027-01-15")
    #expect(day.weekday == 4)
    #expect(CivilDay(daysSince1970: day.daysSince1970) == day)
    #expect(CivilDay(year: 2024, month: 2, day: 28).adding(days: 1).iso == "2024-02-29")
    #expect(CivilDay(year: 2024, month: 12, day: 31).adding(days: 1).iso == "2025-01-01")
  }
}
