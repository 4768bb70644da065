import AmodbKit
import Localization
import TrendingCore

/// Where `trending pick` picks from.
public enum PickSource: Equatable, Sendable {
  /// The watchlist (the default).
  case watchlist
  /// One of the user's named lists.
  case list(String)
  /// This week's trending titles.
  case trending
  /// The recommendations from the user's taste.
  case forYou
}

/// What `trending pick` was asked for.
public struct PickRequest: Equatable, Sendable {
  /// Where from.
  public var source: PickSource = .watchlist
  /// Films or series only, when given.
  public var kind: MediaKind?
  /// Genres the title must have, as named.
  public var genres: [String] = []
  /// The longest runtime, in minutes.
  public var maxRuntime: Int?
  /// Only titles on one of the user's services (`set services`).
  public var onMyServices = false
  /// The seed of the choice: the same seed, the same title.
  public var seed: UInt64?
  /// JSON instead of text.
  public var json = false
}

/// A command of the evening: the recommendations and a pick.
public enum TonightCommand: Equatable, Sendable {
  case forYou(kind: MediaKind?, json: Bool)
  case pick(PickRequest)
  case new(NewRequest)
}

/// The flags of `pick`, as the option table reads them.
struct TonightFlags: Sendable {
  var from: String?
  var maxRuntime: Int?
  var onMyServices = false
  var seed: UInt64?
  var sinceLast = false
  var notify = false
  /// `--push URL`, as given.
  var push: String?
}

extension OptionTable {
  /// The options only `for-you` and `pick` take.
  static var tonightOptions: [OptionSpec] {
    [
      OptionSpec(
        name: "--from", value: "SOURCE", kind: .listName(also: ["watchlist", "trending", "for-you"]),
        help: tr("where to pick from: watchlist (default), a list's name, trending or for-you"), verbs: [.pick],
        apply: { line, text throws(UsageError) in
          guard !text.isEmpty else {
            throw UsageError(message: tr("--from needs watchlist, a list's name, trending or for-you"))
          }
          line.tonight.from = text
        }),
      OptionSpec(
        name: "--max-runtime", value: "MINUTES", kind: .number,
        help: tr("only titles this long or shorter (an unknown runtime does not pass)"), verbs: [.pick],
        apply: { line, text throws(UsageError) in
          guard let minutes = Int(text), (1...10_000).contains(minutes) else {
            throw UsageError(message: tr("--max-runtime must be a whole number of minutes, not %s", shown(text)))
          }
          line.tonight.maxRuntime = minutes
        }),
      OptionSpec(
        name: "--on-my-services",
        help: tr("only titles to stream on one of your services ('set services'; unknown offers do not pass)"),
        verbs: [.pick], apply: { line, _ in line.tonight.onMyServices = true }),
      OptionSpec(
        name: "--seed", value: "N", kind: .number, help: tr("the same seed picks the same title"), verbs: [.pick],
        apply: { line, text throws(UsageError) in
          guard let seed = UInt64(text) else {
            throw UsageError(message: tr("--seed must be a whole number from 0, not %s", shown(text)))
          }
          line.tonight.seed = seed
        }),
      OptionSpec(
        name: "--since-last", help: tr("since the previous run with --since-last (then this one is recorded)"),
        verbs: [.new, .import], apply: { line, _ in line.tonight.sinceLast = true }),
      OptionSpec(
        name: "--notify", help: tr("also one desktop notification through notify-send, when it is on PATH"),
        verbs: [.new], apply: { line, _ in line.tonight.notify = true }),
      OptionSpec(
        name: "--push", value: "URL",
        help: tr("also post it as JSON to a webhook (an http or https URL) or an ntfy topic (ntfys://ntfy.sh/TOPIC)"),
        verbs: [.new], apply: { line, text in line.tonight.push = text }),
    ]
  }

