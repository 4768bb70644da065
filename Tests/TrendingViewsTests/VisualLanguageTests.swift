import AmodbKit
import Foundation
import Testing
import TrendingCore

@testable import TrendingViews

/// One visual language (issue 56, part 3): the score scale, the user's rating as a chip beside the
/// public score, For you's headed column and kinds, and overlays that cover what is under them.
@Suite("One visual language: score scale, rating chip, For you, overlays")
struct VisualLanguageTests {
  init() {
    TextWidth.prepareLocale()
  }

  @Test func theScoreScaleHasFiveStepsAndNoFlipAtSevenAndAHalf() {
    let tone = { (score: Double) in ListView.tone(forScore: score, votes: 10) }
    #expect(tone(7.4) == tone(7.6), "7.4 and 7.6 share a step")
    #expect([4.9, 5.0, 6.0, 7.0, 8.0].map(tone) == ScoreScale.tones)
    #expect([4.99, 5.99, 6.99, 7.99, 10].map(tone) == ScoreScale.tones)
    #expect(Set([0, 3, 5.5, 6.5, 7.5, 9.9].map(tone)).count == 5)
    #expect(ListView.tone(forScore: 8.4, votes: 0) == .muted && ListView.tone(forScore: nil, votes: 9) == .muted)
    #expect(ListView.tone(forScore: .nan, votes: 9) == .muted)
  }

