import Foundation
import TestSupport
import Testing

/// A sixel is part of the frame: every screen that shows one gets it sent after the cells under
/// it were written, so going series → season → episode → back never leaves a half-erased image
/// (xterm wipes a sixel's pixels wherever text or spaces are written over them).
@Suite("Sixels sent again with the frame")
struct SixelFrameTests {
  /// The demo in a pseudo-terminal drawing sixels, with its status file.
  final class Session {
    let terminal: PseudoTerminal
    let status: URL
    private var keys = 0

    /// The demo with `arguments` in a `width`×`height` pseudo-terminal; `answer` is typed once the
    /// app has asked the terminal what it is (kitty's version, say).
    init(
      _ arguments: [String] = ["--images", "sixel"], answer: String? = nil, width: Int = 120, height: Int = 30
    ) throws {
      status = FileManager.default.temporaryDirectory.appendingPathComponent("sixel-frame-\(UUID().uuidString)")
      terminal = try PseudoTerminal.demo(
        arguments, extra: ["TRENDING_STATUS_FILE": status.path], width: width, height: height)
      if let answer {
        #expect(terminal.read(until: "\u{1B}[c") != nil, "the app asks the terminal")
        terminal.type(answer)
      }
    }

    /// The status file's fields.
    var reported: [String: String] {
      guard let text = try? String(contentsOf: status, encoding: .utf8) else { return [:] }
      var values: [String: String] = [:]
      for pair in text.split(whereSeparator: \.isWhitespace) {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
      }
      return values
    }

    /// Every overlay the status named while the last `press` or `settle` waited, in order.
    private(set) var overlaysSeen: [String] = []

    /// Types a key and reads on until the app has taken it, is idle on `screen` and shows an image;
    /// returns the bytes written meanwhile and the overlay the app reports.
    func press(_ key: String, screen: String) -> (bytes: [UInt8], overlay: String?) {
      let before = terminal.output.count
      keys += 1
      terminal.type(key)
      return settle(screen: screen, from: before) { _ in true }
    }

    /// Reads on from output offset `from` until the app has taken every key typed, is idle on
    /// `screen`, shows an image and `done` holds for its status; the bytes and the overlay.
    func settle(screen: String, from before: Int, until done: ([String: String]) -> Bool) -> (
      bytes: [UInt8], overlay: String?
    ) {
      let deadline = Date().addingTimeInterval(15)
      var fields: [String: String] = [:]
      overlaysSeen = []
      while Date() < deadline {
        _ = terminal.drain(quiet: 0.05, atMost: 0.2)
        fields = reported
        if let overlay = fields["overlay"], overlaysSeen.last != overlay { overlaysSeen.append(overlay) }
        if Int(fields["inputs"] ?? "") ?? 0 >= keys, fields["busy"] == "0", fields["screen"]?.hasPrefix(screen) == true,
          fields["overlay"] != "none", done(fields)
        {
          break
        }
      }
      // The frame the status names was written before the status: read what is left of it.
      _ = terminal.drain(quiet: 0.2, atMost: 2)
      return (Array(terminal.output[before...]), fields["overlay"])
    }

    func quit() -> Int32 {
      terminal.type("q")
      try? FileManager.default.removeItem(at: status)
      return terminal.waitForExit()
    }
  }

  /// Where the app placed each sixel in these bytes, as "row,column" (0-based).
  static func sixels(_ bytes: [UInt8]) -> [String] {
    SixelTests.overlays(in: bytes, introducer: "\u{1B}P").map { "\($0.row),\($0.column)" }
  }

  @Test func everyScreenWithAnImageGetsItSentAfterItsCellsSeriesSeasonEpisodeAndBack() throws {
    let session = try Session()
    #expect(session.terminal.read(until: "Dune: Part Two") != nil)
    let steps: [(key: String, screen: String, what: String)] = [
      ("t", "list", "the series tab"),
      ("\r", "series:", "the series"),
      ("j", "series:", "the series, a link selected"),
      ("j", "series:", "the series, the first season selected"),
      ("\r", "season:", "the season"),
      ("\r", "episode:", "the first episode"),
      ("\u{1B}", "season:", "back to the season"),
      ("\u{1B}", "series:", "back to the series"),
      ("\u{1B}", "list", "back to the list"),
    ]
    var shown = ""
    for step in steps {
      let (bytes, overlay) = session.press(step.key, screen: step.screen)
      let overlayAt = try #require(overlay, "\(step.what): the status names an image")
      try #require(overlayAt != "none", "\(step.what): an image is shown")
      let sent = Self.sixels(bytes)
      // The status's overlay is "row,column,columns x rows": the last sixel went there. An image
      // that stays where it was is sent again only when the frame wrote over its cells.
      if overlayAt != shown || !sent.isEmpty {
        #expect(sent.last.map { overlayAt.hasPrefix($0 + ",") } == true, "\(step.what): sent at \(overlayAt): \(sent)")
      }
      #expect(PosterLayerTests.scrolls(in: bytes).isEmpty, "\(step.what): nothing scrolled under it")
      shown = overlayAt
    }
    #expect(session.quit() == 0)
  }
}
