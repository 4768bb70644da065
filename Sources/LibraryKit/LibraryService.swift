import AmodbKit
import Dispatch
import FoundationEssentials
import Glibc
import Localization
import Synchronization

/// The library of one process: one connection, opened once and kept, used on a thread of its own,
/// so SQLite's blocking calls never hold a thread of Swift's pool (which network answers need), and
/// never wait for one either (a dispatch queue's work runs on the same pool of threads).
///
/// Every read and write of the browser goes through `perform`; the command line, one thread doing
/// one thing, through `sync`. The service also tells another process's changes from its own
/// (`changedElsewhere`): SQLite's `data_version` moves only for commits of other connections.
public final class LibraryService: Sendable {
  /// The file.
  public let path: URL
  /// How long a write waits for another process's write before it is tried again (or fails) as busy.
  public let patience: LibraryPatience
  private let thread: WorkThread
  private let state: ConnectionState

  /// A service for the library at `path`; the file is opened by the first use, not here.
  /// `syncFolder` (`set sync-folder`) is the folder a library not yet a member joins on its first sync.
  /// With `absence`, only a write makes a file that is not there: reads before it fail with `absence`
  /// (a profile's name misspelt makes no library by being browsed).
  public init(
    path: URL, patience: LibraryPatience = LibraryPatience(), syncFolder: String? = nil, absence: LibraryError? = nil
  ) {
    self.path = path
    self.patience = patience
    thread = WorkThread()
    state = ConnectionState(syncFolder: syncFolder, absence: absence)
  }

  deinit { thread.stop() }

  /// Closes the connection now, once the jobs given before have run (the next use opens it again).
  public func close() {
    thread.sync { _ = state.close() }
  }

  /// Runs `body` with the library on the service's thread, opening the file first if need be; while
  /// another process holds the library, tries again after a pause (`patience`), calling `waiting`
  /// now and then so the user hears that the change is kept.
  /// A `writing` body makes the file when it is not there.
  public func perform<T: Sendable>(
    writing: Bool = false, waiting: @escaping @Sendable () -> Void = {},
    _ body: @escaping @Sendable (Library) throws(LibraryError) -> T
  ) async -> Result<T, LibraryError> {
    await patience.keepTrying(waiting) { await self.once(writing: writing, body) }
  }

  /// Runs `body` with the library on the calling thread's turn of the thread (for the command line,
  /// which does one thing at a time); waits as long as `Library.busyMilliseconds` for another writer.
  public func sync<T>(_ body: (Library) throws(LibraryError) -> T) -> Result<T, LibraryError> {
    thread.sync { state.run(path, busyMilliseconds: Library.busyMilliseconds, writing: true, body) }
  }

  /// Whether another process changed the library since the last call (or since it was opened);
  /// this process's own writes never count. A file replaced under the connection (its inode changed)
  /// counts, and is opened anew by the next use.
  public func changedElsewhere() async -> Bool {
    await withCheckedContinuation { continuation in
      thread.async { [state, path] in continuation.resume(returning: state.changedElsewhere(path)) }
    }
  }

  /// Moves the pages the write-ahead log holds into the file, as far as no reader still needs them,
  /// never waiting for a lock: the browser's once-a-second look does it behind the screen, and from
  /// the first call the connection's own checkpoints wait for a log ten times as long, so a save
  /// seldom pays for the pages of the saves before it (a burst of marks once did, 15 ms in one).
  public func checkpoint() async {
    await withCheckedContinuation { continuation in
      thread.async { [state] in
        state.checkpoint()
        continuation.resume()
      }
    }
  }

  /// Syncs the library's folder when there is something to do (this library's new changes, or the
  /// other devices' files moved since the last look), or always when `force`; nil when there was
  /// nothing to do or the library does not sync. A failure is told once, not every second.
  public func syncIfDue(force: Bool = false, now: @escaping @Sendable () -> Date = { Date() }) async -> SyncTick? {
    await withCheckedContinuation { continuation in
      thread.async { [state, path, patience] in
        continuation.resume(
          returning: state.syncIfDue(path, busyMilliseconds: patience.busyMilliseconds, force: force, now: now()))
      }
    }
  }

  /// One try of `body`, on the thread.
  private func once<T: Sendable>(
    writing: Bool, _ body: @escaping @Sendable (Library) throws(LibraryError) -> T
  ) async -> Result<T, LibraryError> {
    await withCheckedContinuation { continuation in
      thread.async { [state, path, patience] in
        continuation.resume(
          returning: state.run(path, busyMilliseconds: patience.busyMilliseconds, writing: writing, body))
      }
    }
  }
}

/// The service's connection and what it last read of the file, touched only on the service's thread.
private final class ConnectionState: @unchecked Sendable {
  private var library: Library?
  /// `PRAGMA data_version` when last asked: it moves when another connection commits.
  private var dataVersion: Int?
  /// The file's device and inode when it was opened.
  private var identity: [Int]?
  /// Whether a use found the file replaced before the once-a-second look did: the look tells it.
  private var replacedUnseen = false

