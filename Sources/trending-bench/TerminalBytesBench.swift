// Bytes written to the terminal, against one full screen of cells.
import Foundation
import TestSupport

/// What a first frame, a move, a page down and opening a film write at 120x30, with and without a poster.
enum TerminalBytesBench {
  static func run(_ bench: Bench) {
    for (label, images) in [("with poster", "auto"), ("without poster", "off")] {
      let environment = bench.with(["XDG_CACHE_HOME": temporaryDirectory()], over: bench.live)
      guard
        let terminal = try? PseudoTerminal(
          [bench.binary, "--images", images], environment: environment, width: 120, height: 30)
      else { continue }
      terminal.read(until: "1/20")
      let first = terminal.output.count + terminal.drain(quiet: 0.5)
      terminal.type("j")
      let move = terminal.drain(quiet: 0.5)
      terminal.type("\u{1B}[6~")
      let page = terminal.drain(quiet: 0.5)
      terminal.type("\r")
      let detail = terminal.drain(quiet: 0.6)
      terminal.type("q")
      terminal.type("q")
      _ = terminal.waitForExit()
      let cells = Double(120 * 30)
      for (name, bytes) in [
        ("first frame", first), ("move one row", move), ("page down", page), ("open detail", detail),
      ] {
        bench.record(
          Measurement(
            name: "bytes: \(name), 120x30 \(label)", value: Double(bytes), unit: "B", floor: cells,
            floorName: "cells on screen"))
      }
    }
  }
}
