import AmodbKit
import FoundationEssentials
import Localization
import TerminalUI
import Testing
import TrendingCore

@testable import TrendingCLI

@Suite("trending doctor's findings and the terminal facts they rest on")
struct DoctorTests {
  private func inputs(
    _ environment: [String: String], entry: TerminalEntry.Decision = .own, colors: Int? = 256,
    replies: [TerminalReply]? = nil, service: Doctor.ServiceAnswer = .notAsked("--demo")
  ) -> Doctor.Inputs {
    Doctor.Inputs(
      environment: environment, invocation: Invocation(command: .doctor(json: false)), imageMode: .auto,
      imageModeProblem: nil, entry: entry,
      directEntry: nil, colors: colors, replies: replies, windowCell: nil, localeIsUTF8: true, interfaceLanguage: "en",
      settingsPath: "/home/u/.config/trending/config", settingsExists: false, settingsNamed: false, settingsProblems: 0,
      libraryPath: "/home/u/.local/share/trending/library.sqlite3", cachePath: "/home/u/.cache/trending",
      configuration: .success(ClientConfiguration(apiKey: APIKey("secret-key-123"), language: "en-US")),
      service: service)
  }

  private func facts(_ inputs: Doctor.Inputs) -> [String: Doctor.Fact] {
    let list = Translator.$override.withValue(.english) { Doctor.facts(inputs) }
    return Dictionary(list.map { ($0.key, $0) }) { first, _ in first }
  }

  @Test func aKittyWithoutItsEntryIsDrawnAsXtermAndAskedForImages() {
    let found = facts(
      inputs(
        ["TERM": "xterm-kitty", "AMODB_KEY": "secret-key-123"], entry: .standIn("xterm-256color"),
        replies: [.version("kitty(0.35.2)"), .cellSize(width: 10, height: 21), .deviceAttributes([62, 22])]))
    #expect(found["terminal"]?.value == "xterm-kitty")
    #expect(found["terminfo"]?.value == "xterm-256color")
    #expect(found["terminfo"]?.why == "no entry for TERM here; the nearest of its family")
    #expect(found["colors"]?.value == "256")
    #expect(found["images"]?.value == "kitty")
    #expect(found["images"]?.why == "the terminal is kitty 0.35.2")
    #expect(found["cell"]?.value == "10x21")
    #expect(found["cell"]?.why == "the terminal said (CSI 16 t)")
    #expect(found["key"]?.value == "set")
  }

  @Test func withoutATerminalToAskItSaysWhatItWouldDo() {
    let found = facts(inputs(["TERM": "xterm-256color", "COLORFGBG": "0;15"]))
    #expect(found["images"]?.value == "symbols")
    #expect(found["images"]?.why == "no terminal with images detected; the browser would ask the terminal")
    #expect(found["cell"]?.why == "assumed")
    #expect(found["theme"]?.value == "light")
    #expect(found["theme"]?.why == "COLORFGBG is 0;15")
    #expect(found["key"]?.value == "not set")
  }

  @Test func theBackgroundIsSaidAsTheBrowserFindsIt() {
    let unasked = facts(inputs(["TERM": "xterm-256color"]))
    #expect(unasked["theme"]?.value == "dark")
    #expect(unasked["theme"]?.why == "the browser would ask the terminal")
    let white = facts(inputs(["TERM": "xterm-256color"], replies: [.background(red: 1, green: 1, blue: 1)]))
    #expect(white["theme"]?.value == "light")
    #expect(white["theme"]?.why == "the terminal's background colour (OSC 11)")
    let silent = facts(inputs(["TERM": "xterm-256color"], replies: [.deviceAttributes([62])]))
    #expect(silent["theme"]?.why == "nothing says")
    let plain = facts(inputs(["TERM": "xterm-256color", "NO_COLOR": "1"]))
    #expect(plain["theme"]?.why == "nothing says")
  }

  @Test func aRefusedTerminalAndNoColour() {
    let found = facts(
      inputs(["TERM": "dumb", "NO_COLOR": "1"], entry: .refused("TERM=dumb cannot draw a full screen")))
    #expect(found["terminfo"]?.value == "none")
    #expect(
      found["terminfo"]?.why
        == "TERM=dumb cannot draw a full screen; set TERM to your terminal's name (xterm-256color, for one)")
    #expect(found["terminfo"]?.problem == true && found["colors"]?.problem == false)
    #expect(found["colors"]?.why == "NO_COLOR is set")
    #expect(found["images"]?.value == "off")
  }

  @Test func theBudgetIsWhatTheServiceSaid() {
    let found = facts(inputs([:], service: .answered(RateLimitStatus(limit: 40, remaining: 37))))
    #expect(found["service"]?.value == "answered")
    #expect(found["budget"]?.value == "37 of 40 left")
    let silent = facts(inputs([:], service: .answered(nil)))
    #expect(silent["budget"]?.value == "unknown")
  }

  @Test func theKeyAndAProxysPasswordNeverShow() throws {
    var given = inputs(["AMODB_KEY": "secret-key-123", "https_proxy": "http://alice:hunter2@proxy.invalid:3128"])
    given.configuration = .success(ClientConfiguration(apiKey: APIKey("secret-key-123"), language: "en-US"))
    let text = Doctor.text(Doctor.facts(given))
    let json = Doctor.json(Doctor.facts(given))
    for output in [text, json] {
      #expect(!output.contains("secret-key-123"))
      #expect(!output.contains("hunter2") && !output.contains("alice"))
    }
    #expect(text.contains("http://proxy.invalid:3128"))
    #expect(Doctor.withoutUser("socks5h://u:p@host:1080") == "socks5h://host:1080")
    #expect(Doctor.withoutUser("host:3128") == "host:3128")
    let exempt = try #require(URL(string: "https://api.example.invalid/3"))
    #expect(Doctor.proxyFor(exempt, environment: ["https_proxy": "p:1", "no_proxy": ".example.invalid"]) == nil)
  }

  @Test func theJSONIsAnObjectOfValuesAndReasons() throws {
    let json = Doctor.json(facts(inputs(["TERM": "xterm-256color"])).values.sorted { $0.key < $1.key })
    #expect(json.contains("\"terminal\" : {"))
    #expect(json.contains("\"why\" : "))
  }
}

