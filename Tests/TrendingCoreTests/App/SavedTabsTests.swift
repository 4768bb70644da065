import AmodbKit
import Foundation
import Localization
import TestSupport
import Testing

@testable import TrendingCore

/// Saved tabs and "On my services": the settings lines, the tab set, the services' resolution and
/// the exact discover query each tab fetches.
@Suite("Saved tabs and services")
struct SavedTabsTests {
  static let file = """
    set region GB
    set services Netflix, mubi
    tab "Korean thrillers" genre=Thriller language=ko min-score=7
    tab "Old" yeer=1990
    tab "Series" kind=tv genre="Sci-Fi & Fantasy",Drama year=2015..2024 sort=score
    """

  /// The region's providers as amodb answers them.
  static let providers = ProviderTable(providers: [NamedID(id: 8, name: "Netflix"), NamedID(id: 11, name: "MUBI")])

  @Test func tabLinesAndServicesAreRead() throws {
    let settings = Settings(parsing: Self.file)
    #expect(settings.services == ["Netflix", "mubi"] && settings.servicesLine == 2)
    #expect(settings.savedTabs.map(\.title) == ["Korean thrillers", "Series"], "the bad line costs only itself")
    let problem = try #require(settings.problems.first)
    #expect(problem.line == 4)
    #expect(problem.message.contains("unknown key 'yeer'") && problem.message.contains("did you mean 'year'?"))
    let score = Settings(parsing: #"tab "High" min-score=11"#).problems.first?.message
    #expect(
      score?.contains("min-score must be a number from 0 to 10, not '11'") == true, "the key, as the line writes it")
    let thrillers = settings.savedTabs[0].filter
    #expect(thrillers.genres == [NamedID(id: 53, name: "Thriller")] && thrillers.originalLanguage == "ko")
    #expect(thrillers.minimumScore == 7)
    let series = settings.savedTabs[1].filter
    #expect(series.media == .series && series.genres.map(\.id) == [10765, 18] && series.sort == .score)
    #expect(series.years == OpenRange(2015, 2024))
  }

  @Test func genresAreNamedInAnyInterfaceLanguage() {
    let russian = Translator.catalogue(for: "ru")
    let name = Translator.$override.withValue(russian) { Genres.name(53) } ?? ""
    #expect(name != "Thriller", "the Russian catalogue names the genre")
    #expect((try? GenreNames.resolve([name.uppercased()], media: .film).get())?.map(\.id) == [53])
    let typo = Settings(parsing: #"tab "X" genre=Thrilerr"#)
    #expect(typo.problems.first?.message.contains("did you mean “Thriller”?") == true, "\(typo.problems)")
  }

  @Test func savedTabsFollowTheBuiltInTabsWithTheirNumberKeys() throws {
    let settings = Settings(parsing: Self.file)
    let tabs = TabSet(services: settings.services, servicesLine: settings.servicesLine, saved: settings.savedTabs)
    let films = tabs.shown(.film)
    #expect(films.prefix(9) == Tab.shown(.film).map(\.kind)[...], "the built-in tabs keep their numbers")
    #expect(films.dropFirst(9).map(\.title) == ["On my services", "Korean thrillers"])
    #expect(tabs.shown(.series).last?.title == "Series", "kind=tv is a series tab")
    let keys = KeyTable.standard.showing(tabs)
    #expect(keys.command(for: .character("9"), in: .list) == .tab(9))
    #expect(keys.bindings.first { $0.command == .tab(9) }?.help == "Recently rated / For you")
    #expect(keys.command(for: .character("0"), in: .list) == .tab(10), "0, the tenth key of the row, the tenth tab")
    #expect(!keys.bindings.contains { $0.command == .tab(11) }, "ten number keys: the eleventh tab is reached by Tab")
    #expect(
      keys.bindings.filter { $0.command == .tab(1) }.count == 1, "the built-in number keys are replaced, not doubled")
  }

  @Test func theServicesTabAsksForSubscriptionsOnTheServicesByID() throws {
    let tab = SavedTab.services(["netflix", "MUBI"], line: 2)
    var table = Loadable<APIAnswer>()
    table.succeed(.providers(Self.providers), at: Date(timeIntervalSince1970: 0))
    let request = try #require(
      ListSource.tab(.saved(tab)).request(window: .week, page: 1, language: "en-GB", region: "GB", providers: table))
    guard case .discover(let discover) = request else {
      Issue.record("not a discover request: \(request)")
      return
    }
    let items = Dictionary(uniqueKeysWithValues: discover.queryItems.map { ($0.name, $0.value ?? "") })
    #expect(items["with_watch_providers"] == "8|11" && items["watch_region"] == "GB")
    #expect(items["with_watch_monetization_types"] == "flatrate")
    #expect(
      ListSource.tab(.saved(tab)).request(window: .week, page: 1, language: "en-GB", region: "GB") == nil,
      "no request until the provider table is known")
  }

  @Test func anUnknownServiceSaysSoWithItsLineAndASuggestion() {
    var table = Loadable<APIAnswer>()
    table.succeed(.providers(Self.providers), at: Date(timeIntervalSince1970: 0))
    let resolution = SavedTab.services(["Netflx"], line: 2).resolve(table, region: "GB")
    #expect(resolution.message == "settings line 2: no service “Netflx” in GB; did you mean “Netflix”?")
    var empty = Loadable<APIAnswer>()
    empty.succeed(.providers(ProviderTable(providers: [])), at: Date(timeIntervalSince1970: 0))
    #expect(SavedTab.services(["Netflix"], line: 2).resolve(empty, region: "ZZ") == .noData(region: "ZZ"))
    #expect(SavedTab.services(["Netflix"], line: 2).resolve(nil, region: "GB") == .waiting)
  }

  @Test func theSavedTabShownByNameFromThePaletteFetchesItsExactQuery() {
    let settings = Settings(parsing: Self.file)
    var state = AppState(language: "en-US", region: "GB", size: Size(width: 80, height: 24), now: Sample.start)
    state.shared.tabs = TabSet(services: [], saved: settings.savedTabs)
    state.shared.keys = state.shared.keys.showing(state.shared.tabs)
    var store = TestStore(state)
    let kind = ListKind.saved(settings.savedTabs[0])
    var filter = DiscoverFilter()
    filter.genres = [NamedID(id: 53, name: "Thriller")]
    filter.originalLanguage = "ko"
    filter.minimumScore = 7
    let request = APIRequest.discover(DiscoverRequest(filter: filter, page: 1, language: "en-US", region: "GB"))
    // Past the nine number keys, the palette finds it by its name.
    store.send(.key(.character(":")), effects: [.readLocal(.listNames)]) { $0.palette = PaletteBox() }
    for (index, character) in "korean".enumerated() {
      store.send(.key(.character(character))) { $0.palette?.text = String("korean".prefix(index + 1)) }
    }
    #expect(PaletteLogic.entries(store.state).first?.command == .tab(10))
    store.send(.key(.enter), effects: [.fetch(request, keptFirst: true)]) { state in
      state.palette = nil
      state.tabs[.trending] = state.rootList
      var list = ListScreen(kind: kind, window: .week)
      list.list.begin()
      state.rootList = list
    }
  }
}
