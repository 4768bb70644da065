import AmodbKit
import Foundation
import PosterKit
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

@Suite("Poster snapshots: characters and a colour mask")
struct PosterSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  /// A 2:3 test poster: red sky over blue ground, drawn with half blocks.
  static func art(columns: Int, rows: Int) -> PosterArt {
    let width = min(columns, rows * 4 / 3)
    let sky = PosterCell(symbol: "▀", foreground: .indexed(196), background: .indexed(160))
    let ground = PosterCell(symbol: "▄", foreground: .indexed(21), background: .indexed(18))
    let cells: [PosterCell] = (0..<(width * rows)).map { index in index / width < rows / 2 ? sky : ground }
    return PosterArt(width: width, height: rows, cells: cells)
  }

  /// The screen with poster cells marked: `#` for a cell with poster colours, `.` otherwise.
  private func mask(_ screen: Screen) -> String {
    (0..<screen.height).map { row in
      String((0..<screen.width).map { screen[row, $0].style.background == nil ? "." : "#" })
    }.joined(separator: "\n")
  }

  static func withPoster(_ state: AppState) -> AppState {
    var state = state
    state.shared.imagesEnabled = true
    if let request = Reducer.wantedPoster(state) {
      state.shared.posters[request] = .loaded(Self.art(columns: request.columns, rows: request.rows))
    }
    return state
  }

  private func check(_ state: AppState, _ name: String) {
    let screen = Renderer.render(state).screen
    let size = "\(state.shared.size.width)x\(state.shared.size.height)"
    assertSnapshot(ChromeMask.bodyText(screen, state), named: "\(name)-\(size)")
    assertSnapshot(mask(screen), named: "\(name)-mask-\(size)")
  }

  @Test func wideListHasAPosterPane() {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    check(Self.withPoster(Scenes.list(Size(width: 120, height: 30), films: films)), "list-poster")
  }

  @Test func anImageOverTheCellsIsCentredInItsBoxBothWays() throws {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    var state = Scenes.list(Size(width: 120, height: 36), films: films)
    state.shared.imagesEnabled = true
    let request = try #require(Reducer.wantedPoster(state))
    // A poster wider than its box's shape (8x15 cells): all the width, rows to spare.
    let rows = request.rows - 4
    state.shared.posters[request] = .pixels(
      PixelPoster(kind: .sixel, sequence: "", columns: request.columns, rows: rows))
    let centred = try #require(Renderer.render(state).screen.overlay)
    let narrow = PixelPoster(kind: .sixel, sequence: "", columns: request.columns - 6, rows: request.rows)
    state.shared.posters[request] = .pixels(narrow)
    let full = try #require(Renderer.render(state).screen.overlay)
    #expect(centred.row == full.row + 2, "two rows down of four to spare")
    #expect(centred.column + 3 == full.column, "three columns in of six to spare")
  }

  @Test func narrowListHasNone() {
    var films = Scenes.films
    films[1].posterPath = "/oppenheimer.jpg"
    let state = Self.withPoster(Scenes.list(Size(width: 80, height: 24), films: films))
    #expect(!mask(Renderer.render(state).screen).contains("#"))
  }

  @Test func detailPosterBesideAndAbove() {
    var details = Scenes.fullDetails
    details.posterPath = "/oppenheimer.jpg"
    check(Self.withPoster(Scenes.detail(Size(width: 120, height: 30), details: details)), "detail-poster-beside")
    check(Self.withPoster(Scenes.detail(Size(width: 60, height: 36), details: details)), "detail-poster-above")
  }

  @Test func aMissingPosterIsAQuietPlaceholder() {
    var state = Scenes.detail(Size(width: 120, height: 30), details: Scenes.fullDetails)
    state.shared.imagesEnabled = true
    check(state, "detail-no-poster")
  }
}
