import AmodbKit
import FoundationEssentials
import Glibc
import LibraryKit
import Localization
import TrendingCore

extension TrendingCommand {
  /// `trending identify PATH… [--json]`: what each file was taken to be (a title `play` chose for
  /// its folder before, as `play` and `scrobble` take it), or why not, an episode its series does
  /// not have included; nothing is changed and the files are not read (their names and folders are
  /// enough). Exit 6 when a file is not identified, as `scrobble` would say of it.
  static func identify(_ paths: [String], json: Bool, client: AmodbClient, environment: [String: String]) -> Int32 {
    let identifier = FileIdentifier(client: client)
    // One library for every path's folder choice, opened only if it is there.
    let library = Library.standardPath(environment: environment).flatMap {
      access($0.path, F_OK) == 0 ? LibraryService(path: $0) : nil
    }
    var entries: [IdentifiedFile] = []
    for path in paths {
      let guess = MediaFileName.guess(path: path)
      let chosen = FolderChoice(target: path, guess: guess, environment: environment)?.remembered(through: library)
      switch chosen.map({ identifier.identity(of: $0, guess) }) ?? identifier.identify(guess) {
      case .success(let identity):
        let absence = identifier.absence(of: identity, through: guess.lastEpisode)
        entries.append(
          absence.map { IdentifiedFile(path: path, absent: $0) }
            ?? IdentifiedFile(path: path, identity: identity, lastEpisode: guess.lastEpisode))
      case .failure(let error):
        printError(error.message)
        return ExitCode(error).rawValue
      }
    }
    let printed = emit(json ? Output.encode(entries) : entries.map(\.line).joined(separator: "\n"))
    guard printed == ExitCode.success.rawValue else { return printed }
    return entries.allSatisfy { $0.kind != nil } ? printed : ExitCode.notFound.rawValue
  }
}

/// One file in `trending identify`'s answer.
struct IdentifiedFile: Encodable {
  /// The path as given (a URL without its secrets).
  let path: String
  /// `film`, `episode` or nil when not identified.
  let kind: String?
  /// The film's or series' id.
  let id: Int?
  /// Its title.
  let title: String?
  /// Its year.
  let year: Int?
  /// The episode's season.
  let season: Int?
  /// The episode's number (the first of several the file holds).
  let episode: Int?
  /// The last of several episodes the file holds (`S01E01E02`), else nil.
  let lastEpisode: Int?
  /// Why not: `no-match`, `ambiguous`, `not-media`, `absent` (an episode its series does not have),
  /// or `no-episode` (a series, its episode not named).
  let reason: String?
  /// An ambiguous name's candidates' ids.
  let candidates: [Int]?
  /// The candidates as the text line names them: `tv/2316 The Office (2005)`.
  let named: [String]

  enum CodingKeys: String, CodingKey {
    case path, kind, id, title, year, season, episode, reason, candidates
    case lastEpisode = "last_episode"
  }

  /// Makes one of an episode its series does not have, saying so.
  init(path: String, absent: String) {
    self.path = URL.shownWithoutSecrets(path)
    (kind, id, title, year, season, episode, lastEpisode) = (nil, nil, nil, nil, nil, nil, nil)
    reason = "absent"
    candidates = nil
    named = [absent]
  }

  /// Makes one from what the file was taken to be.
  init(path: String, identity: FileIdentity, lastEpisode: Int? = nil) {
    self.path = URL.shownWithoutSecrets(path)
    switch identity {
    case .title(let info, let season, let episode):
      let series = info.media.kind == .series
      // A series whose file names no episode (a season's number alone, a daily show's date) is
      // not identified as anything to record: no kind, the series and the reason said.
      kind = series ? (episode == nil ? nil : "episode") : "film"
      id = info.media.id
      title = info.title
      year = info.year
      self.season = series ? season : nil
      self.episode = series ? episode : nil
      self.lastEpisode = series && episode != nil ? lastEpisode : nil
      reason = series && episode == nil ? "no-episode" : nil
      candidates = nil
      named = []
    case .ambiguous(let found):
      (kind, id, title, year, season, episode, self.lastEpisode) = (nil, nil, nil, nil, nil, nil, nil)
      reason = "ambiguous"
      candidates = found.map(\.id)
      named = found.map { found in
        let year = found.year.map { " (\($0))" } ?? ""
        return MediaID(found.kind, found.id).description + " " + TextWidth.drawn(found.title) + year
      }
    case .noMatch, .notMedia:
      (kind, id, title, year, season, episode, self.lastEpisode) = (nil, nil, nil, nil, nil, nil, nil)
      reason = identity == .noMatch ? "no-match" : "not-media"
      candidates = nil
      named = []
    }
  }

  /// The text line: the path, a tab, then what it is or why not.
  var line: String {
    let what: String
    if let id, kind != nil || reason == "no-episode" {
      let named = (title ?? "") + (year.map { " (\($0))" } ?? "")
      if kind != "film", season == nil, reason == "no-episode" {
        what = tr("series: %1$s %2$s; its name says no season and episode", String(id), named)
      } else if kind != "film" {
        let number =
          season.map { season in
            episode.map { EpisodeKey(season: season, number: $0).code(through: lastEpisode) }
              ?? "S" + (season < 10 ? "0" : "") + String(season)
          } ?? ""
        what =
          tr("episode: series %1$s %2$s %3$s", String(id), named, number)
          + (reason == "no-episode" ? "; " + tr("its name says no episode number") : "")
      } else {
        what = tr("film: %1$s %2$s", String(id), named)
      }
    } else if reason == "ambiguous" {
      let count = candidates?.count ?? 0
      what =
        trn("ambiguous: %s candidate", "ambiguous: %s candidates", count, String(count)) + ": "
        + named.joined(separator: "; ")
    } else if reason == "absent" {
      what = named.first ?? ""
    } else if reason == "no-match" {
      what = tr("no match")
    } else {
      what = tr("not a media name")
    }
    return TextSanitizer.clean(path, limit: 300) + "\t" + what
  }

  /// `3` as `03`.
}
