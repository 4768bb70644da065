// The library at a lifetime's size: start-up with it, and `history --json` beside the sqlite3 shell.
import Foundation
import TestSupport

/// The query `trending history` runs (LibraryKit's `Library.history`), with its one bound value,
/// the earliest day, written in: the sqlite3 shell's floor runs the same query on the same file.
let historyQuery = """
  SELECT e.id, e.watched, e.season, e.episode, ep.name,
    EXISTS (SELECT 1 FROM watch_events p WHERE p.kind = e.kind AND p.title_id = e.title_id
      AND p.season IS e.season AND p.episode IS e.episode AND (p.watched < e.watched
      OR (p.watched = e.watched AND p.id < e.id))),
    t.kind, t.id, t.title, t.year, t.poster_path, t.vote_average, t.vote_count, t.genre_ids, t.genres, t.imdb_id, t.runtime
  FROM watch_events e JOIN titles t ON t.kind = e.kind AND t.id = e.title_id
  LEFT JOIN episodes ep ON e.kind = 'tv' AND ep.series_id = e.title_id AND ep.season = e.season
    AND ep.episode = e.episode
  WHERE e.watched >= '0000-00-00' ORDER BY e.watched DESC, e.id DESC
  """

/// 8,000 films and 2,000 series (10,000 titles), 500 films on the watchlist, and 60,000 episodes of the
/// series (three seasons of ten), 50,000 of them watched once (each series five short of its end, so
/// every one is in progress): written by the sqlite3 shell into a library the binary made.
let lifetimeSQL = """
  BEGIN;
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8000)
  INSERT INTO titles (kind, id, title, year, poster_path, vote_average, vote_count, genre_ids, genres, runtime, updated)
  SELECT 'movie', i, 'Film number ' || i, 1950 + i % 75, '/p' || i || '.jpg', 5 + (i % 50) / 10.0, i * 3, '18,53',
    'Drama|Thriller', 90 + i % 60, '2026-01-01' FROM n;
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
  INSERT INTO titles (kind, id, title, year, poster_path, vote_average, vote_count, genre_ids, genres, runtime, updated)
  SELECT 'tv', i, 'Series number ' || i, 1990 + i % 35, '/s' || i || '.jpg', 7.5, i, '18', 'Drama', 45, '2026-01-01'
  FROM n;
  INSERT INTO list_items (list_id, kind, title_id, position, added)
  SELECT 1, 'movie', id, id, '2026-01-01' FROM titles WHERE kind = 'movie' AND id <= 500;
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 59999)
  INSERT INTO episodes (series_id, season, episode, name, air_date, runtime)
  SELECT 1 + i / 30, 1 + (i % 30) / 10, 1 + i % 10, 'Episode ' || i, date('2000-01-01', '+' || (i % 9000) || ' days'),
    45 FROM n;
  INSERT INTO watch_events (kind, title_id, season, episode, watched, recorded)
  SELECT 'tv', series_id, season, episode, date('2010-01-01', '+' || ((series_id * 31 + episode) % 5000) || ' days'),
    '2026-01-01' FROM episodes WHERE NOT (season = 3 AND episode > 5);
  COMMIT;
  """

/// Runs a program to its end with its output thrown away; the seconds it took, or nil when it failed.
func timedRun(_ arguments: [String], environment: [String: String]) -> Double? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: arguments[0])
  process.arguments = Array(arguments.dropFirst())
  process.environment = environment
  process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
  process.standardError = FileHandle(forWritingAtPath: "/dev/null")
  process.standardInput = FileHandle.nullDevice
  var elapsed = 0.0
  elapsed = seconds {
    guard (try? process.run()) != nil else { return }
    process.waitUntilExit()
  }
  return process.terminationStatus == 0 ? elapsed : nil
}

/// The library at a lifetime's size, as a section of the bench.
enum LibraryBench {
  /// Records the library's measurements.
  static func run(_ bench: Bench) throws {
    for measurement in measurements(bench, environment: bench.baseEnvironment, runs: StartupBench.runs) {
      bench.record(measurement)
    }
  }
}

