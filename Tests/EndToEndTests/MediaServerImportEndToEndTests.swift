import Foundation
import Testing

@testable import TestSupport

/// `trending import jellyfin|plex URL` through the real binary: a loopback Jellyfin or Plex
/// answering from the sample answers, page by page, and a loopback amodb answering `/find`.
@Suite("End to end: importing what Jellyfin and Plex played", .serialized)
struct MediaServerImportEndToEndTests {
  static let token = "9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a"

  /// The series the samples' episodes belong to, as amodb lists their seasons: name, year, and
  /// each season's episode count.
  static let series: [Int: (name: String, year: Int, seasons: [Int: Int])] = [
    1396: ("Breaking Bad", 2008, [1: 7, 2: 13]), 1399: ("Dark Water", 2011, [1: 10, 2: 10]),
    4607: ("Lost Signal", 2014, [1: 8, 2: 8]),
  ]

  /// amodb's `/find` for the outside ids the samples carry, and the details of `series`, in TMDB's
  /// shapes; anything else is a 404.
  private func amodb(
    series: [Int: (name: String, year: Int, seasons: [Int: Int])] = series, seriesFail: Bool = false
  ) throws -> LoopbackServer {
    let notFound = #"{"status_code":34,"status_message":"The resource you requested could not be found."}"#
    return try LoopbackServer { request in
      if seriesFail, request.path.hasPrefix("/3/tv/") { return .json(#"{"status_code":11}"#, status: 503) }
      if request.path.hasPrefix("/3/tv/") {
        guard let id = Int(request.path.dropFirst("/3/tv/".count)), let show = series[id] else {
          return .json(notFound, status: 404)
        }
        let seasons = show.seasons.sorted { $0.key < $1.key }.map {
          #"{"season_number":\#($0.key),"episode_count":\#($0.value),"name":"Season \#($0.key)"}"#
        }
        return .json(
          #"{"id":\#(id),"name":"\#(show.name)","first_air_date":"\#(show.year)-01-20","vote_average":8,"vote_count":9,"seasons":[\#(seasons.joined(separator: ","))]}"#
        )
      }
      guard request.path.hasPrefix("/3/find/") else { return .json(notFound, status: 404) }
      var movies = ""
      var series = ""
      switch (request.query("external_source") ?? "", request.path.dropFirst("/3/find/".count)) {
      case ("imdb_id", "tt15398776"):
        movies =
          #"{"adult":false,"id":872585,"title":"Oppenheimer","original_title":"Oppenheimer","release_date":"2023-07-19","media_type":"movie","vote_average":8.1,"vote_count":9000}"#
      case ("imdb_id", "tt0903747"):
        series =
          #"{"id":1396,"name":"Breaking Bad","first_air_date":"2008-01-20","vote_average":8.9,"vote_count":12000}"#
      case ("tvdb_id", "281662"):
        series = #"{"id":4607,"name":"Lost Signal","first_air_date":"2014-09-01","vote_average":7.1,"vote_count":300}"#
      default: break
      }
      return .json(
        #"{"movie_results":[\#(movies)],"person_results":[],"tv_results":[\#(series)],"tv_episode_results":[],"tv_season_results":[]}"#
      )
    }
  }

  private func home() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("servers-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func environment(_ amodb: LoopbackServer, _ home: URL, _ extra: [String: String]) -> [String: String] {
    [
      "AMODB_BASE_URL": amodb.baseURL.absoluteString, "AMODB_KEY": "servers-amodb-key",
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
      "TRENDING_CONFIG": home.appendingPathComponent("config").path,
    ].merging(extra) { $1 }
  }

  /// Each watch as `ID SEASON EPISODE DAY` (`-` for a film's season and episode).
  private func history(_ environment: [String: String]) throws -> [String] {
    let output = try BinaryRunner.run(["history", "--json"], environment: environment).stdout
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    return entries.map { entry in
      let season = (entry["season"] as? Int).map(String.init) ?? "-"
      let episode = (entry["episode"] as? Int).map(String.init) ?? "-"
      return "\(entry["id"] as? Int ?? 0) \(season) \(episode) \(entry["watched"] as? String ?? "")"
    }.sorted()
  }

  /// Every byte under `folder`, as text, to look for a secret in.
  private func everything(under folder: URL) -> String {
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? []
    return files.compactMap { ($0 as? URL).flatMap { try? Data(contentsOf: $0) } }
      .map { String(decoding: $0, as: UTF8.self) }.joined()
  }

  @Test func jellyfinsPlaysAreImportedOnceAndAPlayTakenBackIsSaidAndKept() throws {
    let amodb = try amodb()
    let jellyfin = try MediaServerStandIn(.jellyfin, token: Self.token, pageCap: 3)
    let home = try home()
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = environment(amodb, home, ["JELLYFIN_TOKEN": Self.token])
    let arguments = ["import", "jellyfin", jellyfin.url]
    let dry = try BinaryRunner.run(arguments + ["--dry-run"], environment: environment)
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stdout.hasPrefix("Jellyfin: 8 plays read from \(jellyfin.url)\n"), "\(dry.stdout)")
    #expect(dry.stdout.contains("  + Jellyfin:1  The Lighthouse Keeper (1999): watched 2026-03-01"), "\(dry.stdout)")
    #expect(dry.stdout.contains("would add 6, already there 0, unresolved 1, skipped 1 (a dry run"), "\(dry.stdout)")
    #expect(dry.stdout.contains("  Jellyfin:3  Home Video 2020 (2020)"), "no id: left for the user")
    #expect(dry.stdout.contains("Unresolved (no TMDB, IMDb or TVDB id that amodb knows):"), "\(dry.stdout)")
    #expect(dry.stdout.contains("  Jellyfin:8  The Long Goodbye: the server does not say when it was played"))
    #expect(try history(environment).isEmpty, "a dry run changes nothing")
    let imported = try BinaryRunner.run(arguments, environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("added 6, already there 0, unresolved 1, skipped 1"), "\(imported.stdout)")
    let watched = try history(environment)
    #expect(
      watched == [
        "1396 1 6 2026-03-06", "1399 1 1 2026-03-02", "1399 1 2 2026-03-03", "4607 2 3 2026-03-07",
        "550 - - 2026-03-01", "872585 - - 2026-03-04",
      ], "TMDB ids as they are, the IMDb and TVDB ids through /find, episodes by their series' ids")
    let again = try BinaryRunner.run(arguments, environment: environment)
    #expect(again.stdout.contains("added 0, already there 6"), "\(again.stdout)")
    #expect(!again.stdout.contains("no longer played"))
    #expect(try history(environment) == watched)
    jellyfin.unplay("b1f3a7c2d4e64f5a8b9c0d1e2f3a4b5c")
    let unplayed = try BinaryRunner.run(arguments, environment: environment)
    #expect(
      unplayed.stdout.contains(
        "1 watched here is no longer played on the server: kept\n  The Lighthouse Keeper (1999)"), "\(unplayed.stdout)")
    #expect(try history(environment) == watched, "kept")
    let after = try BinaryRunner.run(arguments, environment: environment)
    #expect(!after.stdout.contains("no longer played"), "said once: \(after.stdout)")
    let outputs = [dry, imported, again, unplayed, after].map { $0.stdout + $0.stderr }.joined()
    #expect(!outputs.contains(Self.token))
    #expect(!everything(under: home).contains(Self.token), "not in the library, the cache or anywhere else")
  }

  @Test func plexsHistoryIsImportedAndSinceLastTakesOnlyWhatIsNew() throws {
    let amodb = try amodb()
    let plex = try MediaServerStandIn(.plex, token: Self.token, pageCap: 3)
    let home = try home()
    defer { try? FileManager.default.removeItem(at: home) }
    let tokenFile = home.appendingPathComponent("plex-token")
    try Data((Self.token + "\n").utf8).write(to: tokenFile)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
    try Data("set plex-token-file \(tokenFile.path)\n".utf8).write(to: home.appendingPathComponent("config"))
    let environment = environment(amodb, home, [:])
    let arguments = ["import", "plex", plex.url, "--since-last"]
    let first = try BinaryRunner.run(arguments, environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("Plex: 7 plays read from"), "\(first.stdout)")
    #expect(first.stdout.contains("added 6, already there 0, unresolved 1"), "\(first.stdout)")
    #expect(first.stdout.contains("  Plex:4  A Film Since Deleted"), "its metadata is gone: \(first.stdout)")
    #expect(
      try history(environment) == [
        "1399 1 1 2026-03-02", "1399 1 2 2026-03-03", "4607 2 3 2026-03-06", "550 - - 2026-03-01",
        "550 - - 2026-03-08", "872585 - - 2026-03-05",
      ], "a rewatch on another day is a second watch")
    let finds = amodb.count("/3/find/")
    let second = try BinaryRunner.run(arguments, environment: environment)
    #expect(second.stdout.contains("7 plays read from \(plex.url), 0 since the last run"), "\(second.stdout)")
    #expect(second.stdout.contains("added 0, already there 0, unresolved 0"), "\(second.stdout)")
    #expect(amodb.count("/3/find/") == finds, "nothing old is looked up again")
    plex.play("2012", at: Int(Date().timeIntervalSince1970))
    let third = try BinaryRunner.run(arguments, environment: environment)
    #expect(third.stdout.contains("8 plays read from \(plex.url), 1 since the last run"), "\(third.stdout)")
    #expect(third.stdout.contains("added 1, already there 0"), "\(third.stdout)")
    #expect(try history(environment).filter { $0.hasPrefix("1399 1 2 ") }.count == 2, "watched again today")
    let outputs = [first, second, third].map { $0.stdout + $0.stderr }.joined()
    #expect(!outputs.contains(Self.token))
  }

  @Test func aPlayKeepsItsDayInAnyTimeZoneAndNoneIsTakenFromTheFuture() throws {
    let amodb = try amodb()
    let plex = try MediaServerStandIn(.plex, token: Self.token, pageCap: 3)
    let home = try home()
    defer { try? FileManager.default.removeItem(at: home) }
    let arguments = ["import", "plex", plex.url]
    let west = environment(amodb, home, ["PLEX_TOKEN": Self.token, "TZ": "America/Los_Angeles"])
    let first = try BinaryRunner.run(arguments, environment: west)
    #expect(first.stdout.contains("added 6, already there 0"), "\(first.stdout)")
    let watched = try history(west)
    let east = environment(amodb, home, ["PLEX_TOKEN": Self.token, "TZ": "Asia/Tokyo"])
    let travelled = try BinaryRunner.run(arguments, environment: east)
    #expect(travelled.stdout.contains("added 0, already there 6"), "the same plays: \(travelled.stdout)")
    #expect(try history(east) == watched, "no watch doubled on another day")
    plex.play("2012", at: Int(Date().timeIntervalSince1970) + 3 * 86_400)
    let ahead = try BinaryRunner.run(arguments, environment: east)
    #expect(ahead.stdout.contains("added 0, already there 6, unresolved 1, skipped 1"), "\(ahead.stdout)")
    #expect(ahead.stdout.contains("Dark Water S01E02: viewedAt is a day still to come"), "\(ahead.stdout)")
    #expect(try history(east) == watched)
  }

  /// `import jellyfin` from a fresh stand-in into a fresh home against `amodb`: what it printed, its
  /// environment, and the home to remove.
  private func importedFromJellyfin(_ amodb: LoopbackServer) throws -> (BinaryRunner.Outcome, [String: String], URL) {
    let jellyfin = try MediaServerStandIn(.jellyfin, token: Self.token, pageCap: 3)
    let home = try home()
    let environment = environment(amodb, home, ["JELLYFIN_TOKEN": Self.token])
    let imported = try BinaryRunner.run(["import", "jellyfin", jellyfin.url], environment: environment)
    return (imported, environment, home)
  }

  @Test func anEpisodeOrASeriesAmodbDoesNotListIsSaidAndNotRecorded() throws {
    var series = Self.series
    series[1399]?.seasons = [1: 1]
    series[4607] = nil
    let (imported, environment, home) = try importedFromJellyfin(try amodb(series: series))
    defer { try? FileManager.default.removeItem(at: home) }
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("added 4, already there 0, unresolved 1, skipped 3"), "\(imported.stdout)")
    #expect(
      imported.stdout.contains("Dark Water S01E02: Dark Water (2011) has no episode S01E02"), "\(imported.stdout)")
    #expect(imported.stdout.contains("Old Signal S02E03: amodb has no series 4607"), "\(imported.stdout)")
    #expect(
      try history(environment) == [
        "1396 1 6 2026-03-06", "1399 1 1 2026-03-02", "550 - - 2026-03-01", "872585 - - 2026-03-04",
      ])
  }

  @Test func episodesAmodbCannotBeAskedAboutAreTakenAtTheServersWordAndThatIsSaid() throws {
    let (imported, _, home) = try importedFromJellyfin(try amodb(seriesFail: true))
    defer { try? FileManager.default.removeItem(at: home) }
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("added 6, already there 0"), "nothing lost: \(imported.stdout)")
    #expect(imported.stderr.contains("the episodes were not checked against amodb: service error (HTTP 503)"))
  }

  /// With no amodb key, what the server names by TMDB ids is added and the rest left unresolved,
  /// said; the same import with a key adds the rest, and nothing twice.
  @Test func withNoKeyThePlaysKnownByTMDBIdsAreAddedAndTheRestSaid() throws {
    let amodb = try amodb()
    let jellyfin = try MediaServerStandIn(.jellyfin, token: Self.token, pageCap: 3)
    let home = try home()
    defer { try? FileManager.default.removeItem(at: home) }
    let keyed = environment(amodb, home, ["JELLYFIN_TOKEN": Self.token])
    var keyless = keyed
    // No key, nor a team's server that holds one: amodb itself, which is never asked with no key.
    keyless["AMODB_KEY"] = nil
    keyless["AMODB_BASE_URL"] = nil
    // A settings file with no key in it: where a key would be read from.
    try Data().write(to: home.appendingPathComponent("config"))
    // With --since-last too: a run that left titles for a key is not one the next starts after.
    let first = try BinaryRunner.run(["import", "jellyfin", jellyfin.url, "--since-last"], environment: keyless)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stderr.contains("known by their IMDb or TVDB ids alone, which amodb matches: with no key"),
      "\(first.stdout) \(first.stderr)")
    let some = try history(keyless)
    #expect(!some.isEmpty && some.count < 6 && some.contains("550 - - 2026-03-01"), "\(some)")
    #expect(first.stdout.contains("an IMDb or TVDB id is matched once amodb has your key"), "\(first.stdout)")
    let second = try BinaryRunner.run(["import", "jellyfin", jellyfin.url, "--since-last"], environment: keyed)
    #expect(second.stdout.contains("added \(6 - some.count), already there \(some.count)"), "\(second.stdout)")
    #expect(try history(keyed).count == 6)
  }

  /// amodb failing costs the titles it had to name (by IMDb or TVDB ids), said; the plays known by
  /// TMDB ids are added, and the same import once amodb answers adds the rest.
  @Test func whenAmodbFailsThePlaysKnownByTMDBIdsAreAddedAndTheRestSaid() throws {
    let failing = try LoopbackServer { _ in .json(#"{"status_code":11}"#, status: 503) }
    let amodb = try amodb()
    let jellyfin = try MediaServerStandIn(.jellyfin, token: Self.token, pageCap: 3)
    let home = try home()
    defer { try? FileManager.default.removeItem(at: home) }
    let down = environment(failing, home, ["JELLYFIN_TOKEN": Self.token])
    let first = try BinaryRunner.run(["import", "jellyfin", jellyfin.url, "--since-last"], environment: down)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("which amodb did not match ("), "\(first.stderr)")
    #expect(first.stdout.contains("is matched once amodb answers"), "\(first.stdout)")
    let some = try history(down)
    #expect(!some.isEmpty && some.count < 6 && some.contains("550 - - 2026-03-01"), "\(some)")
    let up = environment(amodb, home, ["JELLYFIN_TOKEN": Self.token])
    let second = try BinaryRunner.run(["import", "jellyfin", jellyfin.url, "--since-last"], environment: up)
    #expect(second.stdout.contains("added \(6 - some.count), already there \(some.count)"), "\(second.stdout)")
    #expect(try history(up).count == 6)
    // A refused key is the user's to mend: the import stops and says so, as every command does.
    let refusing = try LoopbackServer { _ in
      .json(#"{"status_code":7,"status_message":"Invalid API key"}"#, status: 401)
    }
    let other = try self.home()
    defer { try? FileManager.default.removeItem(at: other) }
    let refused = try BinaryRunner.run(
      ["import", "jellyfin", jellyfin.url], environment: environment(refusing, other, ["JELLYFIN_TOKEN": Self.token]))
    #expect(refused.status == 3 && refused.stderr.contains("nothing was changed"), "\(refused.stderr)")
    #expect(try history(environment(refusing, other, [:])).isEmpty)
    withExtendedLifetime(failing) {}
    withExtendedLifetime(refusing) {}
  }

  @Test func aRefusedMissingOrExposedTokenChangesNothingAndIsNeverShown() throws {
    let amodb = try amodb()
    let jellyfin = try MediaServerStandIn(.jellyfin, token: Self.token)
    let home = try home()
    defer { try? FileManager.default.removeItem(at: home) }
    let wrong = "11112222333344445555666677778888"
    let refused = try BinaryRunner.run(
      ["import", "jellyfin", jellyfin.url], environment: environment(amodb, home, ["JELLYFIN_TOKEN": wrong]))
    #expect(refused.status == 3)
    #expect(
      refused.stderr.contains("Jellyfin at \(jellyfin.url) refused the token (HTTP 401): check JELLYFIN_TOKEN"),
      "\(refused.stderr)")
    #expect(!(refused.stdout + refused.stderr).contains(wrong))
    let plain = environment(amodb, home, [:])
    #expect(try history(plain).isEmpty)
    let missing = try BinaryRunner.run(["import", "plex", "http://127.0.0.1:9"], environment: plain)
    #expect(missing.status == 3 && missing.stderr.contains("no Plex token: set PLEX_TOKEN"), "\(missing.stderr)")
    let inURL = try BinaryRunner.run(
      ["import", "plex", "http://127.0.0.1:9/?X-Plex-Token=\(wrong)"], environment: plain)
    #expect(inURL.status == 2 && !(inURL.stdout + inURL.stderr).contains(wrong), "\(inURL.stderr)")
    let file = home.appendingPathComponent("jellyfin-token")
    try Data(Self.token.utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    try Data("set jellyfin-token-file \(file.path)\n".utf8).write(to: home.appendingPathComponent("config"))
    let readable = try BinaryRunner.run(["import", "jellyfin", jellyfin.url], environment: plain)
    #expect(readable.status == 3 && readable.stderr.contains("chmod 600"), "\(readable.stderr)")
    #expect(!(readable.stdout + readable.stderr).contains(Self.token))
    let exposed = try BinaryRunner.run(
      ["import", "jellyfin", "http://media.invalid:8096"],
      environment: environment(amodb, home, ["JELLYFIN_TOKEN": wrong]))
    #expect(exposed.status == 2 && exposed.stderr.contains("over plain http"), "\(exposed.stderr)")
    #expect(jellyfin.server.requests.count == 1, "only the refused run reached the server")
  }
}
