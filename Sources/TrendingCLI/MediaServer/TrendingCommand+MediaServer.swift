import AmodbKit
import CProcess
import FoundationEssentials
import LibraryKit
import Localization

extension TrendingCommand {
  /// `trending import jellyfin|plex URL`: what the server's user played, read page by page, matched
  /// by the titles' ids and added as watches in one transaction (rolled back with `--dry-run`);
  /// then what earlier imports matched that the server no longer plays is said, and kept.
  static func importServer(
    _ server: MediaServer, url: URL, dryRun: Bool, sinceLast: Bool, library: Library, invocation: Invocation,
    environment: [String: String]
  ) throws(LibraryError) -> Int32 {
    let started = Date()
    let token: String
    switch MediaServerToken.read(server, environment: environment) {
    case .success(let found): token = found
    case .failure(let error):
      printError(error.message)
      return ExitCode.authentication.rawValue
    }
    // While the process holds the token, nothing of its memory may reach a core file or a debugger.
    _ = trending_forbid_core_dumps()
    let base = MediaServerImport.key(of: url)
    let proxy = ProxyEnvironment.proxy(for: url, environment: environment)
    if !invocation.insecureHTTP, let peer = CleartextGuard.exposedPeer(for: url, proxy: proxy) {
      printError(
        tr(
          "refusing to send the %1$s token to %2$s over plain http; use https, or --insecure-http for a server on a network you trust",
          server.name, TextSanitizer.clean(peer, limit: 100)))
      return ExitCode.usage.rawValue
    }
    let reader = MediaServerReader(
      server: server, base: url, token: token, insecure: invocation.insecureHTTP, environment: environment)
    let read = blocking { () async -> Result<[ServerPlay], HTTPError> in
      do throws(HTTPError) {
        return .success(try await reader.plays())
      } catch {
        return .failure(error)
      }
    }
    let plays: [ServerPlay]
    switch read {
    case .success(let found): plays = found
    case .failure(let error):
      printError(MediaServerImport.message(error, server: server, base: base))
      return MediaServerImport.exitCode(error).rawValue
    }
    let since = sinceLast ? try library.serverLastRun(server, base: base).map { $0.addingTimeInterval(-86_400) } : nil
    var found: [ExternalID: TitleInfo] = [:]
    let lookups = ServerPlays.lookups(plays, since: since)
    let known = try library.serverDays(server, base: base)
    var made = ServerPlays(plays, server: server, since: since, known: known)
    var client: AmodbClient?
    // Why amodb did not match the lookups, when it did not answer.
    var unanswered: String?
    // With no key, or no answer from amodb, the plays matched by TMDB ids are added and the rest
    // (the lookups) left unresolved, said: run again, the import adds them and nothing twice.
    let keyless =
      !lookups.isEmpty
      && (try? Setup.services(for: invocation, environment: environment))?.client.configuration.missingKeyError != nil
    if keyless {
      printNote(
        trn(
          "%s title is known by its IMDb or TVDB id alone, which amodb matches: with no key it is left unresolved; set your key and run the import again to add it.",
          "%s titles are known by their IMDb or TVDB ids alone, which amodb matches: with no key they are left unresolved; set your key and run the import again to add them.",
          lookups.count, String(lookups.count)))
    } else if !lookups.isEmpty {
      switch ready(invocation, environment: environment) {
      case .services(let services): client = services.client
      case .refused(let code): return code
      }
      let progress = ImportProgress(total: lookups.count)
      let matched = ImportMatcher(client: client).titles(for: lookups, progress: progress)
      progress.finish()
      switch matched {
      case .success(let titles):
        found = titles
        made = ServerPlays(plays, server: server, since: since, found: found, known: known)
      // A refused key or plan is the user's to mend: the import stops, as every command does.
      case .failure(let error) where ExitCode(error) == .authentication:
        printError(nothingChanged(error.message))
        return ExitCode(error).rawValue
      case .failure(let error):
        unanswered = error.message
        printNote(
          trn(
            "%1$s title is known by its IMDb or TVDB id alone, which amodb did not match (%2$s): it is left unresolved; run the import again to add it.",
            "%1$s titles are known by their IMDb or TVDB ids alone, which amodb did not match (%2$s): they are left unresolved; run the import again to add them.",
            lookups.count, String(lookups.count), error.message))
      }
    }
    if !made.episodeSeries.isEmpty {
      // The episodes checked against amodb's seasons when it can be asked; else the server's word.
      client = client ?? (try? Setup.services(for: invocation, environment: environment))?.client
      if let problem = checkEpisodes(&made, client: client) {
        printNote(tr("the episodes were not checked against amodb: %s", problem))
      }
    }
    let plan = ImportPlan.make(made.rows.rows) { made.targets[$0] }
    let outcome = try library.apply(plan.changes, dryRun: dryRun, recorded: WatchlistFormat.day(started))
    let earlier = try library.serverPlayed(server, base: base)
    let playedNow = Set(plays.map(\.item))
    let gone = earlier.filter { !playedNow.contains($0.key) }
    if !dryRun {
      let adding = made.matched.filter { earlier[$0.key] != $0.value }
      let days = made.days.filter { known[$0.key] != $0.value }
      try library.recordServerPlayed(server, base: base, adding: adding, days: days, removing: Array(gone.keys))
      // A run that left titles for a key is not a run `--since-last` starts after: the next reads them.
      if sinceLast, !keyless, unanswered == nil { try library.recordServerRun(server, base: base, at: started) }
    }
    var header = trn(
      "%1$s: %2$s play read from %3$s", "%1$s: %2$s plays read from %3$s", plays.count, server.name,
      String(plays.count), TextSanitizer.clean(base, limit: 300))
    if since != nil { header += ", " + tr("%s since the last run", String(made.rows.rows.count)) }
    var text = summary(
      header: header, rows: made.rows, plan: plan, outcome: outcome, dryRun: dryRun,
      unresolvedHeading: keyless
        ? tr("Unresolved (no TMDB id; an IMDb or TVDB id is matched once amodb has your key):")
        : unanswered != nil
          ? tr("Unresolved (no TMDB id; an IMDb or TVDB id is matched once amodb answers):")
          : tr("Unresolved (no TMDB, IMDb or TVDB id that amodb knows):"))
    text += MediaServerImport.goneLines(gone, server: server)
    return emit(text)
  }
}

