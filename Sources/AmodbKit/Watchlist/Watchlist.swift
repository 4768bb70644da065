import FoundationEssentials
import Localization

#if canImport(Glibc)
  import Glibc
#endif

/// A film or series the user keeps: on the watchlist, seen, or both.
public struct Mark: Equatable, Sendable, Hashable {
  /// The film's or series' id.
  public var id: Int
  /// Film or series.
  public var kind: MediaKind
  /// Its title when marked, for lists that open offline.
  public var title: String
  /// Its year, when known.
  public var year: Int?
  /// Whether it is on the watchlist.
  public var onWatchlist: Bool
  /// When it was added, `YYYY-MM-DD`.
  public var added: String
  /// When it was marked seen, `YYYY-MM-DD`, or nil when it is not.
  public var seen: String?
  /// What the list it was marked from showed of it (poster, score, genres), so the Watchlist tab
  /// shows it as every list does, offline too; nil in files written before it was kept.
  public var summary: MarkSummary?
  /// The user's rating, 1–10, when rated.
  public var rating: Int?
  /// The user's note, when written.
  public var note: String?
  /// Whether the user is not interested: hidden from every list but the watchlist.
  public var hidden = false
  /// The user's own ratings and notes on a series' episodes, by episode.
  public var episodes: [EpisodeKey: EpisodeNotes] = [:]

  /// Makes a mark.
  public init(
    id: Int, kind: MediaKind = .film, title: String, year: Int?, onWatchlist: Bool, added: String,
    seen: String? = nil, summary: MarkSummary? = nil
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.year = year
    self.onWatchlist = onWatchlist
    self.added = added
    self.seen = seen
    self.summary = summary
  }

  /// Its identity.
  public var media: MediaID { MediaID(kind, id) }

  /// The film or series as a list row: its title and year, with the summary kept when it was marked.
  public var entry: MediaSummary {
    MediaSummary(
      id: id, kind: kind, title: title, releaseDate: year.flatMap { ReleaseDate(String($0)) },
      posterPath: summary?.posterPath,
      voteAverage: summary?.voteAverage ?? 0, voteCount: summary?.voteCount ?? 0, genreIDs: summary?.genreIDs ?? [])
  }

  /// Whether the mark still says anything (else it is dropped).
  public var isEmpty: Bool {
    !onWatchlist && seen == nil && rating == nil && note == nil && !hidden && episodes.isEmpty
  }
}

/// What a list showed of a marked film, kept in the watchlist file beside its title.
public struct MarkSummary: Equatable, Sendable, Hashable {
  /// The poster's path on the image host, validated as every path from outside is.
  public var posterPath: String?
  /// The score, 0–10.
  public var voteAverage: Double?
  /// How many votes the score rests on.
  public var voteCount: Int
  /// The genres, by TMDB genre id.
  public var genreIDs: [Int]

  /// Makes a summary.
  public init(posterPath: String?, voteAverage: Double?, voteCount: Int, genreIDs: [Int]) {
    self.posterPath = posterPath.flatMap(ImagePath.validated)
    self.voteAverage = voteAverage.flatMap { $0.isFinite && (0...10).contains($0) ? $0 : nil }
    self.voteCount = min(max(voteCount, 0), 1_000_000_000)
    self.genreIDs = Array(genreIDs.filter { (1...1_000_000).contains($0) }.prefix(10))
  }

  /// The summary of a list row.
  public init(_ movie: MediaSummary) {
    self.init(
      posterPath: movie.posterPath, voteAverage: movie.voteAverage, voteCount: movie.voteCount,
      genreIDs: movie.genreIDs)
  }

  /// The four fields the file keeps after the title and year: poster, score, votes, genres.
  var fields: [String] {
    [
      posterPath ?? "", voteAverage.map { String(format: $0) } ?? "", String(voteCount),
      genreIDs.map(String.init).joined(separator: ","),
    ]
  }

  /// Reads the four fields; nil when they say nothing or do not read.
  init?(fields: ArraySlice<String>) {
    let values = Array(fields)
    guard values.count == 4, values.contains(where: { !$0.isEmpty }) else { return nil }
    let genres = values[3].split(separator: ",").map { Int($0) }
    guard values[1].isEmpty || Double(values[1]) != nil, Int(values[2]) != nil, !genres.contains(nil) else {
      return nil
    }
    self.init(
      posterPath: values[0].isEmpty ? nil : values[0], voteAverage: Double(values[1]), voteCount: Int(values[2]) ?? 0,
      genreIDs: genres.compactMap { $0 })
  }
}

