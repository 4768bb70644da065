import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization

extension TrendingCommand {
  /// `trending import KIND PATH`: the export read, matched, planned and applied in one
  /// transaction (rolled back with `--dry-run`), then a summary on standard output.
  /// An export's rows, read before any library is opened, so a file that cannot be read makes no
  /// library (and a misspelt profile is still said to have none); nil for `import json`, which is
  /// read as it goes. On failure, said, with the exit code.
  static func readExport(
    _ kind: ImportKind, path: String, resolve: Bool, environment: [String: String]
  ) -> Result<ImportRows?, ExitStatus> {
    if resolve, isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1 {
      printError(tr("--resolve needs a terminal; without it, the summary lists the rows not matched"))
      return .failure(ExitStatus(code: ExitCode.usage.rawValue))
    }
    guard FileManager.default.fileExists(atPath: path) || ImportPath.isPiped(path) else {
      printError(tr("%s: no such file or folder", TextSanitizer.clean(path, limit: 300)))
      return .failure(ExitStatus(code: ExitCode.failure.rawValue))
    }
    guard kind != .json else { return .success(nil) }
    do {
      let passphrase = kind == .tvtime ? TVTimePassphrase.source(for: path, environment: environment) : nil
      return .success(
        try ExportReader.read(kind, path: path, passphrase: passphrase, today: WatchlistFormat.day(Date())))
    } catch {
      printError((error as? ImportFailure)?.message ?? String(describing: error))
      return .failure(ExitStatus(code: ExitCode.failure.rawValue))
    }
  }

  static func importExport(
    _ kind: ImportKind, path: String, rows read: ImportRows?, dryRun: Bool, resolve: Bool = false, library: Library,
    invocation: Invocation, environment: [String: String]
  ) throws(LibraryError) -> Int32 {
    let today = WatchlistFormat.day(Date())
    if kind == .json {
      // A dry run's library may be a scratch copy: the backup's words name the user's own file.
      let file = Library.standardPath(environment: environment) ?? library.path
      return try importJSON(path: path, dryRun: dryRun, library: library, file: file)
    }
    guard var rows = read else { return ExitCode.failure.rawValue }
    // An entry an earlier import took keeps the day it was taken as (another time zone dates a
    // moment another day); the days of those first taken now are kept with this import.
    let days = try library.keepDays(of: &rows)
    var services: (client: AmodbClient, images: ImageLoader)?
    var imageMode = ImageMode.auto
    if kind != .trakt, !rows.rows.isEmpty {
      do {
        services = try Setup.services(for: invocation, environment: environment)
        if resolve { imageMode = try Setup.imageMode(for: invocation, environment: environment) }
      } catch {
        printUsageError(error)
        return error.code.rawValue
      }
      if let error = services?.client.configuration.missingKeyError {
        printError(error.message)
        return ExitCode(error).rawValue
      }
    }
    let client = services?.client
    let references = rows.references
    let progress = ImportProgress(total: references.count, episodes: references.contains(where: \.namesAnEpisode))
    let matched = ImportMatcher(client: client).match(rows, progress: progress)
    progress.finish()
    let targets: [TitleReference: ImportTarget]
    switch matched {
    case .success(let found): targets = found
    case .failure(let error):
      printError(nothingChanged(error.message))
      return ExitCode(error).rawValue
    }
    var plan = ImportPlan.make(rows.rows) { targets[$0] }
    try plan.setAsideLongNotes { subject throws(LibraryError) in try library.note(subject) }
    let outcome = try library.apply(plan.changes, dryRun: dryRun, recorded: today, days: days)
    let status = emit(summary(kind, rows: rows, plan: plan, outcome: outcome, dryRun: dryRun, resolving: resolve))
    guard resolve, status == ExitCode.success.rawValue, !plan.unresolved.isEmpty, let services else { return status }
    let titles = ImportMatcher(client: services.client).unresolved(plan.unresolved)
    let noColor = invocation.noColor || !(environment["NO_COLOR"] ?? "").isEmpty
    let posters = ImportResolver.Posters(
      services: services, mode: imageMode, environment: environment, noColor: noColor)
    return try ImportResolver.run(titles, rows: plan.unresolved, library: library, today: today, posters: posters)
  }

