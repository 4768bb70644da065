import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The film screen's keywords, studios, review and web links")
struct FilmLinksTests {
  static let timeTravel = NamedID(id: 4379, name: "time travel")
  static let a24 = NamedID(id: 41077, name: "A24")

  /// A loaded tab in the US with film 1 open and loaded, its links laid out as `links`.
  private func store(links: [LinkTarget]) -> TestStore {
    var state = Sample.loaded(3)
    state.shared.region = "US"
    var store = TestStore(state)
    store.openSelectedFilm()
    var film = MovieDetails(id: 1, title: "Film 1")
    film.keywords = [Self.timeTravel]
    film.companies = [Self.a24]
    store.send(.filmLoaded(1, .success(Sample.fetched(film)))) { $0.shared[film: 1]?.succeed(film, at: Sample.start) }
    let layout = DocumentLayout(
      maxScroll: 0, links: links.enumerated().map { DocumentLink(line: 10 + $0.offset, target: $0.element) })
    store.send(.documentLayout(layout)) { $0.cursor?.layout = layout }
    return store
  }

  private func discover(_ filter: DiscoverFilter) -> APIRequest {
    .discover(DiscoverRequest(filter: filter, page: 1, language: ListPage.language, region: "US"))
  }

  /// A discover request's query as `name=value` items, after the language and page.
  private func criteria(_ filter: DiscoverFilter) -> [String] {
    DiscoverRequest(filter: filter, page: 1, language: ListPage.language, region: "US").queryItems.dropFirst(2).map {
      "\($0.name)=\($0.value ?? "")"
    }
  }

  @Test func aKeywordOpensItsDiscoverListWithTheExactRequest() {
    var store = store(links: [.discover(.keyword(Self.timeTravel)), .discover(.company(Self.a24))])
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    var list = ListScreen(source: .discover(.keyword(Self.timeTravel)))
    list.list.begin()
    let request = discover(.keyword(Self.timeTravel))
    store.send(.key(.enter), effects: [.fetch(request, keptFirst: true)]) { $0.push(.list(list)) }
    #expect(store.state.stack.count == 3, "pushed above the film, so Esc returns to it")
    #expect(list.source.title == "Keyword: time travel")
    #expect(
      criteria(.keyword(Self.timeTravel)) == ["sort_by=popularity.desc", "with_keywords=4379"],
      "most popular films with the keyword, nothing else")
    store.send(.key(.escape)) { $0.pop() }
    #expect(store.state.top is FilmScreen)
  }

  @Test func aStudioOpensItsDiscoverList() {
    var store = store(links: [.discover(.keyword(Self.timeTravel)), .discover(.company(Self.a24))])
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    store.send(.key(.down)) { $0.cursor?.selected = 1 }
    var list = ListScreen(source: .discover(.company(Self.a24)))
    list.list.begin()
    let request = discover(.company(Self.a24))
    store.send(.key(.enter), effects: [.fetch(request, keptFirst: true)]) { $0.push(.list(list)) }
    #expect(list.source.title == "Studio: A24")
    #expect(criteria(.company(Self.a24)) == ["sort_by=popularity.desc", "with_companies=41077"])
  }

  @Test func aKeywordWithOtherCriteriaIsReadAsAFilter() {
    var filter = DiscoverFilter.keyword(Self.timeTravel)
    filter.minimumScore = 7
    #expect(filter.linkHeading == nil)
    #expect(filter.summary == "≥ 7.0 · #time travel")
  }

  @Test func theReviewExpandsInPlaceAndAWebLinkOpensTheBrowser() {
    let imdb = WebPage.imdb("tt0137523")
    var store = store(links: [.expand, .web(imdb)])
    store.send(.key(.down)) { $0.cursor?.selected = 0 }
    store.send(.key(.enter)) { $0.change(FilmScreen.self) { $0.reviewExpanded = true } }
    store.send(.key(.enter)) { $0.change(FilmScreen.self) { $0.reviewExpanded = false } }
    store.send(.key(.down)) { $0.cursor?.selected = 1 }
    store.send(.key(.enter), effects: [.openURL("https://www.imdb.com/title/tt0137523/")]) {
      $0.shared.say("Opening https://www.imdb.com/title/tt0137523/", .link)
    }
  }

  @Test func theFilmsPagesAreTMDBsThenIMDbsThenItsOwn() {
    var film = MovieDetails(id: 550, title: "Fight Club", imdbID: "tt0137523")
    #expect(film.webPages == [.film(550), .imdb("tt0137523")])
    film.homepage = "http://www.foxmovies.com/movies/fight-club"
    #expect(film.webPages.last == .homepage("http://www.foxmovies.com/movies/fight-club"))
    #expect(MovieDetails(id: 7, title: "T").webPages == [.film(7)])
  }

  @Test func openingAFilmIsStillOneRequest() {
    var store = TestStore(Sample.loaded(3))
    // Exactly one effect: the film with every appended part (the store's `send` is exhaustive).
    store.openSelectedFilm()
    #expect(MovieDetailsRequest.appended.split(separator: ",").count <= 20, "amodb appends at most 20 parts")
    #expect(MovieDetailsRequest.appended.hasSuffix("keywords,reviews"))
  }

  @Test func aSmallerWindowScrollsTheSelectedLinkIntoViewSoEnterNeverOpensOneUnseen() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.enter))
    let links = (0..<3).map { DocumentLink(line: 10 + 5 * $0, target: .media(MediaID(.film, 100 + $0), known: nil)) }
    _ = Reducer.reduce(&state, .documentLayout(DocumentLayout(maxScroll: 20, links: links, visible: 30)))
    for _ in 0..<3 { _ = Reducer.reduce(&state, .key(.character("j"))) }
    #expect(state.cursor?.selected == 2 && state.cursor?.scroll == 0, "line 20 shows in 30 rows")
    // Resized to 8 rows: line 20 would be off the screen at scroll 0; it is brought to the last row.
    _ = Reducer.reduce(&state, .documentLayout(DocumentLayout(maxScroll: 30, links: links, visible: 8)))
    #expect(state.cursor?.selected == 2 && state.cursor?.scroll == 13)
  }
}
