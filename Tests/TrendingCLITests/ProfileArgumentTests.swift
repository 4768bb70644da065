import AmodbKit
import Localization
import Testing
import TrendingCore

@testable import TrendingCLI

@Suite("--profile and TRENDING_PROFILE: which library the command line chooses")
struct ProfileArgumentTests {
  private func parse(_ words: [String]) throws -> Invocation {
    try Translator.$override.withValue(.english) { try ArgumentParser.parse(words) }
  }

  /// The profile's name the invocation and environment choose, or the usage error's message.
  private func chosen(_ words: [String], _ environment: [String: String]) -> String {
    Translator.$override.withValue(.english) {
      do {
        let invocation = try ArgumentParser.parse(words)
        return try Setup.profile(for: invocation, environment: environment).name
      } catch {
        return (error as? UsageError)?.message ?? "\(error)"
      }
    }
  }

  @Test func theOptionGoesWithEveryCommandAndTheBrowser() throws {
    #expect(try parse(["--profile", "anna"]).profile == "anna")
    #expect(try parse(["--profile", "anna"]).command == .browse)
    #expect(try parse(["history", "--profile", "anna"]).profile == "anna")
    #expect(try parse(["--profile", "bob", "seen", "550", "--on", "2026-11-01"]).profile == "bob")
    #expect(try parse(["sync", "status", "--profile", "bob"]).profile == "bob")
    let option = try #require(OptionTable.option(named: "--profile"))
    #expect(option.verbs == nil && option.variable == "TRENDING_PROFILE" && option.value == "NAME")
  }

  @Test func aBadNameIsAUsageErrorNamingTheRule() throws {
    // `--profile --demo`: an option after the flag is never taken for its name.
    for name in ["../x", ".hidden", "a/b", "", String(repeating: "p", count: 65), "--demo", "-x"] {
      do {
        _ = try parse(["history", "--profile", name])
        Issue.record("\(name) was taken")
      } catch {
        let error = try #require(error as? UsageError)
        #expect(error.message.hasPrefix("--profile must be a name of 1 to 64 characters"), "\(error.message)")
        #expect(error.message.contains("that does not start with '.' or '-'"), "\(error.message)")
      }
    }
  }

  @Test func theOptionBeatsTheVariableWhichBeatsTheDefault() {
    #expect(chosen(["history"], [:]) == "default")
    #expect(chosen(["history"], ["TRENDING_PROFILE": ""]) == "default")
    #expect(chosen(["history"], ["TRENDING_PROFILE": "bob"]) == "bob")
    #expect(chosen(["history", "--profile", "anna"], ["TRENDING_PROFILE": "bob"]) == "anna")
    // The option wins even over a variable that names no profile.
    #expect(chosen(["history", "--profile", "default"], ["TRENDING_PROFILE": "../x"]) == "default")
    #expect(
      chosen(["history"], ["TRENDING_PROFILE": "../x"]).hasPrefix("TRENDING_PROFILE must be a name of 1 to 64"))
  }

  @Test func theChosenProfileIsWhereTheLibrarysPlaceIsRead() throws {
    let invocation = try parse(["history", "--profile", "anna"])
    let chosen = try Setup.choosingProfile(for: invocation, environment: ["TRENDING_PROFILE": "bob"])
    #expect(chosen["TRENDING_PROFILE"] == "anna")
    // The default leaves the variable unset, so doctor says it was not chosen.
    let standard = try Setup.choosingProfile(for: parse(["history"]), environment: ["TRENDING_PROFILE": "default"])
    #expect(standard["TRENDING_PROFILE"] == nil)
  }

  @Test func theManPageAndTheCompletionsOfferIt() {
    #expect(ManualPage.roff.contains("TRENDING_PROFILE"))
    #expect(ManualPage.roff.contains("profiles/NAME/library.sqlite3"))
    #expect(Completions.script(for: "bash").contains("--profile"))
  }
}