  /// What an import did: the counts, then each unresolved and each skipped row with its place, and
  /// (unless `resolving`, whose chooser follows) how the unresolved ones can still be added.
  static func summary(
    _ kind: ImportKind, rows: ImportRows, plan: ImportPlan, outcome: ImportOutcome, dryRun: Bool,
    resolving: Bool = false
  ) -> String {
    let header = trn(
      "%1$s: %2$s row read from %3$s", "%1$s: %2$s rows read from %3$s", rows.rowsRead, ExportReader.name(kind),
      String(rows.rowsRead), trn("%s file", "%s files", rows.files.count, String(rows.files.count)))
    let text = summary(header: header, rows: rows, plan: plan, outcome: outcome, dryRun: dryRun)
    guard !plan.unresolved.isEmpty, !resolving else { return text }
    return text + "\n"
      + tr(
        "The same import again with --resolve (on a terminal) chooses them among what was found; 'trending seen ID --on DAY' marks one by hand."
      )
  }

  /// What an import did under its first line (what was read, from where): the counts, then each
  /// unresolved and each skipped row with its place.
  static func summary(
    header: String, rows: ImportRows, plan: ImportPlan, outcome: ImportOutcome, dryRun: Bool,
    unresolvedHeading: String = tr("Unresolved (no single exact match):")
  ) -> String {
    var lines: [String] = [header]
    if dryRun {
      for change in outcome.added { lines.append("  + " + describe(change)) }
    }
    // Counted by rows, so they add up to the rows read: a row is added when any of what it asks (a
    // watch, its rating, its note) was, else there already (or kept newer); a row whose one ask was
    // a note too long is counted with the notes too long, never as there already.
    let unresolved = Set(plan.unresolved.map(\.place)).count
    let added = Set(outcome.added.map(\.place)).count
    let tooLongOnly = Set(plan.tooLong.map(\.place)).subtracting(plan.changes.map(\.place)).count
    let takenAway = min(outcome.takenAway, max(0, rows.rowsRead - unresolved - rows.skippedCount - added - tooLongOnly))
    let there = max(0, rows.rowsRead - unresolved - rows.skippedCount - added - tooLongOnly - takenAway)
    let counts =
      [
        (dryRun ? tr("would add %s", String(added)) : tr("added %s", String(added))),
        tr("already there %s", String(there)), tr("unresolved %s", String(unresolved)),
        tr("skipped %s", String(rows.skippedCount)),
      ] + (takenAway > 0 ? [tr("taken away since on a synced machine %s", String(takenAway))] : [])
    let tooLong = plan.tooLong.isEmpty ? [] : [tr("notes too long %s", String(plan.tooLong.count))]
    let newer =
      outcome.keptNewer == 0
      ? [] : [trn("kept %s newer rating", "kept %s newer ratings", outcome.keptNewer, String(outcome.keptNewer))]
    let dry = dryRun ? " " + tr("(a dry run: nothing was changed)") : ""
    lines.append((counts + newer + tooLong).joined(separator: ", ") + dry)
    if !plan.unresolved.isEmpty {
      lines.append(unresolvedHeading)
      var seen: Set<RowPlace> = []
      for row in plan.unresolved where seen.insert(row.place).inserted {
        lines.append("  \(row.place)  \(named(row.title, row.year))")
      }
    }
    if !plan.tooLong.isEmpty {
      lines.append(tr("Not added, as the note would be longer than %s characters:", String(Library.longestNote)))
      for change in plan.tooLong { lines.append("  " + describe(change)) }
    }
    if !rows.skipped.isEmpty {
      lines.append(tr("Skipped:"))
      for row in rows.skipped { lines.append("  \(row.place)  \(row.problem)") }
      if rows.moreSkipped > 0 { lines.append("  " + tr("and %s more", String(rows.moreSkipped))) }
    }
    if !rows.partlyRead.isEmpty {
      lines.append(tr("Taken without a part that could not be read:"))
      for row in rows.partlyRead { lines.append("  \(row.place)  \(row.problem)") }
      let more = rows.partlyReadCount - rows.partlyRead.count
      if more > 0 { lines.append("  " + tr("and %s more", String(more))) }
    }
    return lines.joined(separator: "\n")
  }

  /// One change as the dry run lists it.
  private static func describe(_ change: PlannedChange) -> String {
    var title = Output.named(change.target.info, episode: nil)
    if let episode = change.target.episode { title += " " + episode.description }
    let what: String
    switch change.action {
    case .watch(let day), .loggedWatch(let day), .watchUnlessSeen(let day): what = tr("watched %s", day)
    case .rate(let rating, _): what = tr("rated %s", "\(rating)/10")
    case .note: what = tr("a note")
    case .list(let name, _): what = tr("on the list %s", name)
    }
    return "\(change.place)  \(title): \(what)"
  }

