import Dispatch
import TrendingViews

/// Sets the terminal up on a thread of its own while the caller goes on: reading terminfo, making
/// ncurses' screens and the first writes to the terminal overlap the rest of the start-up.
public final class TerminalSetUp: @unchecked Sendable {
  // `backend` is written once, before `done` is signalled, and read only after waiting on it.
  private var backend: NCursesBackend?
  private let done = DispatchSemaphore(value: 0)

  /// Starts making the backend. Signal handlers must be installed before (`SignalGuard.install`):
  /// ncurses leaves a signal to the handler it finds.
  public init(noColor: Bool, look: Look, mouse: Bool, glyphs: GlyphMode) {
    DispatchQueue.global(qos: .userInteractive).async { [self] in
      backend = NCursesBackend(noColor: noColor, look: look, mouse: mouse, glyphs: glyphs)
      done.signal()
    }
  }

  /// Waits for the set-up: the backend, or nil when the terminal could not be set up.
  public func finish() -> NCursesBackend? {
    done.wait()
    done.signal()
    return backend
  }
}
