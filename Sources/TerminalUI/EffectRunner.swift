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
  /// The library's file; each effect opens its own connection on the thread it runs on.
  private let library: URL?
  /// How long a save keeps trying while another process holds the library.
  private let patience: LibraryPatience
  private let launcher: BrowserLauncher
  private let kittyOutput: Mutex<KittyOutput?>
  /// Whether kitty graphics are wrapped for tmux.
  private let tmux: Bool
  private let pixelOutput = Mutex<PixelOutput?>(nil)
  private let nextImageID = Atomic<Int>(0)

  /// Makes a runner over a client, an image loader, the colour mode posters are drawn in, the
  /// library's file and the browser.
  public init(
    client: AmodbClient, images: ImageLoader, posterMode: PosterColorMode, inbox: ActionInbox,
    library: URL? = nil, launcher: BrowserLauncher = BrowserLauncher(environment: [:]),
    kitty: KittyOutput? = nil, tmux: Bool = false, patience: LibraryPatience = LibraryPatience()
  ) {
    self.patience = patience
    kittyOutput = Mutex(kitty)
    self.tmux = tmux
    self.client = client
    self.images = images
    self.posterMode = Mutex(posterMode)
    self.inbox = inbox
    self.library = library
    self.launcher = launcher
  }

  /// Watches the library's file (and its write-ahead log) every `interval`, and says so to the app
  /// when either changes: what the command line does while the browser runs shows within a second.
  private func watchLibrary(every interval: Duration = .seconds(1)) {
    guard let library else { return }
    let paths = [library.path, library.path + "-wal"]
    Task.detached { [inbox] in
      var last = Self.stamp(paths)
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        let now = Self.stamp(paths)
        if now != last { inbox.send(.libraryChanged) }
        last = now
      }
    }
  }

  /// The files' sizes and modification times, as one value that changes when any of them does
  /// (`stat` itself: FileManager's attributes cost a tenth of a millisecond each at start-up).
  private static func stamp(_ paths: [String]) -> [[Int]] {
    paths.map { path in
      var status = stat()
      guard stat(path, &status) == 0 else { return [] }
      return [Int(status.st_size), status.st_mtim.tv_sec, status.st_mtim.tv_nsec, Int(status.st_ino)]
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
    case .quit, .suspend, .redraw, .copy, .writeTerminal, .useLightBackground, .playTrailer:
      return
    case .watchLibrary:
      watchLibrary()
    case .loadMarks:
      run(.marks) { [library] in
        guard let library else { return nil }
        // A library that cannot be opened (damaged, not SQLite) starts the browser without marks, saying why.
        switch LibraryMarks.load(library) {
        case .success(let loaded): return .marksLoaded(loaded.marks, problem: loaded.notice)
        case .failure(let error): return .marksLoaded([:], problem: error.message)
        }
      }
    case .saveMark(let change):
      // Each change is saved after the one before has answered, so the answers arrive in order.
      runInOrder { [library, patience, inbox] in
        guard let library else { return .markSaved(nil, problem: tr("No place for the library: HOME is not set.")) }
        let saved = await patience.keepTrying({ inbox.send(Self.busyNotice) }) {
          LibraryMarks.save(change, in: library, patience: patience)
        }
        switch saved {
        case .success(let written): return .markSaved(written.marks, problem: written.notice)
        case .failure(let error): return .markSaved(nil, problem: tr("Your change was not saved: %s", error.message))
        }
      }
    case .loadEpisodeMarks(let series):
      run(.episodeMarks(series)) { [library] in
        guard let library else { return nil }
        // A library that cannot be read leaves the episodes unmarked (its notice was given at start).
        return .episodeMarksLoaded(series, try? LibraryEpisodes.load(series, library).get())
      }
    case .saveEpisodeMarks(let change):
      runInOrder { [library, patience, inbox] in
        let series = change.series.id
        guard let library else {
          return .episodeMarksSaved(series, nil, problem: tr("No place for the library: HOME is not set."))
        }
        let saved = await patience.keepTrying({ inbox.send(Self.busyNotice) }) {
          LibraryEpisodes.save(change, in: library, patience: patience)
        }
        switch saved {
        case .success(let seen): return .episodeMarksSaved(series, seen, problem: nil)
        case .failure(let error):
          return .episodeMarksSaved(series, nil, problem: tr("The episodes were not saved: %s", error.message))
        }
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
    case .fetchPoster(let request):
      if let kitty = kittyOutput.withLock({ $0 }) {
        let id = nextImageID.add(1, ordering: .relaxed).newValue % KittyGraphics.idCount + 1
        run(.poster) { [images] in
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
        run(.poster) { [images] in
          guard case .success(let data) = await images.poster(path: request.path, size: pixels.size(for: request)),
            !Task.isCancelled, let ready = pixels.ready(data, request: request, id: id)
          else { return .posterLoaded(request, nil) }
          return .pixelsReady(request, ready.poster, transmit: ready.transmit)
        }
        return
      }
      let posterMode = posterMode.withLock { $0 }
      run(.poster) { [images] in
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
    case .readLocal(.watchlist):
      run(.local(.watchlist)) { [client, library] in
        .localRead(.watchlist, await Self.readWatchlist(client: client, library).map(LocalAnswer.watchlist))
      }
    case .readLocal(.list(let name)):
      run(.local(.list(name))) { [library] in
        .localRead(.list(name), LibraryLists.read(name, library).map(LocalAnswer.list))
      }
    case .readLocal(.upNext):
      run(.local(.upNext)) { [client, library] in
        .localRead(.upNext, await LibraryUpNext.read(client: client, library).map(LocalAnswer.upNext))
      }
    case .readLocal(.forYou):
      run(.local(.forYou)) { [client, library] in
        let found = await LibraryForYou.read(client: client, library)
        return .localRead(.forYou, found.map { LocalAnswer.forYou(ForYou.page($0.ranked)) })
      }
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

  /// The library's marks, and what the cached details say of the films on it (poster, score), so
  /// the tab opens offline; the reducer makes the page.
  private static func readWatchlist(
    client: AmodbClient, _ library: URL?
  ) async -> Result<WatchlistSnapshot, AmodbError> {
    var stored: [MediaID: Mark] = [:]
    if let library {
      switch LibraryMarks.load(library) {
      case .success(let loaded): stored = loaded.marks
      // A library that cannot be read is an error on the tab, never an empty watchlist.
      case .failure(let error): return .failure(.library(message: error.message))
      }
    }
    var known: [MediaID: MediaSummary] = [:]
    let language = client.configuration.language
    // The library keeps what a list showed of each title (poster, score, genres): the disk cache is
    // read only for titles it knows nothing of, so a long watchlist opens without a lookup a title.
    for mark in stored.values where mark.onWatchlist && mark.summary == nil {
      switch mark.kind {
      case .series:
        guard let details = await client.cached(SeriesRequest(id: mark.id, language: language))?.value else { continue }
        known[mark.media] = details.summary
      case .film, .person:
        guard let details = await client.cached(MovieDetailsRequest(id: mark.id, language: language))?.value else {
          continue
        }
        known[mark.media] = MediaSummary(
          id: mark.id, title: details.title, originalTitle: details.originalTitle, releaseDate: details.releaseDate,
          posterPath: details.posterPath, voteAverage: details.voteAverage, voteCount: details.voteCount,
          overview: details.overview)
      }
    }
    return .success(WatchlistSnapshot(marks: stored, known: known))
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
  static var busyNotice: Action {
    .notice(
      tr("The library is busy elsewhere: your change is kept and will be saved."),
      warning: true)
  }

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
    let token = nextToken.add(1, ordering: .relaxed).newValue
    running.add(1, ordering: .acquiringAndReleasing)
    // Start-up's first requests prefer the executor the main thread drains (`AppRunner.askFirst`);
    // the task-local goes with the task to the requests it shares.
    let executor = HeldExecutor.preferred
    // The task is made and recorded under the lock, so even work that ends at once finds itself current.
    let replaced = tasks.withLock { table -> Task<Void, Never>? in
      let task = Task(executorPreference: executor) { [self] in
        let action = await work()
        let current = tasks.withLock { table -> Bool in
          guard table[id]?.token == token else { return false }
          table[id] = nil
          return true
        }
        // The answer is in the inbox before the work stops counting, so the loop never sees an idle
        // moment between them; the wake after makes it report the idle state that follows.
        if let action, current, !Task.isCancelled { inbox.send(action) }
        running.subtract(1, ordering: .acquiringAndReleasing)
        inbox.wake()
      }
      defer { table[id] = (token, task) }
      return table[id]?.task
    }
    replaced?.cancel()
  }
}
