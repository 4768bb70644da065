import AmodbKit
import FoundationEssentials
import Localization

/// IMDb's CSV exports: the ratings, and a list or the watchlist; titles by their `tt` id.
enum IMDbExport {
  /// The files it reads, for the message when none is there.
  static var expected: String {
    tr("IMDb's ratings export (Const, Your Rating, Date Rated, …) or a list export (Position, Const, Created, …)")
  }

  /// Whether a stored name could be an IMDb export (a CSV file).
  static func mayBe(_ name: String) -> Bool { name.lowercased().hasSuffix(".csv") }

  /// Reads one CSV file, recognised by its header; false when it is not one of IMDb's.
  static func read(name: String, _ source: inout any ByteSource, into rows: inout ImportRows) throws -> Bool {
    guard var table = try CSVTable(AnySource(source)), table.has(["Const"]) else { return false }
    let ratings = table.has(["Your Rating", "Date Rated"]) && !table.has(["Position"])
    guard ratings || table.has(["Position", "Created"]) else { return false }
    let base = ImportInput.baseName(name)
    let stem = base.lowercased().hasSuffix(".csv") ? String(base.dropLast(4)) : base
    let list =
      stem.lowercased().hasPrefix("watchlist")
      ? Schema.watchlistName : TextSanitizer.clean(stem, limit: Library.longestListName)
    rows.files.append(name)
    while let record = try table.next() {
      guard record.problem == nil else {
        rows.skip(name, record.line, record.problem ?? "")
        continue
      }
      if record.isBlank { continue }
      guard let id = record["Const"], id.hasPrefix("tt"), id.count <= 12, Int(id.dropFirst(2)) != nil else {
        rows.skip(name, record.line, ExportValues.bad("Const", record["Const"]))
        continue
      }
      let title = TextSanitizer.clean(record["Title"] ?? id, limit: 300)
      let year = ExportValues.year(record["Year"]) ?? nil
      func add(_ action: ImportAction) {
        rows.rows.append(
          ImportRow(
            place: RowPlace(file: name, line: record.line), reference: .imdb(id), title: title, year: year,
            action: action))
      }
      if ratings {
        guard let day = ExportValues.day(record["Date Rated"]) else {
          rows.skip(name, record.line, ExportValues.badDay("Date Rated", record["Date Rated"]))
          continue
        }
        guard let text = record["Your Rating"], let rating = Int(text), (1...10).contains(rating) else {
          rows.skip(name, record.line, ExportValues.bad("Your Rating", record["Your Rating"]))
          continue
        }
        // A rating says the title was seen, not when: a watch on that day unless one is there.
        add(.watchUnlessSeen(day: day))
        add(.rate(rating, day: day))
      } else {
        guard let day = ExportValues.day(record["Created"]) else {
          rows.skip(name, record.line, ExportValues.badDay("Created", record["Created"]))
          continue
        }
        add(.list(list.isEmpty ? Schema.watchlistName : list, day: day))
      }
    }
    return true
  }
}
