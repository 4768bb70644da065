import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore
@testable import TrendingViews

/// From 180 columns the list grows with the terminal: no title is cut while its row has room, the
/// pane beside the list says all it has down the screen, and no row opens a run of 40 blanks.
@Suite("The layout grows with the terminal")
struct GrowingLayoutTests {
  static let wide = [Size(width: 180, height: 50), Size(width: 250, height: 70)]

  init() {
    TextWidth.prepareLocale()
  }

  /// Titles as the demo's trending week has them: one very long, some very short.
  static let titles = [
    "Dune: Part Two", "Oppenheimer", "Fight Club",
    "Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb",
    "Parasite", "Everything Everywhere All at Once", "The Godfather", "Alien", "英雄", "Amélie", "Casablanca",
  ]

  /// The films list of `titles` with genres of every length, Dr. Strangelove selected and its
  /// details (a cast of `cast`) loaded.
  static func films(_ size: Size, cast: Int = 3) -> AppState {
    let genres: [[Int]] = [
      [878, 12], [18, 36], [18], [35, 10752], [35, 53, 18], [28, 12, 878], [18, 80], [27, 878],
    ]
    var films = titles.enumerated().map { index, title in
      var film = Scenes.film(index + 1, title, year: 1960 + index, score: 8)
      film.genreIDs = genres[index % genres.count]
      film.posterPath = "/poster\(index).jpg"
      return film
    }
    films[3].overview = "A general goes mad and orders a strike; in the war room the men who could stop it argue."
    var state = Scenes.list(size, films: films, selection: 3)
    var details = Scenes.fullDetails
    details.id = 4
    details.title = films[3].title
    if cast > 3 {
      details.credits?.cast = (0..<cast).map { CastMember(id: 100 + $0, name: "Actor \($0)", character: "Part \($0)") }
    }
    state.shared[film: 4] = Loadable(value: details, fetchedAt: Scenes.now)
    return PosterSnapshotTests.withPoster(state)
  }

  /// Each list row of `screen` with its words and how many of its cells are blank.
  static func rows(_ screen: Screen, _ size: Size) -> [(text: String, blanks: Int)] {
    ListLayout.rows(for: size).rows.map { row in
      let cells = (0..<screen.width).map { screen[row, $0].text }
      return (cells.joined(), cells.filter { $0 == " " }.count)
    }
  }

  @Test(arguments: wide)
  func noTitleIsCutWhileItsRowHasRoom(size: Size) {
    let screen = Renderer.render(Self.films(size)).screen
    for (index, row) in Self.rows(screen, size).prefix(Self.titles.count).enumerated() {
      let title = Self.titles[index]
      #expect(row.text.contains(title) || row.blanks < 40, "row \(index + 1) cuts “\(title)”: \(row.text)")
    }
    // The longest title is whole at both widths: its row runs on over the genres' room.
    #expect(Self.rows(screen, size)[3].text.contains(Self.titles[3]))
    let gap = WideLayoutSnapshotTests.widestGap(screen)
    #expect(gap.gap < 40, "\(gap) in “\(screen.line(gap.row))”")
  }

  @Test(arguments: [Size(width: 160, height: 48)] + wide)
  func forYouSaysWhyInFull(size: Size) {
    let state = ForYouSnapshotTests.forYou(size)
    let screen = Renderer.render(state).screen
    let rows = Self.rows(screen, size).map(\.text)
    for movie in state.rootList.movies {
      let why = movie.title + " · " + (movie.reason ?? "")
      #expect(rows.contains { $0.contains(why) }, "“\(why)” is cut: \(rows.prefix(3))")
    }
    let gap = WideLayoutSnapshotTests.widestGap(screen)
    #expect(gap.gap < 40, "\(gap) in “\(screen.line(gap.row))”")
  }

  /// The whole screen as lines of text.
  static func text(_ screen: Screen) -> String {
    (0..<screen.height).map { screen.line($0) }.joined(separator: "\n")
  }

  /// The last row of the pane (right of the table) with anything drawn.
  static func paneBottom(_ screen: Screen, _ size: Size) -> Int {
    let table = ListLayout.rows(for: size).row - 1
    let scoreEnd = (0..<screen.width).last { screen[table, $0].text != " " } ?? 0
    return ListLayout.rows(for: size).rows.last { row in
      ((scoreEnd + 1)..<screen.width).contains { screen[row, $0].text != " " }
    } ?? 0
  }

