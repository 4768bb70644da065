import Foundation
import Testing

@testable import TestSupport

/// `trending import tvtime` through the real binary: TV Time's export zipped with a passphrase (AES,
/// by libarchive), a loopback amodb that finds series by TVDB id, the passphrase from a file of
/// the user's alone or typed on a terminal, unseen.
@Suite("End to end: importing TV Time's protected export", .serialized)
struct TVTimeImportEndToEndTests {
  static let passphrase = "correct horse 42"

  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvtime-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The export of 2024 zipped as TV Time sent it: a folder, every entry encrypted.
  private func archive(in home: URL) throws -> URL {
    let archive = home.appendingPathComponent("gdpr-data.zip")
    try Fixtures.protectedZip(
      Fixtures.tvTimeDirectory.appendingPathComponent("gdpr-data"), to: archive, passphrase: Self.passphrase,
      prefix: "gdpr-data/")
    return archive
  }

  /// A file holding `text` with the permission bits `mode`.
  private func secretFile(_ text: String, in home: URL, mode: Int) throws -> URL {
    let file = home.appendingPathComponent("passphrase-\(UUID().uuidString.prefix(6))")
    try Data((text + "\n").utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
    return file
  }

  private func environment(_ server: LoopbackServer, _ home: URL, passphraseFile: URL? = nil) -> [String: String] {
    var environment = [
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "tvtime-secret-key",
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
    ]
    if let passphraseFile { environment["TRENDING_TVTIME_PASSPHRASE_FILE"] = passphraseFile.path }
    return environment
  }

  private func json(_ text: String) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
  }

