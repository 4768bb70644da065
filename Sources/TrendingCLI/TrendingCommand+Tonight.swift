import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore
import TrendingViews

#if canImport(Glibc)
  import Glibc
#endif

extension TrendingCommand {
  /// `trending for-you` and `trending pick`.
  static func tonight(
    _ command: TonightCommand, invocation: Invocation, environment: [String: String], services: [String]
  ) -> Int32 {
    if case .new(let request) = command {
      return whatIsNew(request, invocation: invocation, environment: environment, services: services)
    }
    guard let path = Library.standardPath(environment: environment) else {
      printError(tr("no place for the library: neither XDG_DATA_HOME nor HOME is an absolute path"))
      return ExitCode.failure.rawValue
    }
    // They read the library: a profile's that is not there is said, never made (a name misspelt).
    if let refused = refusingAbsentLibrary(environment) { return refused }
    return runClient(invocation, environment: environment) { clients in
      switch command {
      case .forYou(let kind, let json):
        return forYou(kind: kind, json: json, client: clients.client, library: path)
      case .pick(let request):
        return pick(request, client: clients.client, library: path, services: services)
      case .new: return ExitCode.success.rawValue
      }
    }
  }

  /// The recommendations, each with why; with nothing rated or seen, how to start.
  static func forYou(kind: MediaKind?, json: Bool, client: AmodbClient, library: URL) -> Int32 {
    let client = client
    switch blocking({ await recommendations(client: client, library: library, kind: kind) }) {
    case .failure(let error):
      printError(error.message)
      return ExitCode(error).rawValue
    case .success(let found):
      if found.failed > 0 {
        printError(
          trn(
            "%s seed's recommendations could not be read", "%s seeds' recommendations could not be read", found.failed))
      }
      if json { return emit(Output.forYou(found.ranked)) }
      if found.seeds.isEmpty {
        printError(
          tr("Nothing to recommend yet: rate titles you liked 8 or more ('trending rate 550 9') or mark them seen."))
        return ExitCode.success.rawValue
      }
      return emit(Output.forYouText(found.ranked))
    }
  }

  /// The recommendations of the library's taste, of one kind or of both; a library that cannot be
  /// opened, or every seed's details failing, is an error.
  private static func recommendations(client: AmodbClient, library path: URL, kind: MediaKind?) async -> Result<
    ForYou.Found, AmodbError
  > {
    let taste: Taste
    do {
      taste = try LibraryService(path: path).sync { library throws(LibraryError) in try library.taste() }.get()
    } catch {
      return .failure(error.feedError)
    }
    return await ForYou.recommend(seeds: taste.seeds, excluding: taste.excluded, kind: kind) {
      await client.recommendations(of: $0)
    }
  }

  /// One title at random from a source, passing the filters, printed with why it qualified.
  static func pick(_ request: PickRequest, client: AmodbClient, library path: URL, services: [String]) -> Int32 {
    if request.onMyServices, services.isEmpty {
      printError(tr("--on-my-services needs your services: 'set services NAME, NAME' in the settings file"))
      return ExitCode.usage.rawValue
    }
    // Genres are named as discover names them (any language, a typo matched); one that is no film's
    // or series' is a usage error with its "did you mean": else every title failed the filter.
    // Each name is looked for among films' and series' genres (one kind's with --kind).
    var genres: [String] = []
    let kinds: [MediaKind] = request.kind.map { [$0] } ?? [.film, .series]
    for name in request.genres {
      let resolved = kinds.map { GenreNames.resolve([name], media: $0) }
      let known = resolved.compactMap { try? $0.get() }.flatMap { $0.map(\.name) }
      if known.isEmpty, case .failure(let unknown)? = resolved.first {
        let shown = TextSanitizer.clean(unknown.name, limit: 30)
        printUsageError(UsageError(message: unknown.message(tr("no genre '%s'", shown)), verb: .pick))
        return ExitCode.usage.rawValue
      }
      genres += known.filter { !genres.contains($0) }
    }
    let candidates: [Pick.Candidate]
    switch pickCandidates(request, client: client, library: path) {
    case .success(let found): candidates = found
    case .failure(let failure):
      printError(failure.message)
      return failure.code
    }
    let filters = Pick.Filters(
      kind: request.kind, genres: genres, maxRuntime: request.maxRuntime,
      services: request.onMyServices ? services : nil)
    let detailed =
      filters.needsDetails || !genres.isEmpty ? withDetails(candidates, client: client) : candidates
    var system = SystemRandomNumberGenerator()
    let seed = request.seed ?? system.next()
    guard let chosen = Pick.choose(detailed, filters, seed: seed) else {
      // An empty list has nothing to pick, filters or none: said as its list says it.
      switch request.source {
      case .watchlist where candidates.isEmpty:
        printError(tr("The watchlist is empty: press a on a film in the browser, or run 'trending watchlist add ID'."))
      case .list(let name) where candidates.isEmpty: printError(tr("The list %s is empty.", name))
      default: printError(tr("No title passes these filters (of %s).", String(candidates.count)))
      }
      return ExitCode.failure.rawValue
    }
    let source = Output.pickSource(request.source)
    return emit(
      request.json
        ? Output.pickJSON(
          chosen.candidate, from: request.source, reasons: [source] + chosen.reasons, of: chosen.of, seed: seed)
        : Output.pickText(chosen.candidate, reasons: [source] + chosen.reasons, of: chosen.of, width: 80))
  }

