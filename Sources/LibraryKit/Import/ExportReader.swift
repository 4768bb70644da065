import AmodbKit
import FoundationEssentials
import Localization

/// Reads another service's export into rows to match: every file of it that it knows, by name
/// (Letterboxd, Trakt, TV Time) or by header (IMDb); a path with none of them is refused naming them.
public enum ExportReader {
  /// The rows of the export at `path` (a folder, a `.zip`, or one file) of a service; a protected
  /// `.zip` asks `passphrase`, and `today` dates what an export does not (TV Time's ratings).
  public static func read(
    _ kind: ImportKind, path: String, passphrase: ArchivePassphrase? = nil, today: String? = nil
  ) throws -> ImportRows {
    var rows = ImportRows()
    var tvTime = TVTimeReading(today: today ?? WatchlistFormat.day(Date()))
    // The export's files found by name, whatever they held: a copy cut short is not a wrong folder.
    var named: [String] = []
    // A CSV made for Letterboxd's importer (as `export letterboxd` writes), met among no export's files.
    var importerFile: String?
    try ImportInput.each(path, passphrase: passphrase) { name, source in
      let known: Bool =
        switch kind {
        case .letterboxd: LetterboxdExport.file(name) != nil
        case .imdb: IMDbExport.mayBe(name)
        case .trakt: TraktExport.file(name) != nil
        case .json: false
        case .tvtime: TVTimeExport.file(name) != nil
        }
      guard known else {
        if kind == .letterboxd, importerFile == nil, name.lowercased().hasSuffix(".csv"),
          let table = try? CSVTable(AnySource(source)), table.has(LetterboxdExport.importerColumns)
        {
          importerFile = TextSanitizer.clean(name, limit: 300)
        }
        return
      }
      // Two exports side by side (unzipped twice, an old and a new one) would add every row twice.
      let place = Self.place(name)
      if let earlier = named.first(where: { Self.place($0) == place }) {
        throw ImportFailure(
          tr(
            "%1$s and %2$s are one file of two exports: import each on its own (the second adds only what the first did not)",
            TextSanitizer.clean(earlier, limit: 300), TextSanitizer.clean(name, limit: 300)))
      }
      named.append(name)
      try ImportInput.refuseUTF16(TextSanitizer.clean(name, limit: 300), &source)
      switch kind {
      case .letterboxd:
        guard let file = LetterboxdExport.file(name) else { return }
        try LetterboxdExport.read(file, name: name, &source, into: &rows)
      case .imdb:
        guard IMDbExport.mayBe(name) else { return }
        _ = try IMDbExport.read(name: name, &source, into: &rows)
      case .trakt:
        guard let file = TraktExport.file(name) else { return }
        try TraktExport.read(file, name: name, &source, into: &rows)
      case .json:
        return
      case .tvtime:
        guard let file = TVTimeExport.file(name) else { return }
        try tvTime.read(file, name: name, &source, into: &rows)
      }
    }
    if kind == .tvtime { tvTime.finish(into: &rows) }
    guard !rows.files.isEmpty else {
      if let first = named.first, kind != .imdb {
        throw ImportFailure(
          tr("%s holds nothing to read (an empty file, or a copy cut short?)", TextSanitizer.clean(first, limit: 300)))
      }
      if let importerFile { throw ImportFailure(LetterboxdExport.importerFileProblem(importerFile)) }
      throw ImportFailure(
        tr(
          "%1$s holds none of the files of %2$s's export; expected %3$s", TextSanitizer.clean(path, limit: 300),
          name(kind), expected(kind)))
    }
    return rows
  }

  /// Where a file stands in its export, for telling two exports apart: its name, and for a list of
  /// Letterboxd's its `lists/` folder too (a list named "Watched" is `lists/watched.csv`).
  static func place(_ name: String) -> String {
    let parts = name.lowercased().split(separator: "/")
    guard let last = parts.last else { return name.lowercased() }
    return parts.count >= 2 && parts[parts.count - 2] == "lists" ? "lists/" + last : String(last)
  }

  /// Hands `body` the file `export json` wrote (a file, or the one JSON file of a folder or
  /// `.zip`) to read a chunk at a time, with its name; refused past `Library.largestExport` bytes.
  /// A folder or `.zip` holding two of them is refused, naming them: which one is meant (or both,
  /// one at a time) is not for the import to guess.
  public static func exported<T>(path: String, _ body: (String, any ByteSource) throws -> T) throws -> T {
    // What a Mac's Finder adds to a zip (`__MACOSX/._export.json`) and hidden files are no export.
    let hidden = { (name: String) in
      name.hasPrefix("__MACOSX/") || name.split(separator: "/").last?.hasPrefix(".") == true
    }
    let isJSON = { (name: String) in !hidden(name) && name.lowercased().hasSuffix(".json") }
    var names: [String] = []
    try ImportInput.each(path) { name, _ in
      if isJSON(name) { names.append(TextSanitizer.clean(name, limit: 100)) }
    }
    // The JSON file when there is one, else a file of no extension (a download saved without one).
    let isExport = { (name: String) in
      names.isEmpty ? !hidden(name) && !name.contains(".") : isJSON(name)
    }
    if names.count > 1 {
      throw ImportFailure(
        trn(
          "%1$s holds %2$s JSON file (%3$s); import them one at a time",
          "%1$s holds %2$s JSON files (%3$s); import them one at a time", names.count,
          TextSanitizer.clean(path, limit: 300), String(names.count),
          names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")))
    }
    var result: T?
    try ImportInput.each(path) { name, source in
      guard result == nil, isExport(name) else { return }
      let shown = TextSanitizer.clean(name, limit: 300)
      try ImportInput.refuseUTF16(shown, &source)
      result = try body(shown, Capped(base: source, cap: Library.largestExport, name: shown))
    }
    guard let result else {
      throw ImportFailure(
        tr(
          "%1$s holds none of the files of %2$s's export; expected %3$s", TextSanitizer.clean(path, limit: 300),
          "trending", expected(.json)))
    }
    return result
  }

  /// The service's name.
  public static func name(_ kind: ImportKind) -> String {
    switch kind {
    case .letterboxd: return "Letterboxd"
    case .imdb: return "IMDb"
    case .trakt: return "Trakt"
    case .json: return "trending"
    case .tvtime: return "TV Time"
    }
  }

  /// The files the service's export is expected to hold.
  public static func expected(_ kind: ImportKind) -> String {
    switch kind {
    case .letterboxd: return LetterboxdExport.expected
    case .imdb: return IMDbExport.expected
    case .trakt: return TraktExport.expected
    case .json: return tr("the JSON file 'trending export json' writes")
    case .tvtime: return TVTimeExport.expected
    }
  }
}

/// A source refused once it has given more than `cap` bytes.
struct Capped: ByteSource {
  var base: any ByteSource
  let cap: Int
  let name: String
  private var read = 0

  init(base: any ByteSource, cap: Int, name: String) {
    self.base = base
    self.cap = cap
    self.name = name
  }

  mutating func next() throws -> ArraySlice<UInt8>? {
    guard let chunk = try base.next() else { return nil }
    read += chunk.count
    guard read <= cap else {
      throw ImportFailure(tr("%1$s is larger than %2$s MiB: refused", name, String(cap >> 20)))
    }
    return chunk
  }
}
