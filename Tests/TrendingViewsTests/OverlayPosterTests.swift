import AmodbKit
import PosterKit
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// A form or chooser over a screen keeps that screen's real poster: its cells as they were, or
/// its image where the box leaves it whole, hidden where the box would lie under it; never the
/// hatched "no poster" of a title without one.
@Suite("Overlays keep the poster")
struct OverlayPosterTests {
  init() {
    TextWidth.prepareLocale()
  }

  static func list(_ size: Size) -> AppState {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    var state = Scenes.list(size, films: films)
    state.shared.imagesEnabled = true
    return state
  }

  @Test(arguments: [Size(width: 120, height: 36), Size(width: 160, height: 48)])
  func theDiscoverFormKeepsTheListsPosterAsCells(size: Size) throws {
    var state = Self.list(size)
    let request = try #require(Reducer.wantedPoster(state))
    state = PosterSnapshotTests.withPoster(state)
    _ = Reducer.reduce(&state, .key(.character("f")))
    #expect(state.keyContext == .form)
    #expect(Reducer.wantedPoster(state) == request, "the same poster is wanted under the form")
    let screen = Renderer.render(state).screen
    #expect(!screen.cells.contains { $0.text == "░" }, "no placeholder")
    let posterCells = screen.cells.filter { $0.style.foreground != nil || $0.style.background != nil }.count
    #expect(posterCells > 100, "the poster's own cells: \(posterCells)")
  }

  @Test func theLinkChooserKeepsTheFilmsPoster() throws {
    var details = FilmAboutSnapshotTests.details
    details.posterPath = "/oppenheimer.jpg"
    var state = Scenes.detail(Size(width: 120, height: 36), details: details)
    state.shared.imagesEnabled = true
    let request = try #require(Reducer.wantedPoster(state))
    state = PosterSnapshotTests.withPoster(state)
    _ = Reducer.reduce(&state, .key(.character("o")))
    #expect(state.top is LinkChooser)
    #expect(Reducer.wantedPoster(state) == request)
    let screen = Renderer.render(state).screen
    #expect(!screen.cells.contains { $0.text == "░" }, "no placeholder")
    #expect(screen.cells.filter { $0.style.foreground != nil }.count > 100, "the poster's cells")
  }

  @Test func anImageTheBoxWouldCoverIsHiddenAndOneBesideItStays() throws {
    var state = Self.list(Size(width: 120, height: 36))
    let request = try #require(Reducer.wantedPoster(state))
    state.shared.posters[request] = .pixels(
      PixelPoster(kind: .sixel, sequence: "", columns: request.columns, rows: request.rows))
    let shown = try #require(Renderer.render(state).screen.overlay)
    _ = Reducer.reduce(&state, .key(.character("f")))
    let covered = Renderer.render(state).screen
    // The form's box is centred: it reaches into the pane, so the image is not drawn over it.
    #expect(covered.overlay == nil)
    #expect(shown.overlaps(Rect(row: shown.row, column: shown.column, width: 1, height: 1)))
    #expect(!shown.overlaps(Rect(row: shown.row, column: 0, width: shown.column, height: 5)))
    #expect(!shown.overlaps(Rect(row: shown.row + shown.poster.rows, column: shown.column, width: 9, height: 3)))
  }

  /// At 250x70 the list's pane holds the poster, facts and overview: a box over the list leaves
  /// the poster (its cells, or its image where the box leaves it whole) and none of the text,
  /// which the box's edge would cut into pieces beside it.
  @Test(arguments: [("?", "help"), (":", "palette"), ("f", "form")])
  func aBoxOverTheSplitListLeavesNoPiecesOfThePanesText(key: Character, name: String) throws {
    var state = PosterSnapshotTests.withPoster(Self.list(Size(width: 250, height: 70)))
    let open = Renderer.render(state).screen.plainText
    #expect(open.contains("Oppenheimer (2023)") && open.contains("A story about film number 2"))
    _ = Reducer.reduce(&state, .key(.character(key)))
    let screen = Renderer.render(state).screen
    #expect(!screen.plainText.contains("(2023)"), "the pane's title")
    #expect(!screen.plainText.contains("A story about film"), "the pane's overview")
    #expect(!screen.cells.contains { $0.text == "░" }, "no placeholder")
    ScreenSnapshotTests.check(state, "overlay-\(name)")
  }

  @Test func theSplitListsPaneComesBackWhenTheBoxCloses() {
    var state = PosterSnapshotTests.withPoster(Self.list(Size(width: 250, height: 70)))
    _ = Reducer.reduce(&state, .key(.character("?")))
    _ = Reducer.reduce(&state, .key(.escape))
    #expect(Renderer.render(state).screen.plainText.contains("Oppenheimer (2023)"))
  }
}