  /// A failure that ends the command: its line and exit code.
  struct PickFailure: Error {
    let message: String
    let code: Int32
  }

  /// The titles of the source, in a fixed order (so a seed picks the same one).
  private static func pickCandidates(_ request: PickRequest, client: AmodbClient, library path: URL) -> Result<
    [Pick.Candidate], PickFailure
  > {
    let failed = { (message: String) in PickFailure(message: message, code: ExitCode.failure.rawValue) }
    switch request.source {
    case .watchlist, .list:
      let name: String
      if case .list(let named) = request.source { name = named } else { name = "watchlist" }
      do {
        // Tonight's pick from the watchlist is one not seen yet (a list of yours may be of rewatches);
        // a title not interested in stays on the watchlist, as it does everywhere.
        let watchlist = request.source == .watchlist
        let (listed, seen) = try LibraryService(path: path).sync { library throws(LibraryError) in
          (try library.list(name), watchlist ? Set(try library.marks().filter { $0.value.seen != nil }.keys) : [])
        }.get()
        guard let items = listed else {
          // As `trending lists NAME` says it, and with its exit code.
          return .failure(
            PickFailure(
              message: noListMessage(name),
              code: ExitCode.notFound.rawValue))
        }
        let unseen = items.filter { !seen.contains($0.title.media) }
        if unseen.isEmpty, !items.isEmpty {
          return .failure(failed(tr("Every title on the watchlist is seen already (%s).", String(items.count))))
        }
        return .success(
          unseen.map { item in
            Pick.Candidate(
              summary: item.title.entry, runtime: item.title.runtime,
              genres: item.title.genres.isEmpty ? nil : item.title.genres)
          })
      } catch {
        return .failure(failed(error.message))
      }
    case .trending:
      let language = client.configuration.language
      let endpoint = TrendingRequest(media: request.kind ?? .film, window: .week, page: 1, language: language)
      switch blocking({ await client.result(endpoint) }) {
      case .success(let page):
        // Tonight's pick is something not seen yet, and not a title the user hid.
        let passed = seenOrHidden(path)
        return .success(
          page.value.results.filter { $0.media.map { !passed.contains($0) } ?? true }.map {
            Pick.Candidate(summary: $0)
          })
      case .failure(let error): return .failure(PickFailure(message: error.message, code: ExitCode(error).rawValue))
      }
    case .forYou:
      switch blocking({ await recommendations(client: client, library: path, kind: request.kind) }) {
      case .success(let found): return .success(found.ranked.map { Pick.Candidate(summary: $0.summary) })
      case .failure(let error): return .failure(PickFailure(message: error.message, code: ExitCode(error).rawValue))
      }
    }
  }

  /// The candidates with what their details say (runtime, genres, the region's streaming offers),
  /// from the cache when fresh; a title whose details cannot be read keeps what it had.
  private static func withDetails(_ candidates: [Pick.Candidate], client: AmodbClient) -> [Pick.Candidate] {
    let language = client.configuration.language
    let region = client.configuration.region
    return candidates.map { candidate in
      var candidate = candidate
      let id = candidate.summary.id
      switch candidate.summary.kind {
      case .series:
        guard let details = blocking({ await client.result(SeriesRequest(id: id, language: language)) }).value?.value
        else { return candidate }
        candidate.runtime = details.episodeRuntime ?? candidate.runtime
        candidate.genres = details.genres.isEmpty ? candidate.genres : details.genres
        candidate.services = region.flatMap { details.providers[$0] }.map { $0.subscription + $0.free }
      case .film, .person:
        guard
          let details = blocking({ await client.result(MovieDetailsRequest(id: id, language: language)) }).value?
            .value
        else { return candidate }
        candidate.runtime = details.runtime ?? candidate.runtime
        candidate.genres = details.genres.isEmpty ? candidate.genres : details.genres
        candidate.services = region.flatMap { details.providers[$0] }.map { $0.subscription + $0.free }
      }
      return candidate
    }
  }
}

extension Result {
  /// The success, if it is one.
  fileprivate var value: Success? {
    if case .success(let value) = self { return value }
    return nil
  }
}
