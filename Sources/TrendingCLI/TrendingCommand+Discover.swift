import AmodbKit
import FoundationEssentials
import Glibc
import Localization
import TrendingCore

/// One discover criterion from the command line, as a `tab` line names it (`genre`, `Thriller`).
public struct DiscoverArgument: Equatable, Sendable {
  /// The criterion's key.
  public var key: String
  /// Its value as given.
  public var value: String

  /// Makes one.
  public init(_ key: String, _ value: String) {
    self.key = key
    self.value = value
  }
}

extension OptionTable {
  /// The options only `trending discover` takes; each adds a criterion, so repeats accumulate.
  static var discoverOptions: [OptionSpec] {
    let criterion = { (name: String, value: String, key: String, help: String) in
      OptionSpec(
        name: name, value: value, help: help, verbs: key == "genre" ? [.discover, .pick] : [.discover],
        apply: { line, text in line.discover.append((key, text)) })
    }
    return [
      criterion("--genre", "NAME", "genre", tr("a genre the titles must have (repeat for more, all of them)")),
      criterion("--without-genre", "NAME", "without-genre", tr("a genre the titles must not have (repeatable)")),
      criterion("--min-score", "X", "min-score", tr("the lowest average score, 0 to 10")),
      criterion("--min-votes", "N", "min-votes", tr("the fewest votes, with a minimum score (default: 200)")),
      criterion("--runtime", "A..B", "runtime", tr("the runtime in minutes, e.g. 90..120")),
      criterion("--original-language", "xx", "language", tr("the original language, e.g. ko")),
      criterion("--certification", "C", "certification", tr("the highest certification in the region, e.g. PG-13")),
      // One `--on` for two commands: a service for discover, a day for seen (checked with the command).
      OptionSpec(
        name: "--on", value: "SERVICE|DAY",
        help: tr(
          "discover: a streaming service in the region (repeatable); seen: the day, YYYY-MM-DD, today or yesterday (default: today)"
        ),
        verbs: [.discover, .seen],
        helpFor: { verb in
          verb == .seen
            ? tr("the day: YYYY-MM-DD, today or yesterday (default: today)")
            : tr("a streaming service in the region (repeatable)")
        },
        valueFor: { verb in verb == .seen ? "DAY" : "SERVICE" },
        apply: { line, text in
          line.discover.append(("on", text))
          line.library.day = text
        }),
      OptionSpec(
        name: "--sort", value: "ORDER", kind: .words(DiscoverSort.allCases.map(\.rawValue)),
        help: tr("popularity (default), score, date or title"), verbs: [.discover],
        apply: { line, text in line.discover.append(("sort", text)) }),
    ]
  }

  /// `trending discover` and `trending services`.
  static var discoverCommands: [CommandSpec] {
    [
      CommandSpec(
        verb: .discover, arguments: "", words: [],
        summary: tr("films or series by genre, year, score, language and your services (--json)"),
        detail: tr(
          "A page of films (or with --kind tv, series) that match every criterion given: --genre and --without-genre (names in any interface language or English, repeatable), --year Y or A..B, --min-score, --min-votes, --runtime A..B, --original-language, --certification, --on SERVICE (any of them, as trending services names them), --sort popularity, score, date or title. Printed as trending list prints."
        )),
      CommandSpec(
        verb: .services, arguments: "", words: [],
        summary: tr("the region's streaming services, in its display order (--json)"),
        detail: tr(
          "The streaming services amodb knows in the region (--region, else the settings' or the locale's), most prominent first: the names 'set services' and --on take."
        )),
    ]
  }
}

extension ArgumentParser {
  /// `trending discover` or `trending services` from the options read; values are checked here, names when run.
  static func discoverCommand(_ verb: Verb, _ line: ParsedLine) throws(UsageError) -> Invocation.Command {
    guard verb == .discover else { return .services(json: line.json) }
    guard line.kind == nil || line.kind == "film" || line.kind == "tv" else {
      throw UsageError(
        message: tr("--kind for discover must be film or tv, not %s", OptionTable.shown(line.kind ?? "")))
    }
    let arguments = (line.kind.map { [DiscoverArgument("kind", $0)] } ?? []) + line.discover.map(DiscoverArgument.init)
    // Everything but names is checked before anything is asked.
    var scratch = DiscoverCriteria()
    for argument in arguments where !["genre", "without-genre", "on"].contains(argument.key) {
      if let problem = scratch.apply(argument.key, argument.value, name: OptionTable.optionName(argument.key)) {
        throw UsageError(message: problem)
      }
    }
    return .discover(criteria: arguments, page: line.page ?? 1, json: line.json)
  }
}

