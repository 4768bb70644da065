import LibraryKit
import Localization

extension OptionTable {
  /// The options only `trending import` takes.
  static var importOptions: [OptionSpec] {
    [
      OptionSpec(
        name: "--dry-run", help: tr("say what an import would add, and change nothing"), verbs: [.import],
        apply: { line, _ in line.library.dryRun = true }),
      OptionSpec(
        name: "--resolve",
        help: tr("then choose, full screen, the film of each row not matched (Enter takes it, s skips, q quits)"),
        verbs: [.import], apply: { line, _ in line.library.resolve = true }),
    ]
  }

  /// The words `trending import` takes first.
  static let importWords = ImportKind.allCases.map(\.rawValue) + MediaServer.allCases.map(\.rawValue)

  /// What `trending help import` says of TV Time's export.
  static var tvTimeHelp: String {
    tr(
      "TV Time's GDPR export (its .zip or folder) brings episodes watched and series followed by their TVDB ids, films by title and year, and series' ratings; a protected .zip asks its passphrase on the terminal, unseen, or reads it from the file TRENDING_TVTIME_PASSPHRASE_FILE or 'set tvtime-passphrase-file PATH' names (yours alone, mode 600)."
    )
  }

  /// `trending import`, for help, the man page and the completions.
  static var importCommands: [CommandSpec] {
    let summary = tr(
      "import another service's export, or 'export json', into the library: letterboxd, imdb, trakt, tvtime or json, then its .zip, folder or file (--dry-run)"
    )
    return [
      CommandSpec(
        verb: .import, arguments: "letterboxd|imdb|trakt|tvtime|json PATH, jellyfin|plex URL", words: importWords,
        pathsFrom: 1,
        summary: summary,
        detail: CommandSpec.paragraph(
          summary,
          tr(
            "Letterboxd's films are matched by title and year (one exact match is taken), IMDb's by their tt id, Trakt's by their TMDB ids; all of it in one transaction, and nothing twice: the same watch on the same day is there already. It ends with what was added, what was there, and each row not matched with its file and line."
          ), tvTimeHelp, MediaServerImport.help)),
      CommandSpec(
        verb: .identify, arguments: "PATH...", words: [], pathsFrom: 0,
        summary: tr("what media files are, from their names and folders, changing nothing (--json)"),
        detail: tr(
          "Each file taken from its name and folders as media servers name them (Show.Name.S01E02.720p.mkv, Show Name/Season 01/…, Film Title (1999)/Film Title (1999).mkv, {tmdb-550} or [imdbid-tt0137523] tags, any script): a tag is looked up by its id, else amodb is searched with the title and year and one exact match is taken. Prints each path with the film or the series, season and episode, or why not (no match, ambiguous with its candidates, not a media name). The files are not read and nothing is changed; --json for JSON."
        )),
    ]
  }
}

extension ArgumentParser {
  /// `trending import KIND PATH`.
  static func importCommand(_ words: [String], _ line: ParsedLine) throws(UsageError) -> LibraryCommand {
    if let first = words.first, let server = MediaServer(rawValue: first) {
      return try serverImportCommand(server, words, line)
    }
    guard let first = words.first, let kind = ImportKind(rawValue: first) else {
      throw UsageError(
        message: tr(
          "import takes letterboxd, imdb, trakt, tvtime or json, then a path; or jellyfin or plex, then its URL")
          + suggestion(
            words.first ?? "", among: ImportKind.allCases.map(\.rawValue) + MediaServer.allCases.map(\.rawValue)))
    }
    if line.tonight.sinceLast {
      throw UsageError(message: tr("--since-last goes with 'import jellyfin' or 'import plex'"))
    }
    guard words.count <= 2 else {
      throw UsageError(
        message: tr("import %s takes one export at a time: its .zip, folder or file; run it once for each", first))
    }
    guard words.count == 2, !words[1].isEmpty else {
      throw UsageError(message: tr("import %s needs the path of the export: its .zip, folder or file", first))
    }
    if line.library.resolve, line.library.dryRun {
      throw UsageError(message: tr("--resolve saves each choice, so it cannot be a --dry-run"))
    }
    return .importing(kind, path: words[1], dryRun: line.library.dryRun, resolve: line.library.resolve)
  }
}
