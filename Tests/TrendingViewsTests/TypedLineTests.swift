import AmodbKit
import Testing
import TrendingCore

@testable import TrendingViews

/// A typed line's block sits where typing goes, and a line longer than its room scrolls to keep it.
@Suite("A typed line drawn")
struct TypedLineTests {
  init() {
    TextWidth.prepareLocale()
  }

  @Test func theBlockIsOnTheCharacterWhereTypingGoes() {
    var screen = Screen(width: 30, height: 1)
    TypedLine.draw(prompt: "Search: ", text: "dune", cursor: 1, row: 0, into: &screen)
    #expect(screen.line(0).hasPrefix(" Search: dune"))
    // " Search: " is nine columns: the block is on the "u".
    #expect(screen.cursor == Position(row: 0, column: 10))
    #expect(screen[0, 10].text == "u")
    #expect(screen[0, 10].style.isSelected)
    #expect(!screen[0, 9].style.isSelected && !screen[0, 11].style.isSelected)
    var atEnd = Screen(width: 30, height: 1)
    TypedLine.draw(prompt: "Search: ", text: "dune", row: 0, into: &atEnd)
    #expect(atEnd.cursor == Position(row: 0, column: 13))
    #expect(atEnd[0, 13].style.isSelected)
  }

  @Test func aLongLineShowsTheCursorsPart() {
    let text = "the quick brown fox jumps over the lazy dog"
    var end = Screen(width: 24, height: 1)
    TypedLine.draw(prompt: "\\ ", text: text, row: 0, into: &end)
    #expect(end.line(0).contains("lazy dog"))
    #expect(!end.line(0).contains("quick"))
    var start = Screen(width: 24, height: 1)
    TypedLine.draw(prompt: "\\ ", text: text, cursor: 0, row: 0, into: &start)
    #expect(start.line(0).contains("the quick"))
    #expect(!start.line(0).contains("lazy"))
    #expect(start[0, start.cursor?.column ?? 0].text == "t")
    // Wide characters: the block covers the whole ideograph under the cursor.
    var wide = Screen(width: 24, height: 1)
    TypedLine.draw(prompt: "\\ ", text: "卧虎藏龙", cursor: 2, row: 0, into: &wide)
    let column = wide.cursor?.column ?? 0
    #expect(wide[0, column].text == "藏")
    #expect(wide[0, column].style.isSelected)
  }
}

/// The search line's words found in a result's title, to be drawn in the accent.
@Suite("A search's words in a title")
struct SearchMatchTests {
  init() {
    TextWidth.prepareLocale()
  }

  @Test func theWordsAreFoundWhateverTheCaseAndAccents() {
    #expect(SearchMatch.columns(of: "amelie", in: "Le Fabuleux Destin d'Amélie Poulain") == 21..<27)
    #expect(SearchMatch.columns(of: "dune", in: "DUNE: Part Two") == 0..<4)
    // Columns, not characters: two ideographs before the match take four.
    #expect(SearchMatch.columns(of: "tv", in: "卧虎 TV") == 5..<7)
    #expect(SearchMatch.columns(of: "amelia", in: "Amélie") == nil)
  }
}

/// A title whose name the library never had still has a name on screen.
@Suite("A title without a name")
struct UntitledTests {
  init() {
    TextWidth.prepareLocale()
  }

  @Test func itIsShownAsFilmOrSeriesAndItsNumber() {
    var state = Scenes.list(Size(width: 80, height: 24))
    let unnamed = [MediaSummary(id: 13, title: ""), MediaSummary(id: 1396, kind: .series, title: "")]
    state.rootList.list = Loadable(value: Listing(firstPage: MediaPage(results: unnamed)), fetchedAt: Scenes.now)
    let text = Renderer.render(state).screen.plainText
    #expect(text.contains("Film #13") && text.contains("Series #1396"), "\(text)")
    #expect(unnamed[0].shownTitle == "Film #13")
    #expect(MediaSummary(id: 1, title: "Dune").shownTitle == "Dune")
  }
}

/// A line longer than its room: what shows as the cursor moves.
@Suite("A long typed line")
struct LongTypedLineTests {
  init() {
    TextWidth.prepareLocale()
  }

  @Test func theTextStaysPutUnderACursorMovingLeftAndHiddenTextIsMarked() {
    let characters = Array("the quick brown fox jumps over the lazy dog")
    let count = characters.count
    let atEnd = TypedLine.shown(characters, cursor: count, room: 20)
    // Moving left from the end: the end keeps showing, the block moves over it.
    for cursor in (atEnd.start..<count).reversed() {
      #expect(TypedLine.shown(characters, cursor: cursor, room: 20).start == atEnd.start, "cursor \(cursor)")
    }
    // Past it, the line moves by half its room, and the cursor is always shown.
    let further = TypedLine.shown(characters, cursor: atEnd.start - 1, room: 20)
    #expect(further.start < atEnd.start - 1 && further.start % 10 == 0, "\(further)")
    #expect(TypedLine.shown(characters, cursor: further.start, room: 20).start == further.start)
    for cursor in 0...count {
      let window = TypedLine.shown(characters, cursor: cursor, room: 20)
      #expect(window.start <= cursor && window.cursor == cursor && window.end <= count)
    }
    var screen = Screen(width: 30, height: 1)
    TypedLine.draw(prompt: "\\ ", text: String(characters), row: 0, into: &screen)
    #expect(screen.line(0).hasPrefix(" \\ …"), "\(screen.line(0))")
    var start = Screen(width: 30, height: 1)
    TypedLine.draw(prompt: "\\ ", text: String(characters), cursor: 0, row: 0, into: &start)
    #expect(start.line(0).hasPrefix(" \\ the quick"), "\(start.line(0))")
  }
}
