import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

@Suite("Text width, truncation and wrapping")
struct TextTests {
  init() {
    TextWidth.prepareLocale()
  }

  @Test(arguments: [
    ("abc", 3), ("卧虎藏龙", 8), ("ואלס", 4), ("Сталкер", 7), ("e\u{301}", 1), ("🎉", 2), ("👨‍👩‍👧", 6), ("🇺🇦", 2), ("", 0),
  ])
  func widths(text: String, width: Int) {
    #expect(TextWidth.width(of: text) == width)
  }

  @Test func truncationEndsWithAnEllipsisAndNeverSplitsAWideCharacter() {
    #expect(TextLayout.truncate("Hello, world", to: 8) == "Hello, …")
    #expect(TextLayout.truncate("卧虎藏龙", to: 5) == "卧虎…")
    #expect(TextWidth.width(of: TextLayout.truncate("卧虎藏龙", to: 6)) <= 6)
    #expect(TextLayout.truncate("short", to: 10) == "short")
    #expect(TextLayout.truncate("anything", to: 0).isEmpty)
    #expect(TextLayout.fit("卧虎", to: 6) == "卧虎  ")
    #expect(TextLayout.fit("7.4", to: 5, alignRight: true) == "  7.4")
  }

  @Test func aNoteKeepsItsLinesUnderItsMark() {
    var document = Document()
    MarkLines.note("with Dad\nagain next year, at the cinema", width: 20, into: &document)
    let lines = document.lines.map { $0.map(\.text).joined() }
    #expect(lines == ["✎ with Dad", "  again next year,", "  at the cinema"])
  }

  @Test func factsBreakBetweenThemselvesNotInsideOne() {
    let facts = ["S01E06 “Low Tide”", "8 December 2026", "in 3 days"]
    #expect(TextLayout.wrap(facts: facts, width: 80) == ["S01E06 “Low Tide” · 8 December 2026 · in 3 days"])
    #expect(TextLayout.wrap(facts: facts, width: 28) == ["S01E06 “Low Tide” ·", "8 December 2026 · in 3 days"])
    // A fact no line holds breaks at its spaces where it stands; empty facts are not there.
    let long = ["Acting", "", "born 25 May 1976 in Douglas, Cork, Ireland"]
    #expect(TextLayout.wrap(facts: long, width: 38) == ["Acting · born 25 May 1976 in Douglas,", "Cork, Ireland"])
    #expect(TextLayout.wrap(facts: [], width: 10).isEmpty && TextLayout.wrap(facts: ["a"], width: 0).isEmpty)
    for width in 1...50 {
      for line in TextLayout.wrap(facts: facts + long, width: width) {
        #expect(TextWidth.width(of: line) <= width, "\(width): \(line)")
      }
    }
  }

  @Test func wrappingKeepsWordsAndBreaksCJK() {
    #expect(TextLayout.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
    #expect(TextLayout.wrap("卧虎藏龙卧虎藏龙", width: 5) == ["卧虎", "藏龙", "卧虎", "藏龙"])
    #expect(TextLayout.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
    #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
  }

