import AmodbKit
import Foundation
import Localization
import Testing
import TrendingCore

@testable import TrendingCLI

@Suite("The option table and the parser it drives")
struct ArgumentParserTests {
  private func parse(_ words: String) throws -> Invocation {
    try ArgumentParser.parse(words.split(separator: " ").map(String.init))
  }

  private func failure(_ words: String) -> String? {
    do {
      _ = try ArgumentParser.parse(words.split(separator: " ").map(String.init))
      return nil
    } catch {
      return error.message
    }
  }

  @Test func commandsAndTheirArguments() throws {
    #expect(try parse("").command == .browse)
    #expect(try parse("list --page 3 --json").command == .list(page: 3, json: true, kind: .trending))
    #expect(try parse("show 550").command == .show(id: 550, json: false))
    // The ids the piped lists print: a film's as it is, a series' as `tv` shows it.
    #expect(try parse("show movie/550").command == .show(id: 550, json: false))
    #expect(try parse("list --kind movie").command == parse("list --kind film").command)
    #expect(try parse("list --kind series").command == parse("list --kind tv").command)
    #expect(try parse("show tv/1396 --json").command == .series(id: 1396, json: true))
    #expect(throws: UsageError.self) { try parse("show tv/") }
    #expect(throws: UsageError.self) { try parse("person tv/1396") }
    #expect(try parse("person 287 --json").command == .person(id: 287, json: true))
    #expect(
      try parse("search fight club (1999)").command
        == .search(query: "fight club", year: 1999, scope: .all, page: 1, json: false))
    #expect(try parse("watchlist add 550 --csv").command == .watchlist(change: .add(550), format: .csv))
    #expect(try parse("config").command == .config(name: nil, path: false))
    #expect(try parse("config images").command == .config(name: "images", path: false))
    #expect(try parse("config --path").command == .config(name: nil, path: true))
    #expect(try parse("cache clear").command == .cacheClear)
    #expect(try parse("doctor --json").command == .doctor(json: true))
    #expect(try parse("completions fish").command == .completions("fish"))
    #expect(try parse("man").command == .manual)
    #expect(try parse("help watchlist").command == .helpTopic("watchlist"))
    #expect(try parse("--version").command == .version)
  }

  @Test func everyOptionInTheTableParsesWithACommandThatTakesIt() throws {
    let samples: [ValueKind?: String] = [.number: "2", .url: "http://127.0.0.1:1/3", .language: "ru-RU", .region: "UA"]
    for option in OptionTable.options where option.name != "--help" && option.name != "--version" {
      let verb = option.verbs?.first ?? .list
      var words = verb == .browse ? [] : [verb.rawValue]
      if verb == .show { words.append("550") }
      if verb == .search { words.append("dune") }
      if [.seen, .unseen, .rate, .note].contains(verb) { words.append("tv/1399") }
      if verb == .lists { words.append("Noir") }
      if verb == .import { words += ["json", "library.json"] }
      if verb == .scrobble, option.name != "--pending" { words += ["Film.mkv", "--position", "1", "--duration", "2"] }
      if option.name == "--episode" || option.name == "--through" { words += ["--season", "1"] }
      words.append(option.name)
      if option.value != nil {
        if case .words(let values)? = option.kind {
          words.append(values[0])
        } else {
          let criteria = [
            "--genre": "Drama", "--without-genre": "Horror", "--min-score": "7", "--min-votes": "100",
            "--runtime": "90..120", "--original-language": "ko", "--certification": "PG-13", "--on": "Netflix",
            "--since": "2026-01-02", "--from": "watchlist", "--profile": "anna", "--push": "ntfys://ntfy.sh/films",
          ]
          let sample = option.name == "--year" ? "1999" : criteria[option.name] ?? samples[option.kind]
          words.append(try #require(sample, "no sample value for \(option.name)"))
        }
      }
      #expect(throws: Never.self, "\(words)") { try ArgumentParser.parse(words) }
    }
  }

  @Test func aWatchIsADayTheLibraryStores() {
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    #expect(
      OptionTable.futureWatch("1850-01-01", now: now)?.message == "--on must be a day from 1870 on, not '1850-01-01'")
    #expect(OptionTable.futureWatch("1870-01-01", now: now) == nil)
    #expect(OptionTable.futureWatch("2099-01-01", now: now)?.message.contains("cannot be in the future") == true)
  }

  @Test func valuesAreChecked() throws {
    #expect(failure("list --page 0")?.contains("--page must be a whole number from 1 to 500") == true)
    #expect(failure("list --list nope")?.contains("--list must be one of trending, popular") == true)
    #expect(failure("list --kind tv --list now-playing")?.contains("on-the-air") == true, "series lists named")
    #expect(failure("list --kind person")?.contains("--kind for a list must be film or tv") == true)
    #expect(failure("search --kind films x")?.contains("--kind must be film, tv, person or all") == true)
    #expect(failure("tv")?.contains("tv needs a series id") == true)
    // A discover criterion is said of the option typed, and a port no connection can use is refused.
    #expect(failure("discover --min-score 11")?.hasPrefix("--min-score must be a number from 0 to 10") == true)
    #expect(failure("discover --original-language xyz1")?.hasPrefix("--original-language must be") == true)
    #expect(ClientConfiguration.parseBaseURL("http://127.0.0.1:99999/3") == nil)
    #expect(ClientConfiguration.parseBaseURL("http://127.0.0.1:8080/3") != nil)
    // One number that is no year is said to be none, not a range.
    #expect(failure("search foo --year 20")?.contains("--year must be a year such as 1999, not '20'") == true)
    #expect(failure("stats --year 3000")?.contains("stats --year must be one year such as 1999, not '3000'") == true)
    #expect(failure("search foo --year 2000..2010")?.contains("not a range") == true)
    // A genre no kind has is said, as discover says it, with the nearest name.
    #expect(failure("pick --genre Drma")?.contains("no genre 'Drma'; did you mean “Drama”?") == true)
    #expect(failure("pick --kind tv --genre Horror")?.contains("no genre 'Horror'") == true, "series have no Horror")
    #expect(failure("pick --genre Horror") == nil && failure("pick --genre drama --genre Reality") == nil)
    #expect(failure("tv x")?.contains("the series id must be a positive whole number") == true)
    // What was typed is echoed with its control characters as escapes, never cleaned into another id.
    var echoed: String?
    do { _ = try ArgumentParser.parse(["show", "55\u{1B}[2J0\u{7}"]) } catch { echoed = error.message }
    #expect(echoed?.hasSuffix("not '55\\e[2J0\\x07'") == true, "\(echoed ?? "no error")")
    // Its spaces as typed: ' 2' is not shown as a refused '2'.
    var spaced: String?
    do { _ = try ArgumentParser.parse(["list", "--page", " 2 "]) } catch { spaced = error.message }
    #expect(spaced?.hasSuffix("not ' 2 '") == true, "\(spaced ?? "no error")")
    #expect(failure("season 1399")?.contains("season needs a series id and a season number") == true)
    #expect(failure("season 1399 -1")?.contains("unknown option") == true || failure("season 1399 x") != nil)
    #expect(failure("watchlist add person/3")?.contains("tv/1399") == true)
    #expect(failure("--images pixels")?.contains("--images must be auto, kitty, sixel, iterm, symbols or off") == true)
    #expect(failure("--region Ukraine")?.contains("two-letter country code") == true)
    #expect(failure("list --page") == "--page needs a value")
    #expect(failure("list --json=yes") == "--json takes no value")
    #expect(try parse("list --page=2").command == .list(page: 2, json: false, kind: .trending))
  }

  @Test func anOptionGoesOnlyWithTheCommandsTheTableNames() {
    #expect(
      failure("--page 2") == "--page goes with 'trending list', 'trending search', 'trending discover'")
    #expect(
      failure("show 550 --year 1999") == "--year goes with 'trending search', 'trending discover', 'trending stats'")
    #expect(
      failure("list --csv")
        == "--csv goes with 'trending watchlist', 'trending history', 'trending rated', 'trending lists'")
    #expect(
      failure("show 550 --images off")
        == "--images goes with 'trending', 'trending doctor', 'trending import', 'trending play', 'trending scrobble'")
    #expect(failure("list --path") == "--path goes with 'trending config'")
  }

  @Test func mistakesGetTheNearestWord() {
    #expect(failure("lsit") == "unknown command 'lsit'; did you mean 'list'?")
    #expect(failure("list --pgae 2") == "unknown option '--pgae'; did you mean '--page'?")
    #expect(failure("doctr") == "unknown command 'doctr'; did you mean 'doctor'?")
    #expect(failure("help wachlist") == "no help for 'wachlist'; did you mean 'watchlist'?")
    #expect(failure("config imagez")?.hasSuffix("did you mean 'images'?") == true)
    // A command's own words, too.
    #expect(failure("watchlist ad 550")?.hasSuffix("did you mean 'add'?") == true)
    #expect(failure("export letterbox")?.hasSuffix("did you mean 'letterboxd'?") == true)
    #expect(failure("import letterbox x.zip")?.hasSuffix("did you mean 'letterboxd'?") == true)
    #expect(failure("import jelyfin http://x.invalid")?.hasSuffix("did you mean 'jellyfin'?") == true)
    #expect(failure("library chek")?.hasSuffix("did you mean 'check'?") == true)
    #expect(failure("lists Noir ad 550")?.hasSuffix("did you mean 'add'?") == true)
    // Another case is the word itself; a word begun is the word it begins.
    #expect(failure("LIST") == "unknown command 'LIST'; did you mean 'list'?")
    #expect(failure("Help") == "unknown command 'Help'; did you mean 'help'?")
    #expect(failure("list --Json") == "unknown option '--Json'; did you mean '--json'?")
    #expect(failure("hist") == "unknown command 'hist'; did you mean 'history'?")
    // A word spelt right is not offered back: what is missing is something else.
    #expect(failure("watchlist add")?.contains("did you mean") == false)
    #expect(failure("library backup")?.contains("did you mean") == false)
    #expect(failure("completions tcsh") == "completions takes bash, zsh or fish, e.g. 'trending completions bash'")
  }

  @Test func helpAfterACommandIsThatCommandsHelp() throws {
    #expect(try parse("list --help").command == .helpTopic("list"))
    #expect(try parse("--help").command == .help)
    #expect(try parse("search -h").command == .helpTopic("search"))
    // A word that is no command is said to be none, as `help WORD` says it (exit 2), not general help.
    #expect(failure("tonight --help")?.hasPrefix("no help for 'tonight'") == true, "\(failure("tonight --help") ?? "")")
  }

  @Test func aDoubleDashEndsTheOptions() throws {
    #expect(
      try parse("search -- --weird").command == .search(query: "--weird", year: nil, scope: .all, page: 1, json: false))
  }

  @Test func theHelpListsEveryCommandAndOptionOfTheTable() {
    let help = Translator.$override.withValue(.english) { TrendingCommand.help }
    for command in OptionTable.commands {
      #expect(help.contains(command.verb.invocation), "--help lacks \(command.verb)")
    }
    for option in OptionTable.options {
      #expect(help.contains(option.syntax), "--help lacks \(option.syntax)")
    }
    #expect(!help.contains("--images auto|symbols|off"), "the old usage string is gone")
  }

  @Test(arguments: Verb.allCases.filter { $0 != .browse })
  func eachCommandsHelpHasItsSynopsisAndOwnOptions(verb: Verb) {
    let text = Translator.$override.withValue(.english) { HelpText.topic(verb) }
    let command = OptionTable.command(verb)
    let all = command.synopsis(width: HelpText.width)
    #expect(text.hasPrefix(all.joined(separator: "\n")))
    // The uses of an option alone (`scrobble --pending`) follow, a line each.
    #expect(Array(all.suffix(command.alone.count)) == command.alone.map { verb.invocation + " " + $0 })
    let synopsis = Array(all.dropLast(command.alone.count))
    // Wrapped to 80 columns, under its first argument, with every word of the one-line synopsis.
    #expect(synopsis.joined(separator: " ").split(separator: " ") == command.synopsis.split(separator: " "))
    #expect(synopsis.allSatisfy { TextWidth.width(of: $0) <= HelpText.width }, "\(synopsis)")
    #expect(synopsis.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: verb.invocation.count + 1)) })
    for option in OptionTable.options where option.verbs?.contains(verb) == true {
      #expect(text.contains(option.help(for: verb).prefix(20)), "help \(verb) lacks \(option.name)")
      #expect(text.contains(option.syntax(for: verb)), "help \(verb) lacks \(option.syntax(for: verb))")
    }
  }

  /// A terminal narrower than 80 columns gets help wrapped to its width, in any language (a
  /// command's syntax in the list of all, which cannot be broken, may still run on).
  @Test(arguments: ["en", "fr", "ru"])
  func helpFitsANarrowTerminal(language: String) {
    let catalogue = language == "en" ? Catalogue.english : Translator.catalogue(for: language)
    Translator.$override.withValue(catalogue) {
      for text in [HelpText.topic(.seen, width: 50), HelpText.full(width: 50)] {
        let long = text.split(separator: "\n").filter {
          TextWidth.width(of: String($0)) > 50 && !$0.hasPrefix("  trending ")
        }
        #expect(long.isEmpty, "\(language): \(long.prefix(3))")
      }
    }
  }

  @Test func anOptionTwoCommandsShareIsHelpedAsEachMeansIt() {
    let topic = { (verb: Verb) in Translator.$override.withValue(.english) { HelpText.topic(verb) } }
    #expect(
      topic(.seen).contains("--on DAY") && !topic(.seen).contains("SERVICE") && !topic(.seen).contains("discover:"))
    #expect(topic(.discover).contains("--on SERVICE") && !topic(.discover).contains("YYYY-MM-DD (default: today)"))
    #expect(topic(.search).contains("all (default), film, tv or person") && !topic(.search).contains("stats:"))
    #expect(topic(.new).contains("only what came out") && !topic(.new).contains("only what was watched"))
    #expect(topic(.history).contains("every watch, with a Type column"))
  }

  @Test func helpHelpNamesEveryCommand() {
    let text = Translator.$override.withValue(.english) { HelpText.topic(.help) }
    for name in OptionTable.commandNames {
      #expect(text.contains(name), "help help lacks \(name)")
    }
  }

  @Test func theHelpIsTranslated() {
    let russian = Translator.catalogue(for: "ru")
    let help = Translator.$override.withValue(russian) { TrendingCommand.help }
    let english = Translator.$override.withValue(.english) { OptionTable.options }
    let translated = Translator.$override.withValue(russian) { OptionTable.options }
    for (word, russianWord) in zip(english, translated) {
      #expect(word.help != russianWord.help, "\(word.name)'s help has no Russian")
      #expect(help.contains(russianWord.help.prefix(15)))
    }
    let commands = Translator.$override.withValue(russian) { OptionTable.commands }
    for (command, englishCommand) in zip(commands, Translator.$override.withValue(.english) { OptionTable.commands }) {
      #expect(command.summary != englishCommand.summary, "\(command.verb)'s summary has no Russian")
      #expect(command.detail != englishCommand.detail, "\(command.verb)'s detail has no Russian")
    }
  }

  @Test func imageModesSayWhatTheyDraw() {
    #expect(ImageMode.allCases.map(\.rawValue) == ["auto", "kitty", "sixel", "iterm", "symbols", "off"])
  }
}

