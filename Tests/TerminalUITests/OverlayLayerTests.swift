import CNCurses
import Foundation
import PosterKit
import Testing
import TrendingCore

@testable import TerminalUI
@testable import TrendingViews

/// Which of an image's cells a frame writes over, and what erases the cells it leaves.
@Suite("An image's cells between frames")
struct OverlayCellsTests {
  /// A 20×6 screen with a 4×3 image at row 1, column 10.
  let image = ScreenOverlay(row: 1, column: 10, poster: PixelPoster(kind: .sixel, sequence: "S", columns: 4, rows: 3))

  func screen(_ lines: [String]) -> [Cell] {
    var screen = Screen(width: 20, height: 6)
    for (row, line) in lines.enumerated() { screen.put(line, row: row, column: 0) }
    return screen.cells
  }

  @Test func changesLeftOfTheImageLeaveItAloneChangesAcrossOrAfterItDoNot() {
    let old = screen(["", "row one", "", "x"])
    #expect(!OverlayDamage.touches(image, from: old, to: screen(["", "row two", "", "x"]), width: 20))
    #expect(!OverlayDamage.touches(image, from: old, to: screen(["", "row one", "", "y"]), width: 20), "below it")
    // Text written through the image's columns, or right of them (ncurses may rewrite from the left).
    #expect(OverlayDamage.touches(image, from: old, to: screen(["", "row one and more"]), width: 20))
    let right = screen(["", "row one          z"])
    #expect(OverlayDamage.touches(image, from: old, to: right, width: 20))
    let long = screen(["", "abcdefghi     ", "", "x"])
    let withTail = long.enumerated().map { $0.offset == 1 * 20 + 18 ? Cell("q") : $0.element }
    #expect(OverlayDamage.touches(image, from: withTail, to: long, width: 20))
  }

  @Test func aRowLosingTheSelectionsBarIsErasedThroughTheImage() {
    // The selection's bar (coloured spaces) runs to column 8; unselected, the row ends at its
    // text, and ncurses erases from there to the end of the line, through the image's cells.
    let plain = screen(["", "row one"])
    var selected = plain
    for column in 0..<9 { selected[20 + column].style = Style(selected: true) }
    #expect(OverlayDamage.touches(image, from: selected, to: plain, width: 20))
    // Selected again: written from its first changed cell to its last, left of the image.
    #expect(!OverlayDamage.touches(image, from: plain, to: selected, width: 20))
  }

  @Test func spacesOnlyOverCellsTheNewImageLeavesAndTheFrameDidNotWrite() {
    let before = screen(["", "", "", "", ""])
    var after = before
    after[2 * 20 + 11] = Cell("t")  // ncurses wrote this one: its pixels are gone already
    let moved = ScreenOverlay(
      row: 2, column: 10, poster: PixelPoster(kind: .sixel, sequence: "N", columns: 4, rows: 3))
    let erase = OverlayErase.cells(of: image, keeping: moved, before: before, after: after, width: 20) { $0.isSpace }
    // Only row 1 is left by the new image; rows 2 and 3 are under it.
    #expect(erase.spaces == "\u{1B}7\u{1B}[0m\u{1B}[2;11H    \u{1B}8")
    #expect(erase.rewrite.isEmpty)
    let same = OverlayErase.cells(of: image, keeping: image, before: before, after: after, width: 20) { $0.isSpace }
    #expect(same.spaces.isEmpty, "a poster drawn over the same box erases nothing first")
    let gone = OverlayErase.cells(of: image, keeping: nil, before: before, after: after, width: 20) { _ in false }
    #expect(gone.spaces.isEmpty && gone.rewrite == [1, 2, 3], "cells not plain blanks: ncurses writes their rows")
    let cleared = OverlayErase.cells(of: image, keeping: nil, before: nil, after: after, width: 20) { $0.isSpace }
    #expect(cleared.spaces.isEmpty && cleared.rewrite.isEmpty, "a full repaint cleared the terminal")
  }
}

extension NCursesInProcess {
  /// ncurses scrolls with a scrolling region or by deleting lines unless the backend takes those
  /// capabilities away, which it does while an image is up (a terminal scrolls pixels with text).
  @Suite("No scrolling under an image", .serialized)
  struct ScrollingUnderImagesTests {
    /// Everything written for a page of numbered lines, ten lines on with an image shown, and
    /// ten more once the image is gone; the bytes of the last two steps.
    func pageDown() throws -> (underImage: String, afterIt: String) {
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("scroll-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: path) }
      let output = try #require(fopen(path, "w"))
      let input = try #require(fopen("/dev/null", "r"))
      defer { fclose(input) }
      let backend = try #require(
        NCursesBackend(noColor: true, terminalType: "xterm-256color", output: output, input: input))
      let size = backend.size
      func page(from first: Int) -> Screen {
        var screen = Screen(width: size.width, height: size.height)
        screen.put("header", row: 0, column: 0)
        for row in 1..<(size.height - 1) { screen.put("line \(first + row) of the film's page", row: row, column: 0) }
        return screen
      }
      func offset() -> Int {
        fflush(output)
        return (try? Data(contentsOf: URL(fileURLWithPath: path)).count) ?? 0
      }
      let image = ScreenOverlay(
        row: 2, column: size.width - 12, poster: PixelPoster(kind: .sixel, sequence: "IMAGE", columns: 10, rows: 5))
      backend.draw(page(from: 0))
      backend.showOverlay(image)
      let start = offset()
      backend.draw(page(from: 10))
      backend.showOverlay(image)
      let middle = offset()
      backend.showOverlay(nil)
      backend.draw(page(from: 20))
      backend.showOverlay(nil)
      let end = offset()
      backend.shutdown()
      fclose(output)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      return (
        String(decoding: bytes[start..<middle], as: UTF8.self), String(decoding: bytes[middle..<end], as: UTF8.self)
      )
    }

    @Test func aPageDownRewritesLinesUnderAnImageAndScrollsThemWithout() throws {
      let (under, after) = try pageDown()
      let scrolling = #/\e\[\d*;\d*r|\e[MD]|\e\[\d*[STLM]/#
      #expect(under.matches(of: scrolling).isEmpty, "no scroll under the image: \(under.debugDescription)")
      #expect(under.contains("of the film's page"), "the lines written instead")
      #expect(!after.matches(of: scrolling).isEmpty, "without an image ncurses scrolls again (the test can tell)")
    }
  }
}
