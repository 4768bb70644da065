import AmodbKit
import FoundationEssentials
import Localization

/// A media server whose plays an import reads: each is asked over HTTP with a token of its own.
public enum MediaServer: String, CaseIterable, Sendable {
  case jellyfin, plex

  /// The name users know it by, in every message.
  public var name: String {
    switch self {
    case .jellyfin: return "Jellyfin"
    case .plex: return "Plex"
    }
  }

  /// The variable its token may come from.
  public var tokenVariable: String {
    switch self {
    case .jellyfin: return "JELLYFIN_TOKEN"
    case .plex: return "PLEX_TOKEN"
    }
  }

  /// The field its answers date a play by, as skipped rows name it.
  public var playedField: String {
    switch self {
    case .jellyfin: return "LastPlayedDate"
    case .plex: return "viewedAt"
    }
  }

  /// The settings file's name for the file its token may come from (`set jellyfin-token-file PATH`).
  public var tokenSetting: String { rawValue + "-token-file" }

  /// The variable that setting stands in for.
  public var tokenFileVariable: String { tokenVariable + "_FILE" }
}

/// The ids a media server knows a film or a series by; any may be missing.
public struct ServerIDs: Hashable, Sendable {
  /// TMDB's id.
  public var tmdb: Int?
  /// IMDb's id, `tt` and digits.
  public var imdb: String?
  /// TVDB's id.
  public var tvdb: Int?

  /// Makes one from ids already checked.
  public init(tmdb: Int? = nil, imdb: String? = nil, tvdb: Int? = nil) {
    self.tmdb = tmdb
    self.imdb = imdb
    self.tvdb = tvdb
  }

  /// Reads `(source, id)` pairs as the servers write them (`Tmdb`/`tmdb`, `Imdb`, `Tvdb`, any
  /// case); an id that is not of its source's form is left out.
  public init(pairs: [(source: String, id: String)]) {
    for (source, text) in pairs {
      let value = text.trimmingSpaces()
      switch source.lowercased() {
      case "tmdb": tmdb = tmdb ?? Self.number(value)
      case "tvdb": tvdb = tvdb ?? Self.number(value)
      case "imdb": imdb = imdb ?? Self.imdbID(value)
      default: continue
      }
    }
  }

  /// Reads Plex's ids: its `Guid` list's (`tmdb://550`, `imdb://tt0137523`, `tvdb://81189`), and
  /// the `guid` of an item of a legacy agent, whose id its language and an episode's place follow
  /// (`com.plexapp.agents.themoviedb://550?lang=en`, `com.plexapp.agents.thetvdb://81189/1/5?lang=en`).
  public init(guids: [String]) {
    self.init(
      pairs: guids.compactMap { guid in
        let parts = guid.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[1].hasPrefix("//") else { return nil }
        let source = Self.legacyAgents[String(parts[0])] ?? String(parts[0])
        return (source, String(parts[1].dropFirst(2).prefix { $0 != "?" && $0 != "/" }))
      })
  }

  /// Plex's legacy agents by the source their ids are of.
  static let legacyAgents = [
    "com.plexapp.agents.themoviedb": "tmdb", "com.plexapp.agents.imdb": "imdb", "com.plexapp.agents.thetvdb": "tvdb",
  ]

  /// The outside ids `/find` looks up, in the order tried: IMDb's, then (for a series) TVDB's.
  public func external(_ kind: MediaKind) -> [ExternalID] {
    let tvdb = kind == .series ? self.tvdb : nil
    return (imdb.map { [ExternalID(source: .imdb, id: $0, kind: kind)] } ?? [])
      + (tvdb.map { [ExternalID(source: .tvdb, id: String($0), kind: kind)] } ?? [])
  }

  /// A positive id of at most 10 digits.
  static func number(_ text: String) -> Int? {
    guard (1...10).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
      value > 0
    else { return nil }
    return value
  }

  /// `tt` and 1 to 10 digits.
  static func imdbID(_ text: String) -> String? {
    let digits = text.dropFirst(2)
    guard text.hasPrefix("tt"), (1...10).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return text
  }
}

/// An id of another database that `/find` turns into a film or a series of the kind wanted.
public struct ExternalID: Hashable, Sendable {
  /// Which database.
  public enum Source: String, Sendable { case imdb, tvdb }
  /// The database.
  public var source: Source
  /// The id as that database writes it (`tt0137523`, `81189`).
  public var id: String
  /// A film, or a series (an episode's series).
  public var kind: MediaKind

  /// Makes one.
  public init(source: Source, id: String, kind: MediaKind) {
    self.source = source
    self.id = id
    self.kind = kind
  }

  /// The reference the import's matching finds it by (`/find`).
  public var reference: TitleReference? {
    switch source {
    case .imdb: return .imdb(id)
    case .tvdb: return Int(id).map { .tvdb($0, episode: nil) }
    }
  }
}

/// One item a media server says its user played: a film, or an episode named by its series.
public struct ServerPlay: Equatable, Sendable {
  /// The server's own key of the item (Jellyfin's `Id`, Plex's `ratingKey`).
  public var item: String
  /// `.film`, or `.series` for an episode.
  public var kind: MediaKind
  /// The film's title, or the episode's series' title, as the server writes it.
  public var title: String
  /// The film's year, or the series'.
  public var year: Int?
  /// The film's ids, or the series'.
  public var ids: ServerIDs
  /// The episode, for an episode.
  public var episode: EpisodeKey?
  /// When it was played; nil when the server does not say.
  public var played: Date?
  /// Why it cannot be a watch, when it cannot (an entry that could not be read, an episode with no
  /// season or number): the import skips it, saying this.
  public var problem: String?

  /// Makes one, cleaning the title.
  public init(
    item: String, kind: MediaKind, title: String, year: Int?, ids: ServerIDs, episode: EpisodeKey? = nil,
    played: Date?, problem: String? = nil
  ) {
    self.item = item
    self.kind = kind
    self.title = TextSanitizer.clean(title, limit: 300)
    self.year = year.flatMap { (1800...3000).contains($0) ? $0 : nil }
    self.ids = ids
    self.episode = episode
    self.played = played
    self.problem = problem
  }

  /// An entry of the server's answer that could not be read: it costs only itself, and is said.
  public static func unreadable() -> ServerPlay {
    ServerPlay(
      item: "", kind: .film, title: "", year: nil, ids: ServerIDs(), played: nil,
      problem: tr("an entry the server sent that could not be read"))
  }

  /// An episode the server gives no season or episode number: it cannot be told which one it is.
  public static func unnumbered(item: String, series: String, played: Date?) -> ServerPlay {
    ServerPlay(
      item: item, kind: .series, title: series, year: nil, ids: ServerIDs(), played: played,
      problem: tr("%s: an episode the server gives no season or number", series.isEmpty ? "?" : series))
  }

  /// The play as the server knows it, whatever the time zone reading it: the item and the second
  /// it was played (`2012@1772396100`); nil when the server does not say when.
  public var key: String? {
    played.map { "\(item)@\(Int($0.timeIntervalSince1970))" }
  }

  /// How a summary names it: `Fight Club`, `Dark S01E03`.
  public var label: String {
    guard let episode else { return title }
    return (title.isEmpty ? "?" : title) + " " + episode.code
  }
}