  @Test func aProtectedExportMovesInOnceWithItsPassphraseFromAFile() throws {
    let server = try TVTimeStandIn.server()
    let home = try folder()
    let archive = try archive(in: home)
    let file = try secretFile(Self.passphrase, in: home, mode: 0o600)
    let environment = environment(server, home, passphraseFile: file)
    let dry = try BinaryRunner.run(["import", "tvtime", archive.path, "--dry-run"], environment: environment)
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stdout.contains("(a dry run: nothing was changed)"), "\(dry.stdout)")
    #expect(
      dry.stdout.contains(
        "  + gdpr-data/tracking-prod-records-v2.csv:8  Breaking Bad (2008) S01E01: watched 2024-01-01"),
      "\(dry.stdout)")
    let nothing = try BinaryRunner.run(["history"], environment: environment)
    #expect(nothing.stdout.isEmpty && nothing.stderr.contains("Nothing watched yet"))
    let finds = server.count("/3/find/")
    #expect(finds == 7, "one /find a series: \(server.requests.map(\.target))")
    let imported = try BinaryRunner.run(["import", "tvtime", archive.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(server.count("/3/find/") == finds, "every answer from the disk cache")
    let summary = imported.stdout
    #expect(summary.hasPrefix("TV Time: ") && summary.contains(" rows read from 8 files"), "\(summary)")
    #expect(summary.contains("skipped 3"), "\(summary)")
    #expect(summary.contains("gdpr-data/tracking-prod-records-v2.csv:17  Nobody's Local Show"), "\(summary)")
    #expect(summary.contains("gdpr-data/tracking-prod-records.csv:9  Weird, \"Quoted\" =Title (2010)"), "\(summary)")
    #expect(summary.contains("gdpr-data/tracking-prod-records-v2.csv:18  s_id cannot be read: ''"), "\(summary)")
    let history = try BinaryRunner.run(["history"], environment: environment).stdout
    for line in [
      "tv/1396\tBreaking Bad (2008)\tS01E01", "tv/1396\tBreaking Bad (2008)\tS01E03",
      "tv/2316\tThe Office (2005)\tS02E01",
      "tv/1399\tGame of Thrones (2011)\tS00E01", "tv/1668\tFriends (1994)\tS01E01", "550\tFight Club (1999)",
    ] {
      #expect(history.contains(line), "\(line) in \(history)")
    }
    let watches = try json(try BinaryRunner.run(["history", "--json"], environment: environment).stdout)
    let pilot = watches.filter {
      ($0["id"] as? Int) == 1396 && ($0["season"] as? Int) == 1 && ($0["episode"] as? Int) == 1
    }
    #expect(pilot.count == 2, "a watch and a rewatch, the rewatch once: \(pilot)")
    let listed = try json(try BinaryRunner.run(["watchlist", "--json"], environment: environment).stdout)
      .filter { $0["watchlist"] as? Bool == true }.compactMap { $0["title"] as? String }
    #expect(
      Set(listed) == ["Severance", "Dune: Part Two", "Breaking Bad", "Love, Death & Robots", "The Office"],
      "followed or for later, not archived, unfollowed or watched: \(listed)")
    let export = try BinaryRunner.run(["export", "json"], environment: environment).stdout
    #expect(export.contains(#""kind": "tv", "title_id": 1396, "season": -1, "episode": -1, "rating": 10"#))
    let again = try BinaryRunner.run(["import", "tvtime", archive.path], environment: environment)
    #expect(again.status == 0 && again.stdout.contains("added 0, already there"), "\(again.stdout)")
    #expect(
      try json(try BinaryRunner.run(["history", "--json"], environment: environment).stdout).count == watches.count)
    // Oppenheimer's `watch_date` is 23:40 UTC on the 22nd, the 23rd nine hours east: the same
    // export again there keeps the day the first import took (TV Time gives a watch no id).
    var east = environment
    east["TZ"] = "<+09>-9"
    let travelled = try BinaryRunner.run(["import", "tvtime", archive.path], environment: east)
    #expect(travelled.status == 0 && travelled.stdout.contains("added 0, already there"), "\(travelled.stdout)")
    let oppenheimer = try json(try BinaryRunner.run(["history", "--json"], environment: east).stdout)
      .filter { ($0["title"] as? String) == "Oppenheimer" }.compactMap { $0["watched"] as? String }
    #expect(oppenheimer == ["2023-07-22"], "\(oppenheimer)")
    let everything = [dry, imported, again, travelled].map { $0.stdout + $0.stderr }.joined()
    #expect(!everything.contains(Self.passphrase) && !everything.contains("tvtime-secret-key"))
    #expect(!everything.contains("tvst-made-up-token"), "access_token.csv is never read")
  }

  @Test func aWrongPassphraseAnOpenFileOrNoTerminalIsRefusedChangingNothing() throws {
    let server = try TVTimeStandIn.server()
    let home = try folder()
    let archive = try archive(in: home)
    let wrong = try secretFile("correct horse 43", in: home, mode: 0o600)
    let refused = try BinaryRunner.run(
      ["import", "tvtime", archive.path], environment: environment(server, home, passphraseFile: wrong))
    #expect(refused.status == 1, "\(refused.stdout)")
    #expect(
      refused.stderr
        == "trending: \(archive.path) could not be decrypted with that passphrase (Incorrect passphrase)\n",
      "\(refused.stderr)")
    let open = try secretFile(Self.passphrase, in: home, mode: 0o644)
    let loose = try BinaryRunner.run(
      ["import", "tvtime", archive.path], environment: environment(server, home, passphraseFile: open))
    #expect(loose.status == 1 && loose.stderr.contains("may be read by others (mode 644"), "\(loose.stderr)")
    let none = try BinaryRunner.run(["import", "tvtime", archive.path], environment: environment(server, home))
    #expect(none.status == 1 && none.stderr.contains("TRENDING_TVTIME_PASSPHRASE_FILE"), "\(none.stderr)")
    #expect(server.requests.isEmpty, "nothing asked of amodb")
    let history = try BinaryRunner.run(["history"], environment: environment(server, home))
    #expect(history.stdout.isEmpty && history.stderr.contains("Nothing watched yet"))
    // The settings file may name the file instead, under ~/.
    let config = home.appendingPathComponent("config/trending")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data("set tvtime-passphrase-file ~/\(wrong.lastPathComponent)\n".utf8).write(
      to: config.appendingPathComponent("config"))
    var configured = environment(server, home)
    configured["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
    configured["HOME"] = home.path
    let set = try BinaryRunner.run(["import", "tvtime", archive.path], environment: configured)
    #expect(set.status == 1 && set.stderr.contains("could not be decrypted with that passphrase"), "\(set.stderr)")
    #expect(!(refused.stderr + loose.stderr + none.stderr + set.stderr).contains("correct horse"))
  }

  @Test func thePassphraseIsTypedOnTheTerminalUnseen() throws {
    let server = try TVTimeStandIn.server()
    let home = try folder()
    let archive = try archive(in: home)
    let environment = environment(server, home)
    let session = try TmuxSession(["import", "tvtime", archive.path], environment: environment, width: 120)
    try session.waitFor("Passphrase of \(archive.path) (not shown):")
    try session.send("-l", "correct horse 4x")
    try session.send("BSpace")
    try session.send("-l", "2")
    #expect(!(try session.capture()).contains("horse"), "nothing echoed")
    try session.send("Enter")
    try session.waitFor("rows read from 8 files")
    let exit = try session.waitForExit()
    #expect(exit.status == 0)
    let words = exit.stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
    #expect(words.contains("echo") && words.contains("icanon") && words.contains("isig"), "\(exit.stty)")
    #expect(!(try session.capture()).contains("horse"))
    let history = try BinaryRunner.run(["history"], environment: environment)
    #expect(history.stdout.contains("Breaking Bad"), "\(history.stdout)")
    // Ctrl-C at the prompt cancels, changing nothing, and gives the terminal its modes back.
    let other = try folder()
    let cancelled = try TmuxSession(
      ["import", "tvtime", archive.path], environment: self.environment(server, other), width: 120)
    try cancelled.waitFor("(not shown):")
    try cancelled.send("-l", "correct")
    try cancelled.send("C-c")
    try cancelled.waitFor("the passphrase was not given; nothing was changed")
    let stopped = try cancelled.waitForExit()
    #expect(stopped.status == 1)
    let modes = stopped.stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
    #expect(modes.contains("echo") && modes.contains("icanon") && modes.contains("isig"), "\(stopped.stty)")
  }

  @Test func theOlderFormsFindTheirSeriesByNameOrByTheEpisodesOwnId() throws {
    let server = try TVTimeStandIn.server()
    let home = try folder()
    let environment = environment(server, home)
    let older = try BinaryRunner.run(
      ["import", "tvtime", Fixtures.tvTimeDirectory.appendingPathComponent("seen-episode").path],
      environment: environment)
    #expect(older.status == 0 && older.stdout.contains("skipped 2"), "\(older.stdout) \(older.stderr)")
    let v1 = try BinaryRunner.run(
      ["import", "tvtime", Fixtures.tvTimeDirectory.appendingPathComponent("tracking-v1").path],
      environment: environment)
    #expect(v1.status == 0, "\(v1.stderr)")
    let history = try BinaryRunner.run(["history"], environment: environment).stdout
    for line in [
      "tv/4556\tScrubs (2001)\tS01E02", "tv/57243\tDoctor Who (2005)\tS01E01",
      "tv/1920\tDetails of series 1920 (2019)\tS01E01", "tv/70523\tDark (2017)\tS01E02",
    ] {
      #expect(history.contains(line), "\(line) in \(history)")
    }
    #expect(server.count("/3/tv/1920") == 1, "the episode's series named from its details")
  }
}