  @Test(arguments: wide)
  func thePaneGoesOnDownTheScreenWhileItHasMoreToSay(size: Size) {
    // A cast of forty: more than the pane holds, so it goes on to its last row.
    let long = Renderer.render(Self.films(size, cast: 40)).screen
    #expect(Self.paneBottom(long, size) >= size.height * 2 / 3, "the pane stops at row \(Self.paneBottom(long, size))")
    #expect(Self.paneBottom(long, size) == ListLayout.rows(for: size).rows.last)
    if size.height >= 70 { #expect(Self.text(long).contains("Actor 0")) }
  }

  @Test func thePaneSaysAllItHasAt250x70() {
    let size = Size(width: 250, height: 70)
    let screen = Renderer.render(Self.films(size)).screen
    // The poster beside the text, larger than at 180x50, and everything the details say.
    let box = PosterLayout.listBox(for: size)
    #expect(box.map { $0.height >= 40 } == true, "\(String(describing: box))")
    let text = Self.text(screen)
    for words in [
      "Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb (1963)", "Directed by Christopher Nolan",
      "A second paragraph closes it.", "Where to watch (US)", "Peacock Premium", "Cast", "Leslie Groves", "Crew",
      "Kai Bird", "Recommended", "Interstellar", "Similar", "Сталкер",
    ] {
      #expect(text.contains(words), "the pane leaves out “\(words)”")
    }
    #expect(!text.contains(" …\n"), "nothing in the pane is cut")
  }

  /// From about 195 columns the pane is wide enough for its text beside the poster: not under it
  /// with the pane's width blank on either side of the poster and the cast cut off below.
  @Test(arguments: [200, 220])
  func aPaneWithRoomBesideThePosterPutsItsTextThere(width: Int) throws {
    let size = Size(width: width, height: 50)
    let screen = Renderer.render(Self.films(size)).screen
    let first = ListLayout.rows(for: size).row
    let title = try #require((0..<screen.height).first { screen.line($0).contains("Dr. Strangelove or:") })
    #expect(title < first + 3, "the title at row \(title), beside the poster's top at \(first)")
    #expect(Self.text(screen).contains("Leslie Groves"), "the cast is reached")
  }

  @Test func thePaneGivesUpTheOverviewsEndBeforeWhereToWatch() {
    // At 180x50 the poster stands over the text: the overview keeps three lines, then where to
    // watch and the cast's first, cut at the bottom.
    let size = Size(width: 180, height: 50)
    let screen = Renderer.render(Self.films(size, cast: 40)).screen
    let text = Self.text(screen)
    #expect(text.contains("Where to watch (US)"))
    #expect(text.contains("Peacock Premium"))
    #expect(!text.contains("A second paragraph closes it."), "the overview's end gives way")
    #expect(Self.paneBottom(screen, size) == ListLayout.rows(for: size).rows.last)
  }

  @Test(arguments: [Size(width: 160, height: 48), Size(width: 250, height: 70)])
  func aSeasonsRowsCarryTheirOverviewsOnWideScreens(size: Size) {
    let overview = "Mark comes back to a floor that has changed without him."
    let wide = Self.text(ScreenSnapshotTests.drawn(SeriesScenes.onSeason(size)).frame.screen)
    #expect(wide.contains(overview), "the episode's overview under its row")
    // Narrower screens keep the rows alone, as before.
    let narrow = Self.text(ScreenSnapshotTests.drawn(SeriesScenes.onSeason(Size(width: 120, height: 40))).frame.screen)
    #expect(narrow.contains("Hello, Ms. Cobel") && !narrow.contains(overview))
  }

  @Test func upNextNamesTakeTheRoomTheyNeed() {
    let size = Size(width: 250, height: 70)
    var state = Scenes.base(size)
    _ = Reducer.reduce(&state, .key(.character("U")))
    let long = "The One Where Everybody Finds Out, and Then Nobody Can Stop Talking About It"
    let entries = [
      UpNextSnapshotTests.entry(1668, "Friends", (5, 14), long, "1999-02-11", seen: 110, aired: 236),
      UpNextSnapshotTests.entry(93405, "Squid Game", (3, 6), "Humans Are…", "2025-06-27", seen: 21, aired: 22),
    ]
    _ = Reducer.reduce(&state, .localRead(.upNext, .success(.upNext(entries))))
    let rows = Self.rows(Renderer.render(state).screen, size).map(\.text)
    #expect(rows.contains { $0.contains(long) && $0.contains("11 February 1999") }, "\(rows.prefix(2))")
  }
}
