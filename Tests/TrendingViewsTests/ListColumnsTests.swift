import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore
@testable import TrendingViews

/// The list's columns go by what its rows draw (a title with its note, its genres): from 100
/// columns no row has a run of 40 blanks between two drawn cells, and no title or genres are cut
/// while the table has room for them.
@Suite("List columns: measured by what the rows draw")
struct ListColumnsTests {
  static let sizes = [Size(width: 100, height: 30), Size(width: 160, height: 48), Size(width: 250, height: 70)]

  init() {
    TextWidth.prepareLocale()
  }

  /// Genres that do not all fit say how many were left out, rather than dropping them silently.
  @Test func genresLeftOutAreCounted() {
    var film = MediaSummary(id: 1, title: "Dr. Strangelove")
    film.genreIDs = [35, 10752, 18]
    let names = ListView.genreNames(film)
    #expect(names == ["Comedy", "War", "Drama"])
    #expect(ListView.wholeNames(film, comma: ", ", width: 40) == "Comedy, War, Drama")
    #expect(ListView.wholeNames(film, comma: ", ", width: 14) == "Comedy, War +1")
    #expect(ListView.wholeNames(film, comma: ", ", width: 9) == "Comedy +2")
    #expect(ListView.wholeNames(film, comma: ", ", width: 5) == "Come…", "even the first cut")
  }

  /// Every list the rule covers at `size`, with posters and without, by name.
  static func scenes(_ size: Size) throws -> [(String, AppState)] {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    var series = SeriesScenes.tab(size)
    series.rootList.list = Loadable(
      value: Listing(firstPage: MediaPage(results: SeriesScenes.series)), fetchedAt: Scenes.now)
    let lists = [
      ("films", Scenes.list(size, films: films)), ("series", series),
      ("services", try ServicesRowSnapshotTests.servicesTab(size)), ("up next", UpNextSnapshotTests.upNext(size)),
      ("calendar", CalendarSnapshotTests.calendar(size)),
    ]
    return lists.flatMap { name, state in
      var plain = state
      plain.shared.imagesEnabled = false
      return [(name, plain), (name + " with a poster", PosterSnapshotTests.withPoster(state))]
    }
  }

  @Test(arguments: sizes)
  func noRowHasARunOfFortyBlanks(size: Size) throws {
    for (name, state) in try Self.scenes(size) {
      let screen = Renderer.render(state).screen
      let gap = WideLayoutSnapshotTests.widestGap(screen)
      #expect(gap.gap < 40, "\(name) at \(size.width)x\(size.height): \(gap) in “\(screen.line(gap.row))”")
    }
  }

  /// The text of a screen's list rows.
  static func rows(_ state: AppState) -> [String] {
    let screen = Renderer.render(state).screen
    return ListLayout.rows(for: state.shared.size).rows.map { screen.line($0) }
  }

  @Test(arguments: sizes)
  func aSeriesNoteAndItsGenresAreWhole(size: Size) {
    let rows = Self.rows(SeriesScenes.tab(size))
    #expect(rows.contains { $0.contains("Severance · S03E01 in 4 days") }, "\(rows.prefix(2))")
    #expect(!rows.contains { $0.contains("…") }, "nothing cut: \(rows.prefix(6))")
    if size.width >= PosterLayout.wideTableMinimum {
      let series = rows.prefix(SeriesScenes.series.count)
      #expect(series.allSatisfy { $0.contains("Drama, Sci-Fi & Fantasy") }, "genres whole: \(series)")
    }
  }

  @Test(arguments: sizes)
  func aServiceNoteIsWhole(size: Size) throws {
    let rows = Self.rows(try ServicesRowSnapshotTests.servicesTab(size))
    #expect(rows.contains { $0.contains("Streamed · Netflix") })
    #expect(!rows.contains { $0.contains("…") })
  }

  @Test func titlesAndGenresShareTheRoomByWhatTheyNeed() {
    let needs = ListView.RowNeeds(title: 28, shortestTitle: 4, genres: 43, shortestGenres: 5)
    // Room for both: each whole, the rest shared out, no column past its narrowest row plus 37.
    let plenty = ListView.Columns.share(84, needs)
    #expect(plenty.title >= 28 && plenty.title <= 41)
    #expect(plenty.genres == 42, "genres held to 5 + 37 so the row of “Drama” has no run of 40")
    #expect(plenty.title + plenty.genres + plenty.left == 84)
    // Too little: the titles keep what they need (up to half), the genres are cut.
    let tight = ListView.Columns.share(49, needs)
    #expect(tight == (title: 24, genres: 25, left: 0))
    // Short titles and genres in a wide room: what neither may take is left after the table.
    let short = ListView.Columns.share(120, ListView.RowNeeds(title: 9, shortestTitle: 4, genres: 6, shortestGenres: 5))
    #expect(short == (title: 41, genres: 42, left: 37))
  }

  @Test func theRowsAreMeasuredOnceUntilWhatTheySayChanges() {
    var state = SeriesScenes.tab(Size(width: 160, height: 48))
    let noted = ListView.needs(state.rootList, state.shared)
    #expect(ListView.needs(state.rootList, state.shared) == noted)
    // Without the details, Severance's row loses its note ("· S03E01 in 4 days").
    state.shared.answers[state.shared.seriesRequest(95396)] = nil
    let plain = ListView.needs(state.rootList, state.shared)
    #expect(plain.title < noted.title)
    #expect(plain.title == SeriesScenes.series.map { TextWidth.width(of: $0.title) }.max())
  }

  @Test(arguments: sizes)
  func theListsAtEachWidth(size: Size) throws {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    ScreenSnapshotTests.check(PosterSnapshotTests.withPoster(Scenes.list(size, films: films)), "columns-films")
    ScreenSnapshotTests.check(PosterSnapshotTests.withPoster(SeriesScenes.tab(size)), "columns-series")
    ScreenSnapshotTests.check(try ServicesRowSnapshotTests.servicesTab(size), "columns-services")
    ScreenSnapshotTests.check(UpNextSnapshotTests.upNext(size), "columns-up-next")
  }
}
