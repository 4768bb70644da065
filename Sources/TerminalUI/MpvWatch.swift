import AmodbKit
import FoundationEssentials
import Glibc
import Localization
import TrendingCore

/// Watches one mpv through its JSON IPC socket while it plays: the socket is made in a private
/// folder (in `$XDG_RUNTIME_DIR`, else the temporary folder; mode 0700, the socket 0600), a thread
/// of its own waits for mpv to make it (inotify, no polling), asks for `time-pos` and `duration`
/// (`observe_property`) and folds mpv's events into a `PlaybackProgress`. `reached` is called once,
/// on that thread, when the progress first counts as watched.
public final class MpvWatch: Sendable {
  /// Why a watch could not be set up.
  public struct Failure: Error, Equatable, Sendable {
    /// What went wrong, for a message.
    public var message: String
  }

  /// What the watch saw: the progress, and when it first counted as watched.
  public struct Outcome: Equatable, Sendable {
    /// How far the file was played.
    public var progress: PlaybackProgress
    /// When it first counted as watched; nil when it never did.
    public var reachedAt: Date?
  }

  /// The socket mpv is told to make (`--input-ipc-server=`).
  public let socket: String
  /// The private folder the socket is made in.
  private let folder: String
  /// The descriptors the reading thread waits on.
  private let descriptors: Descriptors
  /// What the reading thread saw, given when it ends.
  private let outcome: Handoff<Outcome>

  /// The longest a socket's path may be (`sockaddr_un`'s 108 bytes, with its terminating zero).
  static let longestSocketPath = 107

  /// Makes the private folder and starts waiting for mpv's socket in it; `threshold` is the
  /// `watched-at` percentage.
  public static func start(
    environment: [String: String], threshold: Int, reached: @escaping @Sendable (PlaybackProgress, Date) -> Void
  ) -> Result<MpvWatch, Failure> {
    guard let folder = privateFolder(environment) else {
      return .failure(Failure(message: tr("no private folder for mpv's socket: %s", String(cString: strerror(errno)))))
    }
    let socket = folder + "/mpv.sock"
    let notify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    var wake: [Int32] = [-1, -1]
    guard notify >= 0, inotify_add_watch(notify, folder, UInt32(IN_CREATE)) >= 0, pipe(&wake) == 0 else {
      let reason = String(cString: strerror(errno))
      if notify >= 0 { close(notify) }
      rmdir(folder)
      return .failure(Failure(message: tr("could not watch for mpv's socket: %s", reason)))
    }
    // Nothing of ours goes to the player.
    for descriptor in wake { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    let descriptors = Descriptors(notify: notify, wakeRead: wake[0], wakeWrite: wake[1])
    let outcome = Handoff<Outcome>.making {
      Reader(socket: socket, descriptors: descriptors, threshold: threshold, reached: reached).run()
    }
    return .success(MpvWatch(socket: socket, folder: folder, descriptors: descriptors, outcome: outcome))
  }

  private init(socket: String, folder: String, descriptors: Descriptors, outcome: Handoff<Outcome>) {
    self.socket = socket
    self.folder = folder
    self.descriptors = descriptors
    self.outcome = outcome
  }

  /// Once the player has exited: the reading thread reads what mpv wrote last and ends (or stops
  /// waiting for a socket mpv never made); its outcome is returned and the folder removed.
  public func finish() -> Outcome {
    var byte: UInt8 = 1
    _ = write(descriptors.wakeWrite, &byte, 1)
    let seen = outcome.take()
    for descriptor in [descriptors.notify, descriptors.wakeRead, descriptors.wakeWrite] { close(descriptor) }
    unlink(socket)
    rmdir(folder)
    return seen
  }

  /// A new folder of mode 0700 for the socket: in `$XDG_RUNTIME_DIR` when it is an absolute path
  /// to a folder of ours that only we can enter (as the XDG spec has it), else in `$TMPDIR` or `/tmp`.
  static func privateFolder(_ environment: [String: String]) -> String? {
    var places: [String] = []
    if let runtime = environment["XDG_RUNTIME_DIR"], isPrivateFolder(runtime) { places.append(runtime) }
    if let temporary = environment["TMPDIR"], temporary.hasPrefix("/") { places.append(temporary) }
    places.append("/tmp")
    for place in places {
      let base = place.hasSuffix("/") ? String(place.dropLast()) : place
      // The socket's whole path must fit a socket address.
      guard base.utf8.count + "/trending-mpv-XXXXXX/mpv.sock".utf8.count <= longestSocketPath else { continue }
      var template = Array((base + "/trending-mpv-XXXXXX").utf8CString)
      let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
        guard let start = buffer.baseAddress, mkdtemp(start) != nil else { return nil }
        return String(cString: start)
      }
      if let made { return made }
    }
    return nil
  }

