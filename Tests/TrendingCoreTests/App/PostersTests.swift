import AmodbKit
import Foundation
import PosterKit
import TestSupport
import Testing

@testable import TrendingCore

@Suite("Posters")
struct PosterReducerTests {
  private func films(_ count: Int) -> MediaPage {
    MediaPage(results: (1...count).map { MediaSummary(id: $0, title: "Film \($0)", posterPath: "/p\($0).jpg") })
  }

  /// A wide list with posters on, its first page asked for.
  private func wideStore() -> TestStore {
    var state = AppState(language: "en-US", size: Size(width: 120, height: 30), now: Sample.start)
    state.shared.imagesEnabled = true
    var store = TestStore(state)
    store.send(.start, effects: [.loadMarks, .fetchList(ListPage())]) { $0.rootList.list.begin() }
    return store
  }

  /// The list's poster box for the film with this id.
  private func listPoster(_ id: Int, _ state: AppState) throws -> PosterRequest {
    let box = try #require(PosterLayout.listBox(for: state.shared.size))
    return PosterRequest(path: "/p\(id).jpg", columns: box.width, rows: box.height)
  }

  /// The first page answered, its first poster waited for.
  private func loaded(_ count: Int, _ store: inout TestStore) throws -> PosterRequest {
    let request = try listPoster(1, store.state)
    store.send(
      .listLoaded(ListPage(), .success(Sample.fetched(films(count)))),
      effects: [.after(PosterLogic.delay, .posterDue(request), id: .poster)]
    ) {
      $0.rootList.list.succeed(Listing(firstPage: films(count)), at: Sample.start)
      $0.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 30)
      $0.shared.posters = [request: .loading]
      $0.shared.posterInFlight = request
      $0.shared.posterTrail.wanted = request
    }
    return request
  }

  private let art = PosterArt(
    width: 1, height: 1, cells: [PosterCell(symbol: "▀", foreground: .indexed(1), background: .indexed(2))])

  @Test func theSelectedFilmsPosterIsFetchedOnWideLists() throws {
    var store = wideStore()
    let request = try loaded(5, &store)
    let next = try listPoster(2, store.state)
    store.send(.posterDue(request), effects: [.fetchPoster(request)])
    // Once it is in, the row below's is decoded ahead (the first row has none above).
    store.send(.posterLoaded(request, art), effects: [.after(PosterLogic.delay, .posterDue(next), id: .posterAhead)]) {
      $0.shared.posters[request] = .loaded(art)
      $0.shared.posterInFlight = nil
      $0.shared.posters[next] = .loading
      $0.shared.posterTrail.ahead = next
    }
    store.send(.posterDue(next), effects: [.fetchPosterAhead(next)])
  }

  @Test func aMoveToANeighbourDecodedAheadShowsItAtOnceAndDecodesTheNext() throws {
    var store = wideStore()
    let first = try loaded(5, &store)
    let second = try listPoster(2, store.state)
    let third = try listPoster(3, store.state)
    store.send(.posterDue(first), effects: [.fetchPoster(first)])
    store.send(.posterLoaded(first, art), effects: [.after(PosterLogic.delay, .posterDue(second), id: .posterAhead)]) {
      $0.shared.posters = [first: .loaded(art), second: .loading]
      $0.shared.posterInFlight = nil
      $0.shared.posterTrail.ahead = second
    }
    store.send(.posterLoaded(second, art)) {
      $0.shared.posters[second] = .loaded(art)
      $0.shared.posterTrail.ahead = nil
    }
    // Down: nothing to wait for; the row after it is decoded ahead, the one before is had.
    store.send(.key(.down), effects: [.after(PosterLogic.delay, .posterDue(third), id: .posterAhead)]) {
      $0.rootList.selection = 1
      $0.shared.posters[third] = .loading
      $0.shared.posterTrail = PosterTrail()
      $0.shared.posterTrail.wanted = second
      $0.shared.posterTrail.standIn = first
      $0.shared.posterTrail.ahead = third
    }
    #expect(store.state.shared.shown(second, slot: store.state.shared.posters[second]) == .loaded(art))
  }

  @Test func whileTheNextPosterLoadsTheBoxKeepsTheOneItShowed() throws {
    var store = wideStore()
    let first = try loaded(50, &store)
    let second = try listPoster(2, store.state)
    let tenth = try listPoster(10, store.state)
    store.send(.posterDue(first), effects: [.fetchPoster(first)])
    store.send(.posterLoaded(first, art), effects: [.after(PosterLogic.delay, .posterDue(second), id: .posterAhead)]) {
      $0.shared.posters = [first: .loaded(art), second: .loading]
      $0.shared.posterInFlight = nil
      $0.shared.posterTrail.ahead = second
    }
    var state = store.state
    for _ in 1...9 { _ = Reducer.reduce(&state, .key(.down)) }
    #expect(state.shared.posterTrail.wanted == tenth)
    #expect(state.shared.posterTrail.standIn == first, "the last poster drawn stands in")
    #expect(state.shared.posters[tenth] == .loading)
    #expect(state.shared.posterTrail.ahead == nil, "nothing ahead while the wanted one loads")
    #expect(state.shared.shown(tenth, slot: .loading) == .loaded(art), "the box keeps Film 1's poster")
    let other = PosterRequest(path: "/p10.jpg", columns: 3, rows: 2)
    #expect(state.shared.shown(other, slot: .loading) == .loading, "not in a box of another size")
  }

  @Test func movingOnCancelsThePosterNoLongerShown() throws {
    var store = wideStore()
    var previous = try loaded(50, &store)
    for row in 1...30 {
      let next = try listPoster(row + 1, store.state)
      // One download at a time: the one no longer shown is cancelled and let go.
      store.step(
        .key(.character("j")), effects: [.cancel(.poster), .after(PosterLogic.delay, .posterDue(next), id: .poster)]
      ) {
        $0.shared.posters[previous] = nil
        $0.shared.posters[next] = .loading
        $0.shared.posterInFlight = next
        $0.shared.posterTrail.wanted = next
      }
      #expect(store.state.shared.posters.values.filter { $0 == .loading }.count == 1)
      previous = next
    }
  }

  @Test func aLateAnswerForACancelledPosterIsIgnored() throws {
    var store = wideStore()
    let first = try loaded(5, &store)
    let second = try listPoster(2, store.state)
    store.send(.key(.down), effects: [.cancel(.poster), .after(PosterLogic.delay, .posterDue(second), id: .poster)]) {
      $0.rootList.selection = 1
      $0.shared.posters = [second: .loading]
      $0.shared.posterInFlight = second
      $0.shared.posterTrail.wanted = second
    }
    store.send(.posterLoaded(first, art))
  }

  @Test func narrowListsAndDisabledImagesFetchNothing() {
    var narrow = Sample.state(size: Size(width: 80, height: 24))
    narrow.shared.imagesEnabled = true
    var store = TestStore(narrow)
    store.send(.start, effects: [.loadMarks, .fetchList(ListPage())]) { $0.rootList.list.begin() }
    store.send(.listLoaded(ListPage(), .success(Sample.fetched(films(5))))) {
      $0.rootList.list.succeed(Listing(firstPage: films(5)), at: Sample.start)
      $0.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 30)
    }
    var wide = Sample.state(size: Size(width: 120, height: 30))
    wide.shared.imagesEnabled = false
    var off = TestStore(wide)
    off.send(.start, effects: [.loadMarks, .fetchList(ListPage())]) { $0.rootList.list.begin() }
    off.send(.listLoaded(ListPage(), .success(Sample.fetched(films(5))))) {
      $0.rootList.list.succeed(Listing(firstPage: films(5)), at: Sample.start)
      $0.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 30)
    }
  }

  @Test func theDetailScreenAsksForItsOwnBox() throws {
    var store = wideStore()
    let listed = try loaded(5, &store)
    let layout = try #require(PosterLayout.detailBox(for: store.state.shared.size))
    #expect(layout.beside)
    let request = PosterRequest(path: "/p1.jpg", columns: layout.box.width, rows: layout.box.height)
    store.send(
      .key(.enter),
      effects: [.fetchFilm(1), .cancel(.poster), .after(PosterLogic.delay, .posterDue(request), id: .poster)]
    ) {
      $0.push(.film(FilmScreen(id: 1, known: films(5).results[0])))
      $0.shared[film: 1] = Loadable()
      $0.shared[film: 1]?.begin()
      $0.shared.posters = [request: .loading]
      $0.shared.posterInFlight = request
      $0.shared.posterTrail.wanted = request
    }
    #expect(listed != request)
  }

  @Test func filmsWithoutPostersFetchNothing() {
    var store = wideStore()
    let page = MediaPage(results: [MediaSummary(id: 1, title: "No poster")])
    store.send(.listLoaded(ListPage(), .success(Sample.fetched(page)))) {
      $0.rootList.list.succeed(Listing(firstPage: page), at: Sample.start)
      $0.shared.rateLimit = RateLimitStatus(limit: 40, remaining: 30)
    }
  }

  @Test func aToBToAWithinTheDelayLeavesOneWaitAndNoOrphan() throws {
    // The old runner cleared its task table by request value: A → B → A inside the 120 ms left
    // a download nobody could cancel. Now the one identity `.poster` carries every step.
    var store = wideStore()
    let first = try loaded(5, &store)
    let second = try listPoster(2, store.state)
    store.send(.key(.down), effects: [.cancel(.poster), .after(PosterLogic.delay, .posterDue(second), id: .poster)]) {
      $0.rootList.selection = 1
      $0.shared.posters = [second: .loading]
      $0.shared.posterInFlight = second
      $0.shared.posterTrail.wanted = second
    }
    store.send(.key(.up), effects: [.cancel(.poster), .after(PosterLogic.delay, .posterDue(first), id: .poster)]) {
      $0.rootList.selection = 0
      $0.shared.posters = [first: .loading]
      $0.shared.posterInFlight = first
      $0.shared.posterTrail.wanted = first
    }
    // A stale wait fetches nothing; the current one fetches.
    store.send(.posterDue(second))
    store.send(.posterDue(first), effects: [.fetchPoster(first)])
  }
}
