import AmodbKit
import Foundation
import LibraryKit
import TestSupport
import Testing
import TrendingCore

@testable import TrendingCLI

@Suite("Media servers: Jellyfin and Plex read through HTTPKit from loopback stand-ins, tokens and arguments")
struct MediaServerReaderTests {
  static let token = "f3c9a1e07b2d4c6e8a0b1c2d3e4f5a6b"

  private func reader(_ server: MediaServer, _ standIn: MediaServerStandIn, token: String = token) throws
    -> MediaServerReader
  {
    let url = try #require(URL(string: standIn.url))
    return MediaServerReader(server: server, base: url, token: token, insecure: false, environment: [:])
  }

  /// A reader of `server` for the loopback server `loopback`, reading at most `pageCap` pages.
  private func reader(
    _ server: MediaServer, _ loopback: LoopbackServer, pageCap: Int = MediaServerReader.mostPages
  ) throws -> MediaServerReader {
    let url = try #require(URL(string: "http://127.0.0.1:\(loopback.port)"))
    return MediaServerReader(
      server: server, base: url, token: Self.token, insecure: false, environment: [:], pageCap: pageCap)
  }

  /// The error reading failed with; nil, recorded as an issue saying `why`, when it read.
  private func failure(_ reader: MediaServerReader, _ why: String) async -> HTTPError? {
    guard case .failure(let error) = await read(reader) else {
      Issue.record(Comment(rawValue: why))
      return nil
    }
    return error
  }

  private func read(_ reader: MediaServerReader) async -> Result<[ServerPlay], HTTPError> {
    do throws(HTTPError) {
      return .success(try await reader.plays())
    } catch {
      return .failure(error)
    }
  }

