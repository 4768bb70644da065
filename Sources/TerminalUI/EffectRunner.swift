import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization
import PosterKit
import Synchronization
import TrendingCore

/// Performs effects off the loop's thread and sends their answers back as actions.
///
/// Work runs under its effect's identity: starting work with an identity already running
/// cancels the old work (cancel-in-flight), `Effect.cancel` stops it, and only the current
/// work under an identity may answer.
public final class EffectRunner: Sendable {
  private let client: AmodbClient
  private let images: ImageLoader
  private let posterMode: Mutex<PosterColorMode>
  private let inbox: ActionInbox
  private let running = Atomic<Int>(0)
  private let nextToken = Atomic<UInt64>(0)
  private let tasks = Mutex<[EffectID: (token: UInt64, task: Task<Void, Never>)]>([:])
  /// The last of the work that answers in order (saves of marks).
  private let queued = Mutex<Task<Void, Never>?>(nil)
  /// The library: one connection for the process, on a queue of its own.
  private let library: LibraryService?
  /// What the local reads keep between them, so the read after each mark asks nothing it asked lately.
  private let memory = LocalReads.Memory()
  private let launcher: BrowserLauncher
  private let kittyOutput: Mutex<KittyOutput?>
  /// Whether kitty graphics are wrapped for tmux.
  private let tmux: Bool
  private let pixelOutput = Mutex<PixelOutput?>(nil)
  private let nextImageID = Atomic<Int>(0)

  /// Makes a runner over a client, an image loader, the colour mode posters are drawn in, the
  /// library and the browser.
  public init(
    client: AmodbClient, images: ImageLoader, posterMode: PosterColorMode, inbox: ActionInbox,
    library: LibraryService? = nil, launcher: BrowserLauncher = BrowserLauncher(environment: [:]),
    kitty: KittyOutput? = nil, tmux: Bool = false
  ) {
    kittyOutput = Mutex(kitty)
    self.tmux = tmux
    self.client = client
    self.images = images
    self.posterMode = Mutex(posterMode)
    self.inbox = inbox
    self.library = library
    self.launcher = launcher
  }

