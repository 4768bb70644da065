// Marks made in the browser with the lifetime's library: one episode's `m`, key to its ticked and
// saved frame, beside a move on the same season; and a burst of 100 marks typed at once, beside the
// sqlite3 shell making the same 100 inserts, each in a transaction of its own.
import Foundation
import TestSupport

/// The marks as a section of the bench.
enum MarksBench {
  /// Sessions of ten episode marks each.
  static let episodeSessions = 3
  /// Runs of the burst, and of its floor.
  static let burstRuns = 3
  /// How many marks the burst types.
  static let burst = 100
  /// How long a frame must stay idle to count as settled: past the tabs read ahead 150 ms after a save.
  static let confirm: TimeInterval = 0.5

  /// Records the marks' measurements.
  static func run(_ bench: Bench) throws {
    guard let sqlite = sqliteShell else {
      print("marks: no sqlite3 shell (make setup installs it); skipped")
      return
    }
    guard bench.lifetimeLibrary() != nil else {
      print("marks: the lifetime's library could not be made; skipped")
      return
    }
    episodeMarks(bench)
    burstOfMarks(bench, sqlite: sqlite)
  }

  /// The demo's Silo (a series the lifetime's library does not hold) and its first season, ten episodes.
  static let series = 125_988
  /// From the first list: the series' trending, Silo fourth, its first season after its creator's link.
  static let toSeason = ["t", "j", "j", "j", "\r", "j", "j", "\r"]

  /// `m` on each of nine episodes of the season, key to the frame with its tick and to the frame
  /// settled after the save, each beside the `j` that moves to the next: the same screen, a frame
  /// that changes two rows and writes nothing. (Ctrl-L would redraw the whole screen, a floor
  /// larger than the mark's own frame; a move draws about as much as the tick does.)
  private static func episodeMarks(_ bench: Bench) {
    var times: (tick: [Double], settled: [Double], move: [Double]) = ([], [], [])
    var landed = (marked: 0, stored: 0)
    for _ in 0..<episodeSessions {
      guard let data = bench.lifetimeCopy(),
        let session = BrowserSession(bench, environment: bench.with(["XDG_DATA_HOME": data])), session.quiet()
      else { continue }
      for key in toSeason { _ = session.settled(typing: key) }
      guard session.report()["screen"] == "season:\(series)/1", session.quiet() else {
        print("marks: the keys \(toSeason) did not open season 1 of \(series) (\(session.report()["screen"] ?? "?"))")
        session.quit()
        continue
      }
      var marked = 0
      for _ in 0..<9 {
        let mark = session.settled(typing: "m", showing: "✓", confirm: confirm)
        if let tick = mark.shown, let settled = mark.settled {
          times.tick.append(tick)
          times.settled.append(settled)
          marked += 1
        }
        if let move = session.settled(typing: "j", confirm: confirm).settled { times.move.append(move) }
      }
      session.quit()
      landed.marked += marked
      landed.stored += events(bench, data: data, kind: "tv", id: series)
    }
    guard !times.settled.isEmpty, !times.move.isEmpty else {
      print("marks: no episode mark was measured")
      return
    }
    let failure = landed.marked == landed.stored ? nil : "\(landed.stored) of \(landed.marked) marks stored"
    if let failure { print("marks: EPISODE MARKS LOST: \(failure)") }
    let floor = median(times.move) * 1000
    bench.record(
      Measurement(
        name: "one episode mark (m), key to its ticked frame, library of 10,000 titles",
        value: median(times.tick) * 1000, unit: "ms", floor: floor, floorName: "a move (j), same season", budget: 2,
        failure: failure))
    // Saved and settled: the save's fsync, then the tabs that follow episodes read behind the screen
    // after `FeedLogic.readAheadDelay`; no key waits for either, so the line has no budget.
    bench.record(
      Measurement(
        name: "one episode mark (m), key to its ticked frame saved and settled, library of 10,000 titles",
        value: median(times.settled) * 1000, unit: "ms", floor: floor, floorName: "a move (j), same season"))
  }

