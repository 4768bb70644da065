import AmodbKit
import Foundation
import PosterKit
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// The screens at 160x48 and 250x70, where the wide layout takes over: the table as wide as its
/// titles, the poster pane and the facts under it, text at a readable measure, sections side by side.
@Suite("Snapshots: the wide layout")
struct WideLayoutSnapshotTests {
  static let sizes = [Size(width: 160, height: 48), Size(width: 250, height: 70)]

  init() {
    TextWidth.prepareLocale()
  }

  private func check(_ state: AppState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    ScreenSnapshotTests.check(state, name, sourceLocation: sourceLocation)
  }

  @Test(arguments: sizes)
  func theListWithItsPosterAndTheSelectedFilmsFacts(size: Size) {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    var state = Scenes.list(size, films: films)
    state.shared[film: films[1].id] = Loadable(value: Scenes.fullDetails, fetchedAt: Scenes.now)
    check(PosterSnapshotTests.withPoster(state), "wide-list")
  }

  @Test(arguments: sizes)
  func theFilmAtAReadableMeasureWithCastBesideCrew(size: Size) {
    var details = Scenes.fullDetails
    details.posterPath = "/oppenheimer.jpg"
    check(PosterSnapshotTests.withPoster(Scenes.detail(size, details: details)), "wide-film")
  }

  @Test(arguments: sizes)
  func theSeriesListWithItsPaneGenresAndVotes(size: Size) {
    var series = SeriesScenes.series
    series[0].posterPath = "/severance.jpg"
    var state = SeriesScenes.tab(size)
    state.rootList.list = Loadable(value: Listing(firstPage: MediaPage(results: series)), fetchedAt: Scenes.now)
    check(PosterSnapshotTests.withPoster(state), "wide-series-list")
  }

  @Test(arguments: sizes)
  func theSeriesWithItsSeasonsInASecondColumn(size: Size) {
    var state = SeriesScenes.onSeries(size)
    var details = SeriesScenes.details
    details.posterPath = "/severance.jpg"
    state.shared[series: details.id] = Loadable(value: details, fetchedAt: Scenes.now)
    check(PosterSnapshotTests.withPoster(state), "wide-series")
  }

  @Test(arguments: [Size(width: 250, height: 70), Size(width: 300, height: 80)])
  func theWidestFilmPutsItsRelatedFilmsInAThirdColumnReadAfterThePeople(size: Size) throws {
    var details = Scenes.fullDetails
    details.posterPath = "/oppenheimer.jpg"
    // 250 columns with images off, 300 with the poster beside: both have room for three columns.
    var state = Scenes.detail(size, details: details)
    if size.width == 300 { state = PosterSnapshotTests.withPoster(state) }
    let frame = Renderer.render(state)
    check(state, size.width == 300 ? "widest-film" : "widest-film-no-images")
    let text = (0..<frame.screen.height).map { row in
      (0..<frame.screen.width).map { frame.screen[row, $0].text }.joined()
    }
    let headings = try #require(text.first { $0.contains("Cast") && $0.contains("Recommended") })
    #expect(headings.range(of: "Cast")!.lowerBound < headings.range(of: "Recommended")!.lowerBound)
    // j reads down the main column, then the people's, then the related films'.
    let starts = try #require(frame.document).links.compactMap { $0.columns?.lowerBound }
    #expect(starts == starts.sorted())
    #expect(Set(starts).count >= 3)
  }

  /// The longest run of blanks between two drawn cells of each of the list's rows (the title bar
  /// and the hint bar keep their ends apart on purpose).
  static func widestGap(_ screen: Screen) -> (row: Int, gap: Int) {
    var widest = (row: 0, gap: 0)
    let size = Size(width: screen.width, height: screen.height)
    for row in (ListLayout.rows(for: size).row - 1)..<ListLayout.rows(for: size).rows.upperBound {
      let text = (0..<screen.width).map { screen[row, $0].text }
      guard let first = text.firstIndex(where: { $0 != " " }), let last = text.lastIndex(where: { $0 != " " })
      else { continue }
      var run = 0
      for cell in text[first...last] {
        // "" is the second half of a wide character: drawn.
        run = cell == " " ? run + 1 : 0
        if run > widest.gap { widest = (row, run) }
      }
    }
    return widest
  }

