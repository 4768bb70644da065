import AmodbKit
import Foundation
import PosterKit
import TestSupport
import Testing

@testable import TrendingCore

@Suite("Posters")
struct PosterReducerTests {
  private func films(_ count: Int) -> MoviePage {
    MoviePage(results: (1...count).map { MovieSummary(id: $0, title: "Film \($0)", posterPath: "/p\($0).jpg") })
  }

  private func wideState() -> AppState {
    var state = AppState(language: "en-US", size: Size(width: 120, height: 30), now: Sample.start)
    state.shared.imagesEnabled = true
    _ = Reducer.reduce(&state, .start)
    return state
  }

  private let art = PosterArt(
    width: 1, height: 1, cells: [PosterCell(symbol: "▀", foreground: .indexed(1), background: .indexed(2))])

  @Test func theSelectedFilmsPosterIsFetchedOnWideLists() throws {
    var state = wideState()
    let effects = Reducer.reduce(
      &state, .listLoaded(ListPage(), .success(Sample.fetched(films(5)))))
    let box = try #require(PosterLayout.listBox(for: state.shared.size))
    let request = PosterRequest(path: "/p1.jpg", columns: box.width, rows: box.height)
    #expect(effects == [.after(PosterLogic.delay, .posterDue(request), id: .poster)])
    #expect(state.shared.posterInFlight == request)
    #expect(Reducer.reduce(&state, .posterDue(request)) == [.fetchPoster(request)])
    _ = Reducer.reduce(&state, .posterLoaded(request, art))
    #expect(state.shared.posters[request] == .loaded(art))
    #expect(state.shared.posterInFlight == nil)
  }

  @Test func movingOnCancelsThePosterNoLongerShown() throws {
    var state = wideState()
    _ = Reducer.reduce(&state, .listLoaded(ListPage(), .success(Sample.fetched(films(50)))))
    var fetches = 0
    var cancels = 0
    for _ in 0..<30 {
      for effect in Reducer.reduce(&state, .key(.character("j"))) {
        if case .after(_, .posterDue, .poster) = effect { fetches += 1 }
        if effect == .cancel(.poster) { cancels += 1 }
      }
      #expect(state.shared.posters.values.filter { $0 == .loading }.count == 1, "one download at a time")
    }
    #expect(fetches == 30)
    #expect(cancels == 30)
  }

  @Test func aLateAnswerForACancelledPosterIsIgnored() {
    var state = wideState()
    _ = Reducer.reduce(&state, .listLoaded(ListPage(), .success(Sample.fetched(films(5)))))
    let first = state.shared.posterInFlight
    _ = Reducer.reduce(&state, .key(.down))
    if let first { _ = Reducer.reduce(&state, .posterLoaded(first, art)) }
    #expect(first.map { state.shared.posters[$0] } == .some(nil))
  }

  @Test func narrowListsAndDisabledImagesFetchNothing() {
    var narrow = Sample.state(size: Size(width: 80, height: 24))
    narrow.shared.imagesEnabled = true
    _ = Reducer.reduce(&narrow, .start)
    let effects = Reducer.reduce(
      &narrow, .listLoaded(ListPage(), .success(Sample.fetched(films(5)))))
    #expect(effects.isEmpty)
    var off = wideState()
    off.shared.imagesEnabled = false
    #expect(
      Reducer.reduce(&off, .listLoaded(ListPage(), .success(Sample.fetched(films(5))))).isEmpty
    )
  }

  @Test func theDetailScreenAsksForItsOwnBox() throws {
    var state = wideState()
    _ = Reducer.reduce(&state, .listLoaded(ListPage(), .success(Sample.fetched(films(5)))))
    let effects = Reducer.reduce(&state, .key(.enter))
    let layout = try #require(PosterLayout.detailBox(for: state.shared.size))
    #expect(layout.beside)
    let request = PosterRequest(path: "/p1.jpg", columns: layout.box.width, rows: layout.box.height)
    #expect(effects.contains(.after(PosterLogic.delay, .posterDue(request), id: .poster)))
    #expect(effects.contains(.fetchFilm(1)))
  }

  @Test func filmsWithoutPostersFetchNothing() {
    var state = wideState()
    let page = MoviePage(results: [MovieSummary(id: 1, title: "No poster")])
    #expect(
      Reducer.reduce(&state, .listLoaded(ListPage(), .success(Sample.fetched(page)))).isEmpty)
  }

  @Test func aToBToAWithinTheDelayLeavesOneWaitAndNoOrphan() throws {
    // The old runner cleared its task table by request value: A → B → A inside the 120 ms left
    // a download nobody could cancel. Now the one identity `.poster` carries every step.
    var state = wideState()
    _ = Reducer.reduce(&state, .listLoaded(ListPage(), .success(Sample.fetched(films(5)))))
    let first = try #require(state.shared.posterInFlight)
    let toB = Reducer.reduce(&state, .key(.down))
    let second = try #require(state.shared.posterInFlight)
    let toA = Reducer.reduce(&state, .key(.up))
    #expect(toB == [.cancel(.poster), .after(PosterLogic.delay, .posterDue(second), id: .poster)])
    #expect(toA == [.cancel(.poster), .after(PosterLogic.delay, .posterDue(first), id: .poster)])
    #expect(Set((toB + toA).compactMap(\.id)) == [.poster], "every poster step shares one identity")
    #expect(Reducer.reduce(&state, .posterDue(second)).isEmpty, "a stale wait fetches nothing")
    #expect(Reducer.reduce(&state, .posterDue(first)) == [.fetchPoster(first)])
  }
}
