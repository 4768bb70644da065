import Foundation
import PosterKit
import TestSupport
import Testing

/// Posters as a layer over the cells: paging a film, moving through a list, going back and forth
/// and Ctrl-L, read from what the app writes (sixel, iTerm2 and kitty's direct placements) or from
/// tmux's cells (kitty's placeholders). No scroll moves an image, no image lands outside the box
/// the app reports, and a box once filled is never seen empty while its screen stays.
@Suite("Posters as a layer")
struct PosterLayerTests {
  /// One step: the key, the screen it lands on, and whether the box shows what it showed or a
  /// poster already decoded (not the first visit of a page whose poster must still load).
  struct Step {
    let key: String
    let screen: String
    let what: String
    var steady = true
  }

  /// The walk every protocol takes at 160x48: through the list, into Dune, paging it, its links,
  /// back, in again, Ctrl-L.
  static let walk: [Step] = [
    Step(key: "j", screen: "list", what: "the next film"),
    Step(key: "k", screen: "list", what: "back to Dune"),
    Step(key: "\r", screen: "detail:", what: "Dune's page", steady: false),
    Step(key: " ", screen: "detail:", what: "a page down"),
    Step(key: " ", screen: "detail:", what: "another page down"),
    Step(key: "g", screen: "detail:", what: "the top"),
    Step(key: "j", screen: "detail:", what: "the first link"),
    Step(key: "j", screen: "detail:", what: "the next link"),
    Step(key: "\u{1B}", screen: "list", what: "back to the list"),
    Step(key: "\r", screen: "detail:", what: "Dune's page again"),
    Step(key: "G", screen: "detail:", what: "the bottom"),
    Step(key: "\u{1B}", screen: "list", what: "back again"),
    Step(key: "\u{0C}", screen: "list", what: "Ctrl-L", steady: false),
  ]

  static let width = 160
  static let height = 48

  /// The sequences that move the screen's contents, and an image's pixels with them: a scrolling
  /// region, index and reverse index, scroll up and down, insert and delete lines or characters.
  static func scrolls(in bytes: [UInt8]) -> [String] {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.matches(of: #/\e\[\d*;\d*r|\e[MD]|\e\[\d*[STLM@P]/#).map { String(text[$0.range]).debugDescription }
  }

  /// An overlay as the status names it, "row,column,columns x rows".
  static func box(_ overlay: String?) -> (row: Int, column: Int, columns: Int, rows: Int)? {
    let numbers = (overlay ?? "").split(whereSeparator: { ",x".contains($0) }).compactMap { Int($0) }
    return numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : nil
  }

  /// The cells spaces were written to outside ncurses (an image's leftovers erased), as
  /// (row, column) from 0.
  static func erased(in bytes: [UInt8]) -> [(row: Int, column: Int)] {
    let text = String(decoding: bytes, as: UTF8.self)
    var cells: [(row: Int, column: Int)] = []
    for block in text.matches(of: #/\e7\e\[0m((?:\e\[\d+;\d+H +)+)\e8/#) {
      for run in block.output.1.matches(of: #/\e\[(\d+);(\d+)H( +)/#) {
        guard let row = Int(run.output.1), let column = Int(run.output.2) else { continue }
        for offset in 0..<run.output.3.count { cells.append((row - 1, column - 1 + offset)) }
      }
    }
    return cells
  }

  /// Checks what one step wrote for a protocol drawn at the cursor (sixel, iTerm2): no scroll,
  /// every image at the box the status reports and of its size, the box inside the screen's body;
  /// and for a steady step, the box never erased nor shown empty.
  static func check(
    _ step: Step, bytes: [UInt8], overlay: String?, seen: [String], introducer: String,
    size: (String) -> (columns: Int, rows: Int)?
  ) throws {
    #expect(scrolls(in: bytes).isEmpty, "\(step.what): nothing scrolled: \(scrolls(in: bytes))")
    let shown = try #require(box(overlay), "\(step.what): an image is shown (\(overlay ?? "none"))")
    #expect(shown.row >= 1 && shown.row + shown.rows <= height - 2, "\(step.what): between header and key bar")
    #expect(shown.column >= 0 && shown.column + shown.columns <= width)
    for image in SixelTests.overlays(in: bytes, introducer: introducer) {
      #expect(image.row == shown.row && image.column == shown.column, "\(step.what): drawn at its box")
      let cells = try #require(size(image.sequence), "\(step.what): the image reads")
      #expect(cells.columns == shown.columns && cells.rows <= shown.rows, "\(step.what): \(cells) in \(shown)")
    }
    guard step.steady else { return }
    #expect(!seen.contains("none"), "\(step.what): the box never shows nothing: \(seen)")
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains("░"), "\(step.what): no placeholder over the box")
    let inside = erased(in: bytes).filter {
      $0.row >= shown.row && $0.row < shown.row + shown.rows && $0.column >= shown.column
        && $0.column < shown.column + shown.columns
    }
    #expect(inside.isEmpty, "\(step.what): the shown box is not erased")
  }

