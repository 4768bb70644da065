import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The descriptor signal handlers write to, set once before handlers are installed.
nonisolated(unsafe) private var signalWakeDescriptor: Int32 = -1
/// The termios the terminal had before the app started, for the crash handler.
nonisolated(unsafe) private var savedTermios = termios()
/// Whether `savedTermios` holds a value.
nonisolated(unsafe) private var hasSavedTermios = false
/// The last termination signal received, 0 for none.
private let pendingSignal = Atomic<Int32>(0)
/// Whether the terminal was resized since the loop last looked.
private let pendingResize = Atomic<Bool>(false)
/// Whether a SIGCONT arrived since `expectContinue`.
private let continued = Atomic<Bool>(false)
/// Whether a SIGCONT arrived since the loop last looked: after a stop the app did not make (an
/// outside SIGSTOP, then `fg`), the terminal is the shell's until the loop takes it back.
private let pendingContinue = Atomic<Bool>(false)
/// Whether someone sent SIGTSTP (`kill -TSTP`) since the loop last looked.
private let pendingSuspend = Atomic<Bool>(false)

/// Our SIGTSTP handler: the loop suspends on its own thread, after giving the terminal back.
private func suspendRequested(_: Int32) {
  pendingSuspend.store(true, ordering: .sequentiallyConsistent)
  var byte: UInt8 = 1
  _ = write(signalWakeDescriptor, &byte, 1)
}

/// Restores the terminal on every way out: termination signals end the loop cleanly,
/// crashes put back the saved terminal modes and the main screen before dying.
public enum SignalGuard {
  /// The signals that ask the app to quit.
  static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  /// The signals that mean a crash.
  static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  /// Saves the terminal's modes and installs the handlers; `wake` is written to on a signal.
  public static func install(wake descriptor: Int32) {
    if tcgetattr(STDIN_FILENO, &savedTermios) == 0 { hasSavedTermios = true }
    signalWakeDescriptor = descriptor
    signal(SIGPIPE, SIG_IGN)
    // A parent may have started us with signals blocked (a thread pool's mask is inherited
    // through fork and exec): the ones the loop relies on must get through.
    var handled = sigset_t()
    sigemptyset(&handled)
    for number in terminating + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&handled, number) }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    for number in terminating {
      signal(number) { received in
        pendingSignal.store(received, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 1
        _ = write(signalWakeDescriptor, &byte, 1)
      }
    }
    // Installed before ncurses starts, so ncurses leaves SIGWINCH to us: a signal may land on
    // any thread, and only a write to the pipe is sure to wake the loop's poll().
    signal(SIGWINCH) { _ in
      pendingResize.store(true, ordering: .sequentiallyConsistent)
      var byte: UInt8 = 1
      _ = write(signalWakeDescriptor, &byte, 1)
    }
    signal(SIGCONT) { _ in
      continued.store(true, ordering: .sequentiallyConsistent)
      pendingContinue.store(true, ordering: .sequentiallyConsistent)
      var byte: UInt8 = 1
      _ = write(signalWakeDescriptor, &byte, 1)
    }
    // Ours before ncurses starts, so ncurses installs no SIGTSTP handler of its own.
    signal(SIGTSTP, suspendRequested)
    for number in fatal {
      signal(number) { received in
        SignalGuard.restoreAfterCrash()
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  /// Whether SIGTSTP arrived since the last call; clears the flag.
  public static func takeSuspendRequest() -> Bool {
    pendingSuspend.exchange(false, ordering: .sequentiallyConsistent)
  }

  /// Stops the whole job as a shell's Ctrl-Z would, and returns once it has been continued.
  ///
  /// The caller has given the terminal back first. kill() may return before the stop lands, so
  /// this waits for SIGCONT rather than carrying on at once (which would take the terminal back
  /// before the shell does, leaving it cooked after `fg`). A stop the kernel discards (a job
  /// with no shell to continue it) sends no SIGCONT: after a second this carries on anyway.
  public static func stopJob() {
    continued.store(false, ordering: .sequentiallyConsistent)
    signal(SIGTSTP, SIG_DFL)
    kill(0, SIGTSTP)
    var waited = 0
    while !continued.load(ordering: .sequentiallyConsistent), waited < 1_050 {
      _ = poll(nil, 0, 10)
      waited += 10
    }
    signal(SIGTSTP, suspendRequested)
    _ = takeSuspendRequest()
    // The stop was ours: the caller takes the terminal back itself.
    _ = takeContinue()
  }

  /// Whether SIGCONT arrived since the last call (a stop the app did not make); clears the flag.
  public static func takeContinue() -> Bool {
    pendingContinue.exchange(false, ordering: .sequentiallyConsistent)
  }

  /// Whether the terminal was resized since the last call; clears the flag.
  public static func takeResize() -> Bool {
    pendingResize.exchange(false, ordering: .sequentiallyConsistent)
  }

  /// The termination signal received since start, if any.
  public static var received: Int32? {
    let value = pendingSignal.load(ordering: .sequentiallyConsistent)
    return value == 0 ? nil : value
  }

  /// Async-signal-safe: puts back the saved modes, leaves the alternate screen, shows the cursor.
  static func restoreAfterCrash() {
    if hasSavedTermios { tcsetattr(STDIN_FILENO, TCSANOW, &savedTermios) }
    let sequence: StaticString =
      "\u{1B}[0m\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?1049l\u{1B}[?25h\r\ntrending crashed; the terminal was restored.\r\n"
    _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
  }

  /// Puts back the saved modes after a normal exit, in case the backend could not.
  public static func restoreModes() {
    if hasSavedTermios { tcsetattr(STDIN_FILENO, TCSANOW, &savedTermios) }
  }
}
