import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore

/// What the command line reads of the library for a page it prints (the user's marks, what they
/// hid or saw): nothing when there is no library yet, none is made for it, and one that cannot be
/// read reads as nothing.
extension TrendingCommand {
  /// `body` on the library at `path` when one is there; nil when none is, or it cannot be read.
  static func readIfThere<T>(_ path: URL?, _ body: (Library) throws(LibraryError) -> T) -> T? {
    guard let path, FileManager.default.fileExists(atPath: path.path),
      case .success(let value) = LibraryService(path: path).sync(body)
    else { return nil }
    return value
  }

  /// The user's own marks of a title (rating, note, watches, lists), for its page.
  static func libraryMark(_ media: MediaID, environment: [String: String]) -> Mark? {
    readIfThere(Library.standardPath(environment: environment)) { library throws(LibraryError) in
      try library.annotatedMarks(of: media)[media]
    } ?? nil
  }

  /// A series' marks (ratings of its episodes among them) and the episodes the library holds as
  /// seen, read in one opening; nil without a library.
  static func seriesRecord(_ series: Int, environment: [String: String]) -> (mark: Mark?, seen: Set<EpisodeKey>)? {
    readIfThere(Library.standardPath(environment: environment)) { library throws(LibraryError) in
      (try library.annotatedMarks(of: .series(series))[.series(series)], try library.seenEpisodes(series))
    }
  }

  /// A page without the titles the user is not interested in (`hide`), as the browser's lists show it.
  static func withoutHidden(_ page: MediaPage, environment: [String: String]) -> MediaPage {
    guard
      let hidden = readIfThere(
        Library.standardPath(environment: environment),
        { library throws(LibraryError) in
          try library.hiddenTitles()
        }), !hidden.isEmpty
    else { return page }
    return page.filtered { $0.media.map { !hidden.contains($0) } ?? true }
  }

  /// The titles the library has seen or hidden, which a pick for tonight leaves out.
  static func seenOrHidden(_ path: URL) -> Set<MediaID> {
    readIfThere(path) { library throws(LibraryError) in
      Set(try library.marks().filter { $0.value.seen != nil }.keys).union(try library.hiddenTitles())
    } ?? []
  }
}

extension TrendingCommand {
  /// `trending export json`, read once, whatever the library's state: a damaged one gives what
  /// can still be read of it, says so, and, when tables could not be read whole, names them and
  /// fails, so a script never takes the export for all of it.
  static func exportJSON(_ library: Library, today: String) throws(LibraryError) -> Int32 {
    let salvaged = try library.salvageJSON(now: today)
    guard emit(TextSanitizer.escapingControls(inJSON: salvaged.json)) == 0 else { return ExitCode.failure.rawValue }
    guard salvaged.damaged else { return ExitCode.success.rawValue }
    guard !salvaged.unreadable.isEmpty else {
      printError(
        tr(
          "The library is damaged, but this export holds all of it: move the library aside and 'trending import json' the export into a new one."
        ))
      return ExitCode.success.rawValue
    }
    printError(
      tr(
        "The library is damaged: this export holds what could still be read; not read whole: %s. Move the library aside and 'trending import json' the export into a new one.",
        salvaged.unreadable.joined(separator: ", ")))
    return ExitCode.failure.rawValue
  }
}

extension TrendingCommand {
  /// The exit code of a command that only reads, when it finds no library (said on standard error,
  /// `absentLibrary`); nil when there is one to read.
  static func refusingAbsentLibrary(_ environment: [String: String], checking: Bool = false) -> Int32? {
    guard let absent = absentLibrary(environment, checking: checking) else { return nil }
    printError(absent)
    return ExitCode.failure.rawValue
  }

  /// Why a command that only reads finds no library, or nil when there is one to read: a profile's
  /// library that is not there (a name misspelt, say) is said rather than made, as is any library a
  /// check is asked of; the default profile's reads find an empty library, made for them.
  static func absentLibrary(_ environment: [String: String], checking: Bool = false) -> String? {
    guard let path = Library.standardPath(environment: environment),
      !FileManager.default.fileExists(atPath: path.path)
    else { return nil }
    let profile = LibraryProfile.named(in: environment) ?? .standard
    guard !profile.isDefault else {
      return checking ? tr("There is no library at %s yet.", TextSanitizer.clean(path.path, limit: 300)) : nil
    }
    let others = LibraryProfile.withLibraries(environment: environment)
    let absent = tr("The profile %s has no library yet.", profile.name)
    return others.isEmpty
      ? absent + " " + tr("Its first mark makes it.")
      : absent + " " + tr("Profiles with one: %s.", others.joined(separator: ", "))
  }
}