extension String {
  /// A score as the watchlist file writes it: one decimal.
  fileprivate init(format score: Double) {
    let tenths = Int((score * 10).rounded())
    self = "\(tenths / 10).\(tenths % 10)"
  }
}

/// The watchlist file: a small text file people can read, one film a line, tab-separated.
public enum WatchlistFormat {
  /// The first line of every file written.
  static let header =
    "# trending watchlist: id (tv/ID for a series), w (on the watchlist) and/or s (seen), added, seen on, "
    + "title, year, and as last shown: poster, score, votes, genre ids; tab-separated"

  /// Reads a file's text: the marks, and how many lines could not be read.
  public static func parse(_ text: String) -> (marks: [MediaID: Mark], badLines: Int) {
    var marks: [MediaID: Mark] = [:]
    var bad = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      // Six fields as first written; ten with the summary kept since.
      guard fields.count == 6 || fields.count == 10, let media = MediaID(fields[0]),
        fields[1].allSatisfy({ $0 == "w" || $0 == "s" }),
        isDate(fields[2]), fields[3].isEmpty || isDate(fields[3]), fields[5].isEmpty || Int(fields[5]) != nil
      else {
        bad += 1
        continue
      }
      let mark = Mark(
        id: media.id, kind: media.kind, title: TextSanitizer.clean(fields[4], limit: 300), year: Int(fields[5]),
        onWatchlist: fields[1].contains("w"), added: fields[2], seen: fields[3].isEmpty ? nil : fields[3],
        summary: MarkSummary(fields: fields.dropFirst(6)))
      if !mark.isEmpty { marks[media] = mark }
    }
    return (marks, bad)
  }

  /// The file's text for a set of marks, newest added first.
  public static func render(_ marks: [MediaID: Mark]) -> String {
    let lines = marks.values.sorted { ($0.added, $0.media) > ($1.added, $1.media) }.map { mark in
      let flags = (mark.onWatchlist ? "w" : "") + (mark.seen != nil ? "s" : "")
      let title = mark.title.replacing("\t", with: " ").replacing("\n", with: " ")
      let summary = mark.summary?.fields ?? []
      return
        ([mark.media.description, flags, mark.added, mark.seen ?? "", title, mark.year.map(String.init) ?? ""] + summary)
        .joined(separator: "\t")
    }
    return ([header] + lines).joined(separator: "\n") + "\n"
  }

  private static func isDate(_ text: String) -> Bool {
    ReleaseDate(text) != nil
  }

  /// A day as `YYYY-MM-DD` (UTC).
  public static func day(_ date: Date) -> String {
    ReleaseDate(day: date).description
  }
}

/// What went wrong with the watchlist file, in words for the status line or standard error.
public struct WatchlistError: Error, Equatable, Sendable {
  /// The message.
  public var message: String
}

/// The watchlist on disk at `$XDG_DATA_HOME/trending/watchlist`: read by anyone, changed under a
/// lock with the file read again first, so two instances changing it at once lose nothing; written
/// atomically (a temporary file renamed over it) with mode 0600; a damaged file is kept aside.
public struct WatchlistStore: Sendable {
  /// The largest file read.
  static let maximumBytes = 4 * 1024 * 1024

  /// The file.
  public let path: URL

  /// A store for the file at `path`.
  public init(path: URL) {
    self.path = path
  }

  /// The store at its default place, or nil when there is no usable home.
  public static func standard(environment: [String: String]) -> WatchlistStore? {
    XDG.file("watchlist", in: .data, environment: environment).map { WatchlistStore(path: $0) }
  }

  /// What the file holds now (a missing file is empty), and a note when some of it could not be
  /// read; a file that cannot be read at all (not a regular file, too large, a link, no permission)
  /// is an error naming it, never an empty list.
  public func load() -> Result<(marks: [MediaID: Mark], problem: String?), WatchlistError> {
    read().map { text in
      let parsed = WatchlistFormat.parse(text ?? "")
      return (parsed.marks, parsed.badLines > 0 ? damagedNote(parsed.badLines) : nil)
    }
  }

