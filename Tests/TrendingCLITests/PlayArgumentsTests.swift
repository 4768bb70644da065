import AmodbKit
import Foundation
import LibraryKit
import Testing

@testable import TrendingCLI

@Suite("trending play, scrobble and mpv-script on the command line")
struct PlayArgumentsTests {
  private func parse(_ words: [String]) throws -> Invocation.Command { try parsedCommand(words) }

  private func failure(_ words: [String]) -> String? { usageFailure(words) }

  @Test func playTakesOnePathOrURL() throws {
    #expect(try parse(["play", "Film (1999).mkv"]) == .play(target: "Film (1999).mkv"))
    #expect(try parse(["play", "--", "-odd.mkv"]) == .play(target: "-odd.mkv"))
    #expect(failure(["play"])?.contains("play needs a file's path or a URL") == true)
    #expect(failure(["play", "a.mkv", "b.mkv"])?.contains("unexpected argument") == true)
    #expect(
      failure(["play", "a.mkv", "--position", "3"])?.contains("--position goes with 'trending scrobble'") == true)
  }

  @Test func scrobbleTakesAPathAPositionAndADuration() throws {
    #expect(
      try parse(["scrobble", "a.mkv", "--position", "5400.5", "--duration", "6000"])
        == .scrobble(path: "a.mkv", position: 5400.5, duration: 6000))
    #expect(failure(["scrobble", "a.mkv", "--position", "5"])?.contains("--position SECONDS and --duration") == true)
    #expect(
      failure(["scrobble", "--position", "5", "--duration", "9"])?.contains("scrobble needs a file's path") == true)
    #expect(failure(["scrobble", "a.mkv", "--position", "-1", "--duration", "9"])?.contains("takes seconds") == true)
    #expect(failure(["scrobble", "a.mkv", "--position", "nan", "--duration", "9"])?.contains("takes seconds") == true)
    #expect(failure(["scrobble", "a.mkv", "--position", "1", "--duration", "1e9"])?.contains("takes seconds") == true)
    #expect(failure(["scrobble", "a.mkv", "--position", "0", "--duration", "0"])?.contains("more than 0") == true)
    #expect(try parse(["scrobble", "--pending"]) == .scrobblePending)
    #expect(failure(["scrobble", "--pending", "a.mkv"])?.contains("takes no file") == true)
    #expect(failure(["scrobble", "--pending", "--position", "5"])?.contains("takes no file") == true)
    #expect(try parse(["mpv-script"]) == .mpvScript)
    #expect(failure(["mpv-script", "x"])?.contains("unexpected argument") == true)
    let synopsis = OptionTable.command(.scrobble).synopsis
    #expect(
      synopsis.hasPrefix("trending scrobble PATH --position SECONDS --duration SECONDS"),
      "both needed first: \(synopsis)")
    #expect(HelpText.full.contains("trending play") && HelpText.full.contains("mpv-script"))
  }

  @Test func targetsAreMadeAbsoluteAndURLsAreReadByTheirPath() {
    #expect(PlayTarget.isURL("https://host.invalid/a.mkv") && PlayTarget.isURL("sftp://h.invalid/x"))
    #expect(!PlayTarget.isURL("Film (1999).mkv") && !PlayTarget.isURL("/a/b://c.mkv") && !PlayTarget.isURL("://x"))
    #expect(PlayTarget.absolute("Season 01/S01E02.mkv", directory: "/v/Show") == "/v/Show/Season 01/S01E02.mkv")
    #expect(PlayTarget.absolute("/abs.mkv", directory: "/v") == "/abs.mkv")
    #expect(PlayTarget.absolute("https://h.invalid/a.mkv", directory: "/v") == "https://h.invalid/a.mkv")
    #expect(
      PlayTarget.namePath("https://h.invalid/Films/Film%20Title%20(1999).mkv?token=x#t=5")
        == "/Films/Film Title (1999).mkv")
    #expect(PlayTarget.namePath("https://h.invalid") == "")
    #expect("100%25 %zz %4".percentDecoded == "100% %zz %4")
  }

  @Test func aFileIsAWatchOfAFilmOrOfAnEpisodeWithItsNumbers() throws {
    let film = TitleInfo(media: MediaID(.film, 550), title: "Fight Club", year: 1999)
    let series = TitleInfo(media: MediaID(.series, 1396), title: "Breaking Bad", year: 2008)
    let found = try PlayedTitle.from(.title(film, season: nil, episode: nil)).get()
    #expect(found.episode == nil && found.name == "Fight Club (1999)")
    let episode = try PlayedTitle.from(.title(series, season: 1, episode: 3)).get()
    #expect(episode.episode == EpisodeKey(season: 1, number: 3) && episode.name == "Breaking Bad (2008) S01E03")
    #expect(throws: PlayProblem.noEpisode("Breaking Bad (2008)")) {
      try PlayedTitle.from(.title(series, season: 1, episode: nil)).get()
    }
    #expect(throws: PlayProblem.noMatch) { try PlayedTitle.from(.noMatch).get() }
    #expect(PlayProblem.ambiguous(2).reason.contains("2 titles"))
  }

  @Test func theMpvScriptRunsThisBinaryWithItsArgumentsAsAList() throws {
    let script = MpvScript.text(threshold: 85, options: ["--profile", "kids"])
    #expect(script.contains("local watched_at = 85"))
    #expect(script.contains(#"args = { trending, "--profile", "kids", "scrobble", path,"#))
    let invocation = try ArgumentParser.parse([
      "mpv-script", "--profile", "kids", "--base-url", "http://127.0.0.1:8080/3", "--no-cache", "--language", "fr",
    ])
    let carried = try MpvScript.carried(invocation, profile: Setup.profile(for: invocation, environment: [:]))
    let secret = try ArgumentParser.parse([
      "mpv-script", "--base-url", "http://me:pw@127.0.0.1:8080/3", "--insecure-http",
    ])
    #expect(throws: UsageError.self, "a password is never written into the script") {
      try MpvScript.carried(secret, profile: .standard)
    }
    let insecure = try ArgumentParser.parse(["mpv-script", "--insecure-http"])
    #expect(try MpvScript.carried(insecure, profile: .standard) == ["--insecure-http"])
    // The profile chosen by the variable is written as the option: an mpv started without the
    // variable (from a desktop's menu) records into the same library.
    let variable = try ArgumentParser.parse(["mpv-script"])
    let anna = try Setup.profile(for: variable, environment: ["TRENDING_PROFILE": "anna"])
    #expect(try MpvScript.carried(variable, profile: anna) == ["--profile", "anna"])
    let demo = try ArgumentParser.parse(["--demo", "--profile", "bob", "mpv-script"])
    #expect(
      try MpvScript.carried(demo, profile: Setup.profile(for: demo, environment: [:])) == [
        "--demo", "--profile", "bob",
      ], "the demo's marks stay in the demo's library")
    #expect(
      carried == ["--profile", "kids", "--base-url", "http://127.0.0.1:8080/3", "--language", "fr", "--no-cache"],
      "the script records as the command that printed it: \(carried)")
    #expect(script.contains(#"name = "subprocess""#) && script.contains("mp.command_native"))
    #expect(script.contains(#"event.reason == "eof""#))
    #expect(!MpvScript.text(threshold: 90, options: []).contains("--profile"))
    #expect(MpvScript.luaString(#"/a "b"\c"#) == #""/a \"b\"\\c""#)
    #expect(MpvScript.luaString("é\n") == #""\195\169\010""#)
  }
}