  /// Walks the demo with `arguments` in a pseudo-terminal, checking each step with `check`, and
  /// resizes it at the end: the image is drawn again in the new layout's box.
  static func walkPixels(
    _ arguments: [String], answer: String? = nil, introducer: String,
    size: @escaping (String) -> (columns: Int, rows: Int)?
  ) throws {
    let session = try SixelFrameTests.Session(arguments, answer: answer, width: width, height: height)
    let start = session.settle(screen: "list", from: 0) { _ in true }
    try #require(box(start.overlay) != nil, "the list's poster is shown")
    for step in walk {
      let (bytes, overlay) = session.press(step.key, screen: step.screen)
      try check(
        step, bytes: bytes, overlay: overlay, seen: session.overlaysSeen, introducer: introducer, size: size)
    }
    let before = session.terminal.output.count
    let old = session.reported["overlay"]
    session.terminal.resize(width: 120, height: 36)
    let (bytes, overlay) = session.settle(screen: "list", from: before) { $0["overlay"] != old }
    #expect(overlay != old, "the resized list has its poster elsewhere")
    let images = SixelTests.overlays(in: bytes, introducer: introducer)
    let shown = try #require(box(overlay))
    #expect(images.last.map { $0.row == shown.row && $0.column == shown.column } == true, "drawn again after a resize")
    #expect(scrolls(in: bytes).isEmpty)
    #expect(session.quit() == 0)
  }

  /// A sixel's size in cells of the assumed 6×12 pixels (a pseudo-terminal says no cell size).
  static func sixelCells(_ sequence: String) -> (columns: Int, rows: Int)? {
    SixelDecoder.decode(sequence).map { ($0.width / 6, ($0.height + 11) / 12) }
  }

  @Test func sixelPostersNeverScrollNorLeaveTheirBox() throws {
    try Self.walkPixels(["--images", "sixel"], introducer: "\u{1B}P", size: Self.sixelCells)
  }

  @Test func iTermPostersNeverScrollNorLeaveTheirBox() throws {
    try Self.walkPixels(["--images", "iterm"], introducer: "\u{1B}]1337;File=") { sequence in
      let header = sequence.prefix { $0 != ":" }
      let fields = Dictionary(
        header.split(separator: ";").compactMap { pair -> (String, Int)? in
          let parts = pair.split(separator: "=")
          guard parts.count == 2, let value = Int(parts[1]) else { return nil }
          return (String(parts[0]), value)
        }, uniquingKeysWith: { first, _ in first })
      guard let columns = fields["width"], let rows = fields["height"] else { return nil }
      return (columns, rows)
    }
  }

  /// kitty's placements after `before` and then `step`: each placed image by id, at the cell its
  /// placement went to, with its columns and rows; deletes and a cleared screen take them away.
  /// Also whether every placement `step` took away was followed at once by the next placement
  /// (one write: the box never seen empty).
  static func placements(before: [UInt8], step: [UInt8]) -> (
    live: [Int: (row: Int, column: Int, columns: Int, rows: Int)], joined: Bool
  ) {
    var live: [Int: (row: Int, column: Int, columns: Int, rows: Int)] = [:]
    var cursor = (row: 0, column: 0)
    var joined = true
    for (bytes, judged) in [(before, false), (step, true)] {
      let text = String(decoding: bytes, as: UTF8.self)
      for match in text.matches(of: #/\e7\e\[(\d+);(\d+)H|\e_G([^;\e]*)(?:;[^\e]*)?\e\\|\e\[2J/#) {
        if let row = match.output.1.flatMap({ Int($0) }), let column = match.output.2.flatMap({ Int($0) }) {
          cursor = (row - 1, column - 1)
          continue
        }
        guard let control = match.output.3 else {
          live = [:]
          continue
        }
        var keys: [String: String] = [:]
        for pair in control.split(separator: ",") {
          let parts = pair.split(separator: "=", maxSplits: 1)
          if parts.count == 2 { keys[String(parts[0])] = String(parts[1]) }
        }
        guard let id = keys["i"].flatMap({ Int($0) }) else { continue }
        switch keys["a"] {
        case "p":
          live[id] = (cursor.row, cursor.column, Int(keys["c"] ?? "") ?? 0, Int(keys["r"] ?? "") ?? 0)
        case "d" where keys["d"] == "i":
          // The placement taken away: the next one must follow in the same write.
          if judged, live[id] != nil, !text[match.range.upperBound...].hasPrefix("\u{1B}7\u{1B}[") { joined = false }
          live[id] = nil
        case "d":
          live[id] = nil
        default: break
        }
      }
    }
    return (live, joined)
  }

