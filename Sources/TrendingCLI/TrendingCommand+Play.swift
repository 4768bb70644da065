import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization
import Synchronization
import TerminalUI
import TrendingCore

/// What a watch of a played file is recorded of: a film, or a series' episode.
struct PlayedTitle: Sendable {
  /// The film or series.
  let info: TitleInfo
  /// The episode, for a series (the first of several the file holds).
  let episode: EpisodeKey?
  /// The last of several episodes the file holds (`S01E01E02`), in `episode`'s season.
  var lastEpisode: Int?

  /// The episodes the file holds, in order; none for a film.
  var episodes: [EpisodeKey] {
    guard let episode else { return [] }
    return (episode.number...max(episode.number, lastEpisode ?? 0)).map {
      EpisodeKey(season: episode.season, number: $0)
    }
  }

  /// The title a file was identified as, or why no watch can be recorded of it.
  static func from(_ identity: FileIdentity) -> Result<PlayedTitle, PlayProblem> {
    switch identity {
    case .title(let info, let season, let episode):
      guard info.media.kind == .series else { return .success(PlayedTitle(info: info, episode: nil)) }
      guard let season, let episode else { return .failure(.noEpisode(Output.named(info, episode: nil))) }
      return .success(PlayedTitle(info: info, episode: EpisodeKey(season: season, number: episode)))
    case .ambiguous(let found): return .failure(.ambiguous(found.count))
    case .noMatch: return .failure(.noMatch)
    case .notMedia: return .failure(.notMedia)
    }
  }

  /// How messages name it: `Dark (2017) S01E03`, `Dark (2017) S01E03-E04`.
  var name: String {
    let title = Output.named(info, episode: nil)
    return episode.map { title + " " + $0.code(through: episodes.count > 1 ? episodes.last?.number : nil) } ?? title
  }
}

/// Why a played file's watch cannot be recorded.
enum PlayProblem: Error, Equatable {
  case ambiguous(Int), noMatch, notMedia, noEpisode(String), absent(String), failed(String, ExitCode)

  /// The exit code: a file not identified (no match, several, no media name, no episode, one its
  /// series does not have) is not found, as `identify` says it; a failure to ask has its own.
  var code: ExitCode {
    switch self {
    case .noMatch, .absent, .ambiguous, .notMedia, .noEpisode: return .notFound
    case .failed(_, let code): return code
    }
  }

  /// The reason, for "nothing is recorded: …".
  var reason: String {
    switch self {
    case .ambiguous(let count):
      return trn(
        "its name fits %s title as well as another", "its name fits %s titles equally well", count, String(count))
    case .noMatch: return tr("no film or series amodb knows fits its name")
    case .notMedia: return tr("its name says nothing of a film or an episode")
    case .noEpisode(let series): return tr("it is %s, but its name says no season and episode", series)
    case .absent(let message): return message
    case .failed(let message, _): return message
    }
  }
}

