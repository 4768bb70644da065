import Foundation
import PosterKit
import TestSupport
import Testing

@testable import AmodbKit

/// Real pixels through the kitty graphics protocol: what the app writes in a pseudo-terminal
/// parses as the protocol and decodes back to the poster's pixels.
@Suite("Posters as kitty graphics")
struct KittyGraphicsTests {
  /// The APC graphics commands in raw terminal output: control keys and payload of each.
  static func commands(in output: [UInt8]) -> [(control: [String: String], payload: String)] {
    var found: [(control: [String: String], payload: String)] = []
    var index = 0
    while index + 2 < output.count {
      guard output[index] == 0x1B, output[index + 1] == 0x5F, output[index + 2] == 0x47 else {
        index += 1
        continue
      }
      var end = index + 3
      while end + 1 < output.count, !(output[end] == 0x1B && output[end + 1] == 0x5C) { end += 1 }
      let body = String(decoding: output[(index + 3)..<end], as: UTF8.self)
      let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      var control: [String: String] = [:]
      for pair in (parts.first ?? "").split(separator: ",") {
        let kv = pair.split(separator: "=", maxSplits: 1)
        if kv.count == 2 { control[String(kv[0])] = String(kv[1]) }
      }
      found.append((control, parts.count > 1 ? String(parts[1]) : ""))
      index = end + 2
    }
    return found
  }

  @Test func thePosterIsSentOnceInChunksAndShownThroughPlaceholders() throws {
    let terminal = try PseudoTerminal.demo(["--images", "kitty"], extra: ["KITTY_WINDOW_ID": "1"])
    #expect(terminal.read(until: "Dune: Part Two") != nil)
    // The first placeholder cell is drawn after the image is sent: wait on it, not on a pause
    // (on a busy machine the poster came later than 0.6 s of quiet), then read the rest of its frame.
    #expect(terminal.read(until: "\u{10EEEE}", timeout: 60) != nil, "the poster's placeholders are drawn")
    _ = terminal.drain(quiet: 0.6)
    let first = Self.commands(in: terminal.output)
    let transmissions = first.filter { $0.control["a"] == "T" }
    let start = try #require(transmissions.first, "a transmission starts with a=T")
    #expect(start.control["U"] == "1", "placed virtually, for Unicode placeholders")
    #expect(start.control["f"] == "32" && start.control["q"] == "2")
    let id = try #require(start.control["i"])
    let width = try #require(Int(start.control["s"] ?? ""))
    let height = try #require(Int(start.control["v"] ?? ""))
    let columns = try #require(Int(start.control["c"] ?? ""))
    let rows = try #require(Int(start.control["r"] ?? ""))
    #expect(first.contains { $0.control["a"] == "d" && $0.control["i"] == id }, "the id is freed before it is used")
    // The chunks after the start, up to the last (m=0), each at most 4096 base64 bytes.
    let startIndex = try #require(first.firstIndex { $0.control["a"] == "T" })
    var payload = ""
    for command in first[startIndex...] {
      #expect(command.payload.count <= 4096)
      payload += command.payload
      if command.control["m"] == "0" { break }
    }
    let pixels = try #require(Data(base64Encoded: payload))
    #expect(pixels.count == width * height * 4, "RGBA, s × v")
    // The same poster, decoded here at the same size, has the same pixels.
    let jpeg = try #require(
      DemoPosters.files["/demo-693134.jpg"].flatMap { Data(base64Encoded: $0) }, "the demo's first poster")
    let decoded = try JPEGDecoder.decode(jpeg, covering: (width, height))
    #expect(decoded.width == width && decoded.height == height)
    #expect(Array(pixels) == decoded.pixels, "the pixels are the poster's")
    // The screen shows placeholders: U+10EEEE with row/column diacritics, the id as the colour.
    let text = String(decoding: terminal.output, as: UTF8.self)
    let placeholders = text.unicodeScalars.filter { $0.value == 0x10EEEE }.count
    #expect(placeholders >= columns * rows, "every cell of the \(columns)×\(rows) placement")
    // xterm-256color's setaf writes the first sixteen indexes the short way.
    let number = Int(id) ?? 0
    let colour = number < 8 ? "3\(number)" : number < 16 ? "9\(number - 8)" : "38;5;\(number)"
    #expect(text.contains("[\(colour)m") || text.contains(";\(colour)m"), "the id is the foreground colour")

