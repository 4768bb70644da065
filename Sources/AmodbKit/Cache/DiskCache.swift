import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What kind of answer a cache entry holds; posters are evicted first.
public enum CacheKind: String, Sendable, CaseIterable {
  case list, details, poster
}

/// One answer read back from disk, with when it was fetched.
public struct CachedEntry: Sendable, Equatable {
  /// The body as the server sent it.
  public var body: Data
  /// When the network answered.
  public var fetchedAt: Date
}

/// A cache of answers on disk: one file per answer, written atomically, private to the user,
/// bounded in size with least-recently-used eviction (posters first). Entries hold URLs and
/// bodies only; the key is never written.
public final class DiskCache: Sendable {
  /// The directory the entries live in.
  public let directory: URL
  /// The most bytes kept.
  public let limit: Int

  /// The default directory: `$XDG_CACHE_HOME/trending`, else `~/.cache/trending`.
  public static func defaultDirectory(environment: [String: String]) -> URL {
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      return URL(fileURLWithPath: base).appendingPathComponent("trending")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/trending")
  }

  /// Opens (and creates, mode 0700) a cache directory.
  public init(directory: URL, limit: Int = 64_000_000) {
    self.directory = directory
    self.limit = limit
    try? FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    chmod(directory.path, 0o700)
  }

  /// The entry for `key`, or nil when absent, unreadable, or not what it claims (then it is removed).
  public func read(_ key: String, kind: CacheKind) -> CachedEntry? {
    let file = url(for: key, kind: kind)
    guard let data = try? Data(contentsOf: file) else { return nil }
    guard let entry = Self.decode(data, key: key) else {
      try? FileManager.default.removeItem(at: file)
      return nil
    }
    // Reading counts as use for least-recently-used eviction.
    utimes(file.path, nil)
    return entry
  }

  /// Stores an answer atomically (a private temporary file renamed into place), then trims the cache.
  public func write(_ key: String, kind: CacheKind, body: Data, fetchedAt: Date) {
    guard body.count < limit / 4 else { return }
    let header = Header(key: key, fetchedAt: fetchedAt.timeIntervalSince1970, length: body.count)
    guard var data = try? JSONEncoder().encode(header) else { return }
    data.append(0x0A)
    data.append(body)
    let file = url(for: key, kind: kind)
    let temporary = directory.appendingPathComponent(".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
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
    unlink(url(for: key, kind: kind).path)
  }

  /// Every entry's count and size by kind, and the total size.
  public func info() -> (entries: [CacheKind: (count: Int, bytes: Int)], total: Int) {
    var entries: [CacheKind: (count: Int, bytes: Int)] = [:]
    var total = 0
    for file in files() {
      guard let kind = file.kind else { continue }
      entries[kind, default: (0, 0)].count += 1
      entries[kind, default: (0, 0)].bytes += file.size
      total += file.size
    }
    return (entries, total)
  }

  /// Removes every entry.
  public func clear() {
    for file in files() { unlink(file.url.path) }
  }

  /// Evicts least recently used entries, posters first, until the cache fits its limit.
  public func trim() {
    var all = files()
    var total = all.reduce(0) { $0 + $1.size }
    guard total > limit else { return }
    all.sort { ($0.kind == .poster ? 0 : 1, $0.modified) < ($1.kind == .poster ? 0 : 1, $1.modified) }
    for file in all where total > limit {
      unlink(file.url.path)
      total -= file.size
    }
  }

  private struct Header: Codable {
    var key: String
    var fetchedAt: Double
    var length: Int
  }

  private struct FileInfo {
    var url: URL
    var kind: CacheKind?
    var size: Int
    var modified: Date
  }

  private func files() -> [FileInfo] {
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
    let urls = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
    return urls.compactMap { url in
      let name = url.lastPathComponent
      guard !name.hasPrefix("."), let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
      let kind = CacheKind.allCases.first { name.hasPrefix("\($0.rawValue)-") }
      return FileInfo(
        url: url, kind: kind, size: values.fileSize ?? 0, modified: values.contentModificationDate ?? .distantPast)
    }
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

  private static func decode(_ data: Data, key: String) -> CachedEntry? {
    guard let newline = data.firstIndex(of: 0x0A), newline - data.startIndex < 4_096,
      let header = try? JSONDecoder().decode(Header.self, from: data[data.startIndex..<newline]),
      header.key == key, header.fetchedAt.isFinite
    else { return nil }
    let body = data[(newline + 1)...]
    guard body.count == header.length else { return nil }
    return CachedEntry(body: Data(body), fetchedAt: Date(timeIntervalSince1970: header.fetchedAt))
  }
}
