// `trending import letterboxd` of a 5,000-row diary, and of a 40,000-rewatch diary of one film, with
// every answer in the disk cache, beside the sqlite3 shell inserting the same rows in one transaction.
import Foundation
import TestSupport

/// How many rows (and distinct films) the diary has.
private let importRows = 5_000

/// The diary: film i is "Film number i" of 1950 + i % 75, watched on a day of its own and rated.
private func diary() -> String {
  var text = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n"
  for i in 1...importRows {
    let day = day(i)
    text += "\(day),Film number \(i),\(1950 + i % 75),https://boxd.it/\(i),\(Double(1 + i % 10) / 2),,,\(day)\n"
  }
  return text
}

private func day(_ i: Int) -> String {
  let month = 1 + i % 12
  let date = 1 + i % 28
  return "20\(10 + i % 15)-\(month < 10 ? "0" : "")\(month)-\(date < 10 ? "0" : "")\(date)"
}

/// How many days one film is watched on in the rewatch diary.
private let rewatchRows = 40_000

/// The rewatch diary: "Film number 1" on 40,000 days in a row, from 1900 on.
private func rewatchDiary() -> String {
  var text = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n"
  for i in 0..<rewatchRows {
    text += "\(rewatchDay(i)),Film number 1,1951,https://boxd.it/1,,Yes,,\(rewatchDay(i))\n"
  }
  return text
}

/// Day `i` after 1900-01-01, `YYYY-MM-DD`.
private func rewatchDay(_ i: Int) -> String {
  let date = Date(timeIntervalSince1970: -2_208_988_800 + Double(i) * 86_400)
  let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date)
  let (year, month, day) = (parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
}

/// What the rewatch import writes: the film once and a watch a day.
private func rewatchFloorSQL() -> String {
  var sql = """
    BEGIN;
    INSERT INTO titles (kind, id, title, year, poster_path, vote_average, vote_count, genre_ids, genres, updated) \
    VALUES ('movie', 1, 'Film number 1', 1951, '/p1.jpg', 7.5, 100, '18', '', '2026-01-01');

    """
  for i in 0..<rewatchRows {
    sql +=
      "INSERT INTO watch_events (kind, title_id, watched, recorded) VALUES ('movie', 1, '\(rewatchDay(i))', '2026-01-01');\n"
  }
  return sql + "COMMIT;\n"
}

/// What the import writes, as plain statements: a title, a watch and a rating a row.
private func floorSQL() -> String {
  var sql = "BEGIN;\n"
  for i in 1...importRows {
    sql += """
      INSERT INTO titles (kind, id, title, year, poster_path, vote_average, vote_count, genre_ids, genres, updated) \
      VALUES ('movie', \(i), 'Film number \(i)', \(1950 + i % 75), '/p\(i).jpg', 7.5, 100, '18', '', '2026-01-01');
      INSERT INTO watch_events (kind, title_id, watched, recorded) VALUES ('movie', \(i), '\(day(i))', '2026-01-01');
      INSERT INTO ratings (kind, title_id, rating, rated) VALUES ('movie', \(i), \(1 + i % 10), '\(day(i))');

      """
  }
  return sql + "COMMIT;\n"
}

