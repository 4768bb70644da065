import AmodbKit
import Foundation
import Localization
import TestSupport
import Testing

@testable import TrendingCore

/// The bugs issue 33 found by reading, each pinned, and the one table of screen kinds.
@Suite("Commands, screen kinds and what the state keeps")
struct FoundationsTests {
  @Test func everyCommandIsListedOnceByAStableName() {
    let names = Command.allCases.map(\.name)
    #expect(Set(Command.allCases).count == Command.allCases.count, "a command listed twice: \(names)")
    #expect(names.filter { $0 == "discover" }.count == 1)
    // The names users write in their files, spelled out: renaming a Swift case must not change one.
    #expect(
      Array(names.prefix(44)) == [
        "move-down", "move-up", "page-down", "page-up", "half-page-down", "half-page-up", "first", "last", "open",
        "back", "refresh", "toggle-window", "help", "redraw", "suspend", "quit", "search", "sort",
        "toggle-watchlist", "toggle-seen", "mark-up-to-here", "hide-seen", "not-interested", "rate", "note",
        "add-to-list", "remove-from-list", "undo", "up-next", "open-in-browser", "copy-link", "copy-title", "next-tab",
        "previous-tab", "palette", "filter", "toggle-media", "discover", "for-you", "pick", "play-trailer", "play-file",
        "next-episode", "previous-episode",
      ])
    #expect(names.dropFirst(44).allSatisfy { $0.hasPrefix("tab-") })
  }

  @Test func screensAnswerNotMineForCommandsTheyDoNotOffer() {
    var shared = Sample.state().shared
    var chooser = LinkChooser(pages: [.film(1), .imdb("tt1")])
    #expect(chooser.perform(.sort, &shared) == nil)
    #expect(chooser.perform(.moveDown, &shared) == .nothing && chooser.selection == 1)
    var film = FilmScreen(id: 1)
    #expect(film.perform(.toggleWindow, &shared) == nil, "a document has no today/week")
    #expect(film.perform(.back, &shared) == Reaction(go: .pop))
  }

  @Test func helpTranslatesANumberKeysTabNamesEachOnItsOwn() {
    let russian = Translator.catalogue(for: "ru")
    let lines = Translator.$override.withValue(russian) { KeyTable.standard.helpLines(in: .list) }
    let meanings = lines.compactMap { line -> String? in
      if case .binding(_, let meaning) = line { return meaning }
      return nil
    }
    let media = Translator.$override.withValue(russian) { tr("films / series: the other set of tabs") }
    #expect(media != "films / series: the other set of tabs", "the catalogue has the sentence")
    #expect(meanings.contains(media), "the sentence is translated whole, not split at its slash")
    let four = Translator.$override.withValue(russian) { tr("Now playing") + " / " + tr("On the air") }
    #expect(meanings.contains(four))
    #expect(!meanings.contains { $0.contains("series:") })
  }

  @Test func lettingGoOfUnshownDetailsKeepsTheTablesTabsNeed() {
    var state = Sample.state()
    state.shared.region = "US"
    let genres = state.shared.genresRequest
    let providers = APIRequest.providers(ProviderListRequest(region: "US", language: state.shared.language))
    var table = Loadable<APIAnswer>()
    table.succeed(.genres(GenreTable(genres: [NamedID(id: 53, name: "Thriller")])), at: Sample.start)
    state.shared.answers[genres] = table
    var services = Loadable<APIAnswer>()
    services.succeed(.providers(ProviderTable(providers: [NamedID(id: 8, name: "Netflix")])), at: Sample.start)
    state.shared.answers[providers] = services
    for id in 1...(AppState.keptDetailsLimit + 5) {
      var person = Loadable<APIAnswer>()
      person.succeed(.person(PersonDetails(id: id, name: "P\(id)")), at: Sample.start)
      state.shared.answers[state.shared.personRequest(id)] = person
    }
    state.forgetUnshownDetails()
    #expect(state.shared.answers[genres]?.value != nil, "the genre table stays")
    #expect(state.shared.answers[providers]?.value != nil, "the provider table stays")
    #expect(state.shared.answers.keys.filter { if case .person = $0 { return true } else { return false } }.isEmpty)
  }

  @Test func twoSavedTabsOfOneTitleAreTwoTabs() {
    let settings = Settings(parsing: "tab \"Mine\" genre=Thriller\ntab \"Mine\" genre=Comedy")
    let tabs = settings.savedTabs.map(ListKind.saved)
    #expect(tabs.count == 2 && tabs[0] != tabs[1] && tabs[0].rawValue != tabs[1].rawValue)
    var state = Sample.loaded()
    state.shared.tabs = TabSet(services: [], saved: settings.savedTabs)
    _ = Reducer.perform(.app(.tab(state.shared.tabs.number(of: tabs[0]))), &state)
    #expect(state.activeTab == tabs[0])
    _ = Reducer.perform(.app(.tab(state.shared.tabs.number(of: tabs[1]))), &state)
    #expect(state.activeTab == tabs[1], "the second tab shows, not the first again")
    #expect(state.tabs[tabs[0]] != nil, "the first is kept aside as left")
  }

  @Test func theScreenKindsTableGivesTheDocumentsAndTheSettingsNames() {
    #expect(KeyTable.documents.isSuperset(of: [.film, .person, .series, .season, .episode, .collection]))
    #expect(KeyTable.documents.isDisjoint(with: [.list, .search, .palette, .filter, .form, .chooser]))
    #expect(KeyTable.pages == KeyTable.documents.union([.list]))
    for context in KeyContext.allCases { #expect(KeyContext(name: context.name) == context) }
    let message = Settings(parsing: "bind nowhere x open").problems.first?.message ?? ""
    #expect(message.hasSuffix(KeyContext.settingsNames), "\(message)")
    #expect(KeyContext.settingsNames.hasPrefix("all, list, film, person, series, season, episode"))
  }

  @Test func theREADMEsBindLineNamesEveryScreen() throws {
    let readme = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("# screens: \(KeyContext.settingsNames); commands as"))
  }
}
