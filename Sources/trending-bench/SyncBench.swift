// `trending sync` with a lifetime's history: a new machine joining a folder where another device has
// sent 50,000 watches and their titles, beside the sqlite3 shell inserting the same rows in one
// transaction; and one watch taken in by a library of 50,000, beside the same watch taken in by an
// empty library (the cost follows the change, not the history).
import Foundation

/// The history the first device sends: films watched once each, and series with episodes watched.
private let films = 10_000
private let series = 2_000
private let episodesEach = 20
/// Its watches: 50,000.
private let watches = films + series * episodesEach

/// Day `i` of the history, `YYYY-MM-DD`.
private func day(_ i: Int) -> String {
  let month = 1 + i % 12
  let date = 1 + i % 28
  return "20\(10 + i % 15)-\(month < 10 ? "0" : "")\(month)-\(date < 10 ? "0" : "")\(date)"
}

/// The history's rows as plain statements in one transaction: the floor, and how the sending
/// device's library is filled.
private func historySQL() -> String {
  var sql = "BEGIN;\n"
  let title = "INSERT INTO titles (kind, id, title, year, poster_path, vote_average, vote_count, genre_ids, genres, "
  let titleEnd = "runtime, updated) VALUES "
  let watch = "INSERT INTO watch_events (kind, title_id, season, episode, watched, recorded, uid) VALUES "
  for i in 1...films {
    sql += title + titleEnd
    sql += "('movie', \(i), 'Film number \(i)', \(1950 + i % 75), '/p\(i).jpg', 7.5, \(i * 3), '18,53', "
    sql += "'Drama|Thriller', \(90 + i % 60), '2026-01-01');\n"
    sql += watch + "('movie', \(i), NULL, NULL, '\(day(i))', '2026-01-01', 'f\(i)');\n"
  }
  for i in 1...series {
    sql += title + titleEnd
    sql += "('tv', \(i), 'Series number \(i)', \(1990 + i % 35), '/s\(i).jpg', 7.5, \(i), '18', 'Drama', 45, "
    sql += "'2026-01-01');\n"
    for episode in 0..<episodesEach {
      sql += watch + "('tv', \(i), \(1 + episode / 10), \(1 + episode % 10), '\(day(i + episode))', '2026-01-01', "
      sql += "'s\(i)e\(episode)');\n"
    }
  }
  return sql + "COMMIT;\n"
}

/// Sync as a section of the bench.
enum SyncBench {
  /// Runs of the join, and of its floor.
  static let joinRuns = 3
  /// Runs of one watch taken in, with the history and without.
  static let changeRuns = 9

  /// Records sync's measurements.
  static func run(_ bench: Bench) throws {
    guard let sqlite = sqliteShell else {
      print("sync: no sqlite3 shell (make setup installs it); skipped")
      return
    }
    let folder = temporaryDirectory()
    let shared = folder + "/shared"
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
    let sqlFile = folder + "/history.sql"
    try historySQL().write(toFile: sqlFile, atomically: true, encoding: .utf8)
    let fill = { (data: String) in
      timedRun(
        ["/bin/sh", "-c", "\(sqlite) \(data)/trending/demo/library.sqlite3 < \(sqlFile)"],
        environment: bench.baseEnvironment
      )
    }
    // The first device: its history filled in by the shell, then sent to the folder.
    guard let sender = newLibrary(bench), fill(sender) != nil,
      timedRun([bench.binary, "sync", "init", shared], environment: bench.with(["XDG_DATA_HOME": sender])) != nil
    else {
      print("sync: the first device could not join the folder; skipped")
      return
    }
    guard let receiver = join(bench, sqlite: sqlite, shared: shared, fill: fill) else { return }
    oneChange(bench, sqlite: sqlite, sender: sender, receiver: receiver, folder: folder)
  }