  @Test func kittyDirectPlacementsNeverScrollNorLeaveTheirBox() throws {
    // Debian's kitty, before Unicode placeholders: images placed at the cursor.
    let session = try SixelFrameTests.Session(
      [], answer: "\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;22c", width: Self.width, height: Self.height)
    _ = session.settle(screen: "list", from: 0) { _ in true }
    var steps = Self.walk.map { ($0, false) }
    steps.append((Step(key: "", screen: "list", what: "a resize to 120x36", steady: false), true))
    for (step, resize) in steps {
      let before = session.terminal.output.count
      let (bytes, overlay): ([UInt8], String?)
      if resize {
        let old = session.reported["overlay"]
        session.terminal.resize(width: 120, height: 36)
        (bytes, overlay) = session.settle(screen: step.screen, from: before) { $0["overlay"] != old }
      } else {
        (bytes, overlay) = session.press(step.key, screen: step.screen)
      }
      #expect(Self.scrolls(in: bytes).isEmpty, "\(step.what): nothing scrolled: \(Self.scrolls(in: bytes))")
      let shown = try #require(Self.box(overlay), "\(step.what): an image is placed")
      let (live, joined) = Self.placements(before: Array(session.terminal.output[..<before]), step: bytes)
      #expect(live.count == 1, "\(step.what): one placement on screen: \(live)")
      let placed = try #require(live.values.first)
      #expect(
        placed.row == shown.row && placed.column == shown.column && placed.columns == shown.columns
          && placed.rows == shown.rows, "\(step.what): placed at its box \(shown): \(placed)")
      if step.steady {
        #expect(joined, "\(step.what): a placement taken away only with the next one")
        #expect(!session.overlaysSeen.contains("none"), "\(step.what): the box never shows nothing")
      }
    }
    #expect(session.quit() == 0)
  }

  /// The kitty placeholder cells on tmux's screen: for each row that has any, the row and the
  /// column diacritics' indices in order, and the row diacritic's index.
  static func placeholderRows(_ screen: String) -> [(row: Int, rowIndex: Set<Int>, columns: [Int])] {
    var found: [(row: Int, rowIndex: Set<Int>, columns: [Int])] = []
    for (number, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var rowIndex: Set<Int> = []
      var columns: [Int] = []
      let scalars = Array(line.unicodeScalars)
      for (index, scalar) in scalars.enumerated() where scalar == KittyGraphics.placeholder {
        guard index + 2 < scalars.count,
          let row = KittyGraphics.diacritics.firstIndex(of: scalars[index + 1].value),
          let column = KittyGraphics.diacritics.firstIndex(of: scalars[index + 2].value)
        else { continue }
        rowIndex.insert(row)
        columns.append(column)
      }
      if !columns.isEmpty { found.append((number, rowIndex, columns)) }
    }
    return found
  }

  /// Whether placeholder rows are one image whole: consecutive rows, each the next row of the
  /// image, each every column in order.
  static func isWhole(_ rows: [(row: Int, rowIndex: Set<Int>, columns: [Int])]) -> Bool {
    guard let first = rows.first else { return false }
    return rows.enumerated().allSatisfy { offset, row in
      row.row == first.row + offset && row.rowIndex == [offset] && row.columns == Array(0..<first.columns.count)
    }
  }

  @Test func kittyPlaceholdersFillOneBoxWholeOnEveryStep() throws {
    let session = try TmuxSession(
      ["--demo", "--images", "kitty"], environment: ["KITTY_WINDOW_ID": "1"], width: Self.width,
      height: Self.height)
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, Self.placeholderRows(try session.capture()).isEmpty { usleep(50_000) }
    for step in Self.walk {
      let names = ["\u{1B}": "Escape", "\r": "Enter", "\u{0C}": "C-l", " ": "Space"]
      try session.send(names[step.key] ?? step.key)
      var rows: [(row: Int, rowIndex: Set<Int>, columns: [Int])] = []
      var screen = ""
      let waited = Date().addingTimeInterval(15)
      while Date() < waited {
        try session.waitForIdle()
        screen = try session.capture()
        rows = Self.placeholderRows(screen)
        // tmux may show the app's last frame a moment after the app says it is idle: wait for the
        // pane to hold one whole image, or the deadline (the checks below then say what is wrong).
        if session.status()["screen"]?.hasPrefix(step.screen) == true, Self.isWhole(rows) { break }
        usleep(50_000)
      }
      // One image, whole: consecutive rows, each the next row of the image, each every column in order.
      let first = try #require(rows.first, "\(step.what): the poster's placeholders are on screen")
      let columns = first.columns.count
      #expect(first.row >= 1 && first.row + rows.count <= Self.height - 2, "\(step.what): between header and key bar")
      for (offset, row) in rows.enumerated() {
        #expect(row.row == first.row + offset && row.rowIndex == [offset], "\(step.what): row \(row.row)")
        #expect(row.columns == Array(0..<columns), "\(step.what): row \(row.row) has the image's columns in order")
      }
      if step.steady { #expect(!screen.contains("░"), "\(step.what): no placeholder box") }
    }
  }
}