  @Test(arguments: [Size(width: 180, height: 50), Size(width: 250, height: 70)])
  func aSplitListLeavesNoWideGapInAnyRow(size: Size) {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    var state = Scenes.list(size, films: films)
    state.shared[film: films[1].id] = Loadable(value: Scenes.fullDetails, fetchedAt: Scenes.now)
    let filmGap = Self.widestGap(Renderer.render(PosterSnapshotTests.withPoster(state)).screen)
    #expect(filmGap.gap < 40, "films: \(filmGap)")
    var series = SeriesScenes.tab(size)
    series.rootList.list = Loadable(
      value: Listing(firstPage: MediaPage(results: SeriesScenes.series)), fetchedAt: Scenes.now)
    let seriesGap = Self.widestGap(Renderer.render(PosterSnapshotTests.withPoster(series)).screen)
    #expect(seriesGap.gap < 40, "series: \(seriesGap)")
    // Without posters the pane is all facts.
    state.shared.imagesEnabled = false
    let plainGap = Self.widestGap(Renderer.render(state).screen)
    #expect(plainGap.gap < 40, "no images: \(plainGap)")
  }

  /// The first row whose text contains `words`, if any.
  static func row(of words: String, in screen: Screen) -> Int? {
    (0..<screen.height).first { row in
      (0..<screen.width).map { screen[row, $0].text }.joined().contains(words)
    }
  }

  @Test(arguments: [180, 250])
  func noHeadingOfThePaneIsPartedFromItsLines(width: Int) {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    for height in 40...75 {
      var state = Scenes.list(Size(width: width, height: height), films: films)
      state.shared[film: films[1].id] = Loadable(value: Scenes.fullDetails, fetchedAt: Scenes.now)
      let screen = Renderer.render(PosterSnapshotTests.withPoster(state)).screen
      let text = (0..<screen.height).map { row in (0..<screen.width).map { screen[row, $0].text }.joined() }
      for heading in ["Where to watch", "Cast", "Crew", "Recommended", "Similar"] {
        for row in text.indices.dropLast(3) {
          guard let found = text[row].range(of: heading + " ") ?? text[row].range(of: heading),
            text[row][found.upperBound...].allSatisfy({ $0 == " " || $0 == "(" || $0.isLetter || $0 == ")" })
          else { continue }
          let column = text[row].distance(from: text[row].startIndex, to: found.lowerBound)
          let below = String(text[row + 1].dropFirst(column).prefix(12))
          #expect(
            below.contains { $0 != " " }, "\(width)x\(height): “\(heading)” on row \(row) has no line under it")
        }
      }
    }
  }

  @Test(arguments: [Size(width: 160, height: 48), Size(width: 250, height: 70)])
  func thePaneKeepsItsLinesWhenTheDetailsArrive(size: Size) throws {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    let before = PosterSnapshotTests.withPoster(Scenes.list(size, films: films))
    var after = before
    after.shared[film: films[1].id] = Loadable(value: Scenes.fullDetails, fetchedAt: Scenes.now)
    let early = Renderer.render(before).screen
    let late = Renderer.render(after).screen
    let title = try #require(Self.row(of: "Oppenheimer (2023)", in: early))
    #expect(Self.row(of: "Oppenheimer (2023)", in: late) == title, "the title stays")
    // The list's overview first, the details' when they come: on the same row.
    let overview = try #require(Self.row(of: "A story about film number 2", in: early))
    #expect(Self.row(of: "A sweeping story", in: late) == overview, "the overview does not move")
    #expect(Self.row(of: "Directed by Christopher Nolan", in: late).map { $0 < overview } == true)
  }

  @Test(arguments: sizes)
  func aPersonWithoutAPhotoGetsTheirInitials(size: Size) {
    var state = ScreenSnapshotTests.person(size)
    state.shared.imagesEnabled = true
    check(state, "wide-person")
  }

  @Test(arguments: sizes)
  func theHelpInColumns(size: Size) {
    var state = Scenes.list(size)
    _ = Reducer.reduce(&state, .key(.character("?")))
    check(state, "wide-help")
  }
}