  /// Asks the library every `interval` whether another process changed it (SQLite's
  /// `data_version`, which our own saves never move), and says so to the app: what the command line
  /// or another browser does shows within a second, and the app never re-reads its own writes. The
  /// same look checkpoints the library's log, off the saves' path.
  private func watchLibrary(every interval: Duration = .seconds(1)) {
    guard let library else { return }
    Task.detached { [inbox] in
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        if await library.changedElsewhere() { inbox.send(.libraryChanged) }
        await library.checkpoint()
        // The sync folder: this library's changes out, the other devices' in, when either moved.
        if let tick = await library.syncIfDue() { inbox.send(.synced(Self.report(tick))) }
      }
    }
  }

  /// Syncs the library's folder now (`r`).
  private func syncLibrary() {
    guard let library else { return }
    Task.detached { [inbox] in
      if let tick = await library.syncIfDue(force: true) { inbox.send(.synced(Self.report(tick))) }
    }
  }

  /// A sync's outcome as the app hears it.
  static func report(_ tick: SyncTick) -> SyncReport {
    switch tick {
    case .synced(let outcome, let devices):
      return SyncReport(at: Date(), devices: devices, applied: outcome.applied, problems: outcome.problems)
    case .failed(let message):
      return SyncReport(at: Date(), devices: 0, applied: 0, failure: tr("Sync failed: %s", message))
    }
  }

  /// Draws symbol-art posters from now on in the terminal's colours (known once it is set up).
  public func usePosterMode(_ mode: PosterColorMode) {
    posterMode.withLock { $0 = mode }
  }

  /// Draws posters from now on as kitty graphics (after the terminal said it shows them).
  public func useKitty(_ output: KittyOutput) {
    kittyOutput.withLock { $0 = output }
  }

  /// What takes kitty's images out of the terminal's memory when the app ends.
  public var kittyCleanup: String { KittyOutput(mode: posterMode.withLock { $0 }, tmux: tmux).cleanup }

  /// Whether posters are drawn as kitty graphics.
  public var drawsKitty: Bool { kittyOutput.withLock { $0 != nil } }

  /// Draws posters from now on as sixels or iTerm2 images over the cells.
  public func usePixels(_ output: PixelOutput) {
    pixelOutput.withLock { $0 = output }
  }

  /// Whether posters are kitty images placed over the cells (kitty before placeholders).
  public var drawsKittyPixels: Bool { pixelOutput.withLock { $0?.kind == .kitty } }

  /// How many effects are in flight.
  public var inFlight: Int { running.load(ordering: .acquiring) }

  /// Starts an effect; its answer arrives in the inbox.
  public func perform(_ effect: Effect) {
    switch effect {
    case .quit, .suspend, .redraw, .copy, .writeTerminal, .useLightBackground, .playTrailer, .playFile, .completePath:
      return
    case .watchLibrary:
      watchLibrary()
    case .syncLibrary:
      syncLibrary()
    case .loadMarks:
      run(.marks) { [library] in
        // No library: no marks, read (so `m` is not held back for them).
        guard let library else { return .marksLoaded([:], problem: nil) }
        // A library that cannot be opened (damaged, not SQLite) starts the browser without marks, saying why.
        let read = await library.perform { library throws(LibraryError) in
          (try library.annotatedMarks(), library.notice)
        }
        switch read {
        case .success(let (marks, notice)): return .marksLoaded(marks, problem: notice)
        case .failure(let error): return .marksLoaded([:], problem: error.message)
        }
      }
    case .save(let change):
      // Each change is saved after the one before has answered, so the answers arrive in order.
      runInOrder { [library, inbox] in
        guard let library else {
          return .changeSaved(nil, problem: tr("No place for the library: HOME is not set."))
        }
        let saved = await library.perform(writing: true, waiting: { inbox.send(Self.busyNotice) }) {
          library throws(LibraryError) in try LibraryChanges.store(change, in: library)
        }
        switch saved {
        case .success(let after): return .changeSaved(after, problem: nil)
        case .failure(let error):
          let text =
            change.isEpisodes
            ? tr("The episodes were not saved: %s", error.message)
            : tr("Your change was not saved: %s", error.message)
          return .changeSaved(nil, problem: text)
        }
      }
    case .loadEpisodeMarks(let series):
      run(.episodeMarks(series)) { [library] in
        guard let library else { return nil }
        // A library that cannot be read leaves the episodes unmarked (its notice was given at start).
        let read = await library.perform { library throws(LibraryError) in try library.episodeDays(series) }
        return .episodeMarksLoaded(series, (try? read.get()).map { SeenEpisodes(days: $0) })
      }
    case .openURL(let url):
      runDetached { [launcher] in
        switch launcher.open(url) {
        case .success: return nil
        case .failure(let reason): return .notice(reason.message, warning: true)
        }
      }
    case .cancel(let id):
      tasks.withLock { $0.removeValue(forKey: id) }?.task.cancel()
    case .after(let delay, let action, let id):
      run(id) {
        guard (try? await Task.sleep(for: delay)) != nil else { return nil }
        return action
      }
    case .fetchPoster(let request), .fetchPosterAhead(let request):
      let identity = effect.id ?? .poster
      if let kitty = kittyOutput.withLock({ $0 }) {
        let id = nextImageID.add(1, ordering: .relaxed).newValue % KittyGraphics.idCount + 1
        run(identity) { [images] in
          guard case .success(let data) = await images.poster(path: request.path, size: kitty.size(for: request)),
            !Task.isCancelled, let ready = kitty.ready(data, request: request, id: id)
          else { return .posterLoaded(request, nil) }
          return .graphicsReady(request, ready.art, transmit: ready.transmit)
        }
        return
      }
      if let pixels = pixelOutput.withLock({ $0 }) {
        let id = nextImageID.add(1, ordering: .relaxed).newValue % KittyGraphics.idCount + 1
        // Encoding runs here, off the loop's thread.
        run(identity) { [images] in
          guard case .success(let data) = await images.poster(path: request.path, size: pixels.size(for: request)),
            !Task.isCancelled, let ready = pixels.ready(data, request: request, id: id)
          else { return .posterLoaded(request, nil) }
          return .pixelsReady(request, ready.poster, transmit: ready.transmit)
        }
        return
      }
      let posterMode = posterMode.withLock { $0 }
      run(identity) { [images] in
        // Cells are about 6 pixels wide at the sizes chafa needs; ask for no more than that.
        // A 2:3 poster in cells half as wide as tall is about 4:3 in cells; no wider than the box.
        let columns = min(request.columns, request.rows * 4 / 3)
        let size = PosterSize.covering(pixels: columns * 6)
        var art: PosterArt?
        if case .success(let data) = await images.poster(path: request.path, size: size), !Task.isCancelled {
          art = try? PosterPipeline.art(from: data, columns: request.columns, rows: request.rows, mode: posterMode)
        }
        return .posterLoaded(request, art)
      }
    case .fetch(let request, let keptFirst):
      run(.fetch(request)) { [client, waitReporter] in
        .fetched(
          request,
          await client.answer(
            request, keptFirst: keptFirst, forceRefresh: true, onWait: waitReporter(.fetch(request))))
      }
    case .fetchInBackground(let request):
      run(.fetch(request)) { [client] in
        .fetched(request, await client.answer(request, keptFirst: true, background: true))
      }
    case .readLocal(let query):
      run(
        .local(query),
        answering: { [client, library, memory] early in
          await LocalReads.read(query, client: client, library: library, memory: memory) {
            early(.localRead(query, .success($0)))
          }
          .map { .localRead(query, $0) }
        })
    case .drawImages(let plan):
      switch plan {
      case .placeholders(let cell):
        // Placeholders need 256 colours or more: the mode symbol art is drawn in is one of those.
        let mode = posterMode.withLock { $0 }
        useKitty(
          cell.map { KittyOutput(mode: mode, tmux: tmux, cell: ($0.width, $0.height)) }
            ?? KittyOutput(mode: mode, tmux: tmux))
      case .pixels(let kind, let cell):
        usePixels(PixelOutput(kind: kind, cell: cell.map { ($0.width, $0.height) } ?? PixelOutput.assumedCell))
      }
    }
  }

  /// Waits, up to `timeout`, for the work that answers in order (saves of marks) to end, so a
  /// mark made just before quitting is stored; true when it all ended.
  public func finishQueuedWork(timeout: Duration = .seconds(2)) -> Bool {
    guard let last = queued.withLock({ $0 }) else { return true }
    let finished = Atomic(false)
    Task {
      await last.value
      finished.store(true, ordering: .releasing)
    }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !finished.load(ordering: .acquiring), clock.now < deadline { usleep(2_000) }
    return finished.load(ordering: .acquiring)
  }

  /// Runs work once the work queued before it has answered: answers arrive in the order asked.
  private func runInOrder(_ work: @escaping @Sendable () async -> Action?) {
    running.add(1, ordering: .acquiringAndReleasing)
    queued.withLock { last in
      let previous = last
      last = Task { [self] in
        await previous?.value
        if let action = await work() { inbox.send(action) }
        running.subtract(1, ordering: .acquiringAndReleasing)
        inbox.wake()
      }
    }
  }

  /// What the browser says while a save waits for another process's hold on the library.
  static var busyNotice: Action { .libraryBusy }

  /// Runs work that must not cancel other work of its kind (each answer is wanted).
  private func runDetached(_ work: @escaping @Sendable () async -> Action?) {
    running.add(1, ordering: .acquiringAndReleasing)
    Task { [self] in
      if let action = await work() { inbox.send(action) }
      running.subtract(1, ordering: .acquiringAndReleasing)
      inbox.wake()
    }
  }

  /// Reports the rate-limit waits of the work under `id` as actions, to the screen that waits.
  private var waitReporter: @Sendable (EffectID) -> @Sendable (Int) -> Void {
    { [inbox] id in { seconds in inbox.send(.waiting(id, seconds: seconds)) } }
  }

  /// Runs work under an identity, cancelling what ran under it before; only current work answers.
  private func run(_ id: EffectID, _ work: @escaping @Sendable () async -> Action?) {
    run(id, answering: { _ in await work() })
  }

  /// Runs work as `run` does, the work able to answer as it goes before its last answer (Up next's
  /// library rows, then the same with the seasons the network filled in); only current work answers.
  private func run(
    _ id: EffectID, answering work: @escaping @Sendable (_ early: @escaping @Sendable (Action) -> Void) async -> Action?
  ) {
    let token = nextToken.add(1, ordering: .relaxed).newValue
    // Sent under the lock that replacing work takes, so no answer of replaced work follows the
    // answers of the work that replaced it.
    let early: @Sendable (Action) -> Void = { [self] action in
      let cancelled = Task.isCancelled
      tasks.withLock { table in
        if table[id]?.token == token, !cancelled { inbox.send(action) }
      }
    }
    running.add(1, ordering: .acquiringAndReleasing)
    // Start-up's first requests prefer the executor the main thread drains (`AppRunner.askFirst`);
    // the task-local goes with the task to the requests it shares.
    let executor = HeldExecutor.preferred
    // The task is made and recorded under the lock, so even work that ends at once finds itself current.
    let replaced = tasks.withLock { table -> Task<Void, Never>? in
      let task = Task(executorPreference: executor) { [self] in
        let action = await work(early)
        let cancelled = Task.isCancelled
        // The answer is in the inbox before the work stops counting, so the loop never sees an idle
        // moment between them; the wake after makes it report the idle state that follows.
        tasks.withLock { table in
          guard table[id]?.token == token else { return }
          table[id] = nil
          if let action, !cancelled { inbox.send(action) }
        }
        running.subtract(1, ordering: .acquiringAndReleasing)
        inbox.wake()
      }
      defer { table[id] = (token, task) }
      return table[id]?.task
    }
    replaced?.cancel()
  }
}
