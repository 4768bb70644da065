import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization
import PosterKit
import TerminalUI
import TrendingCore
import TrendingViews

/// `trending import … --resolve`: the chooser on the terminal through the app's ncurses backend;
/// each film taken is saved at once, in its own transaction, so quitting keeps what was chosen.
/// Posters come as the browser's do: fetched off the loop by its effect runner, drawn as cell art
/// or (when the terminal shows them) as images over the cells.
enum ImportResolver {
  /// What the chooser fetches and draws posters with.
  struct Posters {
    /// The client and the image loader of the import.
    var services: (client: AmodbClient, images: ImageLoader)
    /// `--images`, or `TRENDING_IMAGES`.
    var mode: ImageMode
    /// The environment (the terminal's name, `TMUX`, the theme).
    var environment: [String: String]
    /// Whether colours are off (`--no-color`, `NO_COLOR`).
    var noColor: Bool
  }

  /// Runs the chooser over `titles`, then says what was resolved; the terminal is restored on every way out.
  static func run(
    _ titles: [UnresolvedTitle], rows: [ImportRow], library: Library, today: String, posters: Posters
  ) throws(LibraryError) -> Int32 {
    let end = try choose(titles, posters: posters) { film, title throws(LibraryError) in
      let chosen = rows.filter { $0.reference == title.reference }
      let changes = ImportPlan.make(chosen) { _ in ImportTarget(info: TitleInfo(film)) }.changes
      _ = try library.apply(changes, dryRun: false, recorded: today)
    }
    guard let end else { return ExitCode.failure.rawValue }
    let left = titles.count - end.taken - end.skipped
    let status = TrendingCommand.emit(
      tr("Resolved %1$s, skipped %2$s, left %3$s", String(end.taken), String(end.skipped), String(left)))
    if let number = end.signal { return 128 + number }
    return status
  }

  /// How a chooser's session ended: titles taken and skipped, and the signal that stopped it, if one did.
  struct End {
    var taken = 0
    var skipped = 0
    var signal: Int32?
  }

  /// The chooser over `titles` on the terminal, `take` called with each title's choice as it is
  /// made; nil when the terminal could not be set up (said on standard error).
  static func choose(
    _ titles: [UnresolvedTitle], posters: Posters,
    take: (MediaSummary, UnresolvedTitle) throws(LibraryError) -> Void
  ) throws(LibraryError) -> End? {
    let environment = posters.environment
    let inbox = ActionInbox()
    SignalGuard.install(wake: inbox.writeDescriptor)
    let glyphs = GlyphMode.detect(term: environment["TERM"], localeIsUTF8: TextWidth.userLocaleIsUTF8)
    let look = Look(light: Look.isLight(environment: environment), term: environment["TERM"])
    guard let backend = NCursesBackend(noColor: posters.noColor, look: look, glyphs: glyphs) else {
      SignalGuard.restoreModes()
      TrendingCommand.printError(tr("could not set up the terminal (is TERM set to a known terminal?)"))
      return nil
    }
    let posterMode = Palette(depth: backend.depth).posterMode
    let runner = EffectRunner(
      client: posters.services.client, images: posters.services.images, posterMode: posterMode ?? .indexed8,
      inbox: inbox, tmux: environment["TMUX"] != nil)
    let start = ImageStart(
      mode: posters.mode, environment: environment, posterMode: posterMode, unicode: glyphs == .unicode,
      noColor: posters.noColor, windowCell: backend.windowCell)
    var terminal = start.capabilities
    if let plan = terminal.plan { runner.perform(.drawImages(plan)) }
    if start.enabled, terminal.asksAnything { backend.askTerminal() }
    var chooser = ResolveChooser(
      titles: titles, showsPosters: start.enabled, language: posters.services.client.configuration.language)
    let perform = { (effects: [Effect]) in
      for effect in effects {
        switch effect {
        case .writeTerminal(let bytes): backend.writeGraphics(bytes)
        case .useLightBackground(let light): backend.useLightBackground(light)
        default: runner.perform(effect)
        }
      }
    }
    var end = End()
    var failure: LibraryError?
    var size = backend.adoptNewSize()
    loop: while !chooser.isDone, SignalGuard.received == nil {
      if SignalGuard.takeResize() {
        size = backend.adoptNewSize()
        let measured = terminal.measured(backend.windowCell)
        perform(measured.effects + (measured.note == nil ? [] : chooser.posters.forgetAll()))
      }
      perform(chooser.reconcilePosters(size) + chooser.reconcileDetails())
      let screen = chooser.screen(size)
      backend.draw(screen)
      backend.showOverlay(screen.overlay)
      wait(for: inbox.readDescriptor, until: backend.inputDeadline)
      for input in backend.pendingInput() {
        switch input {
        case .reply(let reply):
          let heard = terminal.heard(reply)
          perform(heard.effects + (heard.note == nil ? [] : chooser.posters.forgetAll()))
        case .resize(let new): size = new
        case .key(let key):
          switch chooser.press(key) {
          case .stay: break
          case .skip: end.skipped += 1
          case .quit: break loop
          case .perform(let effects): perform(effects)
          case .take(let film, let title):
            do throws(LibraryError) {
              try take(film, title)
              end.taken += 1
            } catch {
              failure = error
              break loop
            }
          }
        case .mouse, .paste: break
        }
        if chooser.isDone { break loop }
      }
      for action in inbox.drain() {
        perform(chooser.posters.take(action) ?? chooser.takeSearch(action) ?? chooser.takeDetails(action) ?? [])
      }
    }
    // Our images leave the terminal's memory with us.
    if runner.drawsKitty || runner.drawsKittyPixels { backend.writeGraphics(runner.kittyCleanup) }
    backend.shutdown()
    SignalGuard.restoreModes()
    if let failure { throw failure }
    end.signal = SignalGuard.received
    return end
  }

  /// Sleeps until the terminal or the inbox (effects' answers, signals) has something, or the
  /// decoder's deadline passes (a lone Escape); the inbox is emptied by its `drain()`.
  private static func wait(for inbox: Int32, until deadline: Date?) {
    var fds = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: inbox, events: Int16(POLLIN), revents: 0),
    ]
    let timeout = deadline.map { Int32(max(0, min(60_000, $0.timeIntervalSinceNow * 1000)) + 1) } ?? -1
    _ = poll(&fds, 2, timeout)
  }
}