  @Test func randomUnicodeNeverOverflowsOrLeaksControls() {
    var generator = SeededGenerator.fromEnvironment()
    let pools: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0x300...0x36F, 0x4E00...0x4E80, 0x1F300...0x1F64F, 0x5D0...0x5EA, 0x200B...0x206F, 0...0x1F,
    ]
    for _ in 0..<300 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...60, using: &generator) {
        let pool = pools.randomElement(using: &generator) ?? pools[0]
        if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) { text.append(scalar) }
      }
      let width = Int.random(in: 1...30, using: &generator)
      let cut = TextLayout.truncate(String(text), to: width)
      #expect(TextWidth.width(of: cut) <= width, generator.replay)
      for line in TextLayout.wrap(String(text), width: width) {
        #expect(TextWidth.width(of: line) <= width, generator.replay)
      }
      let glyphs = String(text).flatMap(TextWidth.glyphs)
      #expect(TextWidth.width(of: String(text)) == glyphs.reduce(0) { $0 + $1.width }, generator.replay)
      var screen = Screen(width: width, height: 1)
      let columns = screen.put(String(text), row: 0, column: 0)
      let drawn = screen.line(0)
      #expect(TextWidth.width(of: drawn) <= width, generator.replay)
      // What fits is the glyphs in order, each whole: the ASCII fast path draws what the glyphs would.
      var fitting = 0
      var expected = ""
      for glyph in glyphs {
        guard fitting + glyph.width <= width else { break }
        fitting += glyph.width
        expected += glyph.text
      }
      #expect(columns == fitting, generator.replay)
      #expect(drawn == expected + String(repeating: " ", count: width - fitting), generator.replay)
      #expect(!drawn.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, generator.replay)
    }
  }

  @Test func puttingOverWideCharactersLeavesTheCellsTheGlyphWalkWould() {
    // Reference: each grapheme's glyphs in turn, whole or not at all, the other half of any wide
    // character a glyph lands on blanked first; the fast paths of `put` must leave the same cells.
    var generator = SeededGenerator.fromEnvironment()
    let pools: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0x20...0x7E, 0x300...0x36F, 0x4E00...0x4E80, 0x1F300...0x1F64F, 0x5D0...0x5EA, 0x200B...0x200D,
      0...0x1F, 0x1F1E6...0x1F1FF,
    ]
    let under = Style(.muted, selected: true)
    let style = Style(.accent, bold: true)
    for _ in 0..<400 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...24, using: &generator) {
        let pool = pools.randomElement(using: &generator) ?? pools[0]
        if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) { text.append(scalar) }
      }
      let width = 12
      let column = Int.random(in: 0...13, using: &generator)
      let limit = Bool.random(using: &generator) ? nil : Int.random(in: 0...12, using: &generator)
      // Wide characters at an odd or an even offset under the text.
      var screen = Screen(width: width, height: 1)
      screen.put(Bool.random(using: &generator) ? "卧虎藏龙卧虎" : "a卧虎藏龙卧虎", row: 0, column: 0, style: under)
      var expected = (0..<width).map { screen[0, $0] }
      func clear(_ at: Int) {
        if expected[at].text.isEmpty, at > 0 { expected[at - 1] = Cell(" ", style: expected[at - 1].style) }
        if at + 1 < width, expected[at + 1].text.isEmpty { expected[at + 1] = Cell(" ", style: expected[at + 1].style) }
      }
      var position = column
      let end = min(width, column + (limit ?? width))
      walk: for glyph in String(text).flatMap(TextWidth.glyphs) {
        guard position + glyph.width <= end else { break walk }
        for offset in 0..<glyph.width { clear(position + offset) }
        expected[position] = Cell(glyph.text, style: style)
        if glyph.width == 2 { expected[position + 1] = Cell("", style: style) }
        position += glyph.width
      }
      let columns = screen.put(String(text), row: 0, column: column, style: style, limit: limit)
      #expect(columns == max(0, position - column), "\(text.map { String($0.value, radix: 16) }) \(generator.replay)")
      #expect((0..<width).map { screen[0, $0] } == expected, "\(text.map { String($0.value, radix: 16) })")
    }
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var screen = Screen(width: 4, height: 1)
    screen.put("卧虎", row: 0, column: 0)
    screen.put("x", row: 0, column: 1)
    #expect(screen.line(0) == " x虎")
  }

  @Test func formatters() {
    #expect(Formatters.score(8.433, votes: 10) == "8.4")
    #expect(Formatters.score(0, votes: 0) == "–")
    #expect(Formatters.votes(26_280) == "26K")
    #expect(Formatters.votes(2_400_000) == "2.4M")
    #expect(Formatters.votes(1_000_000) == "1M")
    #expect(Formatters.votes(1_500) == "1.5K")
    #expect(Formatters.runtime(139) == "2h 19m")
    #expect(Formatters.runtime(45) == "45m")
    #expect(Formatters.runtime(60) == "1h" && Formatters.runtime(120) == "2h", "whole hours, not 1h 0m")
    let now = Date(timeIntervalSince1970: 1_000_000)
    #expect(Formatters.age(since: now, now: now) == "just now")
    #expect(Formatters.age(since: now.addingTimeInterval(-180), now: now) == "3 minutes ago")
    #expect(Formatters.age(since: now.addingTimeInterval(-7_200), now: now) == "2 hours ago")
    // Dates from a damaged cache: never a trap converting to Int.
    for seconds in [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan] {
      _ = Formatters.age(since: Date(timeIntervalSince1970: seconds), now: now)
    }
    #expect(Formatters.age(since: Date(timeIntervalSince1970: -1e300), now: now).hasSuffix("days ago"))
    // When the words change: each is drawn again then, by an app that is otherwise idle.
    for (ago, next) in [(0.0, 60.0), (59, 60), (60, 120), (3_599, 3_600), (3_600, 7_200), (172_800, 259_200)] {
      let fetched = now.addingTimeInterval(-ago)
      let changes = Formatters.ageChanges(since: fetched, now: now)
      #expect(changes == fetched.addingTimeInterval(next), "\(ago) s")
      #expect(Formatters.age(since: fetched, now: changes) != Formatters.age(since: fetched, now: now), "\(ago) s")
    }
    // The list fetched three minutes before: its header's words change at four.
    let list = Scenes.list(Size(width: 80, height: 24))
    #expect(Renderer.render(list).screen.changesAt == Scenes.now.addingTimeInterval(60))
    #expect(Formatters.rating(Rating(value: 67), scale: .outOfHundred) == "67/100")
    #expect(Formatters.rating(Rating(value: 81), scale: .percent) == "81%")
    #expect(Formatters.rating(nil, scale: .outOfTen) == "–")
  }
}

