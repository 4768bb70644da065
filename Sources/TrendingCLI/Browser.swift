import AmodbKit
import FoundationEssentials
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
    let glyphs = GlyphMode.detect(term: environment["TERM"], localeIsUTF8: TextWidth.userLocaleIsUTF8)
    let noColor = invocation.noColor || !(environment["NO_COLOR"] ?? "").isEmpty
    let inbox = ActionInbox()
    SignalGuard.install(wake: inbox.writeDescriptor)
    let look = Look(light: Look.isLight(environment: environment), colors: settings.settings.colors)
    let mouse = !invocation.noMouse && environment["TRENDING_MOUSE"] != "off"
    let runner = EffectRunner(
      client: client, images: services.images, posterMode: .indexed8, inbox: inbox,
      watchlist: WatchlistStore.standard(environment: environment), launcher: BrowserLauncher(environment: environment))
    // The first list is asked for before ncurses starts (the size comes with the terminal): the
    // answer is read and decoded on another thread meanwhile, not after the set-up.
    var state = AppState(
      window: invocation.window, language: client.configuration.language, region: client.configuration.region,
      sourceLabel: invocation.demo ? "demo" : nil,
      size: Size(width: 80, height: 24), now: Date())
    AppRunner.askFirst(&state, runner: runner)
    guard let backend = NCursesBackend(noColor: noColor, look: look, mouse: mouse, glyphs: glyphs) else {
      SignalGuard.restoreModes()
      TrendingCommand.printError(tr("could not set up the terminal (is TERM set to a known terminal?)"))
      return ExitCode.failure.rawValue
    }
    let posterMode = Palette(depth: backend.depth).posterMode
    runner.usePosterMode(posterMode ?? .indexed8)
    // Symbol art needs Unicode block characters: none on an ASCII or console terminal.
    state.imagesEnabled = imageMode != .off && posterMode != nil && glyphs == .unicode
    var choice = ImageChoice.choose(imageMode, environment: environment)
    // Kitty's placeholders carry the image id in a colour: 256 colours at least.
    if choice.kind == .kitty, posterMode != .indexed256, posterMode != .trueColor {
      choice = ImageChoice(kind: .symbols, reason: tr("kitty graphics need 256 colours; symbol art stands in"))
    }
    let output = KittyOutput(mode: posterMode ?? .indexed256, tmux: environment["TMUX"] != nil)
    // Asked for: at once. Detected: only once the terminal says it draws placeholders (kitty
    // from 0.28, WezTerm, Ghostty); until then, and if it never answers, symbol art.
    let kitty = choice.kind == .kitty && state.imagesEnabled && imageMode == .kitty ? output : nil
    // Sixel and iTerm2 images go over the cells: used at once when asked for or when the
    // environment names iTerm2 or mintty; sixel is otherwise offered by the terminal's DA1.
    let pixels: PixelPoster.Kind? =
      state.imagesEnabled ? (choice.kind == .sixel ? .sixel : choice.kind == .iterm ? .iterm : nil) : nil
    // Asked whatever the colours: sixel needs none of the terminal's palette (kitty's ids do).
    let asks = imageMode == .auto && state.imagesEnabled
    let placeholdersFit = posterMode == .indexed256 || posterMode == .trueColor
    state.imagesNote =
      !state.imagesEnabled
      ? tr("Posters: off.")
      : kitty != nil || pixels != nil
        ? choice.line : ImageChoice.line(.symbols, reason: asks ? tr("asking the terminal") : choice.reason)
    state.asciiKeys = glyphs != .unicode
    settings.settings.apply(to: &state.keys)
    if let languageNote {
      state.notice = Notice(text: languageNote, tone: .warning, until: Date().addingTimeInterval(15))
    } else if case let messages = settings.messages, let problem = messages.first {
      let more =
        messages.count > 1
        ? " "
          + trn(
            "(and %s more; trending config lists them)", "(and %s more; trending config lists them)",
            messages.count - 1) : ""
      state.notice = Notice(text: problem + more, tone: .warning, until: Date().addingTimeInterval(15))
    }
    if let kitty { runner.useKitty(kitty) }
    if let pixels { runner.usePixels(PixelOutput(kind: pixels)) }
    let statusFile = environment["TRENDING_STATUS_FILE"].map { URL(fileURLWithPath: $0) }
    let app = AppRunner(
      state: state, backend: backend, runner: runner, inbox: inbox, statusFile: statusFile, asked: true)
    // The background is asked when nothing says it (xterm is dark on light by default).
    let asksBackground =
      (environment["TRENDING_THEME"] ?? "auto") == "auto" && environment["COLORFGBG"] == nil && !noColor
    if asks || asksBackground || pixels != nil {
      var version: String?
      var cell: (width: Int, height: Int)?
      app.onReply = { [weak app] reply in
        switch reply {
        case .background(let red, let green, let blue):
          backend.useLightBackground(TerminalReply.isLight(red: red, green: green, blue: blue))
        case .version(let name): version = name
        case .cellSize(let width, let height):
          // Posters are sized to the real cell from now on.
          cell = (width, height)
          if let pixels {
            runner.usePixels(PixelOutput(kind: pixels, cell: (width, height)))
            app?.send(.imagesChanged(note: choice.line))
          } else if runner.drawsKitty {
            runner.useKitty(KittyOutput(mode: output.mode, tmux: output.tmux, cell: (width, height)))
            app?.send(.imagesChanged(note: choice.line))
          }
        case .deviceAttributes(let attributes):
          // Every terminal answers this last: what it said before is all it will say.
          guard asks, !runner.drawsKitty, !runner.drawsPixels else { return }
          let isKitty = placeholdersFit && (version.map(TerminalReply.showsKittyPlaceholders) ?? false)
          if !isKitty, attributes.dropFirst().contains(4), environment["TMUX"] == nil {
            runner.usePixels(PixelOutput(kind: .sixel, cell: cell ?? PixelOutput.assumedCell))
            app?.send(.imagesChanged(note: ImageChoice.line(.sixel, reason: tr("the terminal offers sixel"))))
            return
          }
          let terminal = version.map { TextSanitizer.clean($0, limit: 40) }
          // kitty before 0.28: no placeholders, but images placed at the cursor over blank cells.
          if !isKitty, let terminal, terminal.lowercased().hasPrefix("kitty"), environment["TMUX"] == nil {
            runner.usePixels(PixelOutput(kind: .kitty, cell: cell ?? PixelOutput.assumedCell))
            app?.send(
              .imagesChanged(
                note: ImageChoice.line(.kitty, reason: tr("the terminal is %s; placed directly", terminal))))
            return
          }
          guard let name = version, isKitty else {
            let heard =
              version.map { tr("the terminal is %s", TextSanitizer.clean($0, limit: 40)) } ?? tr("no images offered")
            app?.send(.imagesChanged(note: ImageChoice.line(.symbols, reason: heard)))
            return
          }
          runner.useKitty(KittyOutput(mode: output.mode, tmux: output.tmux, cell: cell ?? output.cell))
          app?.send(
            .imagesChanged(
              note: ImageChoice.line(.kitty, reason: tr("the terminal is %s", TextSanitizer.clean(name, limit: 40)))))
        }
      }
      backend.askTerminal()
    }
    let reason = app.run()
    // A mark made just before quitting is stored before we go (saves take milliseconds).
    _ = runner.finishQueuedWork()
    // Our images leave the terminal's memory with us.
    if runner.drawsKitty || runner.drawsKittyPixels { backend.writeGraphics(output.cleanup) }
    backend.shutdown()
    SignalGuard.restoreModes()
    switch reason {
    case .quit: return ExitCode.success.rawValue
    case .signal(let number): return 128 + number
    }
  }
}
