import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// What kind of answer a cache entry holds; posters are evicted first.
public enum CacheKind: String, Sendable, CaseIterable {
  case list, details, person, poster
}

/// One answer read back from disk, with when it was fetched.
public struct CachedEntry: Sendable, Equatable {
  /// The body as the server sent it.
  public var body: Data
  /// When the network answered.
  public var fetchedAt: Date
}

/// What `clear` did: entries removed, entries it could not remove, and files it left alone.
public struct CacheClearReport: Sendable, Equatable {
  /// How many entries were removed.
  public var removed = 0
  /// The names of entries that could not be removed, with the reason.
  public var failed: [String] = []
  /// How many files in the directory are not cache entries and were left alone.
  public var leftAlone = 0
}

/// A cache of answers on disk: one file per answer, written atomically, private to the user,
/// bounded in size with least-recently-used eviction (posters first). Entries hold URLs and
/// bodies only; the key is never written.
///
/// The cache only ever touches its own entries: regular files owned by the user whose names
/// it made. Anything else in the directory (notes, links, other programs' files) is left alone.
public final class DiskCache: Sendable {
  /// The directory the entries live in.
  public let directory: URL
  /// The most bytes kept.
  public let limit: Int
  private let now: @Sendable () -> Date

  /// The earliest believable fetch time (2000-01-01); an entry dated before it is stale.
  static let earliestFetch: TimeInterval = 946_684_800
  /// How far ahead of the clock an entry may be dated before it is treated as stale.
  static let clockSkew: TimeInterval = 86_400
  /// The longest header line read.
  static let headerLimit = 4_096

  /// The default directory: `$XDG_CACHE_HOME/trending`, else `$HOME/.cache/trending`, else the
  /// account's home directory; nil when none of them is an absolute path.
  ///
  /// As the XDG spec says, a relative or empty `XDG_CACHE_HOME` is ignored; so is `/` (a cache
  /// is never made at the top of the file system).
  public static func defaultDirectory(environment: [String: String]) -> URL? {
    XDG.directory(.cache, environment: environment)
  }

  /// Opens a cache directory; nothing is created or changed until the first write.
  public init(directory: URL, limit: Int = 64_000_000, now: @escaping @Sendable () -> Date = Date.init) {
    self.directory = directory
    self.limit = limit
    self.now = now
  }

  /// The largest entry written or read: a quarter of the cache, plus its header.
  public var largestEntry: Int { limit / 4 + Self.headerLimit }

  /// The entry for `key`, or nil when absent, unreadable, or not what it claims (then it is removed).
  ///
  /// A file that is not a regular file of ours, or is larger than any entry the cache writes,
  /// is never read. An entry dated before 2000 or more than a day ahead comes back as stale.
  public func read(_ key: String, kind: CacheKind) -> CachedEntry? {
    let path = url(for: key, kind: kind).path
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, Self.isOurs(status) else { return nil }
    guard status.st_size <= largestEntry, let data = Self.readAll(descriptor, count: Int(status.st_size)),
      let entry = Self.decode(data, key: key, now: now())
    else {
      unlink(path)
      return nil
    }
    // Reading counts as use for least-recently-used eviction.
    futimens(descriptor, nil)
    return entry
  }

  /// Stores an answer atomically (a private temporary file renamed into place), then trims the cache.
  public func write(_ key: String, kind: CacheKind, body: Data, fetchedAt: Date) {
    guard body.count <= limit / 4, makeDirectory() else { return }
    let header = Header(key: key, fetchedAt: fetchedAt.timeIntervalSince1970, length: body.count)
    guard var data = try? JSONEncoder().encode(header), data.count < Self.headerLimit else { return }
    data.append(0x0A)
    data.append(body)
    let file = url(for: key, kind: kind)
    let temporary = directory.appendingPathComponent(
      "\(Self.temporaryPrefix)\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let written = data.withUnsafeBytes { raw in Glibc.write(descriptor, raw.baseAddress, raw.count) }
    close(descriptor)
    guard written == data.count, rename(temporary.path, file.path) == 0 else {
      unlink(temporary.path)
      return
    }
    trim()
  }

  /// Removes one entry.
  public func remove(_ key: String, kind: CacheKind) {
    let name = url(for: key, kind: kind).lastPathComponent
    if entry(named: name) != nil { unlink(directory.appendingPathComponent(name).path) }
  }

  /// Every entry's count and size by kind, the total size, and how many other files there are.
  public func info() -> (entries: [CacheKind: (count: Int, bytes: Int)], total: Int, others: Int) {
    var entries: [CacheKind: (count: Int, bytes: Int)] = [:]
    var total = 0
    let listing = list()
    for file in listing.entries {
      entries[file.kind, default: (0, 0)].count += 1
      entries[file.kind, default: (0, 0)].bytes += file.size
      total += file.size
    }
    return (entries, total, listing.others)
  }

  /// Removes every entry of ours, says what could not be removed, and leaves other files alone.
  public func clear() -> CacheClearReport {
    var report = CacheClearReport()
    let listing = list()
    report.leftAlone = listing.others
    for file in listing.entries {
      if unlink(directory.appendingPathComponent(file.name).path) == 0 || errno == ENOENT {
        report.removed += 1
      } else {
        report.failed.append("\(file.name): \(String(cString: strerror(errno)))")
      }
    }
    return report
  }

  /// Evicts least recently used entries, posters first, until the cache fits its limit.
  public func trim() {
    var all = list().entries
    var total = all.reduce(0) { $0 + $1.size }
    guard total > limit else { return }
    all.sort { ($0.kind == .poster ? 0 : 1, $0.modified) < ($1.kind == .poster ? 0 : 1, $1.modified) }
    for file in all where total > limit {
      unlink(directory.appendingPathComponent(file.name).path)
      total -= file.size
    }
  }

  private struct Header: Codable {
    var key: String
    var fetchedAt: Double
    var length: Int
  }

  /// One file of ours in the directory.
  private struct EntryFile {
    var name: String
    var kind: CacheKind
    var size: Int
    /// The modification time in nanoseconds: reads touch it, so it orders by last use.
    var modified: Int
  }

  /// The names temporary files start with.
  static let temporaryPrefix = ".tmp-"

  /// The entries of ours, and how many other files the directory holds.
  private func list() -> (entries: [EntryFile], others: Int) {
    guard let folder = opendir(directory.path) else { return ([], 0) }
    defer { closedir(folder) }
    var entries: [EntryFile] = []
    var others = 0
    while let item = readdir(folder) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      if let file = entry(named: name) { entries.append(file) } else { others += 1 }
    }
    return (entries, others)
  }

