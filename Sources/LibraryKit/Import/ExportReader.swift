import AmodbKit
import FoundationEssentials
import Localization

/// Reads another service's export into rows to match: every file of it that it knows, by name
/// (Letterboxd, Trakt) or by header (IMDb); a path with none of them is refused naming them.
public enum ExportReader {
  /// The rows of the export at `path` (a folder, a `.zip`, or one file) of a service.
  public static func read(_ kind: ImportKind, path: String) throws -> ImportRows {
    var rows = ImportRows()
    try ImportInput.each(path) { name, source in
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
      }
    }
    guard !rows.files.isEmpty else {
      throw ImportFailure(
        tr(
          "%1$s holds none of the files of %2$s's export; expected %3$s", TextSanitizer.clean(path, limit: 300),
          name(kind), expected(kind)))
    }
    return rows
  }

  /// The bytes of `export json`'s file (a file, or the one JSON file of a folder or `.zip`).
  public static func exported(path: String) throws -> [UInt8] {
    var found: [UInt8]?
    try ImportInput.each(path) { name, source in
      guard found == nil, name.lowercased().hasSuffix(".json") || !name.contains(".") else { return }
      found = try source.readAll(cap: Library.largestExport, name: TextSanitizer.clean(name, limit: 300))
    }
    guard let found else {
      throw ImportFailure(
        tr(
          "%1$s holds none of the files of %2$s's export; expected %3$s", TextSanitizer.clean(path, limit: 300),
          "trending", expected(.json)))
    }
    return found
  }

  /// The service's name.
  public static func name(_ kind: ImportKind) -> String {
    switch kind {
    case .letterboxd: return "Letterboxd"
    case .imdb: return "IMDb"
    case .trakt: return "Trakt"
    case .json: return "trending"
    }
  }

  /// The files the service's export is expected to hold.
  public static func expected(_ kind: ImportKind) -> String {
    switch kind {
    case .letterboxd: return LetterboxdExport.expected
    case .imdb: return IMDbExport.expected
    case .trakt: return TraktExport.expected
    case .json: return tr("the JSON file 'trending export json' writes")
    }
  }
}
