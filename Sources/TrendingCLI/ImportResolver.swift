import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization
import TerminalUI
import TrendingCore

/// `trending import … --resolve`: the chooser on the terminal through the app's ncurses backend;
/// each film taken is saved at once, in its own transaction, so quitting keeps what was chosen.
enum ImportResolver {
  /// Runs the chooser over `titles`, then says what was resolved; the terminal is restored on every way out.
  static func run(
    _ titles: [UnresolvedTitle], rows: [ImportRow], library: Library, today: String, noColor: Bool
  ) throws(LibraryError) -> Int32 {
    var wake: [Int32] = [-1, -1]
    guard pipe(&wake) == 0 else {
      TrendingCommand.printError(tr("could not set up the terminal (is TERM set to a known terminal?)"))
      return ExitCode.failure.rawValue
    }
    defer {
      close(wake[0])
      close(wake[1])
    }
    _ = fcntl(wake[0], F_SETFL, O_NONBLOCK)
    SignalGuard.install(wake: wake[1])
    guard let backend = NCursesBackend(noColor: noColor) else {
      SignalGuard.restoreModes()
      TrendingCommand.printError(tr("could not set up the terminal (is TERM set to a known terminal?)"))
      return ExitCode.failure.rawValue
    }
    var chooser = ResolveChooser(titles: titles)
    var taken = 0
    var skipped = 0
    var failure: LibraryError?
    var size = backend.adoptNewSize()
    loop: while !chooser.isDone, SignalGuard.received == nil {
      if SignalGuard.takeResize() { size = backend.adoptNewSize() }
      backend.draw(chooser.screen(size))
      wait(for: wake[0], until: backend.inputDeadline)
      for input in backend.pendingInput() {
        guard case .key(let key) = input else { continue }
        switch chooser.press(key) {
        case .stay: break
        case .skip: skipped += 1
        case .quit: break loop
        case .take(let film, let title):
          let chosen = rows.filter { $0.reference == title.reference }
          let changes = ImportPlan.make(chosen) { _ in ImportTarget(info: TitleInfo(film)) }.changes
          do {
            _ = try library.apply(changes, dryRun: false, recorded: today)
            taken += 1
          } catch {
            failure = error
            break loop
          }
        }
        if chooser.isDone { break }
      }
    }
    backend.shutdown()
    SignalGuard.restoreModes()
    if let failure { throw failure }
    let left = titles.count - taken - skipped
    let status = TrendingCommand.emit(
      tr("Resolved %1$s, skipped %2$s, left %3$s", String(taken), String(skipped), String(left)))
    if let number = SignalGuard.received { return 128 + number }
    return status
  }

  /// Sleeps until the terminal or the signal pipe has something, or the decoder's deadline
  /// passes (a lone Escape); empties the pipe.
  private static func wait(for signals: Int32, until deadline: Date?) {
    var fds = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
    ]
    let timeout = deadline.map { Int32(max(0, min(60_000, $0.timeIntervalSinceNow * 1000)) + 1) } ?? -1
    _ = poll(&fds, 2, timeout)
    var byte: UInt8 = 0
    while read(signals, &byte, 1) == 1 {}
  }
}