  /// Changes the marks under the lock: reads the file again, applies `change`, writes it back.
  /// Returns the marks as written, and a note when lines could not be read (the file was kept aside).
  @discardableResult
  public func update(_ change: (inout [MediaID: Mark]) -> Void) -> Result<
    (marks: [MediaID: Mark], problem: String?), WatchlistError
  > {
    let directory = path.deletingLastPathComponent()
    guard makeDirectory(directory) else {
      return .failure(
        WatchlistError(message: tr("could not create %s", TextSanitizer.clean(directory.path, limit: 200))))
    }
    let lockPath = path.path + ".lock"
    // Shared by every instance, so not exclusive; but only a private regular file of ours, never a link.
    let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard lock >= 0 else { return .failure(WatchlistError(message: tr("could not lock the watchlist"))) }
    defer { close(lock) }
    var lockInfo = stat()
    guard fstat(lock, &lockInfo) == 0, lockInfo.st_mode & S_IFMT == S_IFREG, lockInfo.st_uid == geteuid(),
      lockInfo.st_nlink == 1
    else { return .failure(WatchlistError(message: tr("could not lock the watchlist"))) }
    guard flock(lock, LOCK_EX) == 0 else {
      return .failure(WatchlistError(message: tr("could not lock the watchlist")))
    }
    defer { flock(lock, LOCK_UN) }
    let text: String?
    switch read() {
    case .failure(let error): return .failure(error)
    case .success(let value): text = value
    }
    let parsed = WatchlistFormat.parse(text ?? "")
    var problem: String?
    if parsed.badLines > 0, let text {
      // Never silently replaced: the file as it was is kept beside the new one.
      let aside = path.path + ".damaged-\(Int(Date().timeIntervalSince1970))"
      guard write(text, to: aside) else {
        return .failure(WatchlistError(message: tr("could not keep the damaged file")))
      }
      problem =
        damagedNote(parsed.badLines) + "; "
        + tr("the file as it was is kept as %s", TextSanitizer.clean(aside, limit: 200))
    }
    var marks = parsed.marks
    change(&marks)
    marks = marks.filter { !$0.value.isEmpty }
    let rendered = WatchlistFormat.render(marks)
    // Never written past what can be read back: the file as it is stays.
    guard rendered.utf8.count <= Self.maximumBytes else {
      return .failure(WatchlistError(message: tr("the watchlist would pass 4 MiB, so it was not changed")))
    }
    guard write(rendered, to: path.path) else {
      return .failure(WatchlistError(message: tr("could not write %s", TextSanitizer.clean(path.path, limit: 200))))
    }
    return .success((marks, problem))
  }

  private func damagedNote(_ count: Int) -> String {
    trn("%s line of the watchlist could not be read", "%s lines of the watchlist could not be read", count)
  }

  /// The file's text, nil when there is none. Opened without blocking (a FIFO would wait for a
  /// writer forever) and without following a link, then checked to be a regular file.
  private func read() -> Result<String?, WatchlistError> {
    let name = TextSanitizer.clean(path.path, limit: 200)
    func failure(_ reason: String) -> Result<String?, WatchlistError> {
      .failure(WatchlistError(message: tr("%1$s: could not be read: %2$s", name, reason)))
    }
    let descriptor = open(path.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return .success(nil) }
      return failure(String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= Self.maximumBytes
    else { return failure(tr("the watchlist is not a regular file of at most 4 MiB")) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while bytes.count <= Self.maximumBytes {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count < 0 { return failure(String(cString: strerror(errno))) }
      guard count > 0 else { break }
      bytes += buffer.prefix(count)
    }
    guard bytes.count <= Self.maximumBytes else {
      return failure(tr("the watchlist is not a regular file of at most 4 MiB"))
    }
    return .success(String(decoding: bytes, as: UTF8.self))
  }

  /// Writes `text` to a new temporary file (0600, `O_EXCL | O_NOFOLLOW`: never a name someone else
  /// made, a link or a planted hard link) in the same directory, syncs it, and renames it over `target`.
  private func write(_ text: String, to target: String) -> Bool {
    var temporary = ""
    var descriptor: Int32 = -1
    for _ in 0..<8 where descriptor < 0 {
      temporary = target + ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor < 0, errno != EEXIST { return false }
    }
    guard descriptor >= 0 else { return false }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      written += count
    }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == bytes.count, synced, rename(temporary, target) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }

  private func makeDirectory(_ directory: URL) -> Bool {
    var info = stat()
    if stat(directory.path, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      return true
    } catch {
      return false
    }
  }
}