/// The import as a section of the bench.
enum ImportBench {
  /// Records the import's measurement.
  static func run(_ bench: Bench) throws {
    guard
      let sqlite = ["/usr/bin/sqlite3", "/bin/sqlite3"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      print("import: no sqlite3 shell (make setup installs it); skipped")
      return
    }
    // An amodb that knows every film of the diary by its title.
    let server = try LoopbackServer { request in
      guard request.path == "/3/search/movie", let query = request.query("query"),
        let id = Int(query.split(separator: " ").last ?? "")
      else { return .json(#"{"page":1,"results":[],"total_pages":0,"total_results":0}"#) }
      let film =
        #"{"id":\#(id),"title":"\#(query)","original_title":"\#(query)","release_date":"\#(1950 + id % 75)-05-01","#
        + #""poster_path":"/p\#(id).jpg","vote_average":7.5,"vote_count":100,"genre_ids":[18]}"#
      // A plan large enough that the warm-up's 5,000 searches are not held back by the budget.
      return .json(
        #"{"page":1,"results":[\#(film)],"total_pages":1,"total_results":1}"#,
        headers: ["X-RateLimit-Limit": "10000", "X-RateLimit-Remaining": "9999"])
    }
    defer { server.stop() }
    let folder = temporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let export = folder + "/diary.csv"
    try diary().write(toFile: export, atomically: true, encoding: .utf8)
    let cache = temporaryDirectory()
    let environment = bench.with([
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "bench-key", "XDG_CACHE_HOME": cache,
    ])
    // Once to fill the disk cache: then every answer is there.
    let warm = environment.merging(["XDG_DATA_HOME": temporaryDirectory()]) { $1 }
    guard timedRun([bench.binary, "import", "letterboxd", export], environment: warm) != nil,
      server.count("/3/search/movie") == importRows
    else {
      print("import: the warm-up import failed; skipped")
      return
    }
    let asked = server.count("/3/")
    let runs = max(3, StartupBench.runs / 2)
    let diaryTimes = try times(
      bench.binary, export: export, sql: floorSQL(), sqlite: sqlite, environment: environment, runs: runs)
    // Letterboxd's export names the file diary.csv.
    try FileManager.default.createDirectory(atPath: folder + "/rewatches", withIntermediateDirectories: true)
    let rewatches = folder + "/rewatches/diary.csv"
    try rewatchDiary().write(toFile: rewatches, atomically: true, encoding: .utf8)
    let rewatchTimes = try times(
      bench.binary, export: rewatches, sql: rewatchFloorSQL(), sqlite: sqlite, environment: environment, runs: 3)
    // The rewatch diary's one film is the 5,000-row diary's first, answered from the cache.
    guard server.count("/3/") == asked else {
      print("import: a cached run asked the network; skipped")
      return
    }
    bench.record(
      Measurement(
        name: "trending import letterboxd, 5,000 rows, every answer cached", value: median(diaryTimes[1]) * 1000,
        unit: "ms", floor: median(diaryTimes[0]) * 1000, floorName: "sqlite3, the same rows in one transaction",
        budget: 5))
    bench.record(
      Measurement(
        name: "trending import letterboxd, 40,000 rewatches of one film", value: median(rewatchTimes[1]) * 1000,
        unit: "ms", floor: median(rewatchTimes[0]) * 1000, floorName: "sqlite3, the same rows in one transaction",
        budget: 5))
  }

  /// The sqlite3 shell's times running `sql` ([0]) and the import's of `export` ([1]), each run into
  /// a library of its own made empty by the binary first.
  private static func times(
    _ binary: String, export: String, sql: String, sqlite: String, environment: [String: String], runs: Int
  ) throws -> [[Double]] {
    let folder = temporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = folder + "/floor.sql"
    try sql.write(toFile: file, atomically: true, encoding: .utf8)
    var times: [[Double]] = [[], []]
    for _ in 0..<runs {
      let floorData = temporaryDirectory()
      let floorEnvironment = environment.merging(["XDG_DATA_HOME": floorData]) { $1 }
      if timedRun([binary, "lists"], environment: floorEnvironment) != nil,
        let time = timedRun(
          ["/bin/sh", "-c", "\(sqlite) \(floorData)/trending/demo/library.sqlite3 < \(file)"], environment: environment)
      {
        times[0].append(time)
      }
      let data = environment.merging(["XDG_DATA_HOME": temporaryDirectory()]) { $1 }
      if timedRun([binary, "lists"], environment: data) != nil,
        let time = timedRun([binary, "import", "letterboxd", export], environment: data)
      {
        times[1].append(time)
      }
    }
    return times
  }
}
