import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization
import PosterKit
import TerminalUI
import TrendingCore
import TrendingViews

/// Starts the full-screen browser and gives the terminal back however it ends.
enum Browser {
  static func run(
    services: (client: AmodbClient, images: ImageLoader), imageMode: ImageMode, invocation: Invocation,
    environment: [String: String], settings: SettingsFile, languageNote: String? = nil
  ) -> Int32 {
    let client = services.client
    if let refusal = NCursesBackend.refusal(term: environment["TERM"]) {
      TrendingCommand.printError(
        tr(
          "%s; the browser needs a terminal it can draw in. 'trending list' and 'trending show ID' work anywhere.",
          refusal)
      )
      return ExitCode.usage.rawValue
    }
    let inbox = ActionInbox()
    // Ours before ncurses starts, which leaves each signal to the handler it finds.
    SignalGuard.install(wake: inbox.writeDescriptor)
    let glyphs = GlyphMode.detect(term: environment["TERM"], localeIsUTF8: TextWidth.userLocaleIsUTF8)
    let noColor = invocation.noColor || !(environment["NO_COLOR"] ?? "").isEmpty
    let look = Look(
      light: Look.isLight(environment: environment), colors: settings.settings.colors, term: environment["TERM"])
    let mouse = Setup.mouse(for: invocation, environment: environment)
    // A screen reader reads text: no posters (nor their requests), whatever else asks for them.
    let screenReader = Setup.screenReader(for: invocation, environment: environment)
    // The tab set: the table, "On my services" and the saved tabs, known before the first request.
    let saved = settings.settings
    let tabs = TabSet(services: saved.services, servicesLine: saved.servicesLine, saved: saved.savedTabs)
    // The terminal is set up on another thread (terminfo, ncurses' screens, the first writes) while
    // the first list is asked for on this one; then the key table, which only the first frame needs.
    let terminal = Handoff.making {
      (
        backend: NCursesBackend(noColor: noColor, look: look, mouse: mouse, glyphs: glyphs),
        keys: KeyTable.standard.showing(tabs)
      )
    }
    // `set opener CMD` opens pages in place of $BROWSER and xdg-open.
    var opening = environment
    if let opener = settings.settings.values["opener"] { opening["BROWSER"] = opener }
    let runner = EffectRunner(
      client: client, images: services.images, posterMode: .indexed8, inbox: inbox,
      library: Library.standardPath(environment: environment).map { path in
        LibraryService(
          path: path,
          // The demo's library never joins the sync folder the settings name.
          syncFolder: invocation.demo
            ? nil
            : Setup.syncFolderSetting(settings.settings, environment: environment).map {
              Setup.expandingHome($0, environment: environment)
            },
          // A profile with no library (a name misspelt?) is said, and made by its first mark only.
          absence: invocation.demo
            ? nil : TrendingCommand.absentLibrary(environment).map { LibraryError(.notFound, $0) })
      },
      launcher: BrowserLauncher(environment: opening),
      tmux: environment["TMUX"] != nil)
    // The first list is asked for before ncurses starts (the size comes with the terminal): the
    // answer is read and decoded on another thread meanwhile, not after the set-up.
    var state = AppState(
      window: invocation.window, language: client.configuration.language, region: client.configuration.region,
      sourceLabel: invocation.demo ? "demo" : nil,
      size: Size(width: 80, height: 24), now: Date(), keys: KeyTable([]))
    // The header names the language only when it is not the one the locale asks for ("ru-RU" is
    // the locale's "ru": the language, not its region, decides).
    let locale = LanguageTag.choose(flag: nil, environment: environment.filter { $0.key != "AMODB_LANGUAGE" })
    let primary = { (tag: String) in tag.split(separator: "-").first.map { $0.lowercased() } ?? tag }
    if primary(client.configuration.language) != primary(locale.tag) || locale.unsupported != nil {
      state.shared.headerLanguage = client.configuration.language
    }
    // Whose library it is, when not the default's: two people at one terminal can tell.
    state.shared.profileLabel = LibraryProfile.named(in: environment).flatMap { $0.isDefault ? nil : $0.name }
    state.shared.tabs = tabs
    state.shared.hideSeen = saved.values["hide-seen"] == "true"
    state.shared.screenReader = screenReader
    // Asked as early as it can be: what follows up to the first frame runs beside its answer.
    // The main thread runs those requests itself while the terminal is set up: a demo or cached
    // answer to its end, a network request until it waits (decision first-answer-on-main).
    let firstWork = HeldExecutor { [inbox] in inbox.wake() }
    let afterFirstFrame = AppRunner.askFirst(&state, runner: runner, on: firstWork)
    firstWork.drain()
    let started = terminal.take()
    state.shared.keys = started.keys
    guard let backend = started.backend else {
      SignalGuard.restoreModes()
      TrendingCommand.printError(tr("could not set up the terminal (is TERM set to a known terminal?)"))
      return ExitCode.failure.rawValue
    }
    let posterMode = Palette(depth: backend.depth).posterMode
    runner.usePosterMode(posterMode ?? .indexed8)
    let images = ImageStart(
      mode: screenReader ? .off : imageMode, environment: environment, posterMode: posterMode,
      unicode: glyphs == .unicode, noColor: noColor,
      windowCell: backend.windowCell)
    state.shared.imagesEnabled = images.enabled
    state.shared.terminal = images.capabilities
    state.shared.imagesNote = images.note
    state.shared.asciiKeys = glyphs != .unicode
    settings.settings.apply(to: &state.shared.keys)
    if let problem = languageNote ?? settingsProblem(settings.briefMessages) { state.shared.say(problem, .problem) }
    if let plan = images.capabilities.plan { runner.perform(.drawImages(plan)) }
    let statusFile = environment["TRENDING_STATUS_FILE"].map { URL(fileURLWithPath: $0) }
    let app = AppRunner(
      state: state, backend: backend, runner: runner, inbox: inbox, statusFile: statusFile, asked: true,
      afterFirstFrame: afterFirstFrame + [.watchLibrary], firstWork: firstWork)
    app.player = TrailerPlayer(
      setting: settings.settings.values["player"], detached: settings.settings.values["player-detached"] == "true",
      environment: environment)
    app.files = FilePlayer(
      setting: settings.settings.values["player"], threshold: WatchedAt.threshold(settings.settings.values),
      environment: environment)
    if images.capabilities.asksAnything { backend.askTerminal() }
    let reason = app.run()
    // A mark made just before quitting is stored before we go (saves take milliseconds); changes
    // the user chose to lose to a busy library get a moment's last chance, not two seconds frozen.
    let wait: Duration = app.quitLosingChanges ? .milliseconds(300) : .seconds(2)
    let unsaved = runner.finishQueuedWork(timeout: wait) ? [] : app.unsavedChanges()
    // Our images leave the terminal's memory with us.
    if runner.drawsKitty || runner.drawsKittyPixels { backend.writeGraphics(runner.kittyCleanup) }
    backend.shutdown()
    SignalGuard.restoreModes()
    // Keys pressed while we were going are ours, not the shell's next command.
    tcflush(STDIN_FILENO, TCIFLUSH)
    // Changes still waiting for a library another process holds are lost: said, and not a success.
    if !unsaved.isEmpty {
      Console.error(
        trn(
          "%s change was not saved: the library was busy with another process.",
          "%s changes were not saved: the library was busy with another process.", unsaved.count,
          String(unsaved.count)))
      // What to do again, each title or episode once, in the order they were changed.
      var named: [String] = []
      for name in unsaved.map(\.name) where !named.contains(name) { named.append(name) }
      Console.error(tr("Not saved: %s.", named.joined(separator: tr(", "))))
    }
    switch reason {
    case .quit: return unsaved.isEmpty ? ExitCode.success.rawValue : ExitCode.failure.rawValue
    case .signal(let number): return 128 + number
    }
  }

  /// The one note the browser's status line starts with: the language's, a stand-in terminal entry
  /// drawn for TERM, and the settings file's first problem, which either would hide.
  static func note(languageNote: String?, settings: SettingsFile, environment: [String: String]) -> String? {
    // A TERM drawn as a stand-in entry is said once on the status line, with the language's note.
    let terminalNote = NCursesBackend.standIn(environment: environment).map {
      TerminalEntry.note(term: environment["TERM"] ?? "", standIn: $0)
    }
    var note = [languageNote, terminalNote].compactMap { $0 }
    // The browser shows one note: a settings problem either note would hide comes along.
    if !note.isEmpty, let problem = settingsProblem(settings.briefMessages) { note.append(problem) }
    return note.isEmpty ? nil : note.joined(separator: " ")
  }

  /// The first problem of the settings file, and how many more `trending config` lists.
  private static func settingsProblem(_ messages: [String]) -> String? {
    guard let problem = messages.first else { return nil }
    guard messages.count > 1 else { return problem }
    return problem + " "
      + trn(
        "(and %s more; trending config lists them)", "(and %s more; trending config lists them)", messages.count - 1)
  }
}
