import Foundation
import TestSupport
import Testing

@testable import AmodbKit

/// The fourth round of attacks (issue 38) reproduced against the real binary: hostile files,
/// spreadsheets and URLs with secrets in them.
@Suite("Sturdy under attack, round four", .serialized)
struct RoundFourTests {
  /// A data home whose watchlist is whatever `make` puts there.
  static func dataHome(_ make: (URL) throws -> Void) throws -> URL {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("trending-data-\(UUID().uuidString)")
    let folder = data.appendingPathComponent("trending/demo")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try make(folder.appendingPathComponent("watchlist"))
    return data
  }

  @Test func aCellWithASemicolonIsQuotedAndNothingAfterItIsAFormula() throws {
    let titles = [";=cmd|' /C calc'!A0", "Title; =1+1", "A, @SUM(A1)", "Plain; fine"]
    let data = try Self.dataHome { file in
      let lines = titles.enumerated().map { "\($0.offset + 1)\tw\t2026-01-0\($0.offset + 1)\t\t\($0.element)\t2001" }
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
    }
    let csv = try BinaryRunner.run(["watchlist", "--csv"], environment: ["XDG_DATA_HOME": data.path])
    #expect(csv.status == 0, "\(csv.stderr)")
    let file = data.appendingPathComponent("watchlist.csv")
    try Data(csv.stdout.utf8).write(to: file)
    // Read as spreadsheets read it: Python's csv with either separator, and split on `;` blindly.
    let script = """
      import csv, json, sys
      text = open(sys.argv[1], newline='').read()
      cells = {}
      for delimiter in ',;':
          cells[delimiter] = [cell for row in csv.reader(text.splitlines(), delimiter=delimiter) for cell in row]
      cells['split'] = [cell.strip('"') for line in text.splitlines() for cell in line.split(';')]
      print(json.dumps(cells))
      """
    let parsed = try BinaryRunner.program("/usr/bin/python3", ["-c", script, file.path])
    #expect(parsed.status == 0, "\(parsed.stderr)")
    let cells = try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: [String]])
    #expect(cells[","]?.contains("';=cmd|' /C calc'!A0") == false, "the whole title is one quoted cell")
    #expect(cells[","]?.contains(";'=cmd|' /C calc'!A0") == true, "\(cells[","] ?? [])")
    #expect(cells[","]?.contains("Plain; fine") == true, "a title with nothing to guard reads back as it was")
    for (reading, values) in cells {
      for cell in values {
        let first = cell.drop { $0 == " " }.first ?? " "
        #expect(!"=+-@".contains(first), "\(reading): \(cell) would be a formula")
      }
    }
  }

  @Test func aStarAmongOtherExemptionsDoesNotLetTheKeyThroughAProxyInClear() throws {
    let host = try LoopbackServer { _ in .json(TestClients.pageJSON()) }
    let proxy = try LoopbackServer { _ in .json(TestClients.pageJSON()) }
    // 127.1 is this machine to curl, but not a spelling the guard trusts: it counts as another one.
    let outcome = try BinaryRunner.run(
      ["list"],
      environment: [
        "AMODB_BASE_URL": host.baseURL.absoluteString, "AMODB_KEY": "star-guard-key",
        "http_proxy": "http://127.1:\(proxy.port)", "no_proxy": "example.invalid,*",
      ])
    #expect(outcome.status == 2, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("refusing to send the key to 127.1 over plain http"), "\(outcome.stderr)")
    #expect(proxy.requests.isEmpty && host.requests.isEmpty, "the key went nowhere")
  }

  /// Each `no_proxy` form curl documents, with real curl: where the request lands is where the
  /// guard said it would (the transport hands curl its decision).
  @Test(arguments: [
    ("127.0.0.1", "", false), ("127.0.0.1", "*", true), ("127.0.0.1", "example.invalid,*", false),
    ("127.0.0.1", "127.0.0.1", true), ("127.0.0.1", ".0.0.1", false), ("127.0.0.1", "0.1", false),
    ("127.0.0.1", "127.0.0.0/8", true), ("127.0.0.1", "127.0.0.2", false),
    ("127.0.0.1", "10.0.0.0/8, x.invalid", false),
    ("localhost", "localhost", true), ("localhost", ".LOCALHOST", true), ("localhost", "host", false),
    ("localhost", "x.invalid localhost", true), ("localhost", "localhost.", true), ("localhost", "127.0.0.1", false),
  ])
  func noProxyIsReadAsCurlDocumentsIt(host: String, noProxy: String, direct: Bool) throws {
    let server = try LoopbackServer { _ in .json(TestClients.pageJSON(count: 3)) }
    let proxy = try LoopbackServer { _ in .json(TestClients.pageJSON(count: 4)) }
    let base = "http://\(host):\(server.port)/3"
    let environment = [
      "AMODB_BASE_URL": base, "AMODB_KEY": "no-proxy-key", "http_proxy": "http://127.0.0.1:\(proxy.port)",
      "no_proxy": noProxy,
      "XDG_CACHE_HOME": FileManager.default.temporaryDirectory.appendingPathComponent(
        "no-proxy-\(UUID().uuidString)"
      ).path,
    ]
    let decided = ProxyEnvironment(environment: environment).proxy(for: try #require(URL(string: base)))
    #expect((decided == nil) == direct, "the guard's reading of no_proxy=\(noProxy)")
    let outcome = try BinaryRunner.run(["list"], environment: environment)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(server.requests.count == (direct ? 1 : 0), "no_proxy=\(noProxy): \(server.requests.count) direct")
    #expect(proxy.requests.count == (direct ? 0 : 1), "no_proxy=\(noProxy): \(proxy.requests.count) proxied")
    if !direct { #expect(proxy.requests.first?.target.hasPrefix(base) == true, "\(proxy.requests)") }
  }

  @Test func credentialsInTheHostsAreNeverShownOrStoredAndAnUnusableKeyIsSaid() throws {
    let server = try LoopbackServer { request in
      request.path.hasPrefix("/3/movie/")
        ? .json(TestClients.detailsJSON(id: 550, title: "Fight Club"))
        : .json(TestClients.pageJSON(count: 2))
    }
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("credentials-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = [
      "AMODB_BASE_URL": "http://team:PASSWORD1@127.0.0.1:\(server.port)/3?api_key=QUERYSECRET",
      "AMODB_IMAGE_BASE_URL": "http://img:PASSWORD2@127.0.0.1:\(server.port)/t/p?token=QUERYTOKEN&size=1",
      "AMODB_KEY": "good-key-1234", "XDG_CACHE_HOME": cache.path,
    ]
    let secrets = ["PASSWORD1", "PASSWORD2", "QUERYSECRET", "QUERYTOKEN", "team:", "img:", "good-key-1234"]
    for arguments in [["doctor"], ["doctor", "--json"], ["list"], ["show", "550", "--json"]] {
      let outcome = try BinaryRunner.run(arguments, environment: environment)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      for secret in secrets {
        #expect(!(outcome.stdout + outcome.stderr).contains(secret), "\(arguments) shows \(secret)")
      }
    }
    let doctor = try BinaryRunner.run(["doctor"], environment: environment).stdout
    #expect(doctor.contains("http://127.0.0.1:\(server.port)/3"), "\(doctor)")
    #expect(doctor.contains("size=1"), "other arguments stay: \(doctor)")
    // Every file the cache wrote: no password, no secret argument.
    let files = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)
    var read = 0
    while let file = files?.nextObject() as? URL {
      guard let data = try? Data(contentsOf: file) else { continue }
      read += 1
      let text = String(decoding: data, as: UTF8.self)
      for secret in secrets { #expect(!text.contains(secret), "\(file.lastPathComponent) holds \(secret)") }
    }
    #expect(read >= 2, "the cache was written")
    // A key with a space inside is not "set" and then left off: it is said, and nothing is sent.
    let before = server.requests.count
    var spaced = environment
    spaced["AMODB_KEY"] = "bad key"
    let refused = try BinaryRunner.run(["list", "--no-cache"], environment: spaced)
    #expect(refused.status == 3, "a key problem is 3, as the exit codes say: \(refused.stderr)")
    #expect(refused.stderr.contains("AMODB_KEY cannot be used as given"), "\(refused.stderr)")
    #expect(!refused.stderr.contains("Usage:"), "the environment is no command line")
    let told = try BinaryRunner.run(["doctor"], environment: spaced)
    #expect(told.stdout.contains("AMODB_KEY cannot be used as given"), "\(told.stdout)")
    #expect(server.requests.count == before, "no request went out without the key")
  }

  /// Since the library, the watchlist file is only read, once, to move in: one past the read limit is
  /// refused and kept as it is, and `add` writes the library, never a file the next read would refuse.
  @Test func theWatchlistIsNeverWrittenPastWhatCanBeReadBack() throws {
    let limit = 4 * 1024 * 1024
    let line = "550\tw\t2026-01-01\t\tFight Club\t1999\n"
    let text = line + String(repeating: "#", count: limit + 1 - line.utf8.count)
    let data = try Self.dataHome { file in try Data(text.utf8).write(to: file) }
    let file = data.appendingPathComponent("trending/demo/watchlist")
    let environment = ["XDG_DATA_HOME": data.path]
    let add = try BinaryRunner.run(["--demo", "watchlist", "add", "603"], environment: environment)
    #expect(add.status != 0, "a file past the limit is not moved in: \(add.stdout)")
    #expect(add.stderr.contains("4 MiB"), "\(add.stderr)")
    #expect(try Data(contentsOf: file) == Data(text.utf8), "the file is as it was")
    // A file that can be read moves in once; adding then writes the library, and no watchlist file.
    try Data(line.utf8).write(to: file)
    let moved = try BinaryRunner.run(["--demo", "watchlist", "add", "603"], environment: environment)
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(!FileManager.default.fileExists(atPath: file.path), "no watchlist file is written")
    let kept = data.appendingPathComponent("trending/demo/watchlist.moved-to-library")
    #expect(try Data(contentsOf: kept) == Data(line.utf8), "the old file is kept byte for byte")
    let listed = try BinaryRunner.run(["watchlist", "--json"], environment: environment)
    #expect(listed.status == 0 && listed.stdout.contains("550") && listed.stdout.contains("603"), "\(listed.stdout)")
  }

  @Test func aHardLinkPlantedAtTheTemporaryNameIsNeverWrittenThrough() throws {
    let data = try Self.dataHome { try Data("550\tw\t2026-01-01\t\tFight Club\t1999\n".utf8).write(to: $0) }
    let victim = data.appendingPathComponent("victim")
    try Data("the victim's own bytes\n".utf8).write(to: victim)
    let folder = data.appendingPathComponent("trending/demo").path
    // The shell's pid is the binary's after exec: the name the old code wrote through, planted first.
    let outcome = try BinaryRunner.shell(
      "ln '\(victim.path)' '\(folder)/watchlist.tmp-'$$ && exec \"$TRENDING\" --demo watchlist add 603",
      environment: ["XDG_DATA_HOME": data.path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "the victim's own bytes\n", "written through the link")
    let list = try BinaryRunner.run(["watchlist", "--json"], environment: ["XDG_DATA_HOME": data.path])
    #expect(list.stdout.contains("603") && list.stdout.contains("550"), "\(list.stdout)")
    let planted = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("watchlist.tmp-") }
    #expect(planted.count == 1, "only the planted name is left, untouched: \(planted)")
  }
}