@Suite("The command line for series")
struct SeriesArgumentTests {
  private func parse(_ line: String) throws -> Invocation {
    try ArgumentParser.parse(line.split(separator: " ").map(String.init))
  }

  @Test func seriesListsSearchesAndScreensParse() throws {
    #expect(try parse("list --kind tv").command == .list(page: 1, json: false, kind: .seriesTrending))
    #expect(
      try parse("list --list on-the-air --kind tv --json").command
        == .list(page: 1, json: true, kind: .onTheAir), "the order of --list and --kind does not matter")
    #expect(try parse("list --kind film --list top-rated").command == .list(page: 1, json: false, kind: .topRated))
    #expect(try parse("list --kind tv --list top-rated").command == .list(page: 1, json: false, kind: .seriesTopRated))
    #expect(try parse("tv 1399 --json").command == .series(id: 1399, json: true))
    #expect(try parse("season 1399 0").command == .season(id: 1399, number: 0, json: false), "the specials")
    #expect(
      try parse("search dark --kind tv").command
        == .search(query: "dark", year: nil, scope: .series, page: 1, json: false))
    #expect(
      try parse("search pitt --kind person").command
        == .search(query: "pitt", year: nil, scope: .person, page: 1, json: false))
    #expect(
      try parse("search dune year:2021").command
        == .search(query: "dune", year: 2021, scope: .all, page: 1, json: false), "everything by default")
    #expect(try parse("watchlist add tv/1399").command == .watchlist(change: .add(.series(1399)), format: .text))
    #expect(try parse("watchlist remove 550").command == .watchlist(change: .remove(.film(550)), format: .text))
  }
}