  private static func named(_ title: String, _ year: Int?) -> String {
    let clean = TextSanitizer.clean(title, limit: 300)
    return year.map { "\(clean) (\($0))" } ?? clean
  }

  /// `trending import json PATH`: `export json` read back a chunk at a time, or whole from
  /// standard input or a pipe.
  private static func importJSON(path: String, dryRun: Bool, library: Library, file: URL) throws(LibraryError)
    -> Int32
  {
    // A backup is a library itself, not an export: said so, with how it is put back.
    if !ImportPath.isPiped(path), Library.startsAsSQLite(path) {
      printError(
        tr(
          "%1$s is a library (a backup, as 'library backup' writes), not an export: to restore it, quit trending and copy it over %2$s (and delete the -wal and -shm files beside that, if any)",
          TextSanitizer.clean(path, limit: 300), file.path))
      return ExitCode.failure.rawValue
    }
    let outcome: JSONImportOutcome
    do {
      if ImportPath.isPiped(path) {
        let bytes = try ImportPath.read(path).get()
        outcome = try library.importJSON(bytes, name: ImportPath.shown(path), dryRun: dryRun)
      } else {
        outcome = try ExportReader.exported(path: path) { _, source in
          try library.importJSON(reading: source, name: TextSanitizer.clean(path, limit: 300), dryRun: dryRun)
        }
      }
    } catch let error as LibraryError {
      throw error
    } catch {
      printError((error as? ImportFailure)?.message ?? String(describing: error))
      return ExitCode.failure.rawValue
    }
    return emit(jsonSummary(outcome, dryRun: dryRun))
  }

  /// What an import of `export json` did: the counts, then the first rows not taken and why.
  static func jsonSummary(_ outcome: JSONImportOutcome, dryRun: Bool) -> String {
    let tables = outcome.added.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    let added = String(outcome.addedInAll)
    var line =
      (dryRun ? tr("would add %s rows", added) : tr("added %s rows", added)) + (tables.isEmpty ? "" : " (\(tables))")
    line += ", " + tr("already there %s", String(outcome.already))
    if outcome.replaced > 0 {
      line += ", " + tr("older ratings and notes replaced by the file's %s", String(outcome.replaced))
    }
    if outcome.keptYours > 0 {
      line += ", " + tr("ratings and notes kept, not older than the file's %s", String(outcome.keptYours))
    }
    if outcome.takenAway > 0 {
      line += ", " + tr("taken away since on a synced machine %s", String(outcome.takenAway))
    }
    if outcome.invalid > 0 { line += ", " + tr("invalid %s", String(outcome.invalid)) }
    if dryRun { line += " " + tr("(a dry run: nothing was changed)") }
    var lines = [line]
    if outcome.invalid > 0 {
      lines.append(tr("Not taken (values trending never writes):"))
      for row in outcome.problems {
        lines.append("  " + tr("%1$s, entry %2$s: %3$s", row.place.file, String(row.place.line), row.problem))
      }
      let more = outcome.invalid - outcome.problems.count
      if more > 0 { lines.append("  " + tr("and %s more", String(more))) }
    }
    return lines.joined(separator: "\n")
  }

  /// A failure's message, then "; nothing was changed", its own full stop dropped ("… in your key file;").
  static func nothingChanged(_ message: String) -> String {
    tr("%s; nothing was changed", withoutFullStop(message))
  }

  /// A message without the full stop that ends it (`.`, or `。` as Chinese writes it), to go on.
  static func withoutFullStop(_ message: String) -> String {
    message.hasSuffix(".") || message.hasSuffix("。") ? String(message.dropLast()) : message
  }
}

extension LibraryCommand {
  /// Whether it is an import's `--dry-run`.
  var isDryRun: Bool {
    switch self {
    case .importing(_, _, let dryRun, _), .importingServer(_, _, let dryRun, _): return dryRun
    default: return false
    }
  }

  /// Whether it is `library backup`.
  var isBackup: Bool {
    if case .backup = self { return true }
    return false
  }

  /// Whether it is an import (of a file or from a media server).
  var isImport: Bool {
    switch self {
    case .importing, .importingServer: return true
    default: return false
    }
  }
}
