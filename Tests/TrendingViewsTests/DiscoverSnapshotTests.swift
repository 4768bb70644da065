import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

@Suite("Snapshots: the f form and the discover list")
struct DiscoverSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  private func check(_ state: AppState, _ name: String) {
    let screen = Renderer.render(state).screen
    let size = "\(state.shared.size.width)x\(state.shared.size.height)"
    assertSnapshot(ChromeMask.bodyText(screen, state), named: "\(name)-\(size)")
  }

  /// The list with the form open over it, two genres taken in and a score chosen.
  private func form(_ size: Size) -> AppState {
    var state = Scenes.list(size)
    state.shared.region = "US"
    _ = Reducer.reduce(&state, .key(.character("f")))
    let genres = GenreTable(genres: [NamedID(id: 53, name: "Thriller"), NamedID(id: 80, name: "Crime")])
    _ = Reducer.reduce(
      &state, .fetched(state.shared.genresRequest, .success(Fetched(value: .genres(genres), fetchedAt: Scenes.now))))
    let services = ProviderTable(providers: [NamedID(id: 8, name: "Netflix"), NamedID(id: 11, name: "MUBI")])
    if let request = state.shared.providersRequest {
      _ = Reducer.reduce(
        &state, .fetched(request, .success(Fetched(value: .providers(services), fetchedAt: Scenes.now))))
    }
    state.change(DiscoverForm.self) { form in
      form.filter.genres = [NamedID(id: 53, name: "Thriller")]
      form.filter.years = OpenRange(2015, 2024)
      form.filter.minimumScore = 7
      form.filter.services = [NamedID(id: 8, name: "Netflix")]
      form.selection = 2
    }
    return state
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func theFormOverTheList(size: Size) {
    check(form(size), "discover-form")
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func theFormScrolledToTheServices(size: Size) {
    var state = form(size)
    _ = Reducer.reduce(&state, .key(.end))
    _ = Reducer.reduce(&state, .key(.up))
    check(state, "discover-form-services")
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func theListReadsTheFilterBack(size: Size) {
    var state = form(size)
    let effects = Reducer.reduce(&state, .key(.enter))
    guard case .fetch(let request, _)? = effects.first else {
      Issue.record("no fetch: \(effects)")
      return
    }
    let page = MediaPage(results: Array(Scenes.films.prefix(4)))
    _ = Reducer.reduce(&state, .fetched(request, .success(Fetched(value: .page(page), fetchedAt: Scenes.now))))
    check(state, "discover-list")
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func anEmptyRegionIsExplained(size: Size) {
    var state = form(size)
    let effects = Reducer.reduce(&state, .key(.enter))
    guard case .fetch(let request, _)? = effects.first else {
      Issue.record("no fetch: \(effects)")
      return
    }
    let page = MediaPage(results: [])
    _ = Reducer.reduce(&state, .fetched(request, .success(Fetched(value: .page(page), fetchedAt: Scenes.now))))
    check(state, "discover-empty-services")
    // A region amodb has no provider data for says so, with the region.
    if let providers = state.shared.providersRequest {
      let none = Fetched(value: APIAnswer.providers(ProviderTable(providers: [])), fetchedAt: Scenes.now)
      _ = Reducer.reduce(&state, .fetched(providers, .success(none)))
    }
    check(state, "discover-empty-region")
    #expect(Renderer.render(state).screen.plainText.contains("films in US."))
  }

  /// The "On my services" tab before the region's services are known, and once they are known to be none.
  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func theOnMyServicesTabSaysWhatItWaitsFor(size: Size) {
    var state = Scenes.base(size)
    state.shared.region = "GB"
    state.shared.tabs = TabSet(services: ["Netflix", "MUBI"], servicesLine: 2, saved: [])
    state.shared.keys = state.shared.keys.showing(state.shared.tabs)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .key(.backTab))
    check(state, "services-tab-waiting")
    if let request = state.shared.providersRequest {
      _ = Reducer.reduce(
        &state,
        .fetched(request, .success(Fetched(value: .providers(ProviderTable(providers: [])), fetchedAt: Scenes.now))))
    }
    check(state, "services-tab-no-data")
  }
}