extension TrendingCommand {
  /// `trending discover`: names resolved with the genre and provider tables (one request each, kept a
  /// week), then the page, printed as `trending list` prints it.
  static func discover(
    _ arguments: [DiscoverArgument], page: Int, json: Bool, client: AmodbClient,
    shown: (MediaPage) -> MediaPage = { $0 }
  ) -> Int32 {
    let configuration = client.configuration
    let (language, region) = (configuration.language, configuration.region)
    let media: MediaKind = arguments.contains { $0.key == "kind" && $0.value == "tv" } ? .series : .film
    var genreTable: [NamedID] = []
    if arguments.contains(where: { $0.key == "genre" || $0.key == "without-genre" }) {
      switch blocking({ await client.answer(.genres(GenreListRequest(media: media, language: language))) }) {
      case .success(let fetched): genreTable = fetched.value.genres?.genres ?? []
      case .failure(let error):
        printError(error.message)
        return ExitCode(error).rawValue
      }
    }
    var criteria = DiscoverCriteria(genreTable: genreTable)
    for argument in arguments.filter({ $0.key == "kind" }) + arguments.filter({ $0.key != "kind" }) {
      if let problem = criteria.apply(argument.key, argument.value, name: OptionTable.optionName(argument.key)) {
        printUsageError(UsageError(message: problem, verb: .discover))
        return ExitCode.usage.rawValue
      }
    }
    var filter = criteria.filter
    // amodb filters certifications of films only, in one country's system: asked otherwise, the
    // criterion would be dropped and the page would not be what was asked for.
    if filter.certification != nil, media == .series || region == nil {
      let problem =
        media == .series
        ? tr("--certification filters films only; series have no certifications to filter by")
        : tr("certifications are per country: give --region CC (or set region in the settings)")
      printUsageError(UsageError(message: problem, verb: .discover))
      return ExitCode.usage.rawValue
    }
    if !criteria.services.isEmpty {
      switch providers(client, verb: .discover) {
      case .failure(let status): return status.code
      case .success(let table):
        switch NameMatch.all(criteria.services, in: table.providers) {
        case .success(let services): filter.services = services
        case .failure(let unknown):
          printUsageError(
            UsageError(
              message: unknown.message(tr("no service '%1$s' in %2$s", unknown.name, region ?? "")), verb: .discover))
          return ExitCode.usage.rawValue
        }
      }
    }
    guard
      let request = ListSource.discover(filter).request(window: .week, page: page, language: language, region: region)
    else { return ExitCode.usage.rawValue }
    let answer = listPage(request, client: client)
    if let past = pastTheLast(answer, page: page) { return past }
    if case .success(let fetched) = answer, fetched.value.results.isEmpty, !filter.services.isEmpty,
      let region, (try? providers(client, verb: .discover).get())?.providers.isEmpty == true
    {
      printError(tr("amodb has no streaming data for films in %s.", region))
    }
    switch answer {
    case .success(let fetched):
      let page = shown(fetched.value)
      // No rows: said to the person on standard error, as search says it; a pipe reads nothing.
      if !json, page.results.isEmpty { printError(tr("No title matches these filters.")) }
      return emit(json ? Self.json(page, configuration: configuration) : listing(page))
    case .failure(let error):
      printError(error.message)
      return ExitCode(error).rawValue
    }
  }

  /// `trending services`: the region's services in its display order.
  static func services(json: Bool, client: AmodbClient) -> Int32 {
    switch providers(client, verb: .services) {
    case .failure(let status): return status.code
    case .success(let table):
      let region = client.configuration.region ?? ""
      let services = table.ordered(in: region)
      if services.isEmpty { printError(tr("amodb has no streaming data for films in %s.", region)) }
      if json {
        let entries = services.enumerated().map {
          ServiceEntry(id: $0.element.id, name: $0.element.name, rank: $0.offset + 1)
        }
        return emit(Output.encode(ServiceList(region: region, services: entries)))
      }
      let width = services.map { String($0.id).count }.max() ?? 1
      let lines = services.map { service in
        isatty(STDOUT_FILENO) == 1
          ? String(repeating: " ", count: width - String(service.id).count) + "\(service.id)  \(service.name)"
          : "\(service.id)\t\(service.name)"
      }
      return emit(lines.joined(separator: "\n"))
    }
  }

  /// The region's film provider table (kept a week), or the exit code after saying why not (with
  /// the usage of `verb`, the command that asked).
  static func providers(_ client: AmodbClient, verb: Verb) -> Result<ProviderTable, ExitStatus> {
    guard let region = client.configuration.region else {
      printUsageError(
        UsageError(
          message: tr("services are per country: give --region CC (or set region in the settings)"), verb: verb))
      return .failure(ExitStatus(code: ExitCode.usage.rawValue))
    }
    let request = APIRequest.providers(ProviderListRequest(region: region, language: client.configuration.language))
    switch offlineFirst(request, client: client) {
    case .success(let fetched): return .success(fetched.value.providers ?? ProviderTable(providers: []))
    case .failure(let error):
      printError(error.message)
      return .failure(ExitStatus(code: ExitCode(error).rawValue))
    }
  }
}

/// `trending services --json`.
struct ServiceList: Encodable {
  /// The country.
  let region: String
  /// Its services, most prominent first.
  let services: [ServiceEntry]
}

/// One service in `trending services --json`.
struct ServiceEntry: Encodable {
  /// amodb's id for it.
  let id: Int
  /// Its name.
  let name: String
  /// Its place in the region's display order, from 1.
  let rank: Int
}

/// A command's exit code after its reason was printed, as an error.
struct ExitStatus: Error {
  /// The exit code.
  let code: Int32
}

extension OptionTable {
  /// The option that gives a discover criterion (`--min-score`, `--original-language`), which its
  /// problems name; the key itself for one no option gives.
  static func optionName(_ key: String) -> String {
    let name = key == "language" ? "--original-language" : "--" + key
    return discoverOptions.contains(where: { $0.name == name }) ? name : key
  }
}