  /// `body` with the open library, or why it could not be opened or run.
  func run<T>(
    _ path: URL, busyMilliseconds: Int32, writing: Bool, _ body: (Library) throws(LibraryError) -> T
  ) -> Result<T, LibraryError> {
    switch opened(path, busyMilliseconds: busyMilliseconds, writing: writing) {
    case .failure(let error): return .failure(error)
    case .success(let library):
      do throws(LibraryError) {
        return .success(try body(library))
      } catch {
        return .failure(error)
      }
    }
  }

  /// The open library, opened now when it is not (a failure is not kept: the next use tries again);
  /// with an `absence`, a file not there is made only `writing`.
  private func opened(_ path: URL, busyMilliseconds: Int32, writing: Bool = false) -> Result<Library, LibraryError> {
    if let library {
      // A file moved or replaced since the last use (before the once-a-second look saw it): a
      // change goes into the file at the path, never into the one moved away; the look tells it.
      guard Self.identity(of: path) != identity else { return .success(library) }
      guard close(moved: true) else {
        return .failure(
          LibraryError(
            .busy,
            tr(
              "%s was replaced while another process still read the one before",
              TextSanitizer.clean(path.path, limit: 300))))
      }
      replacedUnseen = true
      Self.awaitReplacement(path)
    }
    if let absence, !writing, access(path.path, F_OK) != 0 {
      awaitedFile = true
      return .failure(absence)
    }
    do {
      let library = try Library(path: path, busyMilliseconds: busyMilliseconds)
      self.library = library
      dataVersion = try? library.dataVersion()
      identity = Self.identity(of: library.path)
      return .success(library)
    } catch {
      return .failure(error)
    }
  }

  /// What the sync folder's other devices held at the last sync, and the last failure told.
  private var lastListing: [String]?
  private var lastFailure: String?

  /// The folder a library not yet a member joins on its first sync (`set sync-folder`).
  private let syncFolder: String?

  /// What reads say while the file is not there, when only a write may make it.
  private let absence: LibraryError?
  /// Whether a read found no file: another process making it is a change from elsewhere.
  private var awaitedFile = false

  init(syncFolder: String? = nil, absence: LibraryError? = nil) {
    self.syncFolder = syncFolder
    self.absence = absence
  }

  /// `LibraryService.syncIfDue` on the service's thread.
  func syncIfDue(_ path: URL, busyMilliseconds: Int32, force: Bool, now: Date) -> SyncTick? {
    guard case .success(let library) = opened(path, busyMilliseconds: busyMilliseconds) else { return nil }
    if let syncFolder, (try? library.syncFolder()) == .some(nil) {
      // Tried every look (a stick may be plugged in later); a failure is told once.
      do {
        let outcome = try library.joinSync(folder: syncFolder, name: nil, now: now)
        lastListing = (try? library.syncDue())?.listing
        lastFailure = nil
        return .synced(outcome, devices: Self.devices(library))
      } catch {
        guard error.message != lastFailure else { return nil }
        lastFailure = error.message
        return .failed(error.message)
      }
    }
    guard let due = try? library.syncDue() else { return nil }
    guard force || due.localChanges || due.listing != lastListing else { return nil }
    do {
      let outcome = try library.sync(now: now)
      lastListing = due.listing
      lastFailure = nil
      return .synced(outcome, devices: Self.devices(library))
    } catch {
      // Busy elsewhere: the next look tries again, quietly.
      guard error.kind != .busy, error.message != lastFailure else { return nil }
      lastFailure = error.message
      return .failed(error.message)
    }
  }

  /// The devices of the library's folder it still reads, itself included.
  private static func devices(_ library: Library) -> Int {
    // Not `syncStatus()`: that counts every row this device stamped, and this runs after every sync.
    (try? library.syncDeviceCount()) ?? 1
  }

  /// Whether the connection leaves checkpoints to `checkpoint`.
  private var checkpointsBehind = false

  /// `LibraryService.checkpoint` on the service's thread; nothing before the file is open.
  func checkpoint() {
    guard let library, !library.isReadOnly else { return }
    if !checkpointsBehind {
      checkpointsBehind = (try? library.checkpointBehind()) != nil
    }
    try? library.checkpoint()
  }

  /// Whether another process committed (or the file was replaced) since the last look.
  func changedElsewhere(_ path: URL) -> Bool {
    if replacedUnseen {
      replacedUnseen = false
      return true
    }
    guard let library else {
      guard awaitedFile, access(path.path, F_OK) == 0 else { return false }
      awaitedFile = false
      return true
    }
    if Self.identity(of: path) != identity {
      // Not emptied (another process still reads the file moved away): the next use tries again.
      _ = close(moved: true)
      return true
    }
    guard let version = try? library.dataVersion() else { return false }
    defer { dataVersion = version }
    return dataVersion.map { $0 != version } ?? false
  }

