import AmodbKit
import Foundation
import Testing
import TrendingCore

@testable import TrendingViews

/// What a frame does for a screen reader: its cursor starts the focused row, link or entry, the
/// status line is the last row and says its message whole, nothing turns, and the tab showing is
/// told by more than its colour.
@Suite("Screen reader")
struct ScreenReaderTests {
  init() {
    TextWidth.prepareLocale()
  }

  /// The sizes the cursor is checked at.
  static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 200, height: 60)]

  /// A state drawn for a screen reader.
  static func reading(_ state: AppState) -> AppState {
    var state = state
    state.shared.screenReader = true
    return state
  }

  /// Renders as the run loop does: a document's new layout goes back to the state, and it is drawn again.
  static func frame(_ state: inout AppState) -> Frame {
    let frame = Renderer.render(state)
    guard let layout = frame.document, layout != state.top.layout else { return frame }
    _ = Reducer.reduce(&state, .documentLayout(layout))
    return Renderer.render(state)
  }

  /// Presses keys, each drawn before the next as the run loop draws them.
  static func press(_ keys: [Key], _ state: inout AppState) {
    for key in keys {
      _ = frame(&state)
      _ = Reducer.reduce(&state, .key(key))
    }
  }

  @Test(arguments: sizes)
  func theCursorStartsTheSelectedRowOfAList(size: Size) {
    var state = Self.reading(Scenes.list(size, selection: 0))
    Self.press([.character("j"), .character("j")], &state)
    let frame = Self.frame(&state)
    #expect(state.rootList.selection == 2)
    #expect(frame.cursor.column == 0)
    #expect(frame.screen.line(frame.cursor.row).contains("卧虎藏龙"))
    #expect(frame.screen[frame.cursor.row, 0].style.isSelected)
  }

  @Test(arguments: sizes)
  func theFilterBeingTypedKeepsTheCursorWhereTypingGoes(size: Size) {
    var state = Self.reading(Scenes.list(size, selection: 0))
    Self.press([.character("\\"), .character("f"), .character("i")], &state)
    let typing = Self.frame(&state)
    #expect(typing.cursor.row == Chrome(state.shared).status.row, "on the filter's line")
    #expect(typing.screen.line(typing.cursor.row).contains("\\ fi"))
    // ↓ moves in the rows: the cursor follows the selection; typing takes it back to the line.
    Self.press([.down], &state)
    let moved = Self.frame(&state)
    #expect(moved.screen[moved.cursor.row, 0].style.isSelected && moved.cursor.row != typing.cursor.row)
    Self.press([.character("l")], &state)
    #expect(Self.frame(&state).cursor.row == typing.cursor.row)
    // Kept (Enter), the cursor goes back to the selected row.
    Self.press([.enter], &state)
    let kept = Self.frame(&state)
    #expect(kept.screen[kept.cursor.row, 0].style.isSelected && kept.cursor.row != typing.cursor.row)
  }

  @Test func theCursorIsWorkedOutWithoutAScreenReaderToo() {
    var state = Scenes.list(Size(width: 80, height: 24), selection: 3)
    let frame = Self.frame(&state)
    #expect(frame.screen.line(frame.cursor.row).contains("ואלס עם באשיר"))
  }

  @Test(arguments: sizes)
  func theCursorStartsTheSelectedLinkOfAFilm(size: Size) throws {
    var state = Self.reading(Scenes.detail(size, details: Scenes.fullDetails))
    let unfocused = Self.frame(&state)
    // Nothing selected yet: the first line of the film.
    #expect(unfocused.cursor.row == Chrome(state.shared).body.row)
    #expect(unfocused.screen.line(unfocused.cursor.row).contains("Oppenheimer"))
    var names: [String] = []
    for _ in 0..<40 {
      Self.press([.character("j")], &state)
      let frame = Self.frame(&state)
      guard case .film(let film) = state.stack[state.stack.count - 1], let index = film.cursor.selected else {
        continue
      }
      let link = film.cursor.layout.links[index]
      #expect(frame.cursor.row == Chrome(state.shared).body.row + link.line - film.cursor.scroll)
      #expect(frame.cursor.column == link.columns?.lowerBound ?? frame.cursor.column)
      #expect(frame.screen[frame.cursor.row, frame.cursor.column].style.isSelected)
      names.append(frame.screen.line(frame.cursor.row))
    }
    // The links read in turn: the director, then the cast, each under the cursor.
    #expect(names.contains { $0.contains("Christopher Nolan") })
    #expect(names.contains { $0.contains("Cillian Murphy") })
    #expect(names.contains { $0.contains("Emily Blunt") })
  }

  @Test(arguments: sizes)
  func theCursorStartsTheSelectedEpisodeOfASeason(size: Size) {
    var state = Self.reading(SeriesScenes.onSeason(size))
    var rows: [String] = []
    for press in 0..<12 where !rows.contains(where: { $0.contains("Goodbye") }) {
      // The first look before any key: a season opens on its first episode.
      if press > 0 { Self.press([.character("j")], &state) }
      let frame = Self.frame(&state)
      guard case .season(let season) = state.stack[state.stack.count - 1], season.cursor.selected != nil else {
        continue
      }
      #expect(frame.screen[frame.cursor.row, frame.cursor.column].style.isSelected)
      rows.append(frame.screen.line(frame.cursor.row))
    }
    #expect(rows.contains { $0.contains("Hello") })
    #expect(rows.contains { $0.contains("Goodbye") })
  }

  @Test func theSearchLineHasTheCursorUntilItsResultsCome() {
    let size = Size(width: 80, height: 24)
    var typing = Self.reading(ScreenSnapshotTests.searching(size, text: "sev", results: nil))
    let typed = Self.frame(&typing)
    #expect(typed.screen.line(typed.cursor.row).contains("Search: sev"))
    #expect(typed.screen[typed.cursor.row, typed.cursor.column].style.isSelected)
    var answered = Self.reading(
      ScreenSnapshotTests.searching(size, text: "sev", results: [SeriesScenes.series[0], Scenes.films[0]]))
    let answeredFrame = Self.frame(&answered)
    #expect(answeredFrame.screen.line(answeredFrame.cursor.row).contains("Search: sev"), "typing: on the line")
    _ = Reducer.reduce(&answered, .key(.down))
    _ = Reducer.reduce(&answered, .key(.up))
    let results = Self.frame(&answered)
    #expect(results.screen.line(results.cursor.row).contains("Severance"), "↑↓: on the result")
  }

  /// While typing, the cursor is where typing goes (← and → are heard); once ↓ moves to a
  /// command, on the command Enter runs.
  @Test func thePaletteHasTheCursorOnTheLineTypedThenOnTheCommandEnterRuns() {
    var state = Self.reading(Scenes.list(Size(width: 80, height: 24)))
    _ = Reducer.reduce(&state, .key(.character(":")))
    for key: Key in [.character("r"), .character("e"), .left] { _ = Reducer.reduce(&state, .key(key)) }
    let typing = Self.frame(&state)
    #expect(state.palette != nil)
    #expect(typing.screen.line(typing.cursor.row).contains(": re"), "\(typing.screen.line(typing.cursor.row))")
    _ = Reducer.reduce(&state, .key(.down))
    let frame = Self.frame(&state)
    #expect(frame.screen[frame.cursor.row, frame.cursor.column].style.isSelected)
    #expect(frame.cursor.row > typing.cursor.row)
  }

  @Test func theStatusLineIsTheLastRowAndItsMessageIsWhole() {
    let size = Size(width: 40, height: 12)
    var state = Self.reading(Scenes.list(size))
    let message = "The library could not be read: the disk is full; free some space."
    state.shared.say(message, .problem)
    let frame = Self.frame(&state)
    // Two rows, the key hints' too, and not the body's, where the focused row may be.
    let bottom = (size.height - 2..<size.height).map { frame.screen.line($0) }.joined(separator: " ")
    let words = bottom.split(separator: " ").joined(separator: " ")
    #expect(words.contains(message))
    // Without a screen reader a message is whole too: its first row the status line, above the
    // key hints, its second the key hints' own while it shows.
    state.shared.screenReader = false
    let below = Self.frame(&state)
    #expect(below.screen.line(size.height - 2).contains("The library"))
    let rows = (size.height - 2..<size.height).map { below.screen.line($0) }.joined(separator: " ")
    #expect(rows.split(separator: " ").joined(separator: " ").contains(message))
    #expect(!below.screen.line(size.height - 3).contains("disk"), "never the body's row")
  }

  @Test func aMessageLongerThanTwoRowsIsCutOnTheSecond() {
    let size = Size(width: 40, height: 12)
    var state = Self.reading(Scenes.list(size))
    state.shared.say(String(repeating: "word ", count: 40) + "end", .problem)
    let frame = Self.frame(&state)
    #expect(frame.screen.line(size.height - 1).contains("…"))
    #expect(frame.screen.line(size.height - 3).contains("Film") || frame.screen.line(size.height - 3).contains("A"))
    #expect(!frame.screen.line(size.height - 3).contains("word"))
  }

  /// Asked whether to quit losing changes, the cursor reads the question; a key that moves on
  /// takes it back to the focus, while the question stays said.
  @Test func theQuitQuestionHasTheCursorUntilAKeyMovesOn() {
    var state = Self.reading(Scenes.list(Size(width: 80, height: 24), selection: 0))
    state.shared.unsaved = [
      LibraryChange(id: 1, title: "Film 1", year: nil, kind: .watchlist(true), day: "2026-12-07", summary: nil)
    ]
    _ = Reducer.reduce(&state, .libraryBusy)
    Self.press([.character("q")], &state)
    let asked = Self.frame(&state)
    #expect(asked.screen.line(asked.cursor.row).contains("quit again"))
    Self.press([.character("j")], &state)
    let moved = Self.frame(&state)
    #expect(moved.screen[moved.cursor.row, 0].style.isSelected, "on the selected row")
    #expect(!moved.screen.line(moved.cursor.row).contains("quit again"))
    #expect(moved.screen.plainText.contains("quit again"), "the question is still said")
  }

  /// A page that could not be loaded has the cursor on why, not on the title above it.
  @Test(arguments: sizes)
  func aFailedPageHasTheCursorOnWhy(size: Size) {
    var state = Self.reading(
      Scenes.detail(size, details: nil, phase: .failed(.notFound(message: "The resource could not be found."))))
    let frame = Self.frame(&state)
    #expect(frame.screen.line(frame.cursor.row).contains("Could not load the film."))
  }

  @Test func theKeyHintsStandAboveTheStatusLine() {
    let size = Size(width: 80, height: 24)
    #expect(Chrome(size, screenReader: true).status.row == 23)
    #expect(Chrome(size, screenReader: true).hints.row == 22)
    var state = Self.reading(Scenes.list(size))
    let frame = Self.frame(&state)
    #expect(frame.screen.line(23).contains("2/"))
    #expect(frame.screen.line(22).contains("quit"))
  }

  @Test func nothingTurnsForAScreenReader() {
    var state = Self.reading(Scenes.base(Size(width: 80, height: 24)))
    state.rootList.list.begin()
    let first = Self.frame(&state).screen
    _ = Reducer.reduce(&state, .tick(Scenes.now.addingTimeInterval(0.25)))
    let later = Self.frame(&state)
    #expect(first.plainText == later.screen.plainText)
    #expect(!later.screen.plainText.contains("⠋"))
    // The cursor rests on what the body says.
    #expect(later.screen.line(later.cursor.row).contains("Loading"))
  }

  @Test func theTabShowingIsInBrackets() {
    var state = Self.reading(Scenes.list(Size(width: 120, height: 24)))
    let frame = Self.frame(&state)
    #expect(frame.screen.line(Chrome(state.shared).body.row).contains("[Trending]"))
    #expect(frame.screen.line(Chrome(state.shared).body.row).contains("[Films]Series"))
    state.shared.screenReader = false
    #expect(!Self.frame(&state).screen.plainText.contains("[Trending]"))
  }

  /// Films or series is told by more than its colour too, the switch whole or folded.
  @Test(arguments: [120, 40, 30])
  func theKindShowingIsInBrackets(width: Int) {
    var state = Self.reading(Scenes.list(Size(width: width, height: 24)))
    state.shared.browsing = .series
    let bar = Self.frame(&state).screen.line(Chrome(state.shared).body.row)
    #expect(bar.contains("[Series]│"), "\(bar)")
    #expect(!bar.contains("[Films]"))
  }

  @Test func theMarksAreSymbolsAsWellAsColours() {
    var state = Self.reading(Scenes.list(Size(width: 80, height: 24)))
    state.shared.marks[.film(1)] = Mark(
      id: 1, kind: .film, title: "Dune: Part Two", year: 2024, onWatchlist: true, added: "")
    var seen = Mark(id: 2, kind: .film, title: "Oppenheimer", year: 2023, onWatchlist: false, added: "")
    seen.seen = "2024-01-02"
    state.shared.marks[.film(2)] = seen
    let frame = Self.frame(&state)
    let rows = ListLayout.rows(for: state.shared.size).row
    #expect(frame.screen.line(rows).contains("+"))
    #expect(frame.screen.line(rows + 1).contains("✓"))
  }
}
