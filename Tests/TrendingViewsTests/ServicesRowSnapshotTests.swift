import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

@Suite("On my services: each row names where it streams, once its details say")
struct ServicesRowSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  /// The services tab showing three films: one streams on Netflix, one on neither service, one unknown.
  static func servicesTab(_ size: Size) throws -> AppState {
    var state = Scenes.base(size)
    state.shared.region = "GB"
    state.shared.tabs = TabSet(services: ["Netflix", "MUBI"], servicesLine: 2, saved: [])
    state.shared.keys = state.shared.keys.showing(state.shared.tabs)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .key(.backTab))
    let request = try #require(state.shared.providersRequest)
    let table = ProviderTable(providers: [NamedID(id: 8, name: "Netflix"), NamedID(id: 11, name: "MUBI")])
    _ = Reducer.reduce(&state, .fetched(request, .success(Fetched(value: .providers(table), fetchedAt: Scenes.now))))
    let films = [
      MediaSummary(id: 41, title: "Streamed", voteAverage: 7.9, voteCount: 900),
      MediaSummary(id: 42, title: "Rented only", voteAverage: 6.5, voteCount: 400),
      MediaSummary(id: 43, title: "Unknown yet", voteAverage: 5.2, voteCount: 90),
    ]
    state.rootList.list = Loadable(value: Listing(firstPage: MediaPage(results: films)), fetchedAt: Scenes.now)
    state.rootList.selection = 0
    let netflix = [
      "GB": WatchProviders(subscription: ["Netflix", "Prime Video"]), "US": WatchProviders(subscription: ["MUBI"]),
    ]
    state.shared[film: 41] = Loadable(
      value: MovieDetails(id: 41, title: "Streamed", providers: netflix), fetchedAt: Scenes.now)
    let rented = ["GB": WatchProviders(subscription: ["Prime Video"], rent: ["Netflix"])]
    state.shared[film: 42] = Loadable(
      value: MovieDetails(id: 42, title: "Rented only", providers: rented), fetchedAt: Scenes.now)
    return state
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 160, height: 48)])
  func aRowNamesItsServiceOnlyWhenItsDetailsSaySo(size: Size) throws {
    let state = try Self.servicesTab(size)
    let text = Renderer.render(state).screen.plainText
    #expect(text.contains("Streamed · Netflix"))
    #expect(!text.contains("Streamed · Netflix, Prime") && !text.contains("MUBI ·"))
    #expect(text.contains("Rented only") && !text.contains("Rented only ·"))
    #expect(text.contains("Unknown yet") && !text.contains("Unknown yet ·"))
    ScreenSnapshotTests.check(state, "services-tab-rows")
  }

  /// A title too long for its column is cut so that where it streams stays whole beside it, muted;
  /// at 40 columns too, while the title keeps ten columns.
  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func aLongTitleIsCutToKeepItsServiceWhole(size: Size) throws {
    var state = try Self.servicesTab(size)
    let long = "Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb, the Director's Cut"
    let films = [MediaSummary(id: 41, title: long, voteAverage: 7.9, voteCount: 900)]
    state.rootList.list = Loadable(value: Listing(firstPage: MediaPage(results: films)), fetchedAt: Scenes.now)
    let screen = Renderer.render(state).screen
    let lines = screen.plainText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let row = try #require(lines.firstIndex { $0.contains("Dr. Strang") }, "\(lines)")
    let line = lines[row]
    #expect(line.contains("… · Netflix"), "\(line)")
    // The row is ASCII: its characters are its columns.
    let note = try #require(line.range(of: "Netflix"))
    let title = try #require(line.range(of: "Dr. Strang"))
    #expect(screen[row, line.distance(from: line.startIndex, to: note.lowerBound)].style.tone == .muted)
    #expect(screen[row, line.distance(from: line.startIndex, to: title.lowerBound)].style.tone == .normal)
  }

  @Test func otherTabsNeverNameAService() throws {
    let state = try Self.servicesTab(Size(width: 80, height: 24))
    let film = MediaSummary(id: 41, title: "Streamed")
    #expect(ListView.streamsOn(film, services: ListView.services(of: nil), state.shared) == nil)
    #expect(
      ListView.streamsOn(film, services: ListView.services(of: state.rootList.source.tab?.saved), state.shared)
        == "Netflix")
  }
}
