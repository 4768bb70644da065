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

/// The sqlite3 shell, when this machine has one.
let sqliteShell = ["/usr/bin/sqlite3", "/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) }

extension Bench {
  /// The data folder of a library at a lifetime's size (`lifetimeSQL`), made once a run: the
  /// binary makes the file, the sqlite3 shell fills it; nil when it could not be made.
  func lifetimeLibrary() -> String? {
    if let lifetime { return lifetime }
    var made: String?
    let folder = temporaryDirectory()
    if let sqliteShell, timedRun([binary, "lists"], environment: with(["XDG_DATA_HOME": folder])) != nil,
      timedRun([sqliteShell, folder + "/trending/demo/library.sqlite3", lifetimeSQL], environment: baseEnvironment)
        != nil
    {
      made = folder
    }
    lifetime = .some(made)
    return made
  }

  /// A data folder of its own holding a copy of the lifetime's library, for a run that writes to it.
  func lifetimeCopy() -> String? {
    guard let source = lifetimeLibrary() else { return nil }
    let folder = temporaryDirectory()
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: source + "/trending", toPath: folder + "/trending")
      return folder
    } catch {
      return nil
    }
  }
}

/// The library's measurements: start-up to the first frame with a lifetime's library beside the same
/// start without one, tab switches with it, and `trending history --json` beside `sqlite3 -json` on the
/// same query and file.
private func measurements(_ bench: Bench, environment: [String: String], runs: Int) -> [Measurement] {
  let binary = bench.binary
  guard let sqlite = sqliteShell else {
    print("library: no sqlite3 shell (make setup installs it); skipped")
    return []
  }
  guard let full = bench.lifetimeLibrary() else {
    print("library: the library could not be made; skipped")
    return []
  }
  let withLibrary = environment.merging(["XDG_DATA_HOME": full]) { _, new in new }
  let file = full + "/trending/demo/library.sqlite3"
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
  measurements += tabMeasurements(bench, library: full, environment: environment, runs: max(3, runs / 2))
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

/// Tab switches, key to a settled frame (every key taken, nothing in flight), with the lifetime's
/// library: the Watchlist's and Up next's first frames beside Popular's (amodb's, from the demo
/// data) in the same session; and Popular's beside the same switch with no library (an empty data
/// folder), from a session gone quiet and, apart, pressed as soon as the first frame is out.
private func tabMeasurements(_ bench: Bench, library: String, environment: [String: String], runs: Int)
  -> [Measurement]
{
  // [0] Popular, [1] the Watchlist, [2] Up next, [3] Popular with no library; then [4] and [5],
  // Popular at the first frame with the library and without, settled, and [6] and [7] its rows shown.
  var times = Array(repeating: [Double](), count: 8)
  for _ in 0..<runs {
    let sessions = [(library, false), (temporaryDirectory(), false), (library, true), (temporaryDirectory(), true)]
    for (data, early) in sessions {
      guard
        let session = BrowserSession(bench, environment: environment.merging(["XDG_DATA_HOME": data]) { $1 }),
        early ? session.idle() : session.quiet()
      else { continue }
      defer { session.quit() }
      if early || data != library {
        let index = early ? (data == library ? 4 : 5) : 3
        let popular = session.settled(typing: "2", reporting: { $0["tab"] == "popular" && $0["rows"] != "0" })
        if let time = popular.settled { times[index].append(time) }
        if early, let time = popular.shown { times[index + 2].append(time) }
        continue
      }
      // Popular (from trending), the Watchlist, back to trending, then Up next.
      for (index, keys) in [["2"], ["6"], ["1", "U"]].enumerated() {
        for key in keys.dropLast() { _ = session.settled(typing: key) }
        if let time = session.settled(typing: keys[keys.count - 1]).settled { times[index].append(time) }
      }
    }
  }
  let floor = median(times[0]) * 1000
  return [
    Measurement(
      name: "the Watchlist tab's first frame, 500 titles of a library of 10,000", value: median(times[1]) * 1000,
      unit: "ms", floor: floor, floorName: "the Popular tab's", budget: 1.2),
    Measurement(
      name: "the Up next tab's first frame, 2,000 series in progress", value: median(times[2]) * 1000, unit: "ms",
      floor: floor, floorName: "the Popular tab's", budget: 1.2),
    Measurement(
      name: "the Popular tab switch settled, library of 10,000 titles", value: floor, unit: "ms",
      floor: median(times[3]) * 1000, floorName: "no library", budget: 1.2),
    // Pressed at the first frame, the switch meets start-up's own reads of the library: its rows are
    // shown as soon (within the run's noise, 1.0 to 1.25), and it settles once the tabs read ahead
    // behind it are read (Up next's first read of 2,000 series, about 100 ms, the floor's 150 ms
    // wait before them). Nobody waits for either: both are measured, held to no line.
    Measurement(
      name: "the Popular tab's rows shown, pressed at the first frame, library of 10,000 titles",
      value: median(times[6]) * 1000, unit: "ms", floor: median(times[7]) * 1000, floorName: "no library"),
    Measurement(
      name: "the Popular tab switch settled, pressed at the first frame, library of 10,000 titles",
      value: median(times[4]) * 1000, unit: "ms", floor: median(times[5]) * 1000, floorName: "no library"),
  ]
}
