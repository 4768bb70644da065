import AmodbKit
import FoundationEssentials
import Localization

/// Letterboxd's export (the `.zip` it gives, or its folder): films by title and year.
enum LetterboxdExport {
  /// What each file of the export is.
  enum File: Equatable {
    case diary, watched, ratings, watchlist, reviews, list
  }

  /// The files it reads, for the message when none is there.
  static var expected: String { "diary.csv, watched.csv, ratings.csv, watchlist.csv, reviews.csv, lists/*.csv" }

  /// The columns of a CSV for Letterboxd's importer, as `export letterboxd` writes it.
  static let importerColumns = ["tmdbID", "WatchedDate"]

  /// Why a CSV made for Letterboxd's importer is not read as its export.
  static func importerFileProblem(_ name: String) -> String {
    tr(
      "%s is a file for Letterboxd's importer (as 'trending export letterboxd' writes), not Letterboxd's export; 'trending export json' and 'import json' carry a whole library",
      name)
  }

  /// Which file a stored name is (nil: not one read, such as profile.csv or the deleted folder).
  static func file(_ name: String) -> File? {
    let parts = name.lowercased().split(separator: "/").map(String.init)
    guard let last = parts.last, last.hasSuffix(".csv"), !parts.contains("deleted"), !parts.contains("orphaned")
    else { return nil }
    if parts.count >= 2, parts[parts.count - 2] == "lists" { return .list }
    switch last {
    case "diary.csv": return .diary
    case "watched.csv": return .watched
    case "ratings.csv": return .ratings
    case "watchlist.csv": return .watchlist
    case "reviews.csv": return .reviews
    default: return nil
    }
  }

  /// Reads one file's rows.
  static func read(_ file: File, name: String, _ source: inout any ByteSource, into rows: inout ImportRows) throws {
    guard var table = try CSVTable(AnySource(source)) else { return }
    if file == .list { return try readList(name: name, &table, into: &rows) }
    guard table.has(["Name", "Year", "Date"]) else {
      if table.has(importerColumns) { throw ImportFailure(importerFileProblem(name)) }
      throw ImportFailure(
        tr("%1$s is not Letterboxd's %2$s: its header has no %3$s", name, baseName(name), "Date, Name, Year"))
    }
    rows.files.append(name)
    while let record = try table.next() {
      guard record.problem == nil else {
        rows.skip(name, record.line, record.problem ?? "")
        continue
      }
      if record.isBlank { continue }
      guard let film = film(record, name: name, into: &rows) else { continue }
      let logged = record["Date"]
      guard let day = ExportValues.day(record["Watched Date"] ?? logged) else {
        // Named as the column the day came from.
        let column = record["Watched Date"] == nil ? "Date" : "Watched Date"
        rows.skip(name, record.line, ExportValues.badDay(column, record["Watched Date"] ?? logged))
        continue
      }
      var actions: [ImportAction] = []
      switch file {
      case .diary:
        actions.append(.loggedWatch(day: day))
        if let tags = record["Tags"] { actions.append(.note(LetterboxdTags.note(tags), day: day)) }
      case .watched: actions.append(.watchUnlessSeen(day: day))
      case .watchlist: actions.append(.list(Schema.watchlistName, day: day))
      case .reviews:
        if let review = record.raw("Review") { actions.append(.note(review, day: day)) }
      case .ratings, .list: break
      }
      if file == .diary || file == .ratings, let text = record["Rating"] {
        // Letterboxd rates in half stars: anything else is no rating of its, never rounded to one.
        let problem = tr("Rating '%s' is not half a star to five stars in halves", TextSanitizer.clean(text, limit: 40))
        if let stars = Double(text), (0.5...5).contains(stars), (stars * 2).rounded() == stars * 2 {
          actions.append(.rate(Int(stars * 2), day: day))
        } else if actions.isEmpty {
          rows.skip(name, record.line, problem)
          continue
        } else {
          // A diary's watch stands without its rating.
          rows.leaveOut(name, record.line, problem)
        }
      }
      for action in actions {
        rows.rows.append(
          ImportRow(
            place: RowPlace(file: name, line: record.line), reference: .search(title: film.title, year: film.year),
            title: film.title, year: film.year, action: action))
      }
    }
  }

  /// A list: a version line, the list's own block (Date, Name, Tags, URL, Description), then its
  /// films (Position, Name, Year, URL, Description), each block found by its header.
  private static func readList<S>(name: String, _ table: inout CSVTable<S>, into rows: inout ImportRows) throws {
    var listName: String?
    var listDay: String?
    var inFilms = false
    var expectListRow = false
    if table.has(["Date", "Name", "URL"]) && !table.has(["Position"]) { expectListRow = true }
    while let row = try table.nextRaw() {
      guard let fields = row.fields else {
        rows.skip(name, row.line, row.problem ?? "")
        continue
      }
      let trimmed = fields.map { $0.trimmingSpaces() }
      if trimmed.contains("Position") && trimmed.contains("Name") {
        table.use(header: fields)
        inFilms = true
        continue
      }
      if !inFilms && trimmed.contains("Date") && trimmed.contains("Name") && trimmed.contains("URL") {
        table.use(header: fields)
        expectListRow = true
        continue
      }
      let record = table.record(row)
      if record.isBlank { continue }
      if expectListRow {
        expectListRow = false
        listName = record["Name"].map {
          Lists.ownName(TextSanitizer.clean($0, limit: Library.longestListName), from: "Letterboxd")
        }
        listDay = ExportValues.day(record["Date"])
        continue
      }
      guard inFilms else { continue }
      guard record.problem == nil else {
        rows.skip(name, record.line, record.problem ?? "")
        continue
      }
      guard let list = listName, !list.isEmpty, let day = listDay else {
        throw ImportFailure(tr("%s is not a Letterboxd list: it has no list block with a Name and a Date", name))
      }
      guard let film = film(record, name: name, into: &rows) else { continue }
      rows.rows.append(
        ImportRow(
          place: RowPlace(file: name, line: record.line), reference: .search(title: film.title, year: film.year),
          title: film.title, year: film.year, action: .list(list, day: day)))
    }
    if listName != nil { rows.files.append(name) }
  }

  /// The film a row names, or nil (with the row skipped) when its name or year cannot be read.
  private static func film(_ record: CSVRecord, name: String, into rows: inout ImportRows) -> (
    title: String, year: Int?
  )? {
    guard let title = record["Name"].map({ TextSanitizer.clean($0, limit: 300) }), !title.isEmpty else {
      rows.skip(name, record.line, tr("no Name"))
      return nil
    }
    guard let year = ExportValues.year(record["Year"]) else {
      rows.skip(name, record.line, ExportValues.bad("Year", record["Year"]))
      return nil
    }
    return (title, year)
  }

  private static func baseName(_ name: String) -> String { ImportInput.baseName(name) }
}

/// Any byte source as a concrete one, so the CSV reader is generic over one type.
struct AnySource: ByteSource {
  var base: any ByteSource

  init(_ base: any ByteSource) {
    self.base = base
  }

  mutating func next() throws -> ArraySlice<UInt8>? {
    try base.next()
  }
}