  /// The list with the user's ratings of the first two films in the marks, as the library sends them.
  static func rated(_ size: Size) -> AppState {
    var state = Scenes.list(size, selection: 1)
    for (id, rating) in [(1, 9), (2, 10)] {
      var mark = Mark(id: id, title: "Film \(id)", year: 2024, onWatchlist: false, added: "2026-01-01")
      mark.rating = rating
      state.shared.marks[.film(id)] = mark
    }
    return state
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 200, height: 60)])
  func yourRatingIsAChipBesideThePublicScore(size: Size) throws {
    let screen = Renderer.render(Self.rated(size)).screen
    let rows = ListLayout.rows(for: size).rows
    let first = screen.line(rows.lowerBound)
    let chip = try #require(first.range(of: "★9"), "row 1: \(first)")
    let column = first.distance(from: first.startIndex, to: chip.lowerBound)
    #expect(screen[rows.lowerBound, column].style == Style(.yours, bold: true))
    let score = try #require(first.range(of: "8.1"))
    #expect(first.distance(from: first.startIndex, to: score.upperBound) + 2 == column, "one blank after the score")
    // The selected row's chip is on the selection, and "★10" fits the same column.
    let second = screen.line(rows.lowerBound + 1)
    #expect(second.contains("8.1  ★10"), "\(second)")
    #expect(screen[rows.lowerBound + 1, column].style == Style(.yours, bold: true, selected: true))
    #expect(!screen.line(rows.lowerBound + 2).contains("★"), "an unrated row has none")
  }

  @Test func aListWithNoRatingKeepsNoColumnForChips() {
    let size = Size(width: 80, height: 24)
    let plain = Renderer.render(Scenes.list(size)).screen
    let rated = Renderer.render(Self.rated(size)).screen
    let row = ListLayout.rows(for: size).rows.lowerBound
    #expect(plain.line(row).hasSuffix("8.1 ") || plain.line(row).hasSuffix("8.1"), "\(plain.line(row))")
    #expect(rated.line(row).trimmingCharacters(in: .whitespaces).hasSuffix("★9"))
  }

  @Test func forYouHasAHeadedColumnItsReasonMutedAndItsOwnKindUnderEachTabBar() throws {
    let size = Size(width: 100, height: 24)
    var state = ForYouSnapshotTests.forYou(size)
    _ = Reducer.reduce(&state, .key(.character("F")))
    var screen = Renderer.render(state).screen
    let rows = ListLayout.rows(for: size).rows
    #expect(screen.line(rows.lowerBound - 1).contains("Title · why it is here"))
    let text = (rows.lowerBound..<rows.upperBound).map(screen.line).joined(separator: "\n")
    #expect(text.contains("Blade Runner") && text.contains("Сталкер") && !text.contains("Dark"), "films: \(text)")
    let line = screen.line(rows.lowerBound + 1)
    let because = try #require(line.range(of: "because"), "\(line)")
    let reason = line.distance(from: line.startIndex, to: because.lowerBound)
    let stalker = try #require(line.range(of: "Сталкер"), "\(line)")
    let title = line.distance(from: line.startIndex, to: stalker.lowerBound)
    #expect(screen[rows.lowerBound + 1, reason].style.tone == .muted)
    #expect(screen[rows.lowerBound + 1, title].style.tone == .normal)
    // The series' tab bar: For you lists the series.
    _ = Reducer.reduce(&state, .key(.character("t")))
    #expect(state.activeTab == .forYou && state.shared.browsing == .series)
    screen = Renderer.render(state).screen
    let series = (rows.lowerBound..<rows.upperBound).map(screen.line).joined(separator: "\n")
    #expect(series.contains("Dark") && !series.contains("Blade Runner"), "series: \(series)")
  }

  /// The cells outside `area` in `rows` that are not blank.
  static func drawn(_ screen: Screen, rows: Range<Int>, outside area: Rect) -> [String] {
    rows.flatMap { row in
      (0..<screen.width).compactMap { column in
        (area.column..<(area.column + area.width)).contains(column)
          || screen[row, column].text.allSatisfy(\.isWhitespace)
          ? nil : "\(row):\(column) \(screen[row, column].text)"
      }
    }
  }

  /// The box's frame on the screen, read from its corners.
  static func box(_ screen: Screen) throws -> Rect {
    let top = try #require((0..<screen.height).first { screen.line($0).contains("┌") })
    let bottom = try #require((0..<screen.height).first { screen.line($0).contains("└") })
    let line = screen.line(top)
    let left = line.distance(from: line.startIndex, to: try #require(line.range(of: "┌")).lowerBound)
    let right = line.distance(from: line.startIndex, to: try #require(line.range(of: "┐")).lowerBound)
    return Rect(row: top, column: left, width: right - left + 1, height: bottom - top + 1)
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 160, height: 48), Size(width: 40, height: 12)])
  func overlaysCoverWhatIsUnderThem(size: Size) throws {
    var states: [String: AppState] = [:]
    for (name, keys) in [("palette", ":"), ("typed palette", ":op"), ("help", "?"), ("form", "f")] {
      var state = Self.rated(size)
      for key in keys { _ = Reducer.reduce(&state, .key(.character(key))) }
      states[name] = state
    }
    for (name, state) in states {
      let screen = Renderer.render(state).screen
      let area = try Self.box(screen)
      // Beside the box: nothing at all; above and below it, no selection, score colour or chip.
      let beside = Self.drawn(screen, rows: area.rows, outside: area)
      #expect(beside.isEmpty, "\(name) \(size.width)x\(size.height): \(beside.prefix(5))")
      let chrome: Set<Tone> = [.bar, .barMuted]
      for row in 0..<screen.height where !area.rows.contains(row) {
        for column in 0..<screen.width {
          let style = screen[row, column].style
          guard !chrome.contains(style.tone) else { continue }
          #expect(
            !style.isSelected && style.tone != .yours && !ScoreScale.tones.contains(style.tone),
            "\(name): \(row):\(column) “\(screen[row, column].text)” is \(style.summary)")
        }
      }
    }
  }

  @Test func thePalettesResultsNeverSpillBelowItsBox() throws {
    for size in [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 60, height: 10)] {
      for typed in ["", "o", "op", "s", "zz"] {
        var state = Scenes.list(size)
        for key in ":" + typed { _ = Reducer.reduce(&state, .key(.character(key))) }
        let screen = Renderer.render(state).screen
        let area = try Self.box(screen)
        let names = PaletteLogic.entries(state).map(\.name)
        for row in area.rows.upperBound..<max(area.rows.upperBound, screen.height - 2) {
          let line = screen.line(row)
          #expect(
            !names.contains { !$0.isEmpty && line.contains(TextLayout.truncate($0, to: 12)) } || line.isEmpty,
            "\(size.width)x\(size.height) “\(typed)”: row \(row) under the box: \(line)")
        }
      }
    }
  }

  @Test func theDiscoverFormSaysMoreWhereLinesAreHidden() throws {
    var state = Scenes.list(Size(width: 80, height: 24))
    _ = Reducer.reduce(&state, .key(.character("f")))
    var screen = Renderer.render(state).screen
    let area = try Self.box(screen)
    #expect(screen.line(area.row + area.height - 1).contains("↓ more"))
    #expect(!screen.line(area.row).contains("↑ more"))
    for _ in 0..<60 { _ = Reducer.reduce(&state, .key(.down)) }
    screen = Renderer.render(state).screen
    #expect(screen.line(area.row).contains("↑ more"), "\(screen.line(area.row))")
  }
}