    // Moving away and back sends no image again: only placeholder cells.
    terminal.type("j")
    _ = terminal.drain(quiet: 0.6)
    let afterMove = terminal.output.count
    terminal.type("k")
    _ = terminal.drain(quiet: 0.6)
    let back = Self.commands(in: Array(terminal.output[afterMove...]))
    #expect(back.filter { $0.control["a"] == "T" }.isEmpty, "returning to a poster sends no image bytes")
    terminal.type("q")
    #expect(terminal.waitForExit() == 0)
    let exit = Self.commands(in: Array(terminal.output[afterMove...]))
    #expect(exit.filter { $0.control["a"] == "d" }.count >= KittyGraphics.idCount, "our images are deleted at exit")
  }

  /// Starts the demo in a pseudo-terminal with images detected, answering its questions with `answer`,
  /// and reads until `shown` (what the image's drawing ends with) when one is expected.
  private func detected(answer: String?, shown: String? = nil) throws -> (PseudoTerminal, [UInt8]) {
    let terminal = try PseudoTerminal.demo([])
    let asked = terminal.read(until: "\u{1B}[c") != nil
    #expect(asked, "the app asks XTVERSION, then DA1")
    let both = String(decoding: terminal.output, as: UTF8.self).contains(
      "\u{1B}[>0q\u{1B}]11;?\u{07}\u{1B}[16t\u{1B}[c")
    #expect(both)
    if let answer { terminal.type(answer) }
    let drawn = terminal.read(until: "Dune: Part Two") != nil
    #expect(drawn)
    if let shown { #expect(terminal.read(until: shown, timeout: 60) != nil, "the poster is drawn") }
    _ = terminal.drain(quiet: 0.8)
    return (terminal, terminal.output)
  }

  @Test func aNewKittyGetsPlaceholdersAnOldOneDirectPlacementsAndSilenceSymbols() throws {
    let (new, newOutput) = try detected(
      answer: "\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[?62;22;52c", shown: "\u{10EEEE}")
    let newSent = Self.commands(in: newOutput).contains { $0.control["a"] == "T" }
    #expect(newSent, "kitty 0.35 gets pixels")
    new.type("q")
    #expect(new.waitForExit() == 0)

    let (old, oldOutput) = try detected(
      answer: "\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;22c", shown: "a=p")
    let oldCommands = Self.commands(in: oldOutput)
    #expect(!oldCommands.contains { $0.control["a"] == "T" }, "kitty 0.26 predates virtual placements")
    let oldText = String(decoding: oldOutput, as: UTF8.self)
    let oldPlaceholders = oldText.unicodeScalars.contains { $0.value == 0x10EEEE }
    #expect(!oldPlaceholders, "and placeholders")
    // It gets the image transmitted once (a=t) and placed at the poster's corner (a=p, C=1).
    let transmitted = try #require(oldCommands.first { $0.control["a"] == "t" }, "transmitted without showing")
    let placed = try #require(oldCommands.first { $0.control["a"] == "p" }, "placed at the cursor")
    #expect(placed.control["i"] == transmitted.control["i"] && placed.control["C"] == "1")
    #expect(oldText.contains("\u{1B}7\u{1B}["), "after moving the cursor to the box, saved and restored")
    // The answers were read as answers: no key reached the list ("c", "q", "2" …).
    let unmoved = oldText.contains("1/25") && !oldText.contains("2/25")
    #expect(unmoved, "the selection did not move")
    // Moving on takes the placement away (a=d, d=i) before the next one.
    let before = old.output.count
    old.type("j")
    #expect(old.read(until: "d=i", after: before, timeout: 60) != nil, "the placement is taken away")
    _ = old.drain(quiet: 0.6)
    let moved = Self.commands(in: Array(old.output[before...]))
    let erased = moved.firstIndex {
      $0.control["a"] == "d" && $0.control["d"] == "i" && $0.control["i"] == placed.control["i"]
    }
    #expect(erased != nil)
    // The next poster's data went first: the old one stays up while kitty takes it in.
    let next = moved.firstIndex { $0.control["a"] == "t" && $0.control["i"] != placed.control["i"] }
    #expect(next.map { next in erased.map { next < $0 } ?? false } == true, "data, then erase, then place")
    old.type("q")
    #expect(old.waitForExit() == 0)

    let (silent, silentOutput) = try detected(answer: nil)
    let silentSent = Self.commands(in: silentOutput).contains { $0.control["a"] == "T" }
    #expect(!silentSent, "no answer costs nothing")
    silent.type("q")
    #expect(silent.waitForExit() == 0)
  }

  @Test func behindTmuxEverySequenceGoesThroughThePassthrough() {
    let image = RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 255, 4, 5, 6, 255])
    let wrapped = KittyGraphics.transmit(image, id: 7, columns: 1, rows: 1, tmux: true)
    #expect(wrapped.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d"))
    #expect(wrapped.hasSuffix("\u{1B}\u{1B}\\\u{1B}\\"))
    let art = KittyGraphics.placeholders(id: 7, columns: 3, rows: 2, mode: .indexed256)
    #expect(art.width == 3 && art.height == 2)
    #expect(art[1, 2].symbol.unicodeScalars.map(\.value) == [0x10EEEE, 0x030D, 0x030E], "row 1, column 2")
    #expect(KittyGraphics.id(of: art[0, 0]) == 7)
    let direct = KittyGraphics.placeholders(id: 300, columns: 1, rows: 1, mode: .trueColor)
    #expect(KittyGraphics.id(of: direct[0, 0]) == 300, "24-bit colour carries ids past 255")
  }
}