  /// Closes the connection; false, leaving it open, when its log could not be emptied. `moved`:
  /// its file is no longer the one at the path, so what the log holds is moved into that file first
  /// and the log left empty: SQLite does not do it on closing a file moved away, and the log's
  /// pages would be read into the next file opened at the path (which holds as long as no other
  /// process opened that file first: a restore is made with the browser closed).
  @discardableResult
  func close(moved: Bool = false) -> Bool {
    if moved, let library, !library.isReadOnly, (try? library.checkpointEmptyingLog()) == false { return false }
    library = nil
    checkpointsBehind = false
    dataVersion = nil
    identity = nil
    return true
  }

  /// A file put in place by a sync tool or a restore can be missing for a moment (taken away,
  /// then renamed there): waited for up to a second before a new library would be made there.
  private static func awaitReplacement(_ path: URL) {
    for _ in 0..<20 where access(path.path, F_OK) != 0 { usleep(50_000) }
  }

  /// The file's device and inode, empty when it is missing.
  private static func identity(of path: URL) -> [Int] {
    var status = stat()
    guard stat(path.path, &status) == 0 else { return [] }
    return [Int(status.st_dev), Int(status.st_ino)]
  }
}

/// How long the browser keeps trying a library call while another process holds the library: short
/// waits on the lock with pauses between them, and a change is given up (and said so) only after all.
public struct LibraryPatience: Sendable {
  /// How long one try waits for another process's write, in milliseconds.
  public var busyMilliseconds: Int32
  /// The pause between tries, with no thread held.
  public var pause: Duration
  /// How many tries, the first included.
  public var tries: Int

  /// Half a second's wait and a second's pause, 240 times: six minutes of another process's lock.
  public init(busyMilliseconds: Int32 = 500, pause: Duration = .seconds(1), tries: Int = 240) {
    self.busyMilliseconds = busyMilliseconds
    self.pause = pause
    self.tries = max(tries, 1)
  }

  /// Runs `call` again while the library is busy, saying through `say` that the change is kept
  /// (on the first wait and every fifth after, so the notice stays on screen while it waits).
  func keepTrying<T>(
    _ say: () -> Void, _ call: () async -> Result<T, LibraryError>
  ) async -> Result<T, LibraryError> {
    var result = await call()
    var tried = 1
    while case .failure(let error) = result, error.kind == .busy, tried < tries, !Task.isCancelled {
      if tried % 5 == 1 { say() }
      try? await Task.sleep(for: pause)
      result = await call()
      tried += 1
    }
    return result
  }
}

/// A serial executor of blocking work: one plain thread of its own (`PlainThread`, outside the
/// pool Swift's tasks and dispatch queues share), started by the first job and ended by `stop`.
final class WorkThread: Sendable {
  /// What the thread is given.
  private enum Job {
    case run(@Sendable () -> Void)
    case stop
  }

  private let jobs = Mutex<[Job]>([])
  private let waiting = DispatchSemaphore(value: 0)
  /// nil before the first job; then whether a thread could be made.
  private let started = Mutex<Bool?>(nil)

  /// Runs `work` on the thread after the jobs given before it (where it is given, when no thread
  /// could be made).
  func async(_ work: @escaping @Sendable () -> Void) {
    let threaded = started.withLock { state -> Bool in
      if state == nil { state = PlainThread.start { [self] in loop() } }
      return state ?? false
    }
    guard threaded else { return work() }
    jobs.withLock { $0.append(.run(work)) }
    waiting.signal()
  }

  /// Runs `work` on the thread after the jobs given before it, and waits for what it returns.
  func sync<T>(_ work: () -> T) -> T {
    withoutActuallyEscaping(work) { work in
      let box = SyncBox(work)
      let done = DispatchSemaphore(value: 0)
      async {
        box.run()
        done.signal()
      }
      done.wait()
      guard let result = box.result else { preconditionFailure("a job ended without its result") }
      return result
    }
  }

  /// Ends the thread once the jobs given before have run.
  func stop() {
    guard started.withLock({ $0 }) == true else { return }
    jobs.withLock { $0.append(.stop) }
    waiting.signal()
  }

  /// The thread's life: each job in turn, until `stop`.
  private func loop() {
    while true {
      waiting.wait()
      switch jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      case .run(let work)?: work()
      case .stop?: return
      case nil: continue
      }
    }
  }
}

/// A job of `WorkThread.sync` and its result, handed to the thread while the caller waits.
private final class SyncBox<T>: @unchecked Sendable {
  /// The job, let go as soon as it has run: it is the caller's closure, which must not outlive the
  /// caller's wait (`withoutActuallyEscaping` checks), while the thread may still hold this box.
  private var work: (() -> T)?
  /// Set by `run`, read after the caller's wait.
  var result: T?

  init(_ work: @escaping () -> T) { self.work = work }

  /// Runs the job and lets go of it.
  func run() {
    result = work?()
    work = nil
  }
}

/// What one sync of the browser came to.
public enum SyncTick: Sendable, Equatable {
  /// It ran: what it did, and the devices of the folder (this one included).
  case synced(SyncOutcome, devices: Int)
  /// It could not run, and why.
  case failed(String)
}