@Suite("Which terminfo entry a TERM starts on")
struct TerminalEntryTests {
  /// A machine with xterm-256color and xterm, and nothing of kitty's, Ghostty's or WezTerm's.
  private func known(_ name: String) -> Int32 {
    ["xterm-256color", "xterm", "tmux-256color"].contains(name) ? 0 : name == "glass-tty" ? 2 : 1
  }

  @Test(arguments: [
    "xterm-kitty", "xterm-ghostty", "wezterm", "alacritty", "foot", "foot-extra", "rxvt-256color", "st-direct",
  ])
  func aKnownFamilyStandsInAsXterm256(term: String) {
    #expect(TerminalEntry.decide(term: term, known: known) == .standIn("xterm-256color"))
  }

  @Test func xtermWhenThereIsNo256ColourEntry() {
    let plain: (String) -> Int32 = { $0 == "xterm" ? 0 : 1 }
    #expect(TerminalEntry.decide(term: "xterm-kitty", known: plain) == .standIn("xterm"))
    #expect(TerminalEntry.decide(term: "xterm-kitty", known: { _ in 1 }) != .standIn("xterm"))
  }

  @Test func itsOwnEntryWins() {
    #expect(TerminalEntry.decide(term: "tmux-256color", known: known) == .own)
  }

  @Test(arguments: [nil, "", "dumb", "nonesuch-terminal", "glass-tty"])
  func dumbUnsetAndUnknownAreRefused(term: String?) {
    guard case .refused = TerminalEntry.decide(term: term, known: known) else {
      Issue.record("\(term ?? "nil") was not refused")
      return
    }
  }

  @Test func repliesAreReadOutOfWhatTheTerminalWrote() {
    let bytes = Array(
      "\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}]11;rgb:ffff/ffff/ffff\u{07}\u{1B}[6;20;10t\u{1B}[?62;4;22c".utf8)
    let replies = TerminalQuery.replies(in: bytes)
    #expect(replies.first == .version("kitty(0.35.2)"))
    #expect(replies.contains(.cellSize(width: 10, height: 20)))
    #expect(replies.last == .deviceAttributes([62, 4, 22]))
  }

  @Test func theImageChoiceAfterRepliesIsTheBrowsers() {
    let first = ImageChoice.choose(.auto, environment: [:])
    let sixel = ImageChoice.afterReplies(
      first, mode: .auto, replies: [.deviceAttributes([62, 4])], placeholdersFit: true, tmux: false)
    #expect(sixel.kind == .sixel)
    let behindTmux = ImageChoice.afterReplies(
      first, mode: .auto, replies: [.version("tmux 3.3a"), .deviceAttributes([62, 4])], placeholdersFit: true,
      tmux: true)
    #expect(behindTmux.kind == .symbols)
    let oldKitty = ImageChoice.afterReplies(
      first, mode: .auto, replies: [.version("kitty(0.26.5)"), .deviceAttributes([62])], placeholdersFit: true,
      tmux: false)
    #expect(oldKitty.kind == .kitty)
    let asked = ImageChoice.afterReplies(
      first, mode: .symbols, replies: [.version("kitty(0.35)"), .deviceAttributes([62])], placeholdersFit: true,
      tmux: false)
    #expect(asked.kind == first.kind, "only auto listens to the terminal")
    #expect(ImageChoice(kind: .kitty, reason: "").fitting(placeholdersFit: false).kind == .symbols)
  }
}

@Suite("The settings file's place")
struct SettingsLocationTests {
  @Test func trendingConfigNamesAnotherFile() {
    let named = SettingsFile.location(environment: ["TRENDING_CONFIG": "/etc/trending.conf", "HOME": "/home/u"])
    #expect(named == "/etc/trending.conf")
    let usual = SettingsFile.location(environment: ["TRENDING_CONFIG": "", "HOME": "/home/u"])
    #expect(usual == "/home/u/.config/trending/config")
    let xdg = SettingsFile.location(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/home/u"])
    #expect(xdg == "/x/trending/config")
  }

  @Test func aNamedFileThatIsMissingIsSaid() {
    let file = SettingsFile(environment: [
      "TRENDING_CONFIG": "/nonexistent/trending-\(UInt32.random(in: 0...UInt32.max))"
    ])
    #expect(file.named && !file.exists)
    let messages = Translator.$override.withValue(.english) { file.messages }
    #expect(messages.count == 1 && messages[0].hasSuffix("TRENDING_CONFIG names it, but there is no such file"))
    let quiet = SettingsFile(environment: ["XDG_CONFIG_HOME": "/nonexistent-\(UInt32.random(in: 0...UInt32.max))"])
    #expect(quiet.messages.isEmpty, "the usual place may be empty")
  }
}
