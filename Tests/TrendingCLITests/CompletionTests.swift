import Foundation
import TestSupport
import Testing

@testable import TrendingCLI

/// The completions loaded into real shells, asked what they offer.
@Suite("Completions in bash, zsh and fish")
struct CompletionTests {
  /// The script for `shell` in a file of its own, named as the shell looks for it.
  private func install(_ shell: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trending-completions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let name = ["bash": "trending", "zsh": "_trending", "fish": "trending.fish"][shell] ?? shell
    try Completions.script(for: shell).write(
      to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    return directory
  }

  /// What bash's completion offers for `line`, the script installed in `directory`, loaded as
  /// `complete` would load it.
  private func bashOffers(_ line: String, _ directory: URL, environment: [String: String] = [:]) throws -> [String] {
    let script = """
      source "$1/trending"
      complete -p trending >/dev/null || exit 9
      read -ra COMP_WORDS <<< "$2"
      [[ "$2" == *" " ]] && COMP_WORDS+=("")
      COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      COMPREPLY=()
      _trending
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let outcome = try BinaryRunner.program(
      "bash", ["--norc", "--noprofile", "-c", script, "bash", directory.path, line], environment: environment)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return outcome.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  private static let listNames = [
    "trending", "popular", "top-rated", "now-playing", "upcoming", "on-the-air", "airing-today",
  ]
  private static let modes = ["auto", "kitty", "sixel", "iterm", "symbols", "off"]

  @Test(.enabled(if: BinaryRunner.has("bash"), "bash is not installed"))
  func bashOffersCommandsOptionsAndValues() throws {
    let directory = try install("bash")
    defer { try? FileManager.default.removeItem(at: directory) }
    func offered(_ line: String) throws -> [String] { try bashOffers(line, directory) }
    #expect(try offered("trending ") == OptionTable.commandNames)
    #expect(try offered("trending list --list ") == Self.listNames)
    #expect(try offered("trending --images ") == Self.modes)
    #expect(try offered("trending --language ").contains("ru-RU"))
    #expect(
      try offered("trending config ") == [
        "language", "region", "images", "services", "mouse", "hide-seen", "theme", "player", "player-detached",
        "watched-at", "opener", "screen-reader", "sync-folder", "key-file", "jellyfin-token-file",
        "plex-token-file", "tvtime-passphrase-file",
      ])
    #expect(try offered("trending cache c") == ["clear"])
    let listOptions = try offered("trending list --")
    #expect(listOptions.contains("--page") && listOptions.contains("--list") && !listOptions.contains("--csv"))
    #expect(
      try offered("trending --window day l") == ["list", "lists", "library"], "an option's value is not the command")
  }

  @Test(.enabled(if: BinaryRunner.has("fish"), "fish is not installed (make setup installs it)"))
  func fishOffersCommandsOptionsAndValues() throws {
    let directory = try install("fish")
    defer { try? FileManager.default.removeItem(at: directory) }
    func offered(_ line: String) throws -> [String] {
      let outcome = try BinaryRunner.program(
        "fish", ["--no-config", "-c", "source $argv[1]/trending.fish; complete -C $argv[2]", directory.path, line])
      #expect(outcome.status == 0, "\(outcome.stderr)")
      return outcome.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }
    #expect(try Set(offered("trending ")) == Set(OptionTable.commandNames))
    #expect(try Set(offered("trending list --list ")) == Set(Self.listNames))
    #expect(try Set(offered("trending --images ")) == Set(Self.modes))
    #expect(try offered("trending cache ").sorted() == ["clear", "info"])
    let listOptions = try offered("trending list --")
    #expect(listOptions.contains("--page") && !listOptions.contains("--csv") && !listOptions.contains("--images"))
    #expect(try offered("trending --").contains("--images"), "the browser takes --images")
  }

  @Test(
    .enabled(
      if: BinaryRunner.has("zsh") && BinaryRunner.has("tmux"), "zsh or tmux is not installed (make setup installs them)"
    ))
  func zshOffersCommandsOptionsAndValues() throws {
    let directory = try install("zsh")
    defer { try? FileManager.default.removeItem(at: directory) }
    let rc = """
      fpath=(\(directory.path) $fpath)
      autoload -U compinit && compinit -u -d \(directory.path)/.zcompdump
      PS1='READY> '
      """
    try rc.write(to: directory.appendingPathComponent(".zshrc"), atomically: true, encoding: .utf8)
    // A shell of its own for each line, so what one listing showed cannot answer for the next.
    func offered(_ line: String, shows words: [String]) throws {
      let session = try TmuxSession(
        [], environment: ["ZDOTDIR": directory.path], width: 160, height: 40, program: ["zsh", "-i"])
      try session.waitFor("READY>")
      try session.command(["send-keys", "-t", "main", "-l", line])
      try session.send("Tab")
      for word in words { try session.waitFor(word) }
    }
    try offered("trending ", shows: ["doctor", "completions", "watchlist", "print one film's details"])
    try offered("trending list --list ", shows: ["top-rated", "now-playing", "upcoming", "popular"])
    try offered("trending --images ", shows: ["symbols", "sixel", "iterm", "kitty"])
  }

  /// A data home whose library holds the list "date night" (and the watchlist), made by the binary.
  private func homeWithAList() throws -> [String: String] {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("trending-lists-\(UUID().uuidString)")
    let environment = ["XDG_DATA_HOME": data.path]
    let made = try BinaryRunner.run(["--demo", "lists", "date night", "add", "movie/550"], environment: environment)
    #expect(made.status == 0, "\(made.stderr)")
    return environment
  }

  @Test(.enabled(if: BinaryRunner.has("bash"), "bash is not installed"))
  func bashOffersTheUsersListsQuotedForTheLine() throws {
    let directory = try install("bash")
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = try homeWithAList()
    func offered(_ line: String) throws -> [String] { try bashOffers(line, directory, environment: environment) }
    let trending = Fixtures.binary.path
    #expect(try offered("\(trending) lists ").sorted() == ["date\\ night", "watchlist"])
    #expect(try offered("\(trending) lists d") == ["date\\ night"])
    #expect(try offered("\(trending) pick --from ").sorted() == ["date\\ night", "for-you", "trending", "watchlist"])
    #expect(try offered("\(trending) --profile elsewhere lists ").isEmpty, "another profile's lists: none")
  }

  @Test(.enabled(if: BinaryRunner.has("bash") && BinaryRunner.has("fish"), "bash or fish is not installed"))
  func theDemosListsAreTheOnesOfferedAfterDemo() throws {
    // The demo's library apart from the real one, as a user has it: a list made in the demo only.
    var environment = try homeWithAList()
    environment["TRENDING_DEMO_LIBRARY"] = ""
    let trending = Fixtures.binary.path
    let bash = try install("bash")
    let fish = try install("fish")
    defer { for folder in [bash, fish] { try? FileManager.default.removeItem(at: folder) } }
    #expect(
      try bashOffers("\(trending) --demo lists ", bash, environment: environment).sorted() == [
        "date\\ night", "watchlist",
      ])
    #expect(try bashOffers("\(trending) lists ", bash, environment: environment) == ["watchlist"], "the real library's")
    let outcome = try BinaryRunner.program(
      "fish",
      [
        "--no-config", "-c", "source $argv[1]/trending.fish; complete -C $argv[2]", fish.path,
        "\(trending) --demo lists ",
      ],
      environment: environment)
    #expect(
      outcome.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted() == [
        "date night", "watchlist",
      ])
  }

  @Test(.enabled(if: BinaryRunner.has("fish"), "fish is not installed (make setup installs it)"))
  func fishOffersTheUsersLists() throws {
    let directory = try install("fish")
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = try homeWithAList()
    func offered(_ line: String) throws -> [String] {
      let outcome = try BinaryRunner.program(
        "fish", ["--no-config", "-c", "source $argv[1]/trending.fish; complete -C $argv[2]", directory.path, line],
        environment: environment)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      return outcome.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
    }
    let trending = Fixtures.binary.path
    #expect(try offered("\(trending) lists ") == ["date night", "watchlist"])
    #expect(try offered("\(trending) pick --from ") == ["date night", "for-you", "trending", "watchlist"])
    #expect(try offered("\(trending) lists date\\ night ").isEmpty, "only the first argument is a list")
  }

  @Test func everyOptionWithValuesHasThemInEachScript() {
    for shell in OptionTable.shells {
      let script = Completions.script(for: shell)
      for option in OptionTable.options {
        #expect(
          script.contains(option.name) || script.contains("-l " + option.name.dropFirst(2)),
          "\(shell) lacks \(option.name)")
        for value in Completions.values(option) {
          #expect(script.contains(value), "\(shell) lacks \(value) for \(option.name)")
        }
      }
    }
  }

  /// A folder holding `letterboxd.zip` and `movie.mkv`, for the commands that take files.
  private func folderOfFiles() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trending-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["letterboxd.zip", "movie.mkv"] {
      try Data().write(to: folder.appendingPathComponent(name))
    }
    return folder
  }

  @Test(.enabled(if: BinaryRunner.has("bash"), "bash is not installed"))
  func bashOffersFilesWhereACommandTakesThem() throws {
    let directory = try install("bash")
    let files = try folderOfFiles()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: files)
    }
    func offered(_ line: String) throws -> [String] { try bashOffers(line, directory) }
    let folder = files.path
    #expect(try offered("trending import letterboxd \(folder)/l") == ["\(folder)/letterboxd.zip"])
    #expect(try offered("trending identify \(folder)/m") == ["\(folder)/movie.mkv"])
    #expect(try offered("trending identify \(folder)/movie.mkv \(folder)/l") == ["\(folder)/letterboxd.zip"])
    #expect(try offered("trending library backup \(folder)/m") == ["\(folder)/movie.mkv"])
    #expect(try offered("trending import l") == ["letterboxd"], "the service first, not a file")
    #expect(try offered("trending show \(folder)/m").isEmpty, "show takes an id")
    #expect(try offered("trending sync init \(folder)/m") == ["\(folder)/movie.mkv"])
    #expect(try offered("trending library check \(folder)/m").isEmpty, "check takes no file")
    #expect(try offered("trending sync status \(folder)/m").isEmpty, "nor does status")
  }

  @Test(.enabled(if: BinaryRunner.has("fish"), "fish is not installed (make setup installs it)"))
  func fishOffersFilesWhereACommandTakesThemAndHelpsWithHelp() throws {
    let directory = try install("fish")
    let files = try folderOfFiles()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: files)
    }
    func offered(_ line: String) throws -> [String] {
      let outcome = try BinaryRunner.program(
        "fish", ["--no-config", "-c", "source $argv[1]/trending.fish; complete -C $argv[2]", directory.path, line])
      #expect(outcome.status == 0, "\(outcome.stderr)")
      return outcome.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
    }
    let folder = files.path
    #expect(try offered("trending help li") == ["library", "list", "lists"])
    #expect(try offered("trending import --dry-run le") == ["letterboxd"], "an option before the service")
    #expect(
      try offered("trending import letterboxd \(folder)/") == ["\(folder)/letterboxd.zip", "\(folder)/movie.mkv"])
    #expect(try offered("trending scrobble \(folder)/m") == ["\(folder)/movie.mkv"])
    #expect(try offered("trending --profile \(folder)/").isEmpty, "a profile is a name, not a file")
    #expect(try offered("trending seen --on \(folder)/").isEmpty, "a day is typed")
    #expect(try offered("trending library backup \(folder)/m") == ["\(folder)/movie.mkv"])
    #expect(try offered("trending library check \(folder)/").isEmpty, "check takes no file")
  }
}