  /// A new machine's `trending sync init` of the folder, beside the shell filling an empty library
  /// with the same rows; the last machine's data folder, which then holds the history.
  private static func join(
    _ bench: Bench, sqlite: String, shared: String, fill: (String) -> Double?
  ) -> String? {
    var times: (join: [Double], floor: [Double]) = ([], [])
    var lost: [String] = []
    var receiver: String?
    for _ in 0..<joinRuns {
      if let data = newLibrary(bench), let time = fill(data) { times.floor.append(time) }
      guard let data = newLibrary(bench),
        let time = timedRun([bench.binary, "sync", "init", shared], environment: bench.with(["XDG_DATA_HOME": data]))
      else { continue }
      let taken = count(sqlite, data: data, "SELECT count(*) FROM watch_events")
      if taken == watches { times.join.append(time) } else { lost.append("\(taken) of \(watches)") }
      receiver = data
    }
    guard !times.join.isEmpty, !times.floor.isEmpty, let receiver else {
      print("sync: the join was not measured (\(lost))")
      return nil
    }
    let failure = lost.isEmpty ? nil : "took in " + lost.joined(separator: ", ")
    bench.record(
      Measurement(
        name: "trending sync init, a new machine taking in 50,000 watches and 12,000 titles",
        value: median(times.join) * 1000, unit: "ms", floor: median(times.floor) * 1000,
        floorName: "sqlite3, the same rows in one transaction", budget: 3, failure: failure))
    return receiver
  }

  /// One film seen on a sending device, then `trending sync` on a receiving one: the library that
  /// holds the history beside an empty library taking in the same watch from an empty sender in a
  /// folder of their own, run by run in turns.
  private static func oneChange(_ bench: Bench, sqlite: String, sender: String, receiver: String, folder: String) {
    let empty = folder + "/empty"
    guard (try? FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)) != nil,
      let emptySender = newLibrary(bench), let emptyReceiver = newLibrary(bench)
    else { return }
    let pairs = [(sender, receiver), (emptySender, emptyReceiver)]
    for data in [emptySender, emptyReceiver] {
      _ = timedRun([bench.binary, "sync", "init", empty], environment: bench.with(["XDG_DATA_HOME": data]))
    }
    // A first sync of each, untimed: the join's own entry of the log is read once, after it.
    for (_, data) in pairs { _ = timedRun([bench.binary, "sync"], environment: bench.with(["XDG_DATA_HOME": data])) }
    var times: [[Double]] = [[], []]
    var lost: [String] = []
    let cache = temporaryDirectory()
    for run in 0..<changeRuns {
      for (index, (from, to)) in pairs.enumerated() {
        let film = String(900_000 + run)
        let live = bench.with(["XDG_DATA_HOME": from, "XDG_CACHE_HOME": cache], over: bench.live)
        guard timedRun([bench.binary, "seen", film, "--on", "2026-01-02"], environment: live) != nil,
          timedRun([bench.binary, "sync"], environment: live) != nil
        else {
          lost.append("film \(film) not sent")
          continue
        }
        guard let time = timedRun([bench.binary, "sync"], environment: bench.with(["XDG_DATA_HOME": to])) else {
          continue
        }
        let after = count(sqlite, data: to, "SELECT count(*) FROM watch_events WHERE title_id = \(film)")
        if after == 1 { times[index].append(time) } else { lost.append("film \(film) not taken in") }
      }
    }
    guard !times[0].isEmpty, !times[1].isEmpty else {
      print("sync: one change was not measured (\(lost))")
      return
    }
    let failure = lost.isEmpty ? nil : lost.joined(separator: ", ")
    bench.record(
      Measurement(
        name: "trending sync, one film seen elsewhere, taken in by a library of 50,000 watches",
        value: median(times[0]) * 1000, unit: "ms", floor: median(times[1]) * 1000,
        floorName: "the same taken in by an empty library", budget: 2, failure: failure))
  }

  /// A data folder with an empty library the binary made; nil when it could not.
  private static func newLibrary(_ bench: Bench) -> String? {
    let data = temporaryDirectory()
    return timedRun([bench.binary, "lists"], environment: bench.with(["XDG_DATA_HOME": data])) == nil ? nil : data
  }

  /// The number the shell answers `query` with on the library of `data`; -1 when it does not.
  private static func count(_ sqlite: String, data: String, _ query: String) -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: sqlite)
    process.arguments = [data + "/trending/demo/library.sqlite3", query]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    guard (try? process.run()) != nil else { return -1 }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }
}