  /// 100 `m` and `j` pairs typed in one write down the Watchlist (500 films, none seen), to the frame
  /// settled with all 200 keys taken; then `trending history --json` counts the films' watches.
  /// The floor: the sqlite3 shell on another copy of the same library, 100 inserts of a film's
  /// watch, each in a transaction of its own, synchronous=FULL as the library sets it (WAL is the
  /// file's own mode).
  private static func burstOfMarks(_ bench: Bench, sqlite: String) {
    var floorSQL = "PRAGMA synchronous = FULL;\n"
    for id in 1...burst {
      floorSQL +=
        "BEGIN; INSERT INTO watch_events (kind, title_id, watched, recorded) "
        + "VALUES ('movie', \(id), '2026-01-02', '2026-01-02'); COMMIT;\n"
    }
    var times: (burst: [Double], landed: [Double], floor: [Double]) = ([], [], [])
    // Every key of the marks taken (each mark shown), beside 200 moves typed at once.
    var keys: (marks: [Double], moves: [Double]) = ([], [])
    var lost: [String] = []
    for _ in 0..<burstRuns {
      if let data = bench.lifetimeCopy(),
        let time = timedRun(
          [sqlite, data + "/trending/demo/library.sqlite3", floorSQL], environment: bench.baseEnvironment)
      {
        let stored = events(bench, data: data, kind: "movie")
        if stored == burst { times.floor.append(time) } else { print("marks: the floor stored \(stored) watches") }
      }
      guard let data = bench.lifetimeCopy(),
        let session = BrowserSession(bench, environment: bench.with(["XDG_DATA_HOME": data])), session.quiet()
      else { continue }
      _ = session.settled(typing: "6")
      guard session.report()["rows"] == "500", session.quiet() else {
        print("marks: the Watchlist did not show its 500 films (\(session.report()["rows"] ?? "?") rows)")
        session.quit()
        continue
      }
      if let time = session.settled(typing: String(repeating: "j", count: 2 * burst)).taken { keys.moves.append(time) }
      _ = session.settled(typing: "g")
      guard session.quiet() else {
        session.quit()
        continue
      }
      let typed = session.settled(
        typing: String(repeating: "mj", count: burst), keysTaken: 2 * burst, confirm: confirm, timeout: 120)
      session.quit()
      if let time = typed.taken { keys.marks.append(time) }
      let stored = events(bench, data: data, kind: "movie")
      if stored != burst { lost.append("\(stored) of \(burst)") }
      if let time = typed.settled { times.burst.append(time) }
      if let time = typed.landed { times.landed.append(time) }
    }
    guard !times.burst.isEmpty, !times.landed.isEmpty, !times.floor.isEmpty else {
      print("marks: the burst of marks was not measured")
      return
    }
    let failure = lost.isEmpty ? nil : "landed " + lost.joined(separator: ", ")
    if let failure { print("marks: THE BURST OF \(burst) MARKS DID NOT ALL LAND: \(failure)") }
    // Landed, as issue 53 words it: every save answered. Settled adds the lists read again after
    // the last (the Watchlist showing at once, the tabs behind it after the read-ahead's 150 ms).
    bench.record(
      Measurement(
        name: "100 marks (m, j) typed at once down the Watchlist, all stored (landed), library of 10,000 titles",
        value: median(times.landed) * 1000, unit: "ms", floor: median(times.floor) * 1000,
        floorName: "sqlite3, 100 inserts of a transaction each", budget: 1.5, failure: failure))
    if !keys.marks.isEmpty, !keys.moves.isEmpty {
      bench.record(
        Measurement(
          name: "100 marks (m, j) typed at once down the Watchlist, every key taken, library of 10,000 titles",
          value: median(keys.marks) * 1000, unit: "ms", floor: median(keys.moves) * 1000,
          floorName: "200 moves (j) typed at once", budget: 3))
    }
    bench.record(
      Measurement(
        name: "100 marks (m, j) typed at once down the Watchlist, all stored and settled, library of 10,000 titles",
        value: median(times.burst) * 1000, unit: "ms", floor: median(times.floor) * 1000,
        floorName: "sqlite3, 100 inserts of a transaction each"))
  }

  /// How many watches `trending history --json` lists of `kind` (and of the title `id`, when given).
  private static func events(_ bench: Bench, data: String, kind: String, id: Int? = nil) -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: bench.binary)
    process.arguments = ["history", "--json"]
    process.environment = bench.with(["XDG_DATA_HOME": data])
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    guard (try? process.run()) != nil else { return -1 }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard let watches = try? JSONSerialization.jsonObject(with: output) as? [[String: Any]] else { return -1 }
    return watches.filter { watch in
      watch["media_type"] as? String == kind && id.map { watch["id"] as? Int == $0 } ?? true
    }.count
  }
}