extension TrendingCommand {
  /// Checks the plays' episodes against what amodb says each series holds (the cache while fresh,
  /// a series whose kept answer lacks one asked again), dropping those it does not list; the reason
  /// they were not checked (no key, the network), if so.
  static func checkEpisodes(_ made: inout ServerPlays, client: AmodbClient?) -> String? {
    guard let client else { return AmodbError.missingKey.summary }
    if let error = client.configuration.missingKeyError { return error.summary }
    let matcher = ImportMatcher(client: client)
    let series = made.episodeSeries
    let progress = ImportProgress(total: series.count)
    defer { progress.finish() }
    var details: [Int: SeriesDetails]
    var missing: Set<Int>
    switch matcher.seriesDetails(series, progress: progress) {
    case .success(let answer): (details, missing) = answer
    case .failure(let error): return error.summary
    }
    let doubtful = made.seriesLacking(details)
    if !doubtful.isEmpty, case .success(let (again, gone)) = matcher.seriesDetails(doubtful, fresh: true) {
      details.merge(again) { $1 }
      missing.formUnion(gone)
    }
    made.checkEpisodes(details, missing: missing)
    return nil
  }
}

/// The pieces of a media server's import that are worded or decided apart from its run.
enum MediaServerImport {
  /// How many titles no longer played are named in the summary; the rest are counted.
  static let namedGone = 10

  /// The server's URL as the library remembers it: no secrets, no trailing slash.
  static func key(of url: URL) -> String {
    var text = url.withoutSecrets
    while text.hasSuffix("/") { text.removeLast() }
    return text
  }

  /// What the summary adds for the titles earlier imports matched that the server no longer plays:
  /// nothing when there are none.
  static func goneLines(_ gone: [String: String], server: MediaServer) -> String {
    guard !gone.isEmpty else { return "" }
    var lines = [
      "",
      trn(
        "%s watched here is no longer played on the server: kept",
        "%s watched here are no longer played on the server: kept", gone.count, String(gone.count)),
    ]
    let names = gone.values.sorted()
    for name in names.prefix(namedGone) { lines.append("  " + TextSanitizer.clean(name, limit: 300)) }
    if names.count > namedGone { lines.append("  " + tr("and %s more", String(names.count - namedGone))) }
    return lines.joined(separator: "\n")
  }

  /// One line for a failure to read the server, naming it; a refused token says where it came from.
  static func message(_ error: HTTPError, server: MediaServer, base: String) -> String {
    let shown = TextSanitizer.clean(base, limit: 300)
    if case .status(let status) = error.kind, status == 401 || status == 403 {
      return tr(
        "%1$s at %2$s refused the token (HTTP %3$s): check %4$s or the file 'set %5$s' names; nothing was changed",
        server.name, shown, String(status), server.tokenVariable, server.tokenSetting)
    }
    return tr("%1$s at %2$s; nothing was changed", TrendingCommand.withoutFullStop(error.message), shown)
  }

  /// The exit code of a failure to read the server: a refused token is 3, a spent rate limit 4,
  /// anything else the network's 5.
  static func exitCode(_ error: HTTPError) -> ExitCode {
    switch error.kind {
    case .status(401), .status(403): return .authentication
    case .rateLimited: return .rateLimited
    case .cancelled: return .failure
    default: return .network
    }
  }
}