  /// The entry a directory name stands for, when the name is one the cache makes and the file
  /// is a regular file owned by the user (a link is never followed).
  private func entry(named name: String) -> EntryFile? {
    guard let kind = Self.kind(ofName: name) else { return nil }
    var status = stat()
    guard lstat(directory.appendingPathComponent(name).path, &status) == 0, Self.isOurs(status) else { return nil }
    return EntryFile(
      name: name, kind: kind, size: Int(status.st_size),
      modified: Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec))
  }

  /// The kind of a name the cache makes (`kind-` and sixteen hex digits), else nil.
  static func kind(ofName name: String) -> CacheKind? {
    guard let dash = name.firstIndex(of: "-"), let kind = CacheKind(rawValue: String(name[..<dash])) else {
      return nil
    }
    let digits = name.utf8[name.utf8.index(after: dash)...]
    guard digits.count == 16, digits.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
      return nil
    }
    return kind
  }

  /// Whether a file is a regular file owned by this user.
  private static func isOurs(_ status: stat) -> Bool {
    (status.st_mode & S_IFMT) == S_IFREG && status.st_uid == getuid()
  }

  /// Creates the directory (and missing parents) with mode 0700; an existing one is left as it is.
  private func makeDirectory() -> Bool {
    var status = stat()
    if stat(directory.path, &status) == 0 { return (status.st_mode & S_IFMT) == S_IFDIR }
    var path = ""
    for component in directory.path.split(separator: "/") {
      path += "/\(component)"
      if mkdir(path, 0o700) != 0, errno != EEXIST { return false }
    }
    return true
  }

  private func url(for key: String, kind: CacheKind) -> URL {
    directory.appendingPathComponent("\(kind.rawValue)-\(Self.hash(key))")
  }

  /// FNV-1a, 64 bits, in hex: a stable file name for a key.
  static func hash(_ key: String) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }

  /// Reads exactly `count` bytes, or nil when the file is shorter or a read fails.
  private static func readAll(_ descriptor: Int32, count: Int) -> Data? {
    var data = Data(count: count)
    let complete = data.withUnsafeMutableBytes { raw -> Bool in
      var offset = 0
      while offset < count {
        let got = Glibc.read(descriptor, raw.baseAddress?.advanced(by: offset), count - offset)
        if got < 0, errno == EINTR { continue }
        guard got > 0 else { return false }
        offset += got
      }
      return true
    }
    return complete ? data : nil
  }

  /// Parses an entry: a JSON header line naming the key, fetch time and body length, then the body.
  ///
  /// A fetch time outside [2000, now + 1 day] is read as 2000, so the entry is stale and replaced.
  public static func decode(_ data: Data, key: String, now: Date) -> CachedEntry? {
    guard let newline = data.prefix(headerLimit).firstIndex(of: 0x0A),
      let header = try? JSONDecoder().decode(Header.self, from: data[data.startIndex..<newline]),
      header.key == key
    else { return nil }
    let body = data[(newline + 1)...]
    guard body.count == header.length else { return nil }
    let latest = now.timeIntervalSince1970 + clockSkew
    let believable = header.fetchedAt.isFinite && header.fetchedAt >= earliestFetch && header.fetchedAt <= latest
    let fetchedAt = believable ? header.fetchedAt : earliestFetch
    return CachedEntry(body: Data(body), fetchedAt: Date(timeIntervalSince1970: fetchedAt))
  }
}
