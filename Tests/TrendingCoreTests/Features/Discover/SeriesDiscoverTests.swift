import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The f form of series: series genres, first-air years, status, /discover/tv")
struct SeriesDiscoverTests {
  static let sciFi = NamedID(id: 10765, name: "Sci-Fi & Fantasy")
  static let drama = NamedID(id: 18, name: "Drama")
  static let netflix = NamedID(id: 8, name: "Netflix")
  static let genres = APIRequest.genres(GenreListRequest(media: .series, language: ListPage.language))
  static let providers = APIRequest.providers(
    ProviderListRequest(media: .series, region: "US", language: ListPage.language))

  /// The series tab in the US.
  private func state() -> AppState {
    var state = SeriesSample.onSeriesTab()
    state.shared.region = "US"
    return state
  }

  private func discover(_ filter: DiscoverFilter) -> APIRequest {
    .discover(DiscoverRequest(filter: filter, language: ListPage.language, region: "US"))
  }

  @Test func fOnASeriesTabOpensASeriesFormThatAsksDiscoverTV() {
    var store = TestStore(state())
    store.send(
      .key(.character("f")), effects: [.fetch(Self.genres, keptFirst: true), .fetch(Self.providers, keptFirst: true)]
    ) {
      $0.push(.discoverForm(DiscoverForm(filter: DiscoverFilter(media: .series))))
      var loading = Loadable<APIAnswer>()
      loading.begin()
      $0.shared.answers[Self.genres] = loading
      $0.shared.answers[Self.providers] = loading
    }
    let table = GenreTable(genres: [Self.drama, Self.sciFi])
    store.send(.fetched(Self.genres, .success(Sample.fetched(.genres(table))))) {
      $0.shared.answers[Self.genres] = Loadable(value: .genres(table), fetchedAt: Sample.start)
    }
    let services = ProviderTable(providers: [Self.netflix])
    store.send(.fetched(Self.providers, .success(Sample.fetched(.providers(services))))) {
      $0.shared.answers[Self.providers] = Loadable(value: .providers(services), fetchedAt: Sample.start)
    }
    let form = store.state.top as? DiscoverForm
    #expect(form?.title == "Filter series")
    let fields = form?.fields(store.state.shared) ?? []
    // A status in place of the films' certification; the series' genres and services under headings.
    #expect(fields.contains(.status) && !fields.contains(.certification))
    #expect(
      fields.suffix(6) == [
        .genresHeading, .genre(Self.drama), .genre(Self.sciFi), .servicesHeading, .service(Self.netflix), .apply,
      ])
    #expect(DiscoverForm.label(.yearFrom, media: .series) == "First aired from")
    #expect(DiscoverForm.label(.apply, media: .series) == "Show the series")
    // The first line takes a typed year; Sci-Fi with; the status steps to "returning".
    for digit in "2015" {
      store.step(.key(.character(digit)))
    }
    store.send(.key(.character("G"))) {
      $0.change(DiscoverForm.self) {
        $0.typed = nil
        $0.selection = fields.count - 1
      }
    }
    store.send(.key(.up)) { $0.change(DiscoverForm.self) { $0.selection = fields.count - 2 } }
    store.send(.key(.up)) { $0.change(DiscoverForm.self) { $0.selection = fields.count - 4 } }
    store.send(.key(.character(" "))) { $0.change(DiscoverForm.self) { $0.filter.genres = [Self.sciFi] } }
    store.send(.key(.character("g"))) { $0.change(DiscoverForm.self) { $0.selection = 0 } }
    let status = fields.firstIndex(of: .status) ?? 0
    for _ in 0..<status { store.step(.key(.down)) }
    store.send(.key(.right)) { $0.change(DiscoverForm.self) { $0.filter.status = .returning } }
    var filter = DiscoverFilter(media: .series)
    filter.years = OpenRange(2015, nil)
    filter.genres = [Self.sciFi]
    filter.status = .returning
    #expect(filter.summary == "Sci-Fi & Fantasy · from 2015 · returning")
    var list = ListScreen(source: .discover(filter))
    list.list.begin()
    let request = discover(filter)
    store.send(.key(.enter), effects: [.fetch(request, keptFirst: true)]) {
      $0.pop()
      $0.push(.list(list))
    }
    // `/discover/tv` with first-air dates and `with_status`; the breadcrumb says "Series" once.
    guard case .discover(let asked) = request else { return }
    #expect(asked.path == "/discover/tv")
    let query = asked.queryItems.map { "\($0.name)=\($0.value ?? "")" }
    #expect(query.contains("first_air_date.gte=2015-01-01") && query.contains("with_status=0"))
    #expect(store.state.top.title(store.state.shared) == "Series")
    // f again edits the series filter.
    store.send(.key(.character("f"))) {
      $0.push(.discoverForm(DiscoverForm(filter: filter, replaces: true)))
    }
  }

  @Test func aSavedSeriesTabResolvesItsServicesInTheSeriesTable() {
    var saved = SavedTab(
      name: .titled("Sci-fi"), filter: DiscoverFilter(media: .series), serviceNames: ["netflix"], line: 3)
    saved.filter.genres = [Self.sciFi]
    var state = Sample.state()
    state.shared.region = "US"
    state.shared.tabs = TabSet(services: [], saved: [saved])
    var store = TestStore(state)
    // Start asks for the series' provider table only: the saved tab is of series.
    store.step(.start, effects: [.loadMarks, .fetch(Self.providers, keptFirst: true), .fetchList(ListPage())])
    store.step(.fetched(Self.providers, .success(Sample.fetched(.providers(ProviderTable(providers: [Self.netflix]))))))
    var resolved = saved.filter
    resolved.services = [Self.netflix]
    #expect(store.state.shared.services(of: saved) == .resolved(resolved))
    let kind = ListKind.saved(saved)
    #expect(store.state.shared.tabs.shown(.series).contains(kind))
    let list = ListScreen(kind: kind, window: .week)
    #expect(list.request(page: 1, store.state.shared) == discover(resolved))
  }

  @Test func digitsTypeYearsScoresAndRuntimesInPlace() {
    var form = DiscoverForm(filter: DiscoverFilter(media: .series))
    let shared = state().shared
    let fields = form.fields(shared)
    // Years: "any" until four digits make one; ⌫ takes a digit back, then clears.
    var took = "201".map { form.typeCharacter($0, shared) }
    #expect(took == [true, true, true])
    #expect(form.filter.years.lower == nil && form.shownValue(.yearFrom, selected: true) == "201▏")
    took = "99".map { form.typeCharacter($0, shared) }
    #expect(took == [true, true] && form.filter.years.lower == 2019 && form.typed == "2019")
    took = (0..<5).map { _ in form.eraseTyped(shared) }
    #expect(took == [true, true, true, true, false] && form.typed == nil && form.filter.years.lower == nil)
    // A score takes one point and stays at 10 or under.
    form.selection = fields.firstIndex(of: .score) ?? 0
    took = "7.5.".map { form.typeCharacter($0, shared) }
    #expect(took == [true, true, true, false] && form.filter.minimumScore == 7.5)
    form.typed = nil
    took = "11".map { form.typeCharacter($0, shared) }
    #expect(form.typed == "1" && form.filter.minimumScore == 1)
    // Minutes up to 600; a digit on the language line is not the form's.
    form.typed = nil
    form.selection = fields.firstIndex(of: .runtimeTo) ?? 0
    took = "45".map { form.typeCharacter($0, shared) }
    #expect(form.filter.runtime.upper == 45)
    form.selection = fields.firstIndex(of: .language) ?? 0
    took = [form.typeCharacter("4", shared)]
    #expect(took == [false])
    // Through the reducer: moving ends the typing and keeps the value.
    var store = TestStore(state())
    store.step(
      .key(.character("f")), effects: [.fetch(Self.genres, keptFirst: true), .fetch(Self.providers, keptFirst: true)])
    store.send(.key(.character("1"))) { $0.change(DiscoverForm.self) { $0.typed = "1" } }
    store.send(.key(.character("9"))) { $0.change(DiscoverForm.self) { $0.typed = "19" } }
    store.send(.key(.character("9"))) { $0.change(DiscoverForm.self) { $0.typed = "199" } }
    store.send(.key(.character("9"))) {
      $0.change(DiscoverForm.self) {
        $0.typed = "1999"
        $0.filter.years.lower = 1999
      }
    }
    store.send(.key(.down)) {
      $0.change(DiscoverForm.self) {
        $0.typed = nil
        $0.selection = 1
      }
    }
  }
}