  @Test func jellyfinIsReadPageByPageWithTheSeriesOwnIds() async throws {
    let standIn = try MediaServerStandIn(.jellyfin, token: Self.token, pageCap: 3)
    let plays = try await read(try reader(.jellyfin, standIn)).get()
    #expect(plays.count == 8, "8 played items over 3 pages of at most 3")
    let pages = standIn.requests("/Users/4a7b2c9d1e3f4a5b9c7d8e9f0a1b2c3d/Items").filter { $0.query("Ids") == nil }
    #expect(pages.map { $0.query("StartIndex") } == ["0", "3", "6"])
    #expect(pages.allSatisfy { $0.query("Fields") == "ProviderIds" && $0.query("IncludeItemTypes") == "Movie,Episode" })
    let series = standIn.requests("/Users/").filter { $0.query("Ids") != nil }
    #expect(series.count == 1 && series.first?.query("Ids")?.split(separator: ",").count == 3, "each series once")
    #expect(
      standIn.server.requests.allSatisfy { $0.headers["authorization"] == "MediaBrowser Token=\"\(Self.token)\"" })
    #expect(standIn.server.requests.allSatisfy { !$0.target.contains(Self.token) }, "never in a URL")
    let first = try #require(plays.first)
    #expect(
      first.kind == .film && first.ids == ServerIDs(tmdb: 550, imdb: "tt0137523")
        && first.title == "The Lighthouse Keeper")
    #expect(first.played == Date(timeIntervalSince1970: 1_772_396_100))
    let episode = try #require(plays.first { $0.item == "e4c6d8f0a2b44c6e8a0c2e4a6c8e0a2c" })
    #expect(episode.kind == .series && episode.title == "Dark Water" && episode.year == 2011)
    #expect(episode.ids == ServerIDs(tmdb: 1399, imdb: "tt0944947", tvdb: 121361), "the series' ids, not the episode's")
    #expect(episode.episode == EpisodeKey(season: 1, number: 1))
    let offset = try #require(plays.first { $0.item == "a6e8f0b2c4d64e8a0c2e4a6c8e0a2c4e" })
    #expect(offset.played == Date(timeIntervalSince1970: 1_772_829_000), "22:30 at +02:00 is 20:30 UTC")
    #expect(plays.last?.played == nil, "a LastPlayedDate of null")
  }

  @Test func plexHistoryIsReadPageByPageAndEachTitlesMetadataOnce() async throws {
    let standIn = try MediaServerStandIn(.plex, token: Self.token, pageCap: 3)
    let plays = try await read(try reader(.plex, standIn)).get()
    #expect(plays.count == 7, "8 plays less a track")
    let pages = standIn.requests("/status/sessions/history/all")
    #expect(pages.map { $0.query("X-Plex-Container-Start") } == ["0", "3", "6"])
    #expect(pages.allSatisfy { $0.query("accountID") == "1" && $0.query("sort") == "viewedAt:asc" })
    let asked = standIn.requests("/library/metadata/").map(\.path)
    #expect(
      asked == [
        "/library/metadata/101", "/library/metadata/2001", "/library/metadata/105", "/library/metadata/103",
        "/library/metadata/2003",
      ], "each film and series once, in the order met")
    #expect(standIn.server.requests.allSatisfy { $0.headers["x-plex-token"] == Self.token })
    #expect(standIn.server.requests.allSatisfy { !$0.target.contains(Self.token) }, "never in a URL")
    #expect(plays.filter { $0.item == "101" }.count == 2, "a rewatch is a second play")
    let episode = try #require(plays.first { $0.item == "2012" })
    #expect(episode.ids == ServerIDs(tmdb: 1399, imdb: "tt0944947", tvdb: 121361) && episode.title == "Dark Water")
    #expect(episode.episode == EpisodeKey(season: 1, number: 2))
    let deleted = try #require(plays.first { $0.item == "105" })
    #expect(deleted.ids == ServerIDs() && deleted.title == "A Film Since Deleted", "its metadata answered 404")
  }

  @Test func anAnswerWithoutItsItemsIsAFailureAndAnEntryThatCannotBeReadCostsOnlyItself() async throws {
    let me = #"{"Id":"4a7b2c9d1e3f4a5b9c7d8e9f0a1b2c3d"}"#
    for page in [#"{"Items":"nope","TotalRecordCount":"x"}"#, #"{"TotalRecordCount":3}"#, "[]"] {
      let server = try LoopbackServer { request in .json(request.path == "/Users/Me" ? me : page) }
      guard let error = await failure(try reader(.jellyfin, server), "\(page) was read as a page") else { continue }
      #expect(MediaServerImport.exitCode(error) == .network, "\(page)")
    }
    let plex = try LoopbackServer { _ in .json(#"{"MediaContainer":{"size":1,"Metadata":{"ratingKey":"1"}}}"#) }
    _ = await failure(try reader(.plex, plex), "Metadata that is not an array was read")
    // A container that does not say its size is no page of Plex's (its empty pages say size 0).
    let sizeless = try LoopbackServer { _ in .json(#"{"MediaContainer":{}}"#) }
    _ = await failure(try reader(.plex, sizeless), "a container without its size was read as no plays")
    let items = #"""
      {"Items":[{"Name":"no id"},{"Id":"e1","Type":"Episode","SeriesName":"Dark Water","ParentIndexNumber":1,
      "UserData":{"LastPlayedDate":"2026-03-02T19:00:00Z"}},{"Id":"m1","Type":"Movie","Name":"Kept",
      "UserData":{"LastPlayedDate":"2026-03-02T19:00:00Z"}}],"TotalRecordCount":3}
      """#
    let mixed = try LoopbackServer { request in .json(request.path == "/Users/Me" ? me : items) }
    let plays = try await read(try reader(.jellyfin, mixed)).get()
    #expect(plays.count == 3, "each entry is said, read or not")
    let made = ServerPlays(plays, server: .jellyfin)
    #expect(made.rows.rows.map(\.title) == ["Kept"])
    #expect(
      made.rows.skipped.map(\.problem) == [
        "an entry the server sent that could not be read",
        "Dark Water: an episode the server gives no season or number",
      ])
  }

  @Test func aJellyfinFileOfTwoEpisodesIsAPlayOfEach() async throws {
    let me = #"{"Id":"4a7b2c9d1e3f4a5b9c7d8e9f0a1b2c3d"}"#
    let items = #"""
      {"Items":[{"Id":"e1","Type":"Episode","SeriesName":"Dark","ParentIndexNumber":1,"IndexNumber":1,
      "IndexNumberEnd":2,"UserData":{"LastPlayedDate":"2026-03-02T19:00:00Z"}}],"TotalRecordCount":1}
      """#
    let server = try LoopbackServer { request in .json(request.path == "/Users/Me" ? me : items) }
    let plays = try await read(try reader(.jellyfin, server)).get()
    #expect(plays.map(\.episode) == [EpisodeKey(season: 1, number: 1), EpisodeKey(season: 1, number: 2)])
  }

  @Test func onlyAFilmsOrAnEpisodesKeyMustBeOneAndAnUndatedProblemIsSaidOnce() throws {
    let decode = { (text: String) in try JSONDecoder().decode(Plex.HistoryEntry.self, from: Data(text.utf8)) }
    #expect(try decode(#"{"ratingKey":"/online/abc","type":"track"}"#).type == "track", "left out by its type")
    #expect(throws: DecodingError.self) { try decode(#"{"ratingKey":"/online/abc","type":"movie"}"#) }
    let plays = [ServerPlay.unreadable()]
    #expect(ServerPlays(plays, server: .plex).rows.skipped.count == 1, "said on the first run")
    #expect(ServerPlays(plays, server: .plex, since: Date()).rows.skipped.isEmpty, "a cron job's later runs are quiet")
  }

  @Test func aHistoryPastThePageCapIsAnErrorNeverAPartReadAsTheWhole() async throws {
    let me = #"{"Id":"4a7b2c9d1e3f4a5b9c7d8e9f0a1b2c3d"}"#
    // A server that always says there is more: one item a page, ten million in all.
    let endless = try LoopbackServer { request in
      if request.path == "/Users/Me" { return .json(me) }
      let start = request.query("StartIndex") ?? "0"
      return .json(#"{"Items":[{"Id":"i\#(start)","Type":"Movie","Name":"F"}],"TotalRecordCount":10000000}"#)
    }
    let cut = "a history cut at the cap was read as the whole"
    guard let error = await failure(try reader(.jellyfin, endless, pageCap: 4), cut) else { return }
    #expect(error.message.contains("more than 800 plays; not read"), "\(error.message)")
    #expect(endless.requests.count == 5, "the user, then the cap's pages, no more")
  }

  @Test func aRedirectToAnotherOriginIsSaidNotRead() async throws {
    let elsewhere = try LoopbackServer(host: "127.0.0.2") { _ in .json(#"{"Id":"4a7b2c9d"}"#) }
    let jellyfin = try LoopbackServer { _ in
      .respond(status: 302, headers: ["Location": "http://127.0.0.2:\(elsewhere.port)/Users/Me"], body: Data())
    }
    guard let error = await failure(try reader(.jellyfin, jellyfin), "a redirect elsewhere was read") else { return }
    #expect(error.message.contains("redirected to http://127.0.0.2:\(elsewhere.port), another origin; not followed"))
    #expect(elsewhere.requests.isEmpty, "nothing asked of the other origin")
    #expect(MediaServerImport.exitCode(error) == .network)
  }

  @Test func aRefusedTokenIsSaidNamingTheServerAndNeverTheToken() async throws {
    for server in MediaServer.allCases {
      let standIn = try MediaServerStandIn(server == .plex ? .plex : .jellyfin, token: Self.token)
      let wrong = "0000wrong0000token0000"
      let result = await read(try reader(server, standIn, token: wrong))
      guard case .failure(let error) = result else {
        Issue.record("a wrong token was taken")
        continue
      }
      let message = MediaServerImport.message(error, server: server, base: standIn.url)
      #expect(
        message.hasPrefix("\(server.name) at \(standIn.url) refused the token (HTTP 401)")
          && message.contains(server.tokenVariable), "\(message)")
      #expect(!message.contains(wrong))
      #expect(MediaServerImport.exitCode(error) == .authentication)
      #expect(standIn.server.requests.count == 1, "nothing asked after the refusal")
    }
  }

  @Test func theTokenComesFromItsVariableElseAFileOnlyItsOwnerReads() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("jellyfin-token")
    try Data("\(Self.token)\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    let named = ["JELLYFIN_TOKEN_FILE": file.path]
    #expect(try MediaServerToken.read(.jellyfin, environment: named).get() == Self.token)
    #expect(
      try MediaServerToken.read(.jellyfin, environment: named.merging(["JELLYFIN_TOKEN": "fromvariable"]) { $1 }).get()
        == "fromvariable", "the variable first")
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    let open = MediaServerToken.read(.jellyfin, environment: named)
    #expect(open.failureMessage?.contains("others may read the file (mode 0644): chmod 600 it") == true)
    #expect(open.failureMessage?.contains(Self.token) == false)
    let link = folder.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
    #expect(MediaServerToken.read(.jellyfin, environment: ["JELLYFIN_TOKEN_FILE": link.path]).failureMessage != nil)
    let missing = MediaServerToken.read(.plex, environment: [:]).failureMessage ?? ""
    #expect(missing.contains("PLEX_TOKEN") && missing.contains("set plex-token-file PATH"), "\(missing)")
    #expect(MediaServerToken.read(.plex, environment: ["PLEX_TOKEN": "a\"b"]).failureMessage != nil, "not header-safe")
    #expect(MediaServerToken.expanded("~/t", environment: ["HOME": "/home/a"]) == "/home/a/t")
  }

  @Test func theSettingsNameTheTokenFilesNeverTheTokens() throws {
    let settings = Settings(
      parsing: "set plex-token-file ~/my tokens/plex  # a comment\nset jellyfin-token-file tokens/jellyfin\n")
    #expect(settings.values["plex-token-file"] == "~/my tokens/plex", "a path with spaces")
    #expect(settings.values["jellyfin-token-file"] == nil)
    #expect(settings.problems.map(\.line) == [2], "a relative path is refused")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
    try Data("set jellyfin-token-file /run/user/1000/jellyfin-token\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let environment = SettingsFile(environment: ["TRENDING_CONFIG": file.path]).environment(over: [:])
    #expect(environment[MediaServer.jellyfin.tokenFileVariable] == "/run/user/1000/jellyfin-token")
  }

  @Test func importTakesAServerAndItsURLNeverATokenOnTheCommandLine() throws {
    func parse(_ words: [String]) throws -> Invocation.Command { try ArgumentParser.parse(words).command }
    func failure(_ words: [String]) -> String? {
      do {
        _ = try ArgumentParser.parse(words)
        return nil
      } catch {
        return error.message
      }
    }
    let url = try #require(URL(string: "http://media.invalid:8096"))
    #expect(
      try parse(["import", "jellyfin", "http://media.invalid:8096", "--dry-run", "--since-last"])
        == .library(.importingServer(.jellyfin, url: url, dryRun: true, sinceLast: true)))
    #expect(failure(["import", "plex"])?.contains("http://localhost:32400") == true)
    #expect(failure(["import", "jellyfin", "http://media.invalid:8096", "extra"]) == "unexpected argument 'extra'")
    #expect(failure(["import", "plex", "media.invalid"])?.contains("http or https URL") == true)
    let carried = failure(["import", "plex", "http://media.invalid:32400/?X-Plex-Token=abc123secret"]) ?? ""
    #expect(carried.contains("PLEX_TOKEN") && !carried.contains("abc123secret"), "\(carried)")
    #expect(failure(["import", "jellyfin", "http://me:pw@media.invalid"]) != nil)
    // Jellyfin's and Emby's own token names, a token in the fragment, and one with its = escaped.
    for carrying in [
      "http://media.invalid:8096/?X-Emby-Token=abc", "http://media.invalid:8096/?x-mediabrowser-token=abc",
      "http://media.invalid:32400/#X-Plex-Token=abc", "http://media.invalid:32400/?X-Plex-Token%3Dabc",
    ] {
      let said = failure(["import", "jellyfin", carrying]) ?? ""
      #expect(said.contains("JELLYFIN_TOKEN") && !said.contains("abc"), "\(carrying): \(said)")
    }
    #expect(failure(["import", "plex", "http://media.invalid", "--resolve"]) != nil)
    #expect(failure(["import", "trakt", "x.zip", "--since-last"])?.contains("--since-last goes with") == true)
    #expect(OptionTable.importWords.contains("jellyfin") && OptionTable.importWords.contains("plex"))
  }

  @Test func serverTimesAreReadInTheirOwnZones() {
    #expect(ServerTime.iso8601("2026-03-01T20:15:00.0000000Z") == Date(timeIntervalSince1970: 1_772_396_100))
    #expect(ServerTime.iso8601("2026-03-01T20:15:00Z") == Date(timeIntervalSince1970: 1_772_396_100))
    #expect(ServerTime.iso8601("2026-03-01T22:15:00.12+02:00") == Date(timeIntervalSince1970: 1_772_396_100))
    #expect(ServerTime.iso8601("2026-02-30T20:15:00Z") == nil)
    #expect(ServerTime.iso8601("2026-03-01 x") == nil)
    #expect(ServerTime.unix(0) == nil && ServerTime.unix(1_772_396_100) != nil)
  }
}

extension Result where Failure == UsageError {
  /// The message of a failure, nil on success.
  fileprivate var failureMessage: String? {
    if case .failure(let error) = self { return error.message }
    return nil
  }
}
