// Peak and own memory: the floors' whole runs, a scripted session, and one very dense answer.
import Foundation
import TestSupport

/// Memory against the floors: theirs against the bare binary's, then the app's after its first frame and after a
/// session of 10 pages, 50 details and their posters; and reading an answer of a million tiny objects.
enum MemoryBench {
  static func run(_ bench: Bench) throws {
    let (barePeakKB, bareDirtyKB) = bench.floorMemoryKB([bench.bareFloor], marker: "trending ")
    let (jsonPeakKB, jsonDirtyKB) = bench.floorMemoryKB([bench.jsonFloor], marker: "decoded")
    // The parts' floor decodes one of the demo's posters, as the app's first poster is decoded.
    let (partsPeakKB, partsDirtyKB) = bench.floorMemoryKB(
      [bench.partsFloor, "Demo/posters/demo-146.jpg"], marker: "our-parts")
    let bareName = "bare Swift binary"
    let jsonName = "FoundationEssentials JSON binary"
    let partsName = "our parts' floor"
    bench.recordMemory("peak memory, \(jsonName)", kib: jsonPeakKB, floorKiB: barePeakKB, floorName: bareName)
    bench.recordMemory(
      "own memory (private dirty), \(jsonName)", kib: jsonDirtyKB, floorKiB: bareDirtyKB, floorName: bareName)
    bench.recordMemory(
      "peak memory, \(partsName) (JSON, ncurses, libcurl, TurboJPEG, chafa)", kib: partsPeakKB, floorKiB: barePeakKB,
      floorName: bareName)
    bench.recordMemory(
      "own memory (private dirty), \(partsName)", kib: partsDirtyKB, floorKiB: bareDirtyKB, floorName: bareName)
    let environment = bench.with(["XDG_CACHE_HOME": temporaryDirectory()], over: bench.live)
    let requestsBefore = bench.server.requests.count
    if let terminal = try? PseudoTerminal([bench.binary], environment: environment, width: 120, height: 30) {
      terminal.read(until: "1/20")
      _ = terminal.drain(quiet: 0.3)
      let firstPeakKB = Double(terminal.peakMemoryKB() ?? 0)
      let firstDirtyKB = Double(terminal.privateDirtyKB() ?? 0)
      for _ in 0..<10 {
        terminal.type("G")
        _ = terminal.drain(quiet: 0.25)
      }
      terminal.type("g")
      for _ in 0..<50 {
        terminal.type("\r")
        _ = terminal.drain(quiet: 0.05)
        terminal.type("\u{1B}")
        terminal.type("j")
        _ = terminal.drain(quiet: 0.2)
      }
      let peakKB = Double(terminal.peakMemoryKB() ?? 0)
      let dirtyKB = Double(terminal.privateDirtyKB() ?? 0)
      bench.recordMemory(
        "peak memory after the first frame", kib: firstPeakKB, floorKiB: barePeakKB, floorName: bareName)
      // What the session really fetched, so the name is checked rather than assumed.
      let requests = bench.server.requests.dropFirst(requestsBefore)
      let pages = Set(requests.filter { $0.path.hasPrefix("/3/trending/") }.compactMap { $0.query("page") }).count
      let details = Set(requests.filter { $0.path.hasPrefix("/3/movie/") }.map(\.path)).count
      let posters = Set(requests.filter { $0.path.hasPrefix("/img/") }.map(\.path)).count
      let session = "\(pages) pages, \(details) details, \(posters) posters"
      bench.recordMemory("peak memory after \(session)", kib: peakKB, floorKiB: jsonPeakKB, floorName: jsonName)
      // Most of the resident figure is clean pages of code (the binary, libcurl's thirty libraries)
      // that the kernel maps in 64 KiB blocks and can drop at will; this is the memory the app makes.
      bench.recordMemory(
        "own memory (private dirty) after the first frame", kib: firstDirtyKB, floorKiB: bareDirtyKB,
        floorName: bareName)
      bench.recordMemory(
        "own memory (private dirty) after the session", kib: dirtyKB, floorKiB: jsonDirtyKB, floorName: jsonName)
      // The same four against what our parts cost by themselves: the ratio is what is ours.
      bench.recordMemory(
        "peak memory after the first frame, over our parts", kib: firstPeakKB, floorKiB: partsPeakKB,
        floorName: partsName)
      bench.recordMemory(
        "peak memory after \(session), over our parts", kib: peakKB, floorKiB: partsPeakKB, floorName: partsName)
      bench.recordMemory(
        "own memory (private dirty) after the first frame, over our parts", kib: firstDirtyKB,
        floorKiB: partsDirtyKB, floorName: partsName)
      bench.recordMemory(
        "own memory (private dirty) after the session, over our parts", kib: dirtyKB, floorKiB: partsDirtyKB,
        floorName: partsName)
      terminal.type("q")
      _ = terminal.waitForExit()
    }
    try denseAnswer(bench)
  }

  /// Memory for an answer of a million tiny objects (valid JSON, 7 MB), against the answer's size: the multiple
  /// of its size that reading it costs (the goal is 10 at most).
  static func denseAnswer(_ bench: Bench) throws {
    let dense = "{\"page\":1,\"total_pages\":1,\"results\":[" + String(repeating: "{\"i\":1},", count: 900_000) + "{}]}"
    let denseServer = try LoopbackServer { _ in .json(dense) }
    let environment = ["AMODB_BASE_URL": denseServer.baseURL.absoluteString, "AMODB_KEY": "bench-key"]
    let peaks = (0..<3).compactMap { _ in
      try? BinaryRunner.measure(["list"], environment: environment, program: bench.binary).peakKiB
    }
    let answerKiB = Double(dense.utf8.count) / 1024
    bench.recordMemory(
      "peak memory reading a 7 MB answer of a million tiny objects", kib: median(peaks.map(Double.init)),
      floorKiB: answerKiB, floorName: "the answer's size")
    denseServer.stop()
  }
}