  /// Whether `path` is an absolute path to a real folder owned by us that no one else may enter.
  static func isPrivateFolder(_ path: String) -> Bool {
    guard path.hasPrefix("/") else { return false }
    var status = stat()
    guard lstat(path, &status) == 0 else { return false }
    return status.st_mode & S_IFMT == S_IFDIR && status.st_uid == getuid() && status.st_mode & 0o077 == 0
  }
}

/// The descriptors a watch's thread waits on: inotify on the folder, and the pipe that says the
/// player has exited.
struct Descriptors: Sendable {
  /// inotify, watching the folder for the socket.
  let notify: Int32
  /// Readable once the player has exited.
  let wakeRead: Int32
  /// Written once by `finish`.
  let wakeWrite: Int32
}

/// The watch's thread: connects to mpv's socket once it is there, asks for the properties, and
/// reads events until mpv closes the socket (or, once the player has exited, until nothing more comes).
private struct Reader {
  let socket: String
  let descriptors: Descriptors
  let threshold: Int
  let reached: @Sendable (PlaybackProgress, Date) -> Void

  /// How long the last of mpv's words are waited for once the player has exited, in milliseconds.
  static let lastWords: Int32 = 500

  /// Reads to the end; the outcome.
  func run() -> MpvWatch.Outcome {
    var outcome = MpvWatch.Outcome(progress: PlaybackProgress(), reachedAt: nil)
    guard let connection = connect() else { return outcome }
    defer { close(connection) }
    guard send(MpvEvent.observeCommands, to: connection) else { return outcome }
    var lines = LineBuffer()
    var exited = false
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      var waits = [pollfd(fd: connection, events: Int16(POLLIN), revents: 0)]
      if !exited { waits.append(pollfd(fd: descriptors.wakeRead, events: Int16(POLLIN), revents: 0)) }
      let ready = poll(&waits, nfds_t(waits.count), exited ? Self.lastWords : -1)
      if ready < 0, errno == EINTR { continue }
      if ready <= 0 { break }
      if waits.count > 1, waits[1].revents != 0 { exited = true }
      guard waits[0].revents != 0 else { continue }
      let count = read(connection, &chunk, chunk.count)
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      if count <= 0 { break }
      for line in lines.take(chunk[..<count]) {
        outcome.progress.take(MpvEvent(line: line))
        if outcome.reachedAt == nil, outcome.progress.isWatched(threshold: threshold) {
          let now = Date()
          outcome.reachedAt = now
          reached(outcome.progress, now)
        }
      }
    }
    return outcome
  }

  /// A connection to mpv's socket once mpv has made it, or nil when the player exited first.
  private func connect() -> Int32? {
    while true {
      let connection = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard connection >= 0 else { return nil }
      if Self.connect(connection, to: socket) == 0 {
        // mpv makes it 0600 itself; an older one may not.
        chmod(socket, 0o600)
        return connection
      }
      let failure = errno
      close(connection)
      switch failure {
      case ENOENT:
        // Not made yet: inotify says when a name appears in the folder.
        guard wait(for: descriptors.notify, milliseconds: -1) else { return nil }
        var events = [UInt8](repeating: 0, count: 4096)
        _ = read(descriptors.notify, &events, events.count)
      case ECONNREFUSED:
        // Bound but not yet listening: a moment, unless the player has exited.
        guard wait(for: -1, milliseconds: 10) else { return nil }
      default:
        return nil
      }
    }
  }

  /// Waits for `descriptor` to be readable (none: -1) or the time to pass, whichever comes first;
  /// false when the player exited meanwhile.
  private func wait(for descriptor: Int32, milliseconds: Int32) -> Bool {
    var waits = [pollfd(fd: descriptors.wakeRead, events: Int16(POLLIN), revents: 0)]
    if descriptor >= 0 { waits.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
    while true {
      let ready = poll(&waits, nfds_t(waits.count), milliseconds)
      if ready < 0, errno == EINTR { continue }
      return waits[0].revents == 0
    }
  }

  /// Connects a socket to a path.
  private static func connect(_ descriptor: Int32, to path: String) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      errno = ENAMETOOLONG
      return -1
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }

  /// Writes all of `text`; false when the socket failed.
  private func send(_ text: String, to descriptor: Int32) -> Bool {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { raw in
        Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }
}

/// Bytes read from a socket, cut into lines; a line longer than mpv's longest is dropped whole.
struct LineBuffer {
  private var pending: [UInt8] = []
  private var skipping = false

  /// The whole lines `bytes` completes, without their newlines.
  mutating func take(_ bytes: ArraySlice<UInt8>) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var rest = bytes
    while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
      if !skipping { lines.append(pending + rest[rest.startIndex..<newline]) }
      pending.removeAll(keepingCapacity: true)
      skipping = false
      rest = rest[(newline + 1)...]
    }
    if !skipping { pending += rest }
    if pending.count > MpvEvent.longestLine {
      pending.removeAll()
      skipping = true
    }
    return lines
  }
}