/// The library's measurements: start-up to the first frame with a lifetime's library beside the same
/// start without one, and `trending history --json` beside `sqlite3 -json` on the same query and file.
private func measurements(_ bench: Bench, environment: [String: String], runs: Int) -> [Measurement] {
  let binary = bench.binary
  guard
    let sqlite = ["/usr/bin/sqlite3", "/bin/sqlite3"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
  else {
    print("library: no sqlite3 shell (make setup installs it); skipped")
    return []
  }
  let full = temporaryDirectory()
  let withLibrary = environment.merging(["XDG_DATA_HOME": full]) { _, new in new }
  let file = full + "/trending/library.sqlite3"
  guard timedRun([binary, "lists"], environment: withLibrary) != nil,
    timedRun([sqlite, file, lifetimeSQL], environment: environment) != nil
  else {
    print("library: the library could not be made; skipped")
    return []
  }
  var measurements: [Measurement] = []
  // Start-up with and without, taking turns run by run; each run with a cache of its own.
  var times: [[Double]] = [[], []]
  for _ in 0..<runs {
    for (index, data) in [temporaryDirectory(), full].enumerated() {
      let variables = environment.merging(["XDG_DATA_HOME": data, "XDG_CACHE_HOME": temporaryDirectory()]) { $1 }
      if let time = bench.startup(["--demo"], environment: variables, marker: "1/20") { times[index].append(time) }
    }
  }
  measurements.append(
    Measurement(
      name: "start-up to the first frame, demo data, library of 10,000 titles and 50,000 episode events",
      value: median(times[1]) * 1000, unit: "ms", floor: median(times[0]) * 1000, floorName: "no library",
      budget: 1.05))
  measurements += tabMeasurements(bench, environment: withLibrary, runs: runs)
  var history: [[Double]] = [[], []]
  for _ in 0..<max(3, runs / 2) {
    if let time = timedRun([sqlite, "-json", file, historyQuery], environment: environment) { history[0].append(time) }
    if let time = timedRun([binary, "history", "--json"], environment: withLibrary) { history[1].append(time) }
  }
  measurements.append(
    Measurement(
      name: "trending history --json, 50,000 events", value: median(history[1]) * 1000, unit: "ms",
      floor: median(history[0]) * 1000, floorName: "sqlite3 -json, the same query", budget: 3))
  return measurements
}

/// The Watchlist's and Up next's first frames with the lifetime's library, each beside a tab of
/// amodb's (Popular, from the demo data) switched to in the same session: key to a finished frame.
private func tabMeasurements(_ bench: Bench, environment: [String: String], runs: Int) -> [Measurement] {
  var times: [[Double]] = [[], [], []]
  for _ in 0..<max(3, runs / 2) {
    let folder = temporaryDirectory()
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let status = folder + "/status"
    let variables = environment.merging(["TRENDING_STATUS_FILE": status, "XDG_CACHE_HOME": temporaryDirectory()]) {
      $1
    }
    guard let terminal = try? PseudoTerminal([bench.binary, "--demo"], environment: variables, width: 80, height: 24),
      terminal.read(until: "1/20") != nil, idle(terminal, status: status)
    else { continue }
    // Popular (from trending), the Watchlist, back to trending, then Up next.
    for (index, keys) in [["2"], ["6"], ["1", "U"]].enumerated() {
      for key in keys.dropLast() { _ = settled(terminal, status: status, typing: key) }
      if let time = settled(terminal, status: status, typing: keys[keys.count - 1]) { times[index].append(time) }
    }
    terminal.type("q")
    _ = terminal.waitForExit()
  }
  let floor = median(times[0]) * 1000
  return [
    Measurement(
      name: "the Watchlist tab's first frame, 500 titles of a library of 10,000", value: median(times[1]) * 1000,
      unit: "ms", floor: floor, floorName: "the Popular tab's", budget: 1.2),
    Measurement(
      name: "the Up next tab's first frame, 2,000 series in progress", value: median(times[2]) * 1000, unit: "ms",
      floor: floor, floorName: "the Popular tab's", budget: 1.2),
  ]
}

/// Waits for the app's status report of nothing in flight (the tabs it reads ahead read), so no
/// measurement pays for work begun before its key; whether it came.
private func idle(_ terminal: PseudoTerminal, status: String) -> Bool {
  let start = Date()
  while Date().timeIntervalSince(start) < 30 {
    terminal.pump(waitMilliseconds: 1)
    if report(status)["busy"] == 0 { return true }
  }
  return false
}

/// The app's last status report (`TRENDING_STATUS_FILE`): its numbers by name.
private func report(_ status: String) -> [String: Int] {
  guard let text = try? String(contentsOfFile: status, encoding: .utf8) else { return [:] }
  var values: [String: Int] = [:]
  for pair in text.split(separator: " ") {
    let parts = pair.split(separator: "=", maxSplits: 1)
    if parts.count == 2, let value = Int(parts[1].trimmingCharacters(in: .whitespacesAndNewlines)) {
      values[String(parts[0])] = value
    }
  }
  return values
}

/// Types a key and waits for the app's status report of a later frame that has taken it with
/// nothing in flight; the seconds that took.
private func settled(_ terminal: PseudoTerminal, status: String, typing key: String) -> Double? {
  let before = report(status)
  let start = Date()
  terminal.type(key)
  while Date().timeIntervalSince(start) < 10 {
    terminal.pump(waitMilliseconds: 1)
    let now = report(status)
    if now["busy"] == 0, (now["frame"] ?? 0) > (before["frame"] ?? 0),
      (now["inputs"] ?? 0) > (before["inputs"] ?? 0)
    {
      return Date().timeIntervalSince(start)
    }
  }
  return nil
}
