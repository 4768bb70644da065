import AmodbKit
import FoundationEssentials
import Glibc
import Localization

/// Which service's export an import reads.
public enum ImportKind: String, CaseIterable, Sendable {
  case letterboxd, imdb, trakt, json
  case tvtime
}

/// The files of an export: a folder's, a `.zip`'s entries (read in memory), or one file.
public enum ImportInput {
  /// How deep a folder is walked.
  static let deepest = 3
  /// The most files a folder's walk looks at.
  static let mostFiles = 10_000

  /// Hands each regular file's name (relative to the folder, or as stored in the zip) and its
  /// bytes to `body`: a folder's files, a zip's entries (asking `passphrase` for encrypted ones), or
  /// the one file.
  public static func each(
    _ path: String, passphrase: ArchivePassphrase? = nil, _ body: (String, inout any ByteSource) throws -> Void
  ) throws {
    let name = TextSanitizer.clean(path, limit: 300)
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw ImportFailure(tr("%1$s: %2$s", name, String(cString: strerror(errno))))
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      var seen = 0
      try walk(path, relative: "", depth: 0, seen: &seen, body)
      return
    }
    let file = try FileSource(path: path)
    var source: any ByteSource = file
    guard let first = try source.next() else { return try body(baseName(path), &source) }
    guard ZipArchive.looksLikeZip(first) else {
      guard !path.lowercased().hasSuffix(".zip") else {
        throw ImportFailure(tr("%s is named as a zip but is not one: its first bytes are not a zip's.", name))
      }
      var rest: any ByteSource = Prefixed(first: first, rest: file)
      return try body(baseName(path), &rest)
    }
    var whole = Prefixed(first: first, rest: file)
    let bytes = try whole.readAll(cap: ZipArchive.fileCap, name: name)
    try ZipArchive.read(bytes, name: name, passphrase: passphrase) { entry, source in
      var any: any ByteSource = source
      try body(entry, &any)
      if let read = any as? EntrySource { source = read }
    }
  }

  /// Refuses a file in UTF-16 (a byte order mark, or every other byte NUL), naming the encoding;
  /// the first chunk is read and handed on.
  static func refuseUTF16(_ name: String, _ source: inout any ByteSource) throws {
    guard let first = try source.next() else { return }
    guard !isUTF16(first) else { throw ImportFailure(tr("%s is UTF-16; save it as UTF-8", name)) }
    source = Prefixed(first: first, rest: AnySource(source))
  }

  /// Whether a file's first bytes are UTF-16's: its byte order mark, or ASCII with a NUL beside
  /// each character.
  static func isUTF16(_ first: ArraySlice<UInt8>) -> Bool {
    let bytes = Array(first.prefix(4))
    if bytes.count >= 2, bytes[0] == 0xff && bytes[1] == 0xfe || bytes[0] == 0xfe && bytes[1] == 0xff { return true }
    guard bytes.count == 4 else { return false }
    return bytes[1] == 0 && bytes[3] == 0 && bytes[0] != 0 && bytes[2] != 0
      || bytes[0] == 0 && bytes[2] == 0 && bytes[1] != 0 && bytes[3] != 0
  }

  /// The last part of a path.
  static func baseName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }

  private static func walk(
    _ folder: String, relative: String, depth: Int, seen: inout Int,
    _ body: (String, inout any ByteSource) throws -> Void
  ) throws {
    guard depth <= deepest, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in names.sorted() where !entry.hasPrefix(".") {
      seen += 1
      guard seen <= mostFiles else { return }
      let full = folder + "/" + entry
      let shown = relative.isEmpty ? entry : relative + "/" + entry
      var info = stat()
      // Links are not followed: an export is its own files.
      guard lstat(full, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFDIR: try walk(full, relative: shown, depth: depth + 1, seen: &seen, body)
      case S_IFREG:
        // Opened only when read: a folder's other files (a photo, an unreadable one) are never opened.
        var source: any ByteSource = OpenedOnRead(path: full)
        try body(shown, &source)
      default: continue
      }
    }
  }
}

/// A regular file opened at its first read.
struct OpenedOnRead: ByteSource {
  let path: String
  private var file: FileSource?

  init(path: String) {
    self.path = path
  }

  mutating func next() throws -> ArraySlice<UInt8>? {
    let opened = try file ?? FileSource(path: path)
    file = opened
    return try opened.next()
  }
}

/// A chunk already read, then the rest of a source.
struct Prefixed<Rest: ByteSource>: ByteSource {
  var first: ArraySlice<UInt8>?
  var rest: Rest

  mutating func next() throws -> ArraySlice<UInt8>? {
    if let chunk = first {
      first = nil
      return chunk
    }
    return try rest.next()
  }
}

/// Days, years and ratings as the exports write them, checked.
enum ExportValues {
  /// A day `YYYY-MM-DD`, or the day of an ISO 8601 time: for one naming its zone
  /// (`2024-03-01T20:15:00.000Z`, `…+02:00`) the user's day then, by a clock `utcOffset` seconds
  /// ahead of UTC at that moment (this machine's); for one without, the day it names.
  /// Only a day the library stores is one (`storable`): a row dated 2099 or 1850 is a row's
  /// problem, not a watch `library check` would refuse and a sync would pass over.
  static func day(_ text: String?, now: Date = Date(), utcOffset: (Date) -> Int = ReleaseDate.utcOffset(at:)) -> String?
  {
    written(text, utcOffset: utcOffset).flatMap { storable($0, now: now) ? $0.description : nil }
  }

  /// The day a cell writes, whatever its year.
  static func written(_ text: String?, utcOffset: (Date) -> Int = ReleaseDate.utcOffset(at:)) -> ReleaseDate? {
    guard let text, text.utf8.count >= 10 else { return nil }
    if ServerTime.namesZone(text), let moment = ServerTime.iso8601(text) {
      return ReleaseDate(day: moment, utcOffset: utcOffset(moment))
    }
    let day = String(text.prefix(10))
    guard text.count == 10 || text.dropFirst(10).first == "T" || text.dropFirst(10).first == " " else { return nil }
    guard let date = ReleaseDate(day), date.description == day else { return nil }
    return date
  }

  /// Whether the library keeps `date` as a day something was done (`StoredValues.dayProblem`).
  static func storable(_ date: ReleaseDate, now: Date) -> Bool {
    StoredValues.dayProblem(date, now: now) == nil
  }

  /// A year from 1800 to 3000; nil when the cell is empty; a problem when it is not a year.
  static func year(_ text: String?) -> Int?? {
    guard let text else { return .some(nil) }
    guard let year = Int(text), (1800...3000).contains(year) else { return nil }
    return .some(year)
  }

  /// A problem naming a bad day, read by the clock `day` read it by.
  static func badDay(
    _ column: String, _ text: String?, now: Date = Date(), utcOffset: (Date) -> Int = ReleaseDate.utcOffset(at:)
  ) -> String {
    if let date = written(text, utcOffset: utcOffset), let problem = StoredValues.dayProblem(date, now: now) {
      return StoredValues.dayMessage(column, date, problem)
    }
    return tr("%1$s is not a day as YYYY-MM-DD: %2$s", column, "'" + TextSanitizer.clean(text ?? "", limit: 40) + "'")
  }

  /// A problem naming a bad cell.
  static func bad(_ column: String, _ text: String?) -> String {
    tr("%1$s cannot be read: %2$s", column, "'" + TextSanitizer.clean(text ?? "", limit: 40) + "'")
  }
}
