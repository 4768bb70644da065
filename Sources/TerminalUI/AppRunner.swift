import AmodbKit
import CProcess
import FoundationEssentials
import Glibc
import Localization
import TrendingCore
import TrendingViews

/// Why the loop ended.
public enum ExitReason: Equatable, Sendable {
  /// The user quit.
  case quit
  /// A signal asked the app to stop.
  case signal(Int32)
}

/// The run loop: input and answers become actions, the reducer updates the state, the screen is drawn.
///
/// It sleeps in `poll()` on the terminal and the inbox's pipe, ticking ten times a second only
/// while a spinner turns, and once a minute otherwise so "updated N min ago" stays true.
public final class AppRunner {
  private var state: AppState
  private let backend: any TerminalBackend
  private let runner: EffectRunner
  private let inbox: ActionInbox
  private let statusFile: URL?
  private let now: () -> Date
  private var frameCount = 0
  /// When the last frame's words change with time alone ("updated just now"), if they do.
  private var changesAt: Date?
  /// Keys and mouse events taken from the terminal so far, for the status file.
  private var inputsTaken = 0
  private var quitting = false
  /// What plays trailers (`set player`).
  public var player = TrailerPlayer(setting: nil, detached: false, environment: [:])
  /// What plays the user's files (`P`): mpv, and when a file counts as watched.
  public var files = FilePlayer(setting: nil, threshold: WatchedAt.standard, environment: [:])
  /// Whether the first data was asked for before the loop was made.
  private let asked: Bool
  /// The executor `askFirst` ran the first requests on: drained while the first frame waits for
  /// them, released to the pool once it is out.
  private let firstWork: HeldExecutor?
  /// Effects `askFirst` held back until the first frame is out.
  private let afterFirstFrame: [Effect]

  /// Makes a loop over a backend and an effect runner; `asked` when `askFirst` has asked for the
  /// first data already, `afterFirstFrame` what it held back.
  public init(
    state: AppState, backend: any TerminalBackend, runner: EffectRunner, inbox: ActionInbox, statusFile: URL? = nil,
    asked: Bool = false, afterFirstFrame: [Effect] = [], firstWork: HeldExecutor? = nil,
    now: @escaping () -> Date = Date.init
  ) {
    self.asked = asked
    self.firstWork = firstWork
    self.afterFirstFrame = afterFirstFrame
    self.state = state
    self.backend = backend
    self.runner = runner
    self.inbox = inbox
    self.statusFile = statusFile
    self.now = now
  }

  /// Sends an action as if it had arrived (for what a terminal's answer changes).
  public func send(_ action: Action) {
    dispatch(action)
  }

  /// The state as it is now.
  public var currentState: AppState { state }

  /// Whether the user has asked to quit.
  public var isQuitting: Bool { quitting }
  /// Whether the user quit knowing changes still waited for a busy library (asked once, then again).
  public var quitLosingChanges: Bool { state.shared.quitAsked }

  /// The library changes on screen whose saves have not answered yet, once the answers that
  /// arrived after the loop ended are taken in.
  public func unsavedChanges() -> [LibraryChange] {
    for action in inbox.drain() { dispatch(action) }
    return state.shared.unsaved
  }

  /// Asks for the first data before there is a terminal to draw in: the answers wait in the
  /// inbox, so the request (and its decoding, on another thread) overlaps the terminal's set-up.
  /// The loop made over the state afterwards, with `asked: true`, does not ask again; it is given
  /// what this returns, the effects that wait for the first frame.
  ///
  /// The library's marks wait: they only mark rows, and read beside the first answer (SQLite loaded
  /// and opened) they took half of the second core from its decoding, the longest part of the way
  /// to the first frame. Not when seen titles are hidden: then the rows themselves depend on them.
  @discardableResult
  public static func askFirst(_ state: inout AppState, runner: EffectRunner, on executor: HeldExecutor? = nil)
    -> [Effect]
  {
    // `.start` asks for data only; nothing in it acts on the terminal.
    let effects = Reducer.reduce(&state, .start)
    let held = state.shared.hideSeen ? [] : effects.filter { $0 == .loadMarks }
    HeldExecutor.$preferred.withValue(executor) {
      for effect in effects where !held.contains(effect) { runner.perform(effect) }
    }
    return held
  }

