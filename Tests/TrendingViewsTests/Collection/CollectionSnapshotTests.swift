import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// A collection as the snapshots draw it: opened from a film's "Part of" line.
enum CollectionScenes {
  static let reference = CollectionReference(id: 8091, name: "Alien Collection")

  static func part(_ id: Int, _ title: String, _ date: String?, score: Double, votes: Int = 5000) -> MediaSummary {
    MediaSummary(
      id: id, title: title, releaseDate: date.flatMap(ReleaseDate.init), voteAverage: score, voteCount: votes)
  }

  static let details = CollectionDetails(
    id: 8091, name: "Alien Collection",
    overview:
      "Ellen Ripley and those who come after her meet the creature that hunts humans aboard ships and colonies, across four decades of films.",
    posterPath: "/alien-collection.jpg",
    parts: [
      part(945961, "Alien: Romulus", "2024-08-13", score: 7.1),
      part(348, "Alien", "1979-05-25", score: 8.2),
      part(8078, "Alien Resurrection", "1997-11-12", score: 6.1),
      part(679, "Aliens", "1986-07-18", score: 7.9),
      part(9_999_001, "Чужой: продолжение без названия и с очень длинным заголовком", nil, score: 0, votes: 0),
      part(8077, "Alien³", "1992-05-22", score: 6.4),
    ])

  /// The film screen with the collection opened over it, its answer as given.
  static func onCollection(_ size: Size, _ answer: Loadable<APIAnswer>) -> AppState {
    var state = Scenes.detail(size, details: Scenes.fullDetails)
    state.push(.collection(CollectionScreen(id: 8091, knownName: reference.name)))
    state.shared.answers[state.shared.collectionRequest(8091)] = answer
    return state
  }

  static func loaded(_ size: Size) -> AppState {
    onCollection(size, Loadable(value: .collection(details), fetchedAt: Scenes.now.addingTimeInterval(-60)))
  }
}

@Suite("Collection snapshots")
struct CollectionSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  @Test(arguments: Scenes.screenSizes)
  func aCollectionWithItsFilmsOldestFirst(size: Size) {
    var state = CollectionScenes.loaded(size)
    _ = Reducer.reduce(&state, .documentLayout(Renderer.render(state).document ?? DocumentLayout(maxScroll: 0)))
    _ = Reducer.reduce(&state, .key(.down))
    _ = Reducer.reduce(&state, .key(.down))
    ScreenSnapshotTests.check(state, "collection")
  }

  @Test(arguments: Scenes.screenSizes)
  func aCollectionLoadingShowsTheNameItsFilmGave(size: Size) {
    var entry = Loadable<APIAnswer>()
    entry.begin()
    ScreenSnapshotTests.check(CollectionScenes.onCollection(size, entry), "collection-loading")
  }

  @Test(arguments: Scenes.screenSizes)
  func aCollectionThatFailedSaysWhy(size: Size) {
    var entry = Loadable<APIAnswer>()
    entry.fail(.server(status: 503, message: nil))
    ScreenSnapshotTests.check(CollectionScenes.onCollection(size, entry), "collection-failed")
  }
}

@Suite("The collection's document and the film's link to it")
struct CollectionDocumentTests {
  @Test func theFilmsPartOfLineLinksToItsCollection() throws {
    var details = Scenes.fullDetails
    details.collection = CollectionScenes.reference
    let document = FilmDocument.document(summary: nil, details: details, region: nil, width: 80)
    let link = try #require(document.links.first { $0.target == .collection(CollectionScenes.reference) })
    let line = document.lines[link.line].map(\.text).joined()
    #expect(line.hasPrefix("Part of") && line.contains("Alien Collection"), "\(line)")
    #expect(
      link.target == .open(.collection(CollectionScreen(id: 8091, knownName: "Alien Collection"))),
      "it opens the collection named as the film names it")
  }

  @Test func eachFilmIsALinkToItsScreenStartingFromWhatTheCollectionKnows() {
    let details = CollectionScenes.details
    let document = CollectionDocument.document(name: nil, details: details, width: 60)
    #expect(details.parts.map(\.id) == [348, 679, 8077, 8078, 945961, 9_999_001], "release order, undated last")
    #expect(document.links.map(\.target) == details.parts.map { .film($0.id, known: $0) })
    let rows = document.links.map { document.lines[$0.line].map(\.text).joined() }
    #expect(rows.first?.hasPrefix("  1979  Alien ") == true, "\(rows)")
    #expect(rows.allSatisfy { TextWidth.width(of: $0) <= 60 }, "\(rows)")
  }

  @Test func anEmptyCollectionSaysSoAndLinksNothing() {
    let empty = CollectionDetails(id: 1, name: "Empty")
    let document = CollectionDocument.document(name: "Named by the film", details: empty, width: 40)
    #expect(document.links.isEmpty)
    #expect(document.plainText == "Empty\n\nNo films listed in this collection.")
    let loading = CollectionDocument.document(name: "Named by the film", details: nil, width: 40)
    #expect(loading.plainText == "Named by the film")
  }
}