@Suite("Rendering invariants")
struct RenderInvariantTests {
  init() {
    TextWidth.prepareLocale()
  }

  @Test func randomSessionsKeepEveryInvariant() {
    var generator = SeededGenerator.fromEnvironment()
    let keys: [Key] = [
      .up, .down, .pageUp, .pageDown, .home, .end, .enter, .escape, .left, .right, .character("r"), .character("?"),
      .character("w"), .character("j"), .character("k"), .character("G"), .character("g"), .backspace,
      .character("/"), .character("s"), .character("d"), .character("u"), .tab, .character("3"), .control("w"),
      .character("a"), .character("m"), .character("6"), .character("y"), .character("Y"), .character("o"),
    ]
    let errors: [AmodbError] = [
      .timedOut(seconds: 10), .server(status: 502, message: "\u{1B}[2Jbad"), .rateLimited(retryAfter: 5),
    ]
    for _ in 0..<20 {
      var state = AppState(language: "en-US", size: Size(width: 80, height: 24), now: Scenes.now)
      state.shared.imagesEnabled = Bool.random(using: &generator)
      var effects = Reducer.reduce(&state, .start)
      for _ in 0..<200 {
        let roll = Int.random(in: 0..<10, using: &generator)
        if roll < 6 {
          effects += Reducer.reduce(&state, .key(keys.randomElement(using: &generator) ?? .down))
        } else if roll < 7 {
          let size = Size(
            width: Int.random(in: 1...220, using: &generator), height: Int.random(in: 1...70, using: &generator))
          effects += Reducer.reduce(&state, .resize(size))
        } else if let effect = effects.popLast() {
          switch effect {
          case .fetch(let request, _), .fetchInBackground(let request):
            switch request {
            case .movie:
              effects += Reducer.reduce(
                &state, .fetched(request, .success(Fetched(value: .movie(Scenes.fullDetails), fetchedAt: Scenes.now))))
            case .person:
              effects += Reducer.reduce(
                &state, .fetched(request, .success(Fetched(value: .person(Scenes.person), fetchedAt: Scenes.now))))
            case .trending, .catalogue, .search, .discover:
              let result: Result<Fetched<APIAnswer>, AmodbError> =
                Bool.random(using: &generator)
                ? .success(
                  Fetched(
                    value: .page(
                      MediaPage(
                        page: request.page ?? 1, totalPages: 3,
                        results: Array(Scenes.films.shuffled(using: &generator).prefix(20)))), fetchedAt: Scenes.now))
                : .failure(errors.randomElement(using: &generator) ?? .timedOut(seconds: 1))
              effects += Reducer.reduce(&state, .fetched(request, result))
            default:
              break
            }
          case .readLocal:
            effects += Reducer.reduce(&state, .watchlistRead(.success(WatchlistSnapshot(marks: [:]))))
          case .fetchPoster(let request), .fetchPosterAhead(let request):
            effects += Reducer.reduce(&state, .posterLoaded(request, nil))
          case .after(_, let action, _):
            effects += Reducer.reduce(&state, action)
          case .loadMarks:
            effects += Reducer.reduce(&state, .marksLoaded([:], problem: nil))
          case .loadEpisodeMarks(let id):
            effects += Reducer.reduce(&state, .episodeMarksLoaded(id, [EpisodeKey(season: 1, number: 1)]))
          case .save(let change) where change.isEpisodes:
            effects += Reducer.reduce(&state, .changeSaved(nil, problem: nil))
          case .save, .openURL, .playTrailer, .completePath, .playFile, .copy, .writeTerminal, .quit, .cancel, .suspend,
            .redraw, .drawImages, .useLightBackground, .watchLibrary, .syncLibrary:
            break
          }
        }
        let frame = Renderer.render(state)
        if let layout = frame.document { _ = Reducer.reduce(&state, .documentLayout(layout)) }
        #expect(
          state.rootList.movies.isEmpty
            ? state.rootList.selection == 0 : state.rootList.movies.indices.contains(state.rootList.selection),
          generator.replay
        )
        #expect(state.detailScroll >= 0 && state.detailScroll <= max(state.detailMaxScroll, 0), generator.replay)
        for row in 0..<frame.screen.height {
          let line = frame.screen.line(row)
          #expect(TextWidth.width(of: line) <= state.shared.size.width, "row \(row): \(line); \(generator.replay)")
          #expect(
            !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x1B },
            generator.replay)
        }
      }
    }
  }
}
