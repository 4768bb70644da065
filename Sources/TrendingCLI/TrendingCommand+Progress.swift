import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore

/// `trending progress`: each series in progress, after the seasons the library lacks are asked.
extension TrendingCommand {
  /// Prints each series in progress (as JSON with `json`), saying the series amodb could not tell
  /// of and those a run did not reach, never leaving them out as if none were in progress.
  static func progress(
    json: Bool, library: Library, invocation: Invocation, environment: [String: String], today: String
  ) throws(LibraryError) -> Int32 {
    let found = try refreshEpisodes(library, invocation: invocation, environment: environment, today: today)
    let series = try library.progress(today: today)
    // Series amodb could not tell of are said, never left out as if none were in progress.
    let problem = found.flatMap { found in found.problem.map { (error: $0, count: found.unanswered.count) } }
    if let problem {
      printError(
        trn(
          "%1$s series could not be read from amodb: %2$s", "%1$s series could not be read from amodb: %2$s",
          problem.count, String(problem.count), problem.error.message))
    }
    let failed = problem.map { ExitCode($0.error).rawValue }
    guard !series.isEmpty || json else {
      if problem == nil {
        printError(tr("No series in progress; 'trending seen tv/ID --season N --episode E' marks an episode."))
      }
      return failed ?? ExitCode.success.rawValue
    }
    let code = emit(Output.progress(series, json: json))
    return code == ExitCode.success.rawValue ? failed ?? code : code
  }

  /// The most answers `progress` asks the network for in one run (kept answers are free).
  static let seasonsAskedAtMost = 40

  /// The most series `progress` looks at, latest watched first: a lifetime's, past the browser's
  /// batch of 200, so the run after one that stopped at its asks goes on with the rest.
  static let seriesLookedAtMost = 2_000

  /// Asks for the aired seasons of each series in progress that the library does not know whole
  /// (the cache first), so "seen of aired" and the next episode count the seasons never marked.
  /// Without a key (and not --demo) nothing is asked and the library's own episodes are used.
  /// What it found, the series it could not read among it; nil without a client to ask.
  private static func refreshEpisodes(
    _ library: Library, invocation: Invocation, environment: [String: String], today: String
  ) throws(LibraryError) -> EpisodeRefresh.Found? {
    guard let services = try? Setup.services(for: invocation, environment: environment),
      services.client.configuration.missingKeyError == nil
    else { return nil }
    let client = services.client
    let recent = try library.recentSeries(atMost: seriesLookedAtMost)
    let found = blocking {
      await EpisodeRefresh.missing(recent, client: client, today: today, asksAtMost: seasonsAskedAtMost)
    }
    try library.store(found.seasons, day: today)
    // Stopped at its asks: said, never a list that looks whole while series wait to be looked at.
    let waiting = recent.count - found.lookedAt.count
    if found.goesOn, waiting > 0 {
      printError(
        trn(
          "%1$s series not looked at yet (amodb is asked at most %2$s times a run): 'trending progress' again goes on with it.",
          "%1$s series not looked at yet (amodb is asked at most %2$s times a run): 'trending progress' again goes on with them.",
          waiting, String(waiting), String(seasonsAskedAtMost)))
    }
    return found
  }
}
