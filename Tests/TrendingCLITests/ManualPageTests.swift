import Foundation
import Localization
import TestSupport
import Testing
import TrendingCore

@testable import TrendingCLI

@Suite("trending(1), written from the tables")
struct ManualPageTests {
  private func page() throws -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("trending-\(UUID().uuidString).1")
    try ManualPage.roff.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test(.enabled(if: BinaryRunner.has("groff"), "groff is not installed (make setup installs groff-base)"))
  func groffFindsNothingToWarnAbout() throws {
    let file = try page()
    defer { try? FileManager.default.removeItem(at: file) }
    let checked = try BinaryRunner.program("groff", ["-man", "-ww", "-z", file.path])
    #expect(checked.status == 0)
    #expect(checked.stderr.isEmpty, "\(checked.stderr)")
  }

  @Test(.enabled(if: BinaryRunner.has("man"), "man is not installed (make setup installs man-db)"))
  func manShowsEveryCommandOptionKeyAndExitCode() throws {
    let file = try page()
    defer { try? FileManager.default.removeItem(at: file) }
    let shown = try BinaryRunner.program(
      "man", ["-l", file.path],
      environment: ["MANWIDTH": "200", "MANPAGER": "cat", "PAGER": "cat", "MAN_KEEP_FORMATTING": ""])
    #expect(shown.status == 0, "\(shown.stderr)")
    // Text as a reader sees it: overstrikes for bold taken out, hyphenation at line ends joined.
    let text = shown.stdout.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
    for section in [
      "NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "KEYS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES",
    ] {
      #expect(text.contains("\n" + section + "\n"), "no \(section) section")
    }
    for command in OptionTable.commands {
      #expect(text.contains(command.verb.invocation), "no \(command.verb)")
    }
    for option in OptionTable.options {
      #expect(text.contains(option.name), "no \(option.name)")
      if let variable = option.variable { #expect(text.contains(variable), "no \(variable)") }
    }
    for binding in KeyTable.standard.bindings {
      let words = binding.help.prefix(12)
      #expect(text.lowercased().contains(words.lowercased()), "no key binding '\(binding.help)'")
    }
    for code in ExitCode.allCases {
      #expect(
        text.contains("       \(code.rawValue)\n") || text.contains("       \(code.rawValue) "),
        "no exit code \(code.rawValue)")
    }
  }

  @Test func eachSynopsisNamesItsOwnValueAndTheMediaServerTokensAreInTheEnvironment() {
    let page = ManualPage.roff
    let seen = page.split(separator: "\n").first { $0.hasPrefix("\\fBtrending seen\\fR") } ?? ""
    #expect(seen.contains("\\-\\-on\\fR \\fIDAY"), "\(seen)")
    let discover = page.split(separator: "\n").first { $0.hasPrefix("\\fBtrending discover\\fR") } ?? ""
    #expect(discover.contains("\\-\\-on\\fR \\fISERVICE"), "\(discover)")
    #expect(page.contains("JELLYFIN_TOKEN, PLEX_TOKEN"))
  }

  @Test func thePageIsEnglishWhateverTheInterfaceSpeaks() {
    let russian = Translator.$override.withValue(Translator.catalogue(for: "ru")) { ManualPage.roff }
    #expect(russian == ManualPage.roff)
  }

  @Test func theBinaryWritesTheSamePage() throws {
    let outcome = try BinaryRunner.run(["man"], environment: ["LANG": "ru_RU.UTF-8"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout == ManualPage.roff + "\n", "the installed page is the binary's own")
  }

  @Test func thePageIsDatedBySourceDateEpochAsMakeInstallSetsIt() throws {
    // 2026-12-07 10:00 UTC.
    #expect(ManualPage.date(environment: ["SOURCE_DATE_EPOCH": "1796637600"]) == "2026-12-07")
    #expect(ManualPage.date(environment: ["SOURCE_DATE_EPOCH": "soon"]) == nil)
    let outcome = try BinaryRunner.run(["man"], environment: ["SOURCE_DATE_EPOCH": "1796637600"])
    #expect(outcome.stdout.contains(".TH TRENDING 1 \"2026-12-07\" \"trending "), "\(outcome.stdout.prefix(200))")
  }

  @Test func scrobblePendingIsAUseOfItsOwnNotAnOptionBesidePath() {
    let scrobble = OptionTable.command(.scrobble).synopsis(width: 80)
    #expect(scrobble.last == "trending scrobble --pending")
    #expect(!scrobble.dropLast().joined().contains("--pending"), "\(scrobble)")
    let page = ManualPage.roff.split(separator: "\n").map(String.init)
    #expect(page.contains("\\fBtrending scrobble\\fR \\fB\\-\\-pending\\fR"))
  }

  @Test func aSummaryMadeAParagraphIsASentenceSpacedAsItsLanguageSpacesThem() {
    #expect(CommandSpec.paragraph("keep it in sync", "More.") == "Keep it in sync. More.")
    let zh = Translator.$override.withValue(Translator.catalogue(for: "zh")) {
      CommandSpec.paragraph("同步片库", "更多。", "再多。")
    }
    #expect(zh == "同步片库。更多。再多。")
    for verb in [Verb.sync, .import] {
      let chinese = Translator.$override.withValue(Translator.catalogue(for: "zh")) { HelpText.topic(verb) }
      #expect(!chinese.contains("。 "), "no space after a full-width full stop: \(verb)")
    }
  }

  @Test func helpInALocaleThatIsNotUTF8IsASCII() throws {
    for arguments in [["--help"], ["help", "discover"], ["help", "import"]] {
      let outcome = try BinaryRunner.run(arguments, environment: ["LC_ALL": "C"])
      #expect(outcome.status == 0)
      #expect(!outcome.stdout.isEmpty && outcome.stdout.unicodeScalars.allSatisfy(\.isASCII), "\(arguments)")
    }
    #expect(HelpText.printed("0 ok · 1 failure…", localeIsUTF8: false) == "0 ok - 1 failure...")
    #expect(HelpText.printed("0 ok · 1 failure…", localeIsUTF8: true) == "0 ok · 1 failure…")
  }

  @Test func roffIsEscaped() {
    #expect(ManualPage.escape("--no-color") == "\\-\\-no\\-color")
    #expect(ManualPage.escape(".config") == "\\&.config")
    #expect(ManualPage.escape("a\\b") == "a\\eb")
    #expect(ManualPage.escape("0–255 …") == "0\\[u2013]255 \\[u2026]")
  }
}
