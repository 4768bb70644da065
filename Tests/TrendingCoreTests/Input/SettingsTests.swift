import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The settings file")
struct SettingsTests {
  static let file = """
    # good lines
    set language ru-RU
    set region ua            # a comment after a value
    set images symbols
    set mouse off
    set theme light
    bind list x open
    bind all ^O quit
    unbind list q
    color selected black yellow bold
    color muted 244 default

    # bad lines
    set mouse maybe
    set volume 11
    set region Ukraine
    bind list x explode
    bind nowhere x open
    bind list F13 open
    unbind list
    color nope red blue
    color title red blue italic
    color title 300 blue
    frobnicate
    set language ru RU
    """

  @Test func goodLinesApplyAndEveryBadLineIsNamedByNumber() {
    let settings = Settings(parsing: Self.file)
    #expect(
      settings.values == ["language": "ru-RU", "region": "UA", "images": "symbols", "mouse": "off", "theme": "light"])
    #expect(
      settings.bindings == [
        .bind(.character("x"), .open, [.list]), .bind(.control("o"), .quit, KeyTable.pages),
        .unbind(.character("q"), [.list]),
      ])
    #expect(settings.colors["selected"] == Settings.Color(foreground: 0, background: 3, bold: true))
    #expect(settings.colors["muted"] == Settings.Color(foreground: 244, background: -1, bold: false))
    #expect(settings.problems.map(\.line) == Array(14...25))
    #expect(settings.problems[0].message == "mouse takes on, off, not 'maybe'")
    #expect(settings.problems[1].message.hasPrefix("unknown setting 'volume'"))
    #expect(settings.problems[3].message.hasPrefix("unknown command 'explode'"))
    #expect(settings.problems[10].message.hasPrefix("unknown word 'frobnicate'"))
  }

  /// A bad word is echoed in its own script (never as ''), with no control or escape sequence.
  @Test func aBadWordIsEchoedInAnyScriptAndNeverAsEscapes() {
    let settings = Settings(parsing: "tab \"🎬 أفلام\" list=🎬 أفلام\nset mouse on\u{1B}[2J\n")
    #expect(settings.problems.first?.message == "'أفلام' is not KEY=VALUE", "\(settings.problems)")
    #expect(settings.problems.allSatisfy { !$0.message.contains("\u{1B}") }, "\(settings.problems)")
  }

  @Test func bindingsGoThroughTheOneKeyTable() {
    var table = KeyTable.standard
    Settings(parsing: Self.file).apply(to: &table)
    #expect(table.command(for: .character("x"), in: .list) == .open)
    #expect(table.command(for: .control("o"), in: .film) == .quit)
    #expect(table.command(for: .character("q"), in: .list) == nil, "unbound on the list")
    #expect(table.command(for: .character("q"), in: .film) == .back, "still back on a film")
    #expect(table.helpLines(in: .list).contains(.group("Yours")), "? shows the user's keys")
  }

  @Test func namesRoundTrip() {
    for command in Command.allCases { #expect(Command(name: command.name) == command) }
    #expect(Command.toggleWatchlist.name == "toggle-watchlist")
    #expect(Command.tab(1).name == "tab-1")
    #expect(Key(name: "C-x") == .control("x"))
    #expect(Key(name: "PgDn") == .pageDown)
    #expect(Key(name: "\u{1B}") == nil)
    #expect(Settings(parsing: "set \u{1B}]52;c;evil x").problems.first?.message.contains("\u{1B}") == false)
  }
}

@Suite("The player and opener settings")
struct PlayerSettingsTests {
  @Test func aPlayerOrOpenerTakesTheWholeCommandAndDetachedIsTrueOrFalse() {
    let settings = Settings(
      parsing: "set player mpv --fs --title=%s  # a comment\nset opener firefox --new-tab\nset player-detached true\n")
    #expect(settings.problems.isEmpty, "\(settings.problems)")
    #expect(settings.values["player"] == "mpv --fs --title=%s")
    #expect(settings.values["opener"] == "firefox --new-tab")
    #expect(settings.values["player-detached"] == "true")
    let bad = Settings(parsing: "set player-detached maybe\nset player\n")
    #expect(bad.problems.map(\.line) == [1, 2])
  }
}
