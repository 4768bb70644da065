import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// One ratings layout: a film, a series, an episode and the wide list's pane lay their ratings out
/// by `RatingLines`, so they cannot drift apart, and no score loses its colour where a line breaks.
@Suite("One ratings layout: films, series, episodes and the wide pane")
struct RatingLinesTests {
  static let ratings = Scenes.fullDetails.ratings

  init() {
    TextWidth.prepareLocale()
  }

  /// Each line's text.
  static func texts(_ lines: [DocumentLine]) -> [String] { lines.map { $0.map(\.text).joined() } }

  /// Whether `lines` hold `block` as consecutive lines.
  static func holds(_ lines: [String], _ block: [String]) -> Bool {
    guard !block.isEmpty, lines.count >= block.count else { return false }
    return (0...(lines.count - block.count)).contains { Array(lines[$0..<($0 + block.count)]) == block }
  }

  /// A mark with the user's rating.
  static func rated(_ id: Int, _ kind: MediaKind, _ rating: Int) -> Mark {
    var mark = Mark(id: id, kind: kind, title: "", year: nil, onWatchlist: true, added: "2026-01-01")
    mark.rating = rating
    return mark
  }

  @Test(arguments: [30, 40, 60, 80, 95])
  func aFilmAndASeriesWithTheSameRatingsShowTheSameLines(width: Int) {
    var film = Scenes.fullDetails
    film.ratings = Self.ratings
    var series = SeriesScenes.details
    series.ratings = Self.ratings
    #expect(RatingLines.entries(film, mine: 7) == RatingLines.entries(series, mine: 7))
    let block = Self.texts(RatingLines.lines(RatingLines.entries(film, mine: 7), width: width))
    #expect(block.first?.hasPrefix("★ your rating 7/10") == true, "\(block)")
    #expect(block.joined(separator: " · ").contains("★ your rating 7/10 · IMDb 8.3/10 (880K) · Kinopoisk"))
    let filmPage = FilmDocument.document(
      summary: nil, details: film, region: nil, mark: Self.rated(film.id, .film, 7), width: width)
    let seriesPage = SeriesDocument.document(
      summary: nil, details: series, region: nil, today: ReleaseDate(day: Scenes.now),
      mark: Self.rated(series.id, .series, 7), width: width)
    #expect(Self.holds(Self.texts(filmPage.lines), block), "film at \(width): \(block)")
    #expect(Self.holds(Self.texts(seriesPage.lines), block), "series at \(width): \(block)")
    // The user's rating is said once, with the ratings, not again among the marks.
    let said = Self.texts(filmPage.lines).filter { $0.contains("your rating") }
    #expect(said.count == 1)
  }

  @Test func anEpisodeAndATitleKnownByItsRowShowTMDBsScoreTheSameWay() {
    let row = MediaSummary(id: 1, kind: .film, title: "Poor", voteAverage: 4.2, voteCount: 30)
    let page = FilmDocument.document(summary: row, details: nil, region: nil, width: 80)
    let line = RatingLines.lines(RatingLines.entries(average: 4.2, votes: 30), width: 80)
    #expect(Self.texts(line) == ["TMDB 4.2/10 (30)"])
    #expect(Self.holds(Self.texts(page.lines), Self.texts(line)))
    #expect(line[0].first { $0.text == "4.2/10" }?.style.tone == .score1)
  }

  @Test(arguments: 8...100)
  func noEntryIsSplitAndEveryScoreKeepsItsColourWhereverLinesBreak(width: Int) {
    let entries = RatingLines.entries(Scenes.fullDetails, mine: 9)
    let lines = RatingLines.lines(entries, width: width)
    for line in lines {
      #expect(line.reduce(0) { $0 + TextWidth.width(of: $1.text) } <= width, "\(Self.texts([line]))")
    }
    for entry in entries where entry.width <= width {
      // The entry's spans stand together on one line, the value in its colour.
      let found = lines.contains { line in
        line.indices.contains { start in
          Array(line[start...].prefix(entry.spans.count)) == entry.spans
        }
      }
      #expect(found, "\(entry.label) \(entry.value) at \(width): \(Self.texts(lines))")
    }
    let valued = entries.filter { $0.width <= width }.map(\.value)
    for value in valued {
      let spans = lines.joined().filter { $0.text == value }
      #expect(spans.count == 1 && spans.allSatisfy { $0.style.isBold })
    }
  }

  @Test(arguments: [
    Size(width: 160, height: 48), Size(width: 180, height: 50), Size(width: 200, height: 60),
    Size(width: 220, height: 60), Size(width: 250, height: 70),
  ])
  func theWidePaneDrawsEveryScoreItShowsInItsColour(size: Size) throws {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    var state = PosterSnapshotTests.withPoster(Scenes.list(size, films: films))
    state.shared[film: films[1].id] = Loadable(value: Scenes.fullDetails, fetchedAt: Scenes.now)
    let screen = Renderer.render(state).screen
    let entries = ListPane.scores(films[1], state.shared)
    #expect(entries.map(\.label) == ["IMDb", "Kinopoisk", "Metacritic", "Rotten Tomatoes", "TMDB"])
    var seen = 0
    for row in 0..<screen.height {
      let cells = (0..<screen.width).map { screen[row, $0] }
      let text = cells.map(\.text).joined()
      for entry in entries {
        // The labels and values are ASCII: one cell a character.
        let target = entry.label + " " + entry.value
        guard
          let column = (0...(cells.count - target.count)).first(where: { column in
            cells[column..<(column + target.count)].map(\.text).joined() == target
          })
        else { continue }
        let start = column + entry.label.count + 1
        let valueCells = cells[start..<(start + entry.value.count)]
        #expect(valueCells.allSatisfy { $0.style.tone == entry.tone && $0.style.isBold }, "\(entry.label) at \(size)")
        seen += 1
      }
      // A label at a line's end with its score on the next would be a split entry.
      #expect(!entries.contains { text.trimmingCharacters(in: .whitespaces).hasSuffix(" " + $0.label) })
    }
    #expect(seen == entries.count, "the pane shows every rating at \(size)")
    #expect(entries.first { $0.label == "Metacritic" }?.tone == .score5)
  }
}