  /// Sizes the state to the terminal, asks for the first data (unless `askFirst` has) and draws
  /// the first frame: with what has already answered, so a list decoded during the set-up shows
  /// at once rather than after a frame of "Loading…".
  public func start() {
    state.shared.size = backend.size
    state.shared.now = now()
    state.shared.utcOffset = ReleaseDate.utcOffset(at: state.shared.now)
    if !asked { dispatch(.start) }
    for action in inbox.drain() { dispatch(action) }
    awaitFirstAnswer()
    noteOversize()
    draw()
    firstWork?.release()
    for effect in afterFirstFrame { runner.perform(effect) }
  }

  /// How long the first frame waits for the first list's answer before it shows "Loading…": an
  /// answer from the disk cache or the demo lands well within it, so those starts show the list
  /// with no loading frame flashed before it (and the core that frame would take decodes the
  /// answer); a slower answer shows the loading frame after a pause too short to see.
  static let firstAnswerWait: Duration = .milliseconds(50)

  /// Waits, up to `firstAnswerWait`, while the list showing has nothing yet and is loading it.
  private func awaitFirstAnswer() {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.firstAnswerWait)
    while state.topList.list.value == nil, state.topList.list.isLoading {
      let left = clock.now.duration(to: deadline)
      guard left > .zero else { return }
      // The first requests' jobs run here, on this thread, as they come (their answers then wait).
      if let firstWork, firstWork.drain() > 0 {
        for action in inbox.drain() { dispatch(action) }
        continue
      }
      let milliseconds = Int32(max(1, (left / .milliseconds(1)).rounded(.up)))
      var descriptor = pollfd(fd: inbox.readDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, milliseconds)
      for action in inbox.drain() { dispatch(action) }
    }
  }

  /// Says so when the terminal is larger than what is drawn.
  private func noteOversize() {
    guard let real = backend.oversize else { return }
    let drawn = backend.size
    dispatch(
      .notice(
        tr(
          "The terminal is %1$s×%2$s cells; trending draws %3$s×%4$s of it.", String(real.width), String(real.height),
          String(drawn.width), String(drawn.height)), warning: true))
  }

  /// Runs until the user quits or a signal arrives.
  public func run() -> ExitReason {
    start()
    while true {
      if let signal = SignalGuard.received { return .signal(signal) }
      if quitting { return .quit }
      wait()
      step()
      if let signal = SignalGuard.received { return .signal(signal) }
      if quitting { return .quit }
      draw()
    }
  }

  /// Handles everything that has arrived, without waiting.
  public func step() {
    // The clock first: what arrives now (an answer after a 30-second wait on the library) is said
    // from now, not from the last tick, which may be a minute old when nothing animates.
    let time = now()
    dispatch(.tick(time, utcOffset: ReleaseDate.utcOffset(at: time)))
    if SignalGuard.takeResize() {
      resized(backend.adoptNewSize())
      noteOversize()
    }
    if SignalGuard.takeSuspendRequest() { suspend() }
    // Stopped by someone else (SIGSTOP) and continued in the foreground: the terminal is taken back
    // and repainted (in the background it is the shell's; `fg` continues us again).
    if SignalGuard.takeContinue(), tcgetpgrp(STDIN_FILENO) == getpgrp() {
      backend.resumeAfterOutsideStop()
      resized(backend.adoptNewSize())
    }
    for input in backend.pendingInput() {
      switch input {
      case .key(let key):
        inputsTaken += 1
        dispatch(.key(key))
      case .resize(let size): resized(size)
      case .mouse(let event):
        inputsTaken += 1
        dispatch(.mouse(event))
      case .reply(let reply): dispatch(.terminalReplied(reply))
      case .paste(let text): dispatch(.paste(text))
      }
      if quitting { return }
    }
    for action in inbox.drain() { dispatch(action) }
  }

  /// Gives the terminal back, stops until the shell continues us, then repaints at the current size.
  private func suspend() {
    backend.suspend()
    // The window may have changed size while we were stopped.
    resized(backend.adoptNewSize())
  }

  /// Plays a trailer: a terminal player gets the terminal (put away as for a stop, redrawn after),
  /// a detached one starts in the background, and without a player the opener opens the page; a
  /// player that cannot start or fails is a notice.
  private func play(_ url: String) {
    var problem: String?
    switch player.plan(for: url) {
    case .terminal(let command):
      problem = backend.runInTerminal(command)
      resized(backend.adoptNewSize())
    case .background(let command):
      if case .failure(let failure) = player.launcher.start(command) { problem = failure.message }
    case .opener:
      runner.perform(.openURL(url))
    }
    if let problem { dispatch(.notice(tr("The trailer did not play: %s", problem), warning: true)) }
  }

  /// Plays a file of the user's in mpv, given the terminal as a trailer is (put away, redrawn
  /// after), while `MpvWatch` reads how far it plays; how it ended goes to the reducer, which marks
  /// it seen when it was watched.
  private func play(file: FileToPlay) {
    let path = files.resolve(file.path)
    guard access(path, R_OK) == 0 else {
      let reason = String(cString: strerror(errno))
      dispatch(.filePlayed(file, .failed(tr("cannot read %1$s: %2$s", TextSanitizer.clean(file.path), reason))))
      return
    }
    let watch: MpvWatch
    switch MpvWatch.start(environment: files.environment, threshold: files.threshold, reached: { _, _ in }) {
    case .success(let started): watch = started
    case .failure(let failure):
      dispatch(.filePlayed(file, .failed(failure.message)))
      return
    }
    guard let command = files.player.command(playing: path, socket: watch.socket) else {
      _ = watch.finish()
      dispatch(.filePlayed(file, .failed(tr("no mpv to play it in: install it, or 'set player /path/to/mpv'"))))
      return
    }
    let problem = backend.runInTerminal(command)
    resized(backend.adoptNewSize())
    let seen = watch.finish()
    if let reached = seen.reachedAt {
      dispatch(.filePlayed(file, .watched(day: WatchlistFormat.day(reached))))
    } else if let problem {
      dispatch(.filePlayed(file, .failed(problem)))
    } else if seen.progress.began(pastThreshold: files.threshold) {
      dispatch(.filePlayed(file, .begunPast(threshold: files.threshold)))
    } else {
      dispatch(.filePlayed(file, .stopped(percent: seen.progress.percent, threshold: files.threshold)))
    }
  }

  /// Completes the path typed on the "play a file" line, off the loop's thread.
  private func complete(_ typed: String) {
    let files = files
    let inbox = inbox
    PlainThread.start {
      let (text, matches) = files.complete(typed)
      inbox.send(.pathCompleted(typed: typed, text: text, matches: matches))
    }
  }

  /// The terminal has a new size: the state takes it, and the cell its pixels give (a font size
  /// change moves that, and posters are sized to it when the terminal says no cell of its own).
  private func resized(_ size: Size) {
    dispatch(.resize(size))
    dispatch(.windowMeasured(backend.windowCell))
  }

  private func dispatch(_ action: Action) {
    for effect in Reducer.reduce(&state, action) {
      // The terminal's own effects run here, on the loop's (main) thread; the rest are network work.
      switch effect {
      case .quit: quitting = true
      case .suspend: suspend()
      case .playTrailer(let url): play(url)
      case .playFile(let file): play(file: file)
      case .completePath(let typed): complete(typed)
      case .redraw: backend.redraw()
      case .copy(let text): backend.copyToClipboard(text)
      case .writeTerminal(let bytes): backend.writeGraphics(bytes)
      case .useLightBackground(let light): backend.useLightBackground(light)
      default: runner.perform(effect)
      }
    }
  }

  /// Renders and shows the state, then reports whether the app is idle.
  public func draw() {
    var frame = Renderer.render(state)
    if let layout = frame.document, layout != state.top.layout {
      dispatch(.documentLayout(layout))
      frame = Renderer.render(state)
    }
    backend.draw(frame.screen)
    changesAt = frame.screen.changesAt
    backend.showOverlay(frame.screen.overlay)
    // Last, after any image: a screen reader reads the line under the cursor; else it stays hidden.
    backend.placeCursor(frame.cursor, shown: state.shared.screenReader)
    frameCount += 1
    reportStatus(overlay: frame.screen.overlay)
  }

  private func wait() {
    var timeout: Int32 = state.isBusy ? 100 : Int32(60_000 - Int(now().timeIntervalSince1970 * 1000) % 60_000)
    // The rest of a report is awaited: look again when its time is up; and a notice goes when its
    // time is up, not at the next key.
    for deadline in [backend.inputDeadline, state.shared.currentNotice?.until, changesAt].compactMap(\.self) {
      timeout = min(timeout, Int32(max(1, min(60_000, (deadline.timeIntervalSince(now()) * 1000).rounded(.up)))))
    }
    // A rate limit's wait is counted down on screen: a frame each second until it is over.
    let moment = now()
    if state.shared.retryAt.values.contains(where: { $0 > moment }) { timeout = min(timeout, 1_000) }
    var descriptors = [pollfd(fd: inbox.readDescriptor, events: Int16(POLLIN), revents: 0)]
    if backend.inputDescriptor >= 0 {
      descriptors.append(pollfd(fd: backend.inputDescriptor, events: Int16(POLLIN), revents: 0))
    }
    _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
  }

  /// Writes "pid=P frame=N busy=0|1 inputs=I screen=list|detail:ID|person:ID tab=T rows=R …" for tests that wait on the app
  /// instead of sleeping (`inputs`: keys and mouse events taken so far, not the terminal's replies; `cell`: the
  /// pixels a cell images are sized to, `overlay`: the image drawn over the cells, row,column,columns x rows;
  /// `unsaved`: the library changes on screen whose saves have not answered yet).
  private func reportStatus(overlay: ScreenOverlay?) {
    guard let statusFile else { return }
    let busy = state.isBusy || runner.inFlight > 0
    let screen = state.top.statusName
    let list = state.topList
    // A saved tab's name may hold spaces: none may split the report's fields (each scalar, so a space
    // with a combining mark after it is one too).
    let tab = String(
      String.UnicodeScalarView(state.activeTab.rawValue.unicodeScalars.map { $0.properties.isWhitespace ? "_" : $0 }))
    let thread = trending_is_main_thread() == 1 ? "main" : "other"
    let cell = state.shared.terminal.plan?.cell.map { "\($0.width)x\($0.height)" } ?? "none"
    let shown = overlay.map { "\($0.row),\($0.column),\($0.poster.columns)x\($0.poster.rows)" } ?? "none"
    let text =
      "pid=\(getpid()) frame=\(frameCount) busy=\(busy ? 1 : 0) inputs=\(inputsTaken) screen=\(screen) tab=\(tab) rows=\(list.movies.count) selected=\(list.selection) depth=\(state.stack.count) search=\(state.search == nil ? 0 : 1) thread=\(thread) cell=\(cell) overlay=\(shown) unsaved=\(state.shared.unsaved.count)\n"
    Self.replace(statusFile.path, with: text)
  }

  /// Puts `text` in place of the file at `path` in one rename, so a reader sees the old report or
  /// the new one whole; not synced to disk (a report is read while the app runs, and a sync every
  /// frame held up the library's saves, which share the disk's journal).
  private static func replace(_ path: String, with text: String) {
    let temporary = "\(path).\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    if written == bytes.count { rename(temporary, path) } else { unlink(temporary) }
  }
}