  /// `for-you`, `pick` and `new`, for help, the man page and the completions.
  static var tonightCommands: [CommandSpec] {
    [
      CommandSpec(
        verb: .forYou, arguments: "", words: [],
        summary: tr("titles recommended from what you rated 8 or more and saw lately (--kind, --json)"),
        detail: tr(
          "Recommendations from your own library: up to five seeds (titles you rated 8 or more, and the ones you saw most recently), their recommendations merged and ranked by how many seeds name a title, then by its score; anything seen, rated, on the watchlist or not interested is left out. Each line says why. --kind film or tv for one kind; --json for JSON."
        )),
      CommandSpec(
        verb: .pick, arguments: "", words: [],
        summary: tr("one title for tonight, at random, and why it qualified (--from, --genre, --max-runtime, --seed)"),
        detail: tr(
          "One title picked at random from the watchlist (or --from a list's name, trending or for-you), printed with why it qualified: --kind film or tv, --genre NAME (repeatable), --max-runtime MINUTES and --on-my-services (your 'set services', in the region); a title whose runtime or offers are unknown does not pass a filter that needs them. --seed N picks the same title each time; --json for JSON."
        )),
      CommandSpec(
        verb: .new, arguments: "", words: [],
        summary: tr("what is new for you since a day, oldest first (--since, --since-last, --notify, --json)"),
        detail: tr(
          "What came out for you, oldest first: aired episodes you have not seen of the series on your watchlist or in progress, the regional cinema and digital releases of the films on your watchlist, and the titles on your watchlist that came to one of your services ('set services') since the last check. From --since YYYY-MM-DD (default: the last week), or --since-last: after the previous run with it, which is then recorded. Nothing new prints nothing and exits 0, so it can run from cron; --notify also sends one desktop notification through notify-send when it is on PATH."
        )),
    ]
  }
}

extension ArgumentParser {
  /// `trending for-you`, `trending pick` or `trending new` from the options read.
  static func tonightCommand(_ verb: Verb, _ words: [String], _ line: ParsedLine) throws(UsageError)
    -> Invocation.Command
  {
    if let extra = words.first { throw UsageError(message: tr("unexpected argument %s", OptionTable.shown(extra))) }
    if verb == .new {
      if line.library.since != nil, line.tonight.sinceLast {
        throw UsageError(message: tr("--since and --since-last go one at a time"))
      }
      var push: PushTarget?
      if let text = line.tonight.push {
        switch PushTarget.parse(text) {
        case .success(let target): push = target
        case .failure(let error): throw error
        }
      }
      return .tonight(
        .new(
          NewRequest(
            since: line.library.since, sinceLast: line.tonight.sinceLast, json: line.json, notify: line.tonight.notify,
            push: push)))
    }
    guard line.kind == nil || line.kind == "film" || line.kind == "tv" else {
      throw UsageError(message: tr("--kind must be film or tv here, not %s", OptionTable.shown(line.kind ?? "")))
    }
    let kind: MediaKind? = line.kind.map { $0 == "tv" ? .series : .film }
    guard verb == .pick else { return .tonight(.forYou(kind: kind, json: line.json)) }
    var request = PickRequest(kind: kind, json: line.json)
    request.source =
      switch line.tonight.from {
      case nil, "watchlist": .watchlist
      case "trending": .trending
      case "for-you": .forYou
      case let name?: .list(name)
      }
    request.genres = line.discover.filter { $0.key == "genre" }.map(\.value)
    // A name no genre has is a mistake to say, as discover says it, not a filter nothing passes.
    for name in request.genres {
      let unknown = (kind.map { [$0] } ?? [.film, .series]).compactMap { media -> UnknownName? in
        guard case .failure(let unknown) = GenreNames.resolve([name], media: media) else { return nil }
        return unknown
      }
      if unknown.count == (kind == nil ? 2 : 1), let first = unknown.first {
        throw UsageError(message: first.message(tr("no genre '%s'", TextSanitizer.clean(first.name, limit: 60))))
      }
    }
    request.maxRuntime = line.tonight.maxRuntime
    request.onMyServices = line.tonight.onMyServices
    request.seed = line.tonight.seed
    return .tonight(.pick(request))
  }
}