/// What `play` and `scrobble` are given: a file's path or a URL.
enum PlayTarget {
  /// Whether `text` is a URL (`scheme://…`) rather than a path.
  static func isURL(_ text: String) -> Bool {
    guard let range = text.firstRange(of: "://") else { return false }
    let scheme = text[..<range.lowerBound]
    return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// A path made absolute from `directory` (so its folders name the title too); a URL as it is.
  static func absolute(_ target: String, directory: String) -> String {
    guard !isURL(target), !target.hasPrefix("/") else { return target }
    return (directory.hasSuffix("/") ? directory : directory + "/") + target
  }

  /// The path its name is read from: a URL's path, percent-decoded, without query or fragment.
  static func namePath(_ target: String) -> String {
    guard isURL(target), let range = target.firstRange(of: "://") else { return target }
    let rest = target[range.upperBound...]
    let path = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
    let bare = path.prefix { $0 != "?" && $0 != "#" }
    return String(bare).percentDecoded
  }

  /// The current folder, or `/` when it cannot be read.
  static var currentDirectory: String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension TrendingCommand {
  /// What a file is, by its name and folders (`trending identify`'s reading and matching), as what
  /// a watch is recorded of.
  /// `asking`: a name that fits several titles is asked about on a terminal; `given`: the
  /// services of a run that names many files (one client, one rate budget).
  static func playedTitle(
    _ target: String, invocation: Invocation, environment: [String: String], asking: Bool = true,
    services given: (client: AmodbClient, images: ImageLoader)? = nil
  ) -> Result<PlayedTitle, PlayProblem> {
    let services: (client: AmodbClient, images: ImageLoader)
    if let given {
      services = given
    } else {
      do {
        services = try Setup.services(for: invocation, environment: environment)
      } catch {
        return .failure(.failed(error.message, error.code))
      }
    }
    if let error = services.client.configuration.missingKeyError {
      return .failure(.failed(error.message, ExitCode(error)))
    }
    let guess = MediaFileName.guess(path: PlayTarget.namePath(target))
    let identifier = FileIdentifier(client: services.client)
    // An episode its series does not have (a season past the last) is said, as `seen` says it.
    func checked(_ identity: FileIdentity) -> Result<PlayedTitle, PlayProblem> {
      if let absent = identifier.absence(of: identity, through: guess.lastEpisode) { return .failure(.absent(absent)) }
      return PlayedTitle.from(identity).map { title in
        var title = title
        if title.episode != nil { title.lastEpisode = guess.lastEpisode }
        return title
      }
    }
    let memory = FolderChoice(target: target, guess: guess, environment: environment)
    // A title chosen for a file of this folder before, of the same name: not asked again.
    if let media = memory?.remembered() {
      switch identifier.identity(of: media, guess) {
      case .success(let identity): return checked(identity)
      case .failure(let error): return .failure(.failed(error.message, ExitCode(error)))
      }
    }
    switch identifier.identify(guess) {
    case .success(.ambiguous(let found)) where asking && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1:
      // On a terminal, the import's chooser asks which; the choice is kept for the folder.
      let title = UnresolvedTitle(
        reference: .search(title: guess.title, year: guess.year), places: [], title: guess.title, year: guess.year,
        candidates: Array(found.prefix(UnresolvedTitle.mostCandidates)), scope: .all)
      let posters = ImportResolver.Posters(
        services: services, mode: (try? Setup.imageMode(for: invocation, environment: environment)) ?? .auto,
        environment: environment, noColor: invocation.noColor || !(environment["NO_COLOR"] ?? "").isEmpty)
      var chosen: MediaID?
      _ = try? ImportResolver.choose([title], posters: posters) { film, _ in chosen = film.media }
      guard let chosen else { return .failure(.ambiguous(found.count)) }
      memory?.remember(chosen)
      switch identifier.identity(of: chosen, guess) {
      case .success(let identity): return checked(identity)
      case .failure(let error): return .failure(.failed(error.message, ExitCode(error)))
      }
    case .success(let identity): return checked(identity)
    case .failure(let error): return .failure(.failed(error.message, ExitCode(error)))
    }
  }

  /// The one step `play` and `scrobble` share: a watch of `title` recorded on `day` when `progress`
  /// counts as watched at `threshold` percent (once a day: the library's same-day rule), else a line
  /// saying nothing was recorded. Returns the exit code.
  static func scrobble(
    _ title: PlayedTitle, progress: PlaybackProgress, threshold: Int, day: String, environment: [String: String]
  ) -> Int32 {
    guard progress.isWatched(threshold: threshold) else {
      return emit(
        tr(
          "%1$s: played to %2$s%% (a watch counts from %3$s%%): nothing recorded", title.name,
          String(progress.percent ?? 0), String(threshold)))
    }
    return record(title, day: day, environment: environment)
  }

  /// A watch of `title` (each of its episodes) on `day`, once that day, said; the exit code.
  static func record(_ title: PlayedTitle, day: String, environment: [String: String]) -> Int32 {
    withLibrary(environment) { library throws(LibraryError) -> Int32 in
      let today = WatchlistFormat.day(Date())
      // Each episode of the file once that day, all in one change.
      let recorded = try library.change { () throws(LibraryError) -> Bool in
        var any = false
        for episode in title.episodes.isEmpty ? [nil] : title.episodes.map(Optional.some) {
          if try library.watchOnce(title.info, episode: episode, on: day, recorded: today) { any = true }
        }
        return any
      }
      guard recorded else {
        return emit(tr("%1$s has a watch on %2$s already: nothing more recorded", title.name, day))
      }
      return emit(tr("marked %1$s seen on %2$s", title.name, day))
    }
  }

  /// `trending scrobble PATH --position S --duration S`: the file identified, then the shared step.
  static func scrobble(
    _ path: String, progress: PlaybackProgress, invocation: Invocation, environment: [String: String],
    settings: [String: String]
  ) -> Int32 {
    let threshold = WatchedAt.threshold(settings)
    let day = WatchlistFormat.day(Date())
    switch playedTitle(path, invocation: invocation, environment: environment) {
    case .success(let title):
      let code = scrobble(title, progress: progress, threshold: threshold, day: day, environment: environment)
      // amodb answers: the plays kept while it did not are recorded too.
      _ = recordPending(invocation: invocation, environment: environment, asking: false)
      return code
    case .failure(let problem) where problem.waits && progress.isWatched(threshold: threshold):
      return keepPending(
        PlayTarget.absolute(path, directory: PlayTarget.currentDirectory), day: day, problem: problem,
        environment: environment)
    case .failure(let problem):
      printError(
        tr(
          "%1$s: nothing recorded: %2$s", TextSanitizer.clean(URL.shownWithoutSecrets(path), limit: 300), problem.reason
        ))
      return problem.code.rawValue
    }
  }

  /// `trending play PATH|URL`: identified first (a file that is not still plays), then played in mpv
  /// in this terminal while its IPC socket is read; the shared step records the watch the moment it
  /// counts, dated that day.
  static func play(
    _ given: String, invocation: Invocation, environment: [String: String], settings: [String: String]
  ) -> Int32 {
    let target = PlayTarget.absolute(given, directory: PlayTarget.currentDirectory)
    let shown = TextSanitizer.clean(URL.shownWithoutSecrets(given), limit: 300)
    if !PlayTarget.isURL(target), access(target, R_OK) != 0 {
      printError(tr("cannot play %1$s: %2$s", shown, String(cString: strerror(errno))))
      return ExitCode.failure.rawValue
    }
    // A folder would play every file in it and record none: one file is named.
    var status = stat()
    if !PlayTarget.isURL(target), stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      printError(tr("cannot play %s: it is a folder; name a file in it", shown))
      return ExitCode.usage.rawValue
    }
    let threshold = WatchedAt.threshold(settings)
    let title: PlayedTitle?
    var waiting: PlayProblem?
    switch playedTitle(target, invocation: invocation, environment: environment) {
    case .success(let found):
      title = found
      printError(tr("playing %1$s: a watch is recorded at %2$s%% or at its end", found.name, String(threshold)))
    case .failure(let problem) where problem.waits:
      (title, waiting) = (nil, problem)
      printError(tr("%1$s: not named yet (%2$s): a watch is kept to record later", shown, problem.reason))
    case .failure(let problem):
      title = nil
      printError(tr("%1$s: nothing will be recorded: %2$s", shown, problem.reason))
    }
    let code = Atomic<Int32>(ExitCode.success.rawValue)
    let started = MpvWatch.start(environment: environment, threshold: threshold) { [waiting] progress, reached in
      guard let title else {
        // The film played as any not named does (exit 0); its watch waits.
        if let waiting {
          _ = keepPending(target, day: WatchlistFormat.day(reached), problem: waiting, environment: environment)
        }
        return
      }
      let recorded = scrobble(
        title, progress: progress, threshold: threshold, day: WatchlistFormat.day(reached), environment: environment)
      code.store(recorded, ordering: .relaxed)
    }
    let watch: MpvWatch
    switch started {
    case .success(let made): watch = made
    case .failure(let failure):
      printError(failure.message)
      return ExitCode.failure.rawValue
    }
    let player = MpvPlayer(setting: settings["player"], environment: environment)
    guard let command = player.command(playing: target, socket: watch.socket) else {
      _ = watch.finish()
      printError(tr("play needs mpv: install it, or name it with 'set player /path/to/mpv'"))
      return ExitCode.failure.rawValue
    }
    let problem = MpvPlayer.runInForeground(command)
    let outcome = watch.finish()
    if title != nil { _ = recordPending(invocation: invocation, environment: environment, asking: false) }
    // Named, or waiting to be: why no watch was recorded (or kept).
    if let name = title?.name ?? waiting.map({ _ in shown }), outcome.reachedAt == nil {
      let began = outcome.progress.start.flatMap { start in outcome.progress.duration.map { start / $0 * 100 } }
      _ = emit(
        outcome.progress.began(pastThreshold: threshold)
          ? tr(
            "%1$s: began at %2$s%%, past where a watch counts (%3$s%%): nothing recorded again", name,
            String(Int(began ?? 0)), String(threshold))
          : tr(
            "%1$s: stopped at %2$s%% (a watch counts from %3$s%%): nothing recorded", name,
            String(outcome.progress.percent ?? 0), String(threshold)))
    }
    if let problem {
      printError(problem)
      return ExitCode.failure.rawValue
    }
    return code.load(ordering: .relaxed)
  }
}

/// The title chosen for the files of one folder (an episode's show, asked once): kept in the
/// library's facts by the folder's path and the name the files give it, so a film of another name
/// in a shared folder is never taken for it.
struct FolderChoice {
  /// The fact's name: the folder, `//`, and the title as the file's name gives it (one name of a
  /// path: it holds no `/`, so no other folder and title make the same name).
  let fact: String
  /// The name versions before December 2026 gave it, whose separator (0x1F) `library check` takes
  /// for a control character: still read (`Library.moveEarlierFolderChoices` moves them all).
  let earlierFact: String
  /// The library's place.
  let library: URL

