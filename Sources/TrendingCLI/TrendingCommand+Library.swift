import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore

extension TrendingCommand {
  /// Runs a command's changes and queries with the library at its place, through the process's one
  /// library service (its notice, and any failure, one line on standard error; a failure exits 1).
  /// A command that `makesNoLibrary` (it reads, or only takes away) makes no profile's library that
  /// is not there (the default one's find an empty library made for them), a `checking` one (a check, a backup, an export)
  /// refuses to run without one (`absentLibrary`), and one `importing` that made the library and
  /// changed nothing removes it.
  static func withLibrary(
    _ environment: [String: String], makesNoLibrary: Bool = false, checking: Bool = false, dryRun: Bool = false,
    importing: Bool = false, _ body: (Library) throws(LibraryError) -> Int32
  ) -> Int32 {
    guard var path = Library.standardPath(environment: environment) else {
      printError(tr("no place for the library: neither XDG_DATA_HOME nor HOME is an absolute path"))
      return ExitCode.failure.rawValue
    }
    // A dry run with no library yet runs on an empty one of its own, made and removed here: it
    // says what the first real run would do, and leaves no library behind.
    var scratch: URL?
    if dryRun, !FileManager.default.fileExists(atPath: path.path) {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "trending-dry-run-\(UUID().uuidString)")
      // The user's alone (0700), as the library's own folder is: a dry run holds their rows.
      guard
        (try? FileManager.default.createDirectory(
          at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
      else {
        printError(tr("could not create %s", TextSanitizer.clean(folder.path, limit: 300)))
        return ExitCode.failure.rawValue
      }
      scratch = folder
      path = folder.appendingPathComponent(Library.fileName)
      // A profile misspelt is still said, as a read says it.
      if let absent = absentLibrary(environment) {
        printError(absent + " " + tr("This dry run counts what a first import would add."))
      }
    }
    defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
    if scratch == nil, makesNoLibrary || checking, let refused = refusingAbsentLibrary(environment, checking: checking)
    {
      return refused
    }
    // An import that makes the library and then fails or is refused leaves none behind.
    let made = importing && !FileManager.default.fileExists(atPath: path.path)
    let service = LibraryService(path: path)
    var changed = true
    var notice: String?
    let result = service.sync { library throws(LibraryError) -> Int32 in
      notice = library.notice
      // Only an import that made the file asks the log whether it wrote anything.
      guard made else { return try body(library) }
      let before = try library.newestChange()
      defer { changed = (try? library.newestChange()).map { $0 != before } ?? true }
      return try body(library)
    }
    if made, !changed {
      service.close()
      for file in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path.path + file) }
    }
    // A change a newer library refused says so itself: its notice (opened read-only) is not said twice.
    let refusedAsNewer = if case .failure(let error) = result { error.kind == .newer } else { false }
    if let notice, !refusedAsNewer { printError(notice) }
    switch result {
    case .success(let code): return code
    case .failure(let error):
      printError(error.message)
      return (error.kind == .notFound ? ExitCode.notFound : ExitCode.failure).rawValue
    }
  }

  /// What the library should keep of a title: its details, from the cache first, else from amodb;
  /// a title amodb does not know is a failure, and a title that cannot be asked is kept as the
  /// library knows it already, else by its id.
  static func titleInfo(
    _ media: MediaID, invocation: Invocation, environment: [String: String], library: Library
  ) -> Result<TitleInfo, AmodbError> {
    let known = (try? library.title(media)).flatMap { $0?.title.isEmpty == false ? $0 : nil }
    let bare = known ?? TitleInfo(media: media, title: "")
    guard let services = try? Setup.services(for: invocation, environment: environment) else { return .success(bare) }
    let client = services.client
    if let missing = client.configuration.missingKeyError {
      // Kept all the same (the library is the user's, key or not), and said, as `watchlist add` says it.
      if known == nil { printError(tr("%1$s is kept without its title: %2$s", media.description, missing.message)) }
      return .success(bare)
    }
    let language = client.configuration.language
    let request = APIRequest.details(media, language: language)
    switch blocking({ await client.answer(request, keptFirst: true) }) {
    case .success(let fetched):
      // An answer about another title never gets here (the client reads it as unreadable).
      return .success(fetched.value.series.map(TitleInfo.init) ?? fetched.value.movie.map(TitleInfo.init) ?? bare)
    case .failure(let error):
      if case .notFound = error { return .failure(error) }
      if known == nil { printError(tr("%1$s is kept without its title: %2$s", media.description, error.message)) }
      return .success(bare)
    }
  }

  /// Prints "no film has the id" for a title amodb does not know; returns its exit code.
  static func unknown(_ media: MediaID) -> Int32 {
    printError(notFound(media))
    return ExitCode.notFound.rawValue
  }

  /// "no film has the id 13", "no series has the id 550".
  static func notFound(_ media: MediaID) -> String {
    media.kind == .series
      ? tr("no series has the id %s", String(media.id)) : tr("no film has the id %s", String(media.id))
  }

  /// `trending seen`, `rate`, `lists` and the library's other commands.
  static func library(_ command: LibraryCommand, invocation: Invocation, environment: [String: String]) -> Int32 {
    // The file an import names, links followed; standard input or a pipe for `import json` alone.
    if case .importing(let kind, let given, let dryRun, let resolve) = command {
      if ImportPath.isPiped(given) {
        guard kind == .json else {
          printError(
            tr("a pipe or standard input is read by 'trending import json' only; give the export's file or folder"))
          // A usage error: the command as typed cannot run, as a wrong option cannot.
          return ExitCode.usage.rawValue
        }
      } else {
        let path = ImportPath.resolved(given)
        return libraryCommand(
          .importing(kind, path: path, dryRun: dryRun, resolve: resolve), invocation: invocation,
          environment: environment)
      }
    }
    return libraryCommand(command, invocation: invocation, environment: environment)
  }

  /// `library` with an import's path read as it is.
  private static func libraryCommand(_ command: LibraryCommand, invocation: Invocation, environment: [String: String])
    -> Int32
  {
    if case .seen(_, _, let day?) = command, var refusal = OptionTable.futureWatch(day, now: Date()) {
      refusal.verb = .seen
      printUsageError(refusal)
      return ExitCode.usage.rawValue
    }
    var exported: ImportRows?
    if case .importing(let kind, let path, _, let resolve) = command {
      switch readExport(kind, path: path, resolve: resolve, environment: environment) {
      case .success(let rows): exported = rows
      case .failure(let status): return status.code
      }
    }
    let today = WatchlistFormat.day(Date())
    return withLibrary(
      environment, makesNoLibrary: command.makesNoLibrary, checking: command.needsALibrary, dryRun: command.isDryRun,
      importing: command.isImport
    ) {
      library throws(LibraryError) -> Int32 in
      switch command {
      case .seen(let media, let episodes, let day):
        return try seen(
          media, episodes: episodes, day: day ?? today, library: library, invocation: invocation,
          environment: environment)
      case .unseen(let media, let episodes):
        let numbers: [EpisodeKey?]
        switch episodes {
        case nil: numbers = [nil]
        case .one(let season, let episode)?: numbers = [EpisodeKey(season: season, number: episode)]
        case .through(let season, let last)?:
          numbers = (0...last).map { EpisodeKey(season: season, number: $0) }
        case .season(let season)?:
          numbers = try library.seenEpisodes(media.id).filter { $0.season == season }.sorted()
        }
        let removed = try library.unwatch(media, episodes: numbers)
        return emit(try unseenReport(media, episodes: episodes != nil, removed: removed, library: library))
      case .rate(let media, let episode, let rating):
        guard
          case .success(let info) = titleInfo(media, invocation: invocation, environment: environment, library: library)
        else {
          return unknown(media)
        }
        if rating != nil, let code = missingEpisode(media, episode, info, invocation, environment) { return code }
        let changed = try library.rate(subject(media, episode), rating, title: info, day: today)
        let name = Output.named(info, episode: episode)
        guard let rating else { return emit(changed ? tr("%s: rating cleared", name) : tr("%s had no rating", name)) }
        return emit(name + ": \(rating)/10")
      case .note(let media, let episode, let text):
        guard
          case .success(let info) = titleInfo(media, invocation: invocation, environment: environment, library: library)
        else {
          return unknown(media)
        }
        if text != nil, let code = missingEpisode(media, episode, info, invocation, environment) { return code }
        let changed = try library.note(subject(media, episode), text, title: info, day: today)
        let name = Output.named(info, episode: episode)
        guard text != nil else { return emit(changed ? tr("%s: note cleared", name) : tr("%s had no note", name)) }
        return emit(tr("%s: note saved", name))
      case .hide(let media, let hidden):
        guard
          case .success(let info) = titleInfo(media, invocation: invocation, environment: environment, library: library)
        else {
          return unknown(media)
        }
        let changed = try library.hide(info, hidden, day: today)
        let name = Output.named(info, episode: nil)
        guard hidden else {
          return emit(changed ? tr("%s: shown in lists again", name) : tr("%s was not hidden", name))
        }
        return emit(name + ": " + tr("not interested"))
      case .history(let since, let format):
        try fillNames(library, invocation: invocation, environment: environment, today: today)
        let entries = try library.history(since: since)
        // Nothing to list: a word for the person on standard error, nothing for a script to read.
        guard !entries.isEmpty || format != .text else {
          printError(
            since.map { tr("Nothing watched since %s.", $0) }
              ?? tr("Nothing watched yet; 'trending seen ID' marks a film seen."))
          return ExitCode.success.rawValue
        }
        return emit(Output.history(entries, format: format))
      case .rated(let format):
        return try rated(library, format: format, invocation: invocation, environment: environment, today: today)
      case .progress(let json):
        return try progress(
          json: json, library: library, invocation: invocation, environment: environment, today: today)
      case .lists(let json, let csv):
        return emit(Output.lists(try library.lists(), format: json ? .json : csv ? .csv : .text))
      case .list(let name, let action, let format):
        return try list(
          name, action: action, format: format, library: library, invocation: invocation,
          environment: environment, today: today)
      case .stats(let year, let json):
        try fillRuntimes(library, year: year, invocation: invocation, environment: environment, today: today)
        // Its JSON names genres in English whatever the interface speaks: scripts read the keys.
        let stats = Translator.$override.withValue(json ? .english : Translator.override) {
          Result { () throws(LibraryError) in try library.stats(year: year) }
        }
        return emit(Output.stats(try stats.get(), json: json))
      case .exportJSON:
        return try exportJSON(library, today: today)
      case .exportLetterboxd:
        sayLeftOut(series: try library.seriesOutsideTheDiary())
        return emit(Output.letterboxd(try library.diary()))
      case .importing(let kind, let path, let dryRun, let resolve):
        return try importExport(
          kind, path: path, rows: exported, dryRun: dryRun, resolve: resolve, library: library,
          invocation: invocation, environment: environment)
      case .importingServer(let server, let url, let dryRun, let sinceLast):
        return try importServer(
          server, url: url, dryRun: dryRun, sinceLast: sinceLast, library: library, invocation: invocation,
          environment: environment)
      case .check:
        let problems = try library.check()
        guard problems.isEmpty else {
          for problem in problems { printError(problem) }
          return ExitCode.failure.rawValue
        }
        let name = TextSanitizer.clean(library.path.path, limit: 300)
        // A newer trending's file is checked only as far as this one knows it: said so.
        guard library.schemaVersion <= Library.knownSchema else {
          return emit(
            tr(
              "%1$s: no problems found in what schema %2$s knows; the newer trending that made it checks the rest",
              name, String(Library.knownSchema)))
        }
        return emit(tr("%s: no problems found", name))
      case .backup(let path):
        let target = try library.backup(to: URL(fileURLWithPath: path), now: Date())
        return emit(tr("copied the library to %s", TextSanitizer.clean(target.path, limit: 300)))
      }
    }
  }

  /// `trending lists NAME …`: prints a list, or adds, removes or deletes.
  private static func list(
    _ name: String, action: ListAction?, format: WatchlistOutput, library: Library, invocation: Invocation,
    environment: [String: String], today: String
  ) throws(LibraryError) -> Int32 {
    switch action {
    case .add(let media)?, .remove(let media)?:
      let adding = action == .add(media)
      let refusal = try edit(
        list: name, adding: adding, media, library: library, invocation: invocation, environment: environment,
        today: today)
      if let refusal { return refusal }
    case .delete?:
      guard name.lowercased() != "watchlist" else {
        printError(tr("the watchlist is not deleted; remove its titles instead"))
        return ExitCode.usage.rawValue
      }
      let list = try library.listName(name) ?? name
      guard try library.deleteList(name) else { return noList(name) }
      return emit(tr("deleted the list %s", list))
    case .rename(let new)?:
      guard name.lowercased() != "watchlist", new.lowercased() != "watchlist" else {
        printError(tr("the watchlist keeps its name, and no list takes it"))
        return ExitCode.usage.rawValue
      }
      let list = try library.listName(name) ?? name
      guard try library.renameList(name, to: new) else { return noList(name) }
      return emit(tr("renamed the list %1$s to %2$s", list, new))
    case nil: break
    }
    guard try library.listName(name) != nil else { return noList(name) }
    try fillNames(library, invocation: invocation, environment: environment, today: today)
    guard let items = try library.list(name) else { return noList(name) }
    if format == .csv { sayLeftOut(series: items.filter { $0.title.media.kind == .series }.count) }
    return emit(Output.list(items, format: format))
  }

  static func noList(_ name: String) -> Int32 {
    printError(noListMessage(name))
    return ExitCode.notFound.rawValue
  }

  /// What `lists NAME` and `pick --from NAME` say of a list that is not there.
  static func noListMessage(_ name: String) -> String {
    tr("there is no list %s; 'trending lists' names them", OptionTable.shown(name))
  }

  /// The most film details `stats` asks the network for in one run (kept answers are free), well
  /// inside the rate budget, so a read-only command is never held a minute.
  static let detailsAskedAtMost = 12

  /// Asks for the details of films watched without a known runtime (marked from a list's row, say),
  /// kept answers first, four at a time, so `stats` counts their hours: at most `detailsAskedAtMost`
  /// from the network, and none after a batch the network did not answer (offline); nothing
  /// without a key.
  private static func fillRuntimes(
    _ library: Library, year: Int?, invocation: Invocation, environment: [String: String], today: String
  ) throws(LibraryError) {
    guard let services = try? Setup.services(for: invocation, environment: environment),
      services.client.configuration.missingKeyError == nil
    else { return }
    let client = services.client
    let language = client.configuration.language
    var waiting = try library.filmsWithoutRuntime(year: year, atMost: 200)[...]
    var asked = 0
    while !waiting.isEmpty, asked < detailsAskedAtMost {
      let batch = waiting.prefix(min(4, detailsAskedAtMost - asked))
      waiting = waiting.dropFirst(batch.count)
      let requests = batch.map { APIRequest.movie(MovieDetailsRequest(id: $0, language: language)) }
      var answered = false
      for answer in blocking({ await client.answers(requests, background: false) }) {
        switch answer {
        case .success(let fetched):
          asked += fetched.fromCache ? 0 : 1
          answered = true
          if let movie = fetched.value.movie { try library.update(TitleInfo(movie), day: today) }
        case .failure(.notFound):
          asked += 1
          answered = true
        case .failure:
          asked += 1
        }
      }
      guard answered else { break }
    }
  }
}
