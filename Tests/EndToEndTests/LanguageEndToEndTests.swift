import Foundation
import TestSupport
import Testing

@Suite("The command line in the user's language")
struct LanguageCommandTests {
  @Test func aUsageErrorInRussian() throws {
    let outcome = try BinaryRunner.run(["--language", "ru-RU", "list", "--pagex", "2"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("неизвестный параметр '--pagex'; может быть, '--page'?"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("Использование:"))
  }

  /// A language amodb does not serve, asked with `--language`, is refused in the locale's.
  @Test func anUnservedLanguageFlagIsRefusedInTheLocalesLanguage() throws {
    let outcome = try BinaryRunner.run(["list", "--demo", "--language", "xx-YY"], environment: ["LANG": "ru_RU.UTF-8"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("--language должен быть одним из четырнадцати языков amodb"), "\(outcome.stderr)")
  }

  @Test func theWatchlistIsNamedInTheUsersLanguage() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("watchlist-fr-\(UUID().uuidString)")
    let environment = ["XDG_DATA_HOME": home.path, "HOME": home.path, "LANG": "fr_FR.UTF-8"]
    let added = try BinaryRunner.run(["--demo", "watchlist", "add", "550"], environment: environment)
    #expect(added.status == 0 && added.stderr.contains("Fight Club (1999) ajouté à « À voir »"), "\(added.stderr)")
  }

  @Test func aFilmsAboutIsNotTheAppsAbout() throws {
    let shown = try BinaryRunner.run(["--demo", "show", "550"], environment: ["LANG": "ru_RU.UTF-8"])
    #expect(shown.stdout.contains("О фильме") && !shown.stdout.contains("О программе"), "\(shown.stdout)")
  }

  @Test func aChineseUsageErrorEndsItsSentenceAsChineseDoes() throws {
    let outcome = try BinaryRunner.run(["list", "--bogus"], environment: ["LANG": "zh_CN.UTF-8"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("'--bogus'。用法："), "\(outcome.stderr)")
  }

  @Test func helpFollowsTheLocaleWithNoLocalesInstalled() throws {
    // LANG names a locale this machine has not generated: the catalogue is in the binary.
    let outcome = try BinaryRunner.run(["help"], environment: ["LANG": "pl_PL.UTF-8"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("UŻYCIE") && outcome.stdout.contains("OPCJE"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("  trending search QUERY") && outcome.stdout.contains("  --page N"))
    #expect(outcome.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    let topic = try BinaryRunner.run(["help", "search"], environment: ["LC_ALL": "uk_UA.UTF-8"])
    #expect(topic.stdout.contains("Фільми, серіали й люди з відповідною назвою"), "\(topic.stdout)")
  }

  @Test func anUnservedLanguageIsSaidOnceAndEnglishIsUsed() throws {
    // On a terminal it is said; to a pipe or a log (a cron job's every run) it is not.
    let terminal = try PseudoTerminal(
      [Fixtures.binary.path, "list", "--demo"], environment: ["LANG": "de_DE.UTF-8"], width: 100, height: 30)
    #expect(terminal.read(until: "Dune: Part Two") != nil)
    let said = String(decoding: terminal.output, as: UTF8.self)
    #expect(said.components(separatedBy: "is not one of amodb's fourteen languages").count - 1 == 1, "\(said)")
    #expect(said.contains("'de_DE.UTF-8'"))
    let outcome = try BinaryRunner.run(["list", "--demo"], environment: ["LANG": "de_DE.UTF-8"])
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Dune: Part Two"))
    let doctor = try BinaryRunner.run(["doctor", "--demo"], environment: ["LANG": "de_DE.UTF-8"])
    #expect(doctor.stdout.contains("'de_DE.UTF-8' is not served"), "doctor says it: \(doctor.stdout)")
    let quiet = try BinaryRunner.run(["list", "--demo"], environment: ["LANG": "C.UTF-8"])
    #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    // Asked for by name, a language amodb does not serve is a usage error: nothing runs in English.
    let asked = try BinaryRunner.run(["list", "--demo", "--language", "xx"])
    #expect(asked.status == 2 && asked.stdout.isEmpty)
    #expect(
      asked.stderr.contains("--language must be one of amodb's fourteen languages (en-US, be-BY"), "\(asked.stderr)")
    #expect(asked.stderr.contains("not 'xx'"), "\(asked.stderr)")
    #expect(try BinaryRunner.run(["list", "--demo", "--language", "C"]).status == 0, "C is English, said plainly")
  }

  @Test func theRussianDemoIsInRussian() throws {
    let film = try BinaryRunner.run(["show", "550", "--demo", "--language", "ru-RU"])
    #expect(film.status == 0)
    for words in ["Бойцовский клуб", "Режиссёр", "2 ч 19 мин", "15 октября 1999", "драма", "IMDb 8,8/10 (2,4 млн)"] {
      #expect(film.stdout.contains(words), "\(words) in \(film.stdout)")
    }
    let list = try BinaryRunner.run(["list", "--demo", "--json"], environment: ["AMODB_LANGUAGE": "ru"])
    #expect(list.stdout.contains("\"title\":\"Дюна: Часть вторая\"") || list.stdout.contains("Дюна: Часть вторая"))
    // French interface, English demo data: the data is never labelled as something it is not.
    let french = try BinaryRunner.run(["show", "550", "--demo", "--language", "fr-FR"])
    #expect(french.stdout.contains("Fight Club") && french.stdout.contains("Réalisation"), "\(french.stdout)")
  }

  @Test func theSettingsFileChoosesTheLanguageToo() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("trending-lang-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let config = home.appendingPathComponent("trending")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try "set language cs\nset bogus 1\n".write(
      to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    let outcome = try BinaryRunner.run(["list", "--demo"], environment: ["XDG_CONFIG_HOME": home.path])
    #expect(outcome.stderr.contains("neznámé nastavení 'bogus'"), "\(outcome.stderr)")
  }
}

extension BrowserEndToEndTests {
  @Suite("The browser in the user's language")
  struct LanguageBrowserTests {
    /// LANG names a locale this machine has not generated, as on a fresh Debian with only C.UTF-8.
    @Test func theRussianDemoBrowsesInRussian() throws {
      let session = try TmuxSession(["--demo"], environment: ["LANG": "ru_RU.UTF-8"])
      try session.waitFor("Дюна: Часть вторая")
      let list = try session.capture()
      // The locale's own language goes unnamed; the demo is named.
      #expect(list.contains("Фильмы в тренде · на этой неделе · demo"), "\(list)")
      // At 80 columns the switch folds to films and the tab showing keeps its name; every tab has
      // a short name that fits, none is a bare number.
      #expect(
        list.contains("Фильмы │ В тренде  Хиты  Лучшее") && list.contains("  Оценки") && list.contains("q выход"),
        "the tab bar in Russian:\n\(list)")
      try session.press("Enter")
      try session.waitFor("Режиссёр")
      let film = try session.capture()
      #expect(film.contains("2 ч 46 мин · фантастика, приключения · 1 марта 2024"), "\(film)")
      try session.press("q")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    @Test func anUnservedLanguageSaysSoOnTheStatusLine() throws {
      let session = try TmuxSession(["--demo"], environment: ["LANG": "ja_JP.UTF-8"])
      try session.waitFor("Dune: Part Two")
      try session.waitFor("is not one of amodb's fourteen languages; using English.")
      #expect(try session.capture().contains("Trending films · this week · en-US"))
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    /// A locale that is not UTF-8 draws ASCII: Russian asked for would be rows of "?", so the
    /// browser speaks and asks for English, and says why and what shows Russian.
    @Test func aScreenThatCannotDrawRussianBrowsesInEnglishAndSaysWhy() throws {
      let session = try TmuxSession(["--demo", "--language", "ru-RU"], environment: ["LANG": "C"], width: 100)
      try session.waitFor("Dune: Part Two")
      try session.waitFor("LANG=C.UTF-8 shows every language and script.")
      let screen = try session.capture()
      #expect(screen.contains("The locale (C) is not UTF-8"), "\(screen)")
      #expect(screen.contains("Trending films - this week - demo") && !screen.contains("????: ?????"), "\(screen)")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }

    /// The language's note does not hide a problem of the settings file: both are said.
    @Test func theLanguagesNoteAndASettingsProblemAreBothSaid() throws {
      // The problem under the file's name alone, whatever the temporary folder's length.
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
      let folder = home.appendingPathComponent("trending")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("set region US\nset nonsense 1\n".utf8).write(to: folder.appendingPathComponent("config"))
      let session = try TmuxSession(
        ["--demo"], environment: ["LANG": "ja_JP.UTF-8", "XDG_CONFIG_HOME": home.path], width: 100)
      try session.waitFor("Dune: Part Two")
      try session.waitFor("using English.")
      try session.waitFor("config:2: unknown setting")
      try session.send("q")
      #expect(try session.waitForExit().status == 0)
    }
  }
}