  /// The memory of `target`'s folder, nil for a URL or when there is no library.
  init?(target: String, guess: FileGuess, environment: [String: String]) {
    guard !PlayTarget.isURL(target), !guess.title.isEmpty,
      let library = Library.standardPath(environment: environment)
    else { return nil }
    let folder = URL(fileURLWithPath: PlayTarget.absolute(target, directory: PlayTarget.currentDirectory))
      .deletingLastPathComponent().path
    fact = Library.playFolderFact + folder + "//" + guess.title.lowercased()
    earlierFact = Library.playFolderFact + folder + "\u{1f}" + guess.title.lowercased()
    self.library = library
  }

  /// The title chosen before, if one was (a library not yet made is not made to ask), read through
  /// `service` when given (one for many files), else a service of its own.
  func remembered(through service: LibraryService? = nil) -> MediaID? {
    guard access(library.path, F_OK) == 0,
      case .success(let value?) = (service ?? LibraryService(path: library)).sync({ library throws(LibraryError) in
        // Every choice kept under the earlier name moves to this one (a library that cannot be
        // written keeps them there, still read).
        _ = try? library.moveEarlierFolderChoices()
        if let value = try library.fact(fact) { return value }
        return try library.fact(earlierFact)
      })
    else { return nil }
    let parts = value.split(separator: ":")
    guard parts.count == 2, let kind = MediaKind(rawValue: String(parts[0])), let id = Int(parts[1]), id > 0 else {
      return nil
    }
    return MediaID(kind, id)
  }

  /// Keeps `media` as the folder's title (a failure only means it is asked again next time).
  func remember(_ media: MediaID) {
    _ = LibraryService(path: library).sync { library throws(LibraryError) in
      try library.record(fact, media.kind.rawValue + ":" + String(media.id))
    }
  }
}
