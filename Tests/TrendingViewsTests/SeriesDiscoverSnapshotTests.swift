import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

@Suite("Snapshots: the f form of series and its list")
struct SeriesDiscoverSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  static let sizes = [Size(width: 80, height: 24), Size(width: 160, height: 48), Size(width: 250, height: 70)]
  static let sciFi = NamedID(id: 10765, name: "Sci-Fi & Fantasy")
  static let animation = NamedID(id: 16, name: "Animation")

  private func check(_ state: AppState, _ name: String) {
    let screen = Renderer.render(state).screen
    let size = "\(state.shared.size.width)x\(state.shared.size.height)"
    assertSnapshot(ChromeMask.bodyText(screen, state), named: "\(name)-\(size)")
  }

  /// The series tab with `f` open: series genres and services answered, Sci-Fi with, Animation
  /// without, a status chosen and a year half typed.
  private func form(_ size: Size) -> AppState {
    var state = SeriesScenes.tab(size)
    state.shared.region = "US"
    _ = Reducer.reduce(&state, .key(.character("f")))
    let genres = GenreTable(genres: [
      NamedID(id: 10759, name: "Action & Adventure"), Self.animation, NamedID(id: 18, name: "Drama"), Self.sciFi,
    ])
    _ = Reducer.reduce(
      &state,
      .fetched(state.shared.genresRequest(.series), .success(Fetched(value: .genres(genres), fetchedAt: Scenes.now))))
    let services = ProviderTable(providers: [NamedID(id: 8, name: "Netflix"), NamedID(id: 1899, name: "Max")])
    if let request = state.shared.providersRequest(.series) {
      _ = Reducer.reduce(
        &state, .fetched(request, .success(Fetched(value: .providers(services), fetchedAt: Scenes.now))))
    }
    state.change(DiscoverForm.self) { form in
      form.filter.genres = [Self.sciFi]
      form.filter.withoutGenres = [Self.animation]
      form.filter.status = .returning
      form.filter.services = [NamedID(id: 1899, name: "Max")]
    }
    for digit in "201" { _ = Reducer.reduce(&state, .key(.character(digit))) }
    return state
  }

  @Test(arguments: sizes)
  func theSeriesFormOverTheSeriesTab(size: Size) {
    let state = form(size)
    check(state, "series-discover-form")
    let text = Renderer.render(state).screen.plainText
    #expect(text.contains("Filter series") && text.contains("First aired from") && text.contains("201▏"))
    #expect(!text.contains("Rated up to"))
  }

  @Test(arguments: sizes)
  func theSeriesListNamesItselfOnceAndReadsTheFilter(size: Size) {
    var state = form(size)
    _ = Reducer.reduce(&state, .key(.character("3")))
    let effects = Reducer.reduce(&state, .key(.enter))
    guard case .fetch(let request, _)? = effects.first, case .discover(let asked) = request else {
      Issue.record("no discover: \(effects)")
      return
    }
    #expect(asked.path == "/discover/tv")
    let page = MediaPage(results: Array(SeriesScenes.series.prefix(3)))
    _ = Reducer.reduce(&state, .fetched(request, .success(Fetched(value: .page(page), fetchedAt: Scenes.now))))
    check(state, "series-discover-list")
    let text = Renderer.render(state).screen.plainText
    #expect(text.contains("Series") && !text.contains("All films"))
    let summary = "Sci-Fi & Fantasy · not Animation · from 2013 · returning · on Max"
    #expect(text.components(separatedBy: summary).count == 2)
  }
}
