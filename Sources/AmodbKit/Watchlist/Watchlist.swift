import FoundationEssentials
import Localization

#if canImport(Glibc)
  import Glibc
#endif

/// Where a title stood on a list: the day it was added and its place, so taking it off can be undone.
public struct ListPlace: Equatable, Sendable, Hashable {
  /// When it was added, `YYYY-MM-DD`.
  public var added: String
  /// Its place in the list, from 1.
  public var position: Int

  /// Makes a place.
  public init(added: String, position: Int) {
    self.added = added
    self.position = position
  }
}

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

/// What a list showed of a marked film: poster, score, votes and genres, kept beside its title.
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

/// The watchlist file of earlier versions, read once when the library moves it in: one title a line,
/// tab-separated.
public enum WatchlistFormat {
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

  private static func isDate(_ text: String) -> Bool {
    ReleaseDate(text) != nil
  }

  /// A day as `YYYY-MM-DD` by this machine's clock: the user's day, as a watch is dated.
  public static func day(_ date: Date) -> String {
    ReleaseDate(localDay: date).description
  }
}

/// What went wrong with the watchlist file, in words for the status line or standard error.
public struct WatchlistError: Error, Equatable, Sendable {
  /// The message.
  public var message: String
}

/// The watchlist file of earlier versions at `$XDG_DATA_HOME/trending/watchlist`, read (never
/// written) when the library moves it in (`OldWatchlist` in LibraryKit).
public struct WatchlistStore: Sendable {
  /// The largest file read.
  static let maximumBytes = 4 * 1024 * 1024

  /// The file.
  public let path: URL

  /// A store for the file at `path`.
  public init(path: URL) {
    self.path = path
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

  /// How many lines could not be read, in words.
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

}
