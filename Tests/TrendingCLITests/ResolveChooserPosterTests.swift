import AmodbKit
import Foundation
import LibraryKit
import PosterKit
import TestSupport
import Testing
import TrendingCore
import TrendingViews

@testable import TrendingCLI

@Suite("trending import --resolve: the selected film's poster")
struct ResolveChooserPosterTests {
  init() {
    TextWidth.prepareLocale()
  }

  /// A title in three scripts whose candidates have posters, but the last.
  static let farewell = UnresolvedTitle(
    reference: .search(title: "霸王别姬", year: 1993), places: [RowPlace(file: "diary.csv", line: 4)],
    title: "霸王别姬", year: 1993,
    candidates: [
      MediaSummary(
        id: 10997, title: "霸王别姬", originalTitle: "霸王別姬", releaseDate: ReleaseDate("1993-01-01"),
        posterPath: "/farewell.jpg"),
      MediaSummary(
        id: 8885, title: "ואלס עם באשיר", originalTitle: "Vals Im Bashir", releaseDate: ReleaseDate("2008-06-25"),
        posterPath: "/bashir.jpg"),
      MediaSummary(id: 378064, title: "🎬 The Emoji Movie 😀", releaseDate: ReleaseDate("2017-07-28")),
    ],
    directors: [10997: "陈凯歌"])

  /// The fixture poster: a 2:3 JPEG, red sky over blue ground, as cell art at `request`'s box.
  static func art(_ request: PosterRequest) throws -> PosterArt {
    let jpeg = TestImages.jpeg(width: 92, height: 138, top: (200, 40, 40), bottom: (30, 30, 160))
    return try PosterPipeline.art(from: jpeg, columns: request.columns, rows: request.rows, mode: .indexed256)
  }

  /// The screen with poster cells marked: `#` for a cell with poster colours, `.` otherwise.
  private func mask(_ screen: Screen) -> String {
    (0..<screen.height).map { row in
      String((0..<screen.width).map { screen[row, $0].style.background == nil ? "." : "#" })
    }.joined(separator: "\n")
  }

  /// The chooser at `size` with the selected film's poster drawn from the fixture.
  private func drawn(_ size: Size) throws -> (chooser: ResolveChooser, screen: Screen) {
    var chooser = ResolveChooser(titles: [Self.farewell])
    if let request = chooser.wantedPoster(size) {
      chooser.posters.posters[request] = .loaded(try Self.art(request))
    }
    return (chooser, chooser.screen(size))
  }

  @Test func besideTheCandidatesAt80x24AndHiddenAt40x12() throws {
    for size in [Size(width: 80, height: 24), Size(width: 40, height: 12)] {
      let screen = try drawn(size).screen
      let name = "resolve-chooser-\(size.width)x\(size.height)"
      assertSnapshot(screen.plainText, named: name)
      assertSnapshot(mask(screen), named: name + "-mask")
    }
    let wide = try drawn(Size(width: 80, height: 24))
    let box = try #require(ChooserLayout(Size(width: 80, height: 24), posters: true).poster)
    #expect(box.column >= 50 && box.row == 3 && box.height == 20, "\(box)")
    #expect(mask(wide.screen).split(separator: "\n").allSatisfy { !$0.prefix(box.column).contains("#") })
    #expect(!mask(try drawn(Size(width: 40, height: 12)).screen).contains("#"), "no poster under 50 columns")
    #expect(try drawn(Size(width: 40, height: 12)).chooser.wantedPoster(Size(width: 40, height: 12)) == nil)
  }

  @Test func aboveTheCandidatesWhenNarrowButTall() throws {
    let size = Size(width: 60, height: 24)
    let (chooser, screen) = try drawn(size)
    let request = try #require(chooser.wantedPoster(size))
    #expect(request.columns == 60 && request.rows == 10)
    let text = screen.plainText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(text[14].hasPrefix("  霸王别姬 (1993)  by 陈凯歌  霸王別姬"), "\(screen.plainText)")
    #expect(mask(screen).split(separator: "\n")[3..<13].contains { $0.contains("#") })
  }

  @Test func theBrowsersPlaceholdersWhileItLoadsWhenItFailsAndWhenThereIsNone() throws {
    let size = Size(width: 80, height: 24)
    var chooser = ResolveChooser(titles: [Self.farewell])
    let request = try #require(chooser.wantedPoster(size))
    #expect(request.path == "/farewell.jpg")
    // Wanted, then fetched once the selection has rested, as the browser does.
    let wanted = chooser.reconcilePosters(size)
    #expect(wanted == [.after(.milliseconds(120), .posterDue(request), id: .poster)], "\(wanted)")
    #expect(chooser.screen(size).plainText.contains(" … "))
    #expect(chooser.posters.take(.posterDue(request)) == [.fetchPoster(request)])
    #expect(chooser.posters.take(.key(.enter)) == nil, "not about posters")
    // A move while it downloads cancels it and wants the next.
    _ = chooser.press(.down)
    let moved = chooser.reconcilePosters(size)
    #expect(moved.first == .cancel(.poster) && moved.count == 2, "\(moved)")
    let bashir = try #require(chooser.wantedPoster(size))
    _ = chooser.posters.take(.posterLoaded(bashir, nil))
    #expect(chooser.screen(size).plainText.contains(" no image "), "a failed download")
    _ = chooser.press(.down)
    #expect(chooser.wantedPoster(size) == nil)
    #expect(chooser.reconcilePosters(size).isEmpty)
    let none = chooser.screen(size).plainText
    #expect(none.contains(" no poster ") && none.contains("  🎬 The Emoji Movie 😀 (2017)"), "\(none)")
    // An answer for a poster no longer wanted is dropped.
    _ = chooser.posters.take(.posterLoaded(request, try Self.art(request)))
    #expect(chooser.posters[request] == nil)
  }

  @Test func aLongTitleGivesWayBeforeItsYearAndDirector() {
    var long = Self.farewell
    long.candidates[0].title = "Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb"
    long.candidates[0].originalTitle = nil
    let text = ResolveChooser(titles: [long]).screen(Size(width: 80, height: 24)).plainText
    #expect(text.contains("  Dr. Strangelove or: How I Lea… (1993)  by 陈凯歌   ░"), "\(text)")
  }

  @Test func offDrawsNoBoxAndWantsNothing() {
    let chooser = ResolveChooser(titles: [Self.farewell], showsPosters: false)
    let size = Size(width: 80, height: 24)
    #expect(chooser.wantedPoster(size) == nil)
    #expect(!chooser.screen(size).plainText.contains("░"))
  }
}
