import Foundation
import Testing

@testable import TestSupport

/// `trending for-you` and `trending pick` as processes: on the demo with a real library, and
/// against amodb on loopback (what was asked, and how often).
@Suite("End to end: for-you and pick", .serialized)
struct TonightCommandTests {
  /// A home of its own: data and cache.
  private func home() throws -> [String: String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tonight-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return [
      "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
    ]
  }

  private func run(_ arguments: [String], _ environment: [String: String]) throws -> BinaryRunner.Outcome {
    try BinaryRunner.run(arguments, environment: environment)
  }

  @Test func forYouOnTheDemoSaysHowToStartThenRecommendsFromRatingsAndWatches() throws {
    let environment = try home()
    let empty = try run(["for-you", "--demo"], environment)
    #expect(empty.status == 0 && empty.stdout.isEmpty)
    #expect(empty.stderr.contains("rate titles you liked 8 or more"))
    let none = try run(["for-you", "--demo", "--json"], environment)
    #expect((try JSONSerialization.jsonObject(with: Data(none.stdout.utf8)) as? [Any])?.isEmpty == true)

    #expect(try run(["rate", "693134", "9", "--demo"], environment).status == 0)
    #expect(try run(["seen", "tv/125988", "--demo"], environment).status == 0)
    #expect(try run(["watchlist", "add", "157336", "--demo"], environment).status == 0)
    let text = try run(["for-you", "--demo"], environment)
    #expect(text.status == 0, "\(text.stderr)")
    let lines = text.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    #expect(!lines.isEmpty && lines.allSatisfy { $0.count == 6 })
    #expect(lines.contains { $0[5] == "because you rated Dune: Part Two 9" })
    #expect(lines.contains { $0[1].hasPrefix("tv/") && $0[5] == "because you saw Silo" })
    #expect(!lines.contains { ["693134", "157336", "tv/125988"].contains(String($0[1])) }, "rated, watchlisted, seen")

    let films = try run(["for-you", "--demo", "--kind", "film", "--json"], environment)
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(films.stdout.utf8)) as? [[String: Any]])
    #expect(!entries.isEmpty && entries.allSatisfy { $0["media_type"] as? String == "movie" })
    let seeds = try #require(entries.first?["seeds"] as? [[String: Any]])
    #expect(seeds.first?["title"] as? String == "Dune: Part Two" && seeds.first?["rating"] as? Int == 9)
    #expect(entries.map { $0["rank"] as? Int } == entries.indices.map { $0 + 1 })
  }

  @Test func forYouAsksAtMostFiveSeedsOnceAndThenReadsTheCache() throws {
    // Seven films rated 8 or more: each recommends film 900 and one of its own.
    let server = try LoopbackServer { request in
      guard request.path.hasPrefix("/3/movie/"), let id = Int(request.path.dropFirst("/3/movie/".count)) else {
        return .json(#"{"status_code":34}"#, status: 404)
      }
      return .json(
        #"{"id":\#(id),"title":"Seed \#(id)","recommendations":{"page":1,"results":[{"id":900,"title":"Everyone's","vote_average":7,"vote_count":10},{"id":\#(id + 100),"title":"Only \#(id)'s","vote_average":9,"vote_count":10}]}}"#
      )
    }
    var environment = try home()
    environment["AMODB_BASE_URL"] = server.baseURL.absoluteString
    environment["AMODB_KEY"] = "tonight-key"
    for id in 1...7 {
      #expect(try run(["rate", String(id), String(id % 3 + 8)], environment).status == 0)
    }
    let rated = server.requests.count
    let first = try run(["for-you", "--json"], environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(server.requests.count - rated == 0, "the seeds' details are in the cache since they were rated")
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [[String: Any]])
    #expect(entries.first?["id"] as? Int == 900, "named by every seed")
    #expect((entries.first?["seeds"] as? [Any])?.count == 5, "five seeds at most")
    #expect(entries.count == 6, "900 and one of each seed's own")
    // Without the cache: five requests, one a seed.
    let uncached = try run(["for-you", "--no-cache"], environment)
    #expect(uncached.status == 0 && server.requests.count - rated == 5)
  }

  @Test func pickIsTheSameForTheSameSeedAndSaysWhyItQualified() throws {
    let environment = try home()
    // An empty watchlist has nothing to pick: said as the watchlist says it.
    let empty = try run(["pick", "--demo"], environment)
    #expect(empty.status == 1 && empty.stderr.contains("The watchlist is empty: press a on a film"), "\(empty.stderr)")
    for id in ["550", "603", "693134", "tv/1396"] {
      #expect(try run(["watchlist", "add", id, "--demo"], environment).status == 0)
    }
    let first = try run(["pick", "--demo", "--seed", "7"], environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("Why: on your watchlist"))
    #expect(try run(["pick", "--demo", "--seed", "7"], environment).stdout == first.stdout)
    let picks = try (0..<12).map { try run(["pick", "--demo", "--seed", String($0), "--json"], environment).stdout }
    #expect(Set(picks).count > 1, "other seeds pick other titles")

    // Genres are named as discover names them: a typo matched, an unknown one a usage error.
    let horror = try run(["pick", "--demo", "--from", "trending", "--genre", "Horor", "--seed", "1"], environment)
    #expect(horror.status == 0 && horror.stdout.contains("Horror"), "\(horror.stdout) \(horror.stderr)")
    let unknown = try run(["pick", "--demo", "--from", "trending", "--genre", "Xyzzy"], environment)
    #expect(unknown.status == 2 && unknown.stderr.contains("no genre 'Xyzzy'"), "\(unknown.stderr)")

    let short = try run(
      ["pick", "--demo", "--max-runtime", "140", "--kind", "film", "--json", "--seed", "3"], environment)
    #expect(short.status == 0, "\(short.stderr)")
    let chosen = try #require(try JSONSerialization.jsonObject(with: Data(short.stdout.utf8)) as? [String: Any])
    #expect((chosen["runtime"] as? Int ?? 999) <= 140)
    #expect(["Fight Club", "The Matrix"].contains(chosen["title"] as? String))
    #expect((chosen["reasons"] as? [String])?.contains { $0.hasSuffix("at most 140") } == true)
    #expect(chosen["source"] as? String == "watchlist" && chosen["list"] == nil, "a code for scripts: \(chosen)")

    let drama = try run(["pick", "--demo", "--genre", "Drama", "--kind", "tv"], environment)
    #expect(drama.status == 0 && drama.stdout.hasPrefix("Breaking Bad"), "\(drama.stderr)")
    let none = try run(["pick", "--demo", "--max-runtime", "20"], environment)
    #expect(none.status == 1 && none.stderr.contains("No title passes"))
    let unset = try run(["pick", "--demo", "--on-my-services"], environment)
    #expect(unset.status == 2 && unset.stderr.contains("set services"))
    let missing = try run(["pick", "--demo", "--from", "nope"], environment)
    #expect(missing.status == 6 && missing.stderr.contains("there is no list 'nope'; 'trending lists' names them"))
    let badKind = try run(["pick", "--demo", "--kind", "person"], environment)
    #expect(badKind.status == 2)
    // A title of the watchlist seen already is not tonight's pick; all of them seen is said so.
    #expect(try run(["seen", "550", "--demo"], environment).status == 0)
    let unseen = Set(try (0..<20).map { try run(["pick", "--demo", "--seed", String($0)], environment).stdout })
    #expect(!unseen.contains { $0.hasPrefix("Fight Club") } && unseen.count > 1, "\(unseen)")
    for id in ["603", "693134", "tv/1396"] { #expect(try run(["seen", id, "--demo"], environment).status == 0) }
    let allSeen = try run(["pick", "--demo"], environment)
    #expect(allSeen.status == 1 && allSeen.stderr.contains("Every title on the watchlist is seen already (4)."))
    // One not interested in stays on the watchlist, as everywhere: it can be tonight's pick.
    #expect(try run(["watchlist", "add", "680", "--demo"], environment).status == 0)
    #expect(try run(["hide", "680", "--demo"], environment).status == 0)
    #expect(try run(["pick", "--demo"], environment).stdout.hasPrefix("Pulp Fiction"))
  }

  @Test func aPickFromTrendingIsNeitherSeenNorHidden() throws {
    let environment = try home()
    let all = Set(try (0..<30).map { try pickedTitle(["--seed", String($0)], environment) })
    #expect(all.contains("Dune: Part Two") || all.contains("Oppenheimer"), "\(all)")
    #expect(try run(["seen", "693134", "--demo"], environment).status == 0)
    #expect(try run(["hide", "872585", "--demo"], environment).status == 0)
    let picks = Set(try (0..<30).map { try pickedTitle(["--seed", String($0)], environment) })
    #expect(!picks.contains("Dune: Part Two") && !picks.contains("Oppenheimer") && picks.count > 1, "\(picks)")
  }

  /// The title `pick --from trending` chooses with the arguments.
  private func pickedTitle(_ arguments: [String], _ environment: [String: String]) throws -> String {
    let picked = try run(["pick", "--demo", "--from", "trending", "--json"] + arguments, environment)
    let object = try JSONSerialization.jsonObject(with: Data(picked.stdout.utf8)) as? [String: Any]
    return object?["title"] as? String ?? ""
  }

  @Test func pickOnMyServicesReadsTheOffersOnceAndAnUnknownOfferDoesNotPass() throws {
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/movie/11":
        return .json(
          #"{"id":11,"title":"Streams","runtime":100,"watch/providers":{"results":{"US":{"flatrate":[{"provider_name":"MUBI"}]}}}}"#
        )
      case "/3/movie/12":
        return .json(
          #"{"id":12,"title":"Rents","runtime":90,"watch/providers":{"results":{"US":{"rent":[{"provider_name":"MUBI"}]}}}}"#
        )
      case "/3/movie/13": return .json(#"{"id":13,"title":"Unknown offers","runtime":90}"#)
      default: return .json(#"{"status_code":34}"#, status: 404)
      }
    }
    var environment = try home()
    environment["AMODB_BASE_URL"] = server.baseURL.absoluteString
    environment["AMODB_KEY"] = "tonight-key"
    environment["AMODB_REGION"] = "US"
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("tonight-config-\(UUID().uuidString)")
    try "set services MUBI\n".write(to: config, atomically: true, encoding: .utf8)
    environment["TRENDING_CONFIG"] = config.path
    for id in ["11", "12", "13"] {
      #expect(try run(["watchlist", "add", id], environment).status == 0)
    }
    for seed in 0..<6 {
      let pick = try run(["pick", "--on-my-services", "--seed", String(seed)], environment)
      #expect(pick.status == 0, "\(pick.stderr)")
      #expect(pick.stdout.hasPrefix("Streams") && pick.stdout.contains("on MUBI"))
    }
    #expect(server.count("/3/movie/11") == 1, "details asked once (by watchlist add), then from the cache")
  }

  /// A day `offset` days from today (UTC), as the demo dates its made-up episodes.
  /// A day `offset` days from today (UTC).
  private func day(_ offset: Int) -> String { UTCDay.from(today: offset) }

  /// A fake `notify-send` on a PATH of its own, writing its arguments one a line to a file.
  private func fakeNotifier() throws -> (path: String, log: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let log = folder.appendingPathComponent("arguments")
    let script = folder.appendingPathComponent("notify-send")
    try ExecutableScript.write(
      "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n--\\n' \"$a\"; done >> '\(log.path)'\n", to: script)
    return (folder.path + ":/usr/bin:/bin", log)
  }

  @Test func newOnTheDemoListsTheAiredEpisodesNotSeenOldestFirstAndNeverOneToCome() throws {
    var environment = try home()
    let notifier = try fakeNotifier()
    environment["PATH"] = notifier.path
    #expect(try run(["watchlist", "add", "tv/990101", "--demo"], environment).status == 0)
    #expect(try run(["seen", "tv/990101", "--season", "1", "--episode", "3", "--demo"], environment).status == 0)
    let new = try run(["new", "--demo", "--since", day(-20), "--notify"], environment)
    #expect(new.status == 0, "\(new.stderr)")
    let lines = new.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "S01E04 and S01E05: E03 is seen, E06 airs in three days")
    #expect(lines[0].hasPrefix(day(-11)) && lines[0].contains("S01E04 “Starboard Lights”"))
    #expect(lines[1].hasPrefix(day(-4)) && lines[1].contains("S01E05"))
    let sent = try String(contentsOf: notifier.log, encoding: .utf8).components(separatedBy: "\n--\n")
    #expect(sent.first == "--app-name=trending")
    #expect(sent.count > 3 && sent[1] == "--" && sent[2] == "trending: 2 new for you" && sent[3].contains("S01E05"))

    let json = try run(["new", "--demo", "--since", day(-20), "--json"], environment)
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(entries.map { $0["kind"] as? String } == ["episode", "episode"])
    #expect(entries.first?["id"] as? Int == 990101 && entries.first?["media_type"] as? String == "tv")
    #expect(entries.first?["season"] as? Int == 1 && entries.first?["episode"] as? Int == 4, "\(entries)")

    // --since-last: the first run records today; the next finds nothing (and says nothing).
    #expect(try run(["new", "--demo", "--since-last"], environment).status == 0)
    try? FileManager.default.removeItem(at: notifier.log)
    let again = try run(["new", "--demo", "--since-last", "--notify"], environment)
    #expect(again.status == 0 && again.stdout.isEmpty && again.stderr.isEmpty, "\(again.stderr)")
    #expect(!FileManager.default.fileExists(atPath: notifier.log.path), "nothing new: no notification")
    let both = try run(["new", "--demo", "--since-last", "--since", day(-1)], environment)
    #expect(both.status == 2)

    // A run whose reads fail keeps the marker: the next run still finds what came since it.
    let library = (environment["XDG_DATA_HOME"] ?? "") + "/trending/demo/library.sqlite3"
    let back = "UPDATE facts SET value = '\(day(-20))' WHERE name = 'new.since-last'"
    #expect(try BinaryRunner.program("sqlite3", [library, back]).status == 0)
    let refusing = try RefusingPort()
    var offline = environment
    offline["AMODB_KEY"] = "k"
    offline["AMODB_BASE_URL"] = refusing.baseURL.absoluteString
    #expect(try run(["watchlist", "add", "550", "--demo"], environment).status == 0)
    let failed = try run(["new", "--since-last"], offline)
    #expect(failed.status == 5 && failed.stderr.contains("could not be read"), "\(failed.status) \(failed.stderr)")
    #expect(failed.stderr.contains("1 more title was not asked\n"), "offline: asked once, \(failed.stderr)")
    #expect(failed.stderr.contains("Network error"), "and why, once: \(failed.stderr)")
    let later = try run(["new", "--demo", "--since-last"], environment)
    #expect(later.stdout.contains("S01E04") && later.stdout.contains("S01E05"), "nothing lost: \(later.stdout)")
    // News of the last run's own day that it did not say (a title followed after it ran) is said.
    let onTheDay = "UPDATE facts SET value = '\(day(-4))' WHERE name = 'new.since-last'"
    #expect(try BinaryRunner.program("sqlite3", [library, onTheDay]).status == 0)
    let sameDay = try run(["new", "--demo", "--since-last"], environment)
    #expect(sameDay.stdout.contains("S01E05") && !sameDay.stdout.contains("S01E04"), "\(sameDay.stdout)")
  }

  @Test func newOnLoopbackFindsRegionalReleasesAndATitleThatCameToYourService() throws {
    let offers = Offers()
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/movie/23" where !offers.gone: return .json(#"{"id":23,"title":"Gone Soon"}"#)
      case "/3/movie/21":
        let streams = offers.streaming ? #","flatrate":[{"provider_name":"MUBI"}]"# : ""
        return .json(
          #"{"id":21,"title":"Arrives","release_dates":{"results":[{"iso_3166_1":"US","release_dates":[{"type":3,"release_date":"\#(self.day(-2))T00:00:00.000Z"},{"type":4,"release_date":"\#(self.day(9))T00:00:00.000Z"}]}]},"watch/providers":{"results":{"US":{"rent":[{"provider_name":"Apple TV"}]\#(streams)}}}}"#
        )
      default: return .json(#"{"status_code":34}"#, status: 404)
      }
    }
    var environment = try home()
    environment["AMODB_BASE_URL"] = server.baseURL.absoluteString
    environment["AMODB_KEY"] = "tonight-key"
    environment["AMODB_REGION"] = "US"
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("new-config-\(UUID().uuidString)")
    try "set services MUBI\n".write(to: config, atomically: true, encoding: .utf8)
    environment["TRENDING_CONFIG"] = config.path
    #expect(try run(["watchlist", "add", "21"], environment).status == 0)
    #expect(try run(["watchlist", "add", "23"], environment).status == 0)
    let first = try run(["new", "--no-cache", "--since", day(-5)], environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout.trimmingCharacters(in: .newlines) == day(-2) + "  Arrives: in cinemas",
      "the digital release is still to come; no offers known yet")
    offers.streaming = true
    offers.gone = true
    // News not delivered is not spent: a push that fails leaves the offers as they were known.
    let hook = try LoopbackServer { _ in .json("{}", status: 500) }
    let unpushed = try run(["new", "--no-cache", "--since", day(-1), "--push", "\(hook.baseURL)/hook"], environment)
    #expect(unpushed.status == 1 && unpushed.stderr.contains("Could not push what is new"), "\(unpushed.stderr)")
    // A title amodb no longer has is said, and fails nothing: it would fail every run.
    let second = try run(["new", "--no-cache", "--since", day(-1)], environment)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.contains("Gone Soon: amodb no longer has it (404), so it is left out"), "\(second.stderr)")
    #expect(second.stdout.trimmingCharacters(in: .newlines) == day(0) + "  Arrives: now on MUBI")
    // A run that keeps no marker spends no news: the cron's --since-last says it, once.
    let third = try run(["new", "--no-cache", "--since", day(-1)], environment)
    #expect(third.stdout.contains("Arrives: now on MUBI"), "\(third.stdout)")
    let cron = try run(["new", "--no-cache", "--since-last"], environment)
    #expect(cron.stdout.contains("Arrives: now on MUBI"), "\(cron.stdout) \(cron.stderr)")
    let next = try run(["new", "--no-cache", "--since-last"], environment)
    #expect(next.status == 0 && next.stdout.isEmpty, "the offer is known now: \(next.stdout)")
  }
}

/// Whether the loopback's film streams yet, and whether another is gone, changed by the test while
/// the server runs.
private final class Offers: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  private var removed = false
  var streaming: Bool {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
  /// Whether amodb has forgotten film 23 (a 404).
  var gone: Bool {
    get { lock.withLock { removed } }
    set { lock.withLock { removed = newValue } }
  }
}
