import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("On my services: the header names them, a misspelt one is a notice and the rest still work")
struct ServicesTabTests {
  static let netflix = NamedID(id: 8, name: "Netflix")
  static let mubi = NamedID(id: 11, name: "MUBI")
  static let providers = APIRequest.providers(ProviderListRequest(region: "GB", language: ListPage.language))

  @Test func aMisspeltServiceIsANoticeAndTheOthersStillAsk() {
    let tab = SavedTab.services(["netflix", "Mubbi"], line: 2)
    var state = AppState(language: "en-US", region: "GB", size: Size(width: 80, height: 24), now: Sample.start)
    state.shared.tabs = TabSet(services: ["netflix", "Mubbi"], servicesLine: 2, saved: [])
    state.shared.keys = state.shared.keys.showing(state.shared.tabs)
    var store = TestStore(state)
    store.step(.start, effects: [.loadMarks, .fetch(Self.providers, keptFirst: true), .fetchList(ListPage())])
    let kind = ListKind.saved(tab)
    #expect(kind.heading == "On netflix, Mubbi", "the header names the services")
    // The tab waits for the table, then asks for Netflix alone and says what MUBI's name missed.
    var waiting = ListScreen(kind: kind, window: .week)
    // "On my services" comes after the nine built-in film tabs, past the number keys: S-Tab wraps to it.
    store.send(.key(.backTab)) { state in
      state.tabs[.trending] = state.rootList
      state.rootList = waiting
    }
    var filter = DiscoverFilter(media: .film)
    filter.subscriptionOnly = true
    filter.services = [Self.netflix]
    let discover = APIRequest.discover(DiscoverRequest(filter: filter, page: 1, language: "en-US", region: "GB"))
    let table = ProviderTable(providers: [Self.netflix, Self.mubi])
    let notice = "settings line 2: no service “Mubbi” in GB; did you mean “MUBI”?"
    store.send(
      .fetched(Self.providers, .success(Sample.fetched(.providers(table)))),
      effects: [.fetch(discover, keptFirst: true)]
    ) { state in
      state.shared.answers[Self.providers] = Loadable(value: .providers(table), fetchedAt: Sample.start)
      waiting.list.begin()
      state.rootList = waiting
      state.shared.say(notice, .failure)
      state.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 30)
    }
    #expect(
      store.state.shared.services(of: tab)
        == .partly(filter, UnknownName(name: "Mubbi", suggestion: "MUBI"), region: "GB", line: 2))
    #expect(store.state.shared.misspeltServices == [notice])
    // Once the table is in, the header names the services the region has, as it spells them.
    #expect(store.state.rootList.source.title(store.state.shared) == "On Netflix")
  }

  @Test func theHeaderSpellsTheServicesAsTheRegionDoesOnceItsTableIsIn() {
    let tab = SavedTab.services(["netflix", "Mubbi", "mubi"], line: 2)
    var shared = AppState(language: "en-US", region: "GB", size: Size(width: 80, height: 24), now: Sample.start).shared
    shared.tabs = TabSet(services: tab.serviceNames, servicesLine: 2, saved: [])
    let list = ListScreen(kind: .saved(tab), window: .week)
    #expect(list.source.title(shared) == "On netflix, Mubbi, mubi", "before the table: as typed")
    shared.answers[Self.providers] = Loadable(
      value: .providers(ProviderTable(providers: [Self.netflix, Self.mubi])), fetchedAt: Sample.start)
    #expect(list.source.title(shared) == "On Netflix, MUBI")
    shared.answers[Self.providers] = Loadable(
      value: .providers(ProviderTable(providers: [NamedID(id: 9, name: "Prime Video")])), fetchedAt: Sample.start)
    #expect(list.source.title(shared) == "On netflix, Mubbi, mubi", "none known: as typed, the notice says why")
  }

  @Test func everyNameUnknownStillStopsTheTabWithItsMessage() {
    var loaded = Loadable<APIAnswer>()
    loaded.succeed(.providers(ProviderTable(providers: [Self.netflix])), at: Sample.start)
    let resolution = SavedTab.services(["Netflx"], line: 4).resolve(loaded, region: "GB")
    #expect(resolution.filter == nil)
    #expect(resolution.message == "settings line 4: no service “Netflx” in GB; did you mean “Netflix”?")
    #expect(resolution.notice == resolution.message)
  }

  @Test func theRowsInViewAskForTheirDetailsOnceSoEachNamesWhereItStreams() {
    var state = AppState(language: "en-US", region: "GB", size: Size(width: 80, height: 24), now: Sample.start)
    state.shared.tabs = TabSet(services: ["Netflix"], servicesLine: 2, saved: [])
    state.shared.keys = state.shared.keys.showing(state.shared.tabs)
    _ = Reducer.reduce(&state, .start)
    #expect(ServiceRows.wanted(state).isEmpty, "the trending tab names no services")
    _ = Reducer.reduce(&state, .key(.backTab))
    let films = (1...40).map { MediaSummary(id: $0, title: "Film \($0)", voteAverage: 7, voteCount: 10) }
    state.rootList.list = Loadable(value: Listing(firstPage: MediaPage(results: films)), fetchedAt: Sample.start)
    // In the background, two at a time: the budget is kept for what the user asks.
    let asked = Reducer.reduce(&state, .tick(Sample.start))
    let details = asked.filter { if case .fetchInBackground(.movie) = $0 { true } else { false } }
    #expect(
      details == [.fetchInBackground(state.shared.filmRequest(1)), .fetchInBackground(state.shared.filmRequest(2))])
    #expect(Reducer.reduce(&state, .tick(Sample.start)).isEmpty, "no more while two are on their way")
    // Each answer asks the next row's; a row out of view waits.
    var asking: [Effect] = []
    for id in 1...state.shared.visibleRows {
      let answered = MovieDetails(id: id, title: "Film \(id)")
      asking = Reducer.reduce(
        &state,
        .fetched(state.shared.filmRequest(id), .success(Fetched(value: .movie(answered), fetchedAt: Sample.start))))
    }
    #expect(ServiceRows.wanted(state).isEmpty, "every row in view asked, once")
    #expect(!asking.contains(.fetchInBackground(state.shared.filmRequest(40))), "a row out of view waits")
    #expect(state.shared.answers[state.shared.filmRequest(40)] == nil)
    // A failed one is not asked again by the rows (its row names nothing).
    state.shared.answers[state.shared.filmRequest(1)]?.fail(.timedOut(seconds: 10))
    #expect(ServiceRows.wanted(state).isEmpty)
  }
}
