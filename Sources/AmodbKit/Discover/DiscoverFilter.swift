import FoundationEssentials

/// Something a filter names by id and shows by name: a genre, a streaming service, a keyword, a studio.
public struct NamedID: Hashable, Sendable {
  /// The TMDB id.
  public var id: Int
  /// The name, in the language it was read in.
  public var name: String

  /// Makes one.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

/// The order of a discover list.
public enum DiscoverSort: String, Hashable, Sendable, CaseIterable {
  case popularity, score, date, title

  /// Its `sort_by` value for films or series.
  public func parameter(for media: MediaKind) -> String {
    switch self {
    case .popularity: return "popularity.desc"
    case .score: return "vote_average.desc"
    case .date: return media == .series ? "first_air_date.desc" : "primary_release_date.desc"
    case .title: return media == .series ? "name.asc" : "title.asc"
    }
  }
}

/// A series' state as `/discover/tv`'s `with_status` names it.
public enum SeriesStatus: Int, Hashable, Sendable, CaseIterable {
  case returning = 0, planned, inProduction, ended, cancelled, pilot

  /// TMDB's name for it in a series' details ("Returning Series", "Canceled").
  public var detailsName: String {
    switch self {
    case .returning: return "Returning Series"
    case .planned: return "Planned"
    case .inProduction: return "In Production"
    case .ended: return "Ended"
    case .cancelled: return "Canceled"
    case .pilot: return "Pilot"
    }
  }
}

/// A range of whole numbers with either end open: years, minutes.
public struct OpenRange: Hashable, Sendable {
  /// The lowest value, when bounded below.
  public var lower: Int?
  /// The highest value, when bounded above.
  public var upper: Int?

  /// Makes a range; ends given the wrong way round are swapped.
  public init(_ lower: Int?, _ upper: Int?) {
    if let lower, let upper, lower > upper {
      self.lower = upper
      self.upper = lower
    } else {
      self.lower = lower
      self.upper = upper
    }
  }

  /// Whether neither end is bounded.
  public var isOpen: Bool { lower == nil && upper == nil }

  /// The range with its ends in order: a form's "from" typed above its "to" reads as meant.
  public var ordered: OpenRange { OpenRange(lower, upper) }

  /// Whether a value is inside.
  public func contains(_ value: Int) -> Bool { value >= (lower ?? .min) && value <= (upper ?? .max) }

  /// Reads `1999`, `2015..2024`, `2015..` or `..2024`; nil when it is none of those.
  public init?(parsing text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    if parts.count == 1 {
      guard let value = Int(text) else { return nil }
      self.init(value, value)
    } else if parts.count == 3, parts[1].isEmpty {
      let lower = parts[0].isEmpty ? nil : Int(parts[0])
      let upper = parts[2].isEmpty ? nil : Int(parts[2])
      guard lower != nil || upper != nil, parts[0].isEmpty || lower != nil, parts[2].isEmpty || upper != nil
      else { return nil }
      self.init(lower, upper)
    } else {
      return nil
    }
  }
}

/// Release dates in a region, for the cinema calendar: `region`, `release_date.gte/.lte`, `with_release_type`.
public struct RegionalReleases: Hashable, Sendable {
  /// The first day, `YYYY-MM-DD`.
  public var from: String
  /// The last day, `YYYY-MM-DD`.
  public var through: String
  /// The release types (2 limited, 3 theatrical, 4 digital), any of them.
  public var types: [Int]

  /// Makes one.
  public init(from: String, through: String, types: [Int] = [2, 3]) {
    self.from = from
    self.through = through
    self.types = types
  }
}

/// What a discover list asks for, by ids with their names: the one value behind the `f` form, a
/// saved tab, `trending discover` and the links from a film's keywords and studios.
public struct DiscoverFilter: Hashable, Sendable {
  /// The votes a minimum score needs under it unless told otherwise, so five 10/10 votes do not win.
  public static let defaultMinimumVotes = 200

  /// Films or series.
  public var media: MediaKind = .film
  /// Genres a title must have, all of them.
  public var genres: [NamedID] = []
  /// Genres a title must not have.
  public var withoutGenres: [NamedID] = []
  /// The release years (first air years for series).
  public var years = OpenRange(nil, nil)
  /// The lowest average score, out of 10.
  public var minimumScore: Double?
  /// The fewest votes, applied with a minimum score or a sort by score.
  public var minimumVotes = DiscoverFilter.defaultMinimumVotes
  /// The runtime in minutes.
  public var runtime = OpenRange(nil, nil)
  /// The original language, ISO 639-1.
  public var originalLanguage: String?
  /// The series' state (series only).
  public var status: SeriesStatus?
  /// The highest certification, in the region's own system (`PG-13`, `12A`).
  public var certification: String?
  /// Streaming services, any of them, in the region.
  public var services: [NamedID] = []
  /// Keywords, any of them.
  public var keywords: [NamedID] = []
  /// Production companies, any of them.
  public var companies: [NamedID] = []
  /// Releases in the region between two days (the calendar).
  public var releases: RegionalReleases?
  /// The order.
  public var sort = DiscoverSort.popularity
  /// Only subscriptions (`flatrate`) on the services, not free or with ads: the "On my services" tab.
  public var subscriptionOnly = false

  /// An empty filter: everything, most popular first.
  public init(media: MediaKind = .film) {
    self.media = media
  }

  /// Whether the filter narrows nothing.
  public var isEmpty: Bool { self == DiscoverFilter(media: media) }

  /// The query parameters for a region (services and certifications are per country), in a
  /// fixed order; `|` joins "any of", `,` "all of".
  public func queryItems(region: String?) -> [URLQueryItem] {
    var items: [(String, String)] = [("sort_by", sort.parameter(for: media))]
    let series = media == .series
    if !genres.isEmpty { items.append(("with_genres", genres.map { String($0.id) }.joined(separator: ","))) }
    if !withoutGenres.isEmpty {
      items.append(("without_genres", withoutGenres.map { String($0.id) }.joined(separator: ",")))
    }
    let dateName = series ? "first_air_date" : "primary_release_date"
    let years = years.ordered
    let runtime = runtime.ordered
    if let lower = years.lower, lower == years.upper {
      items.append((series ? "first_air_date_year" : "primary_release_year", String(lower)))
    } else {
      if let lower = years.lower { items.append(("\(dateName).gte", "\(lower)-01-01")) }
      if let upper = years.upper { items.append(("\(dateName).lte", "\(upper)-12-31")) }
    }
    if let minimumScore { items.append(("vote_average.gte", Self.decimal(minimumScore))) }
    // The fewest votes: with a score or the score's sort (so a score rests on some), or when set.
    if minimumScore != nil || sort == .score || minimumVotes != Self.defaultMinimumVotes {
      items.append(("vote_count.gte", String(max(0, minimumVotes))))
    }
    if let lower = runtime.lower { items.append(("with_runtime.gte", String(lower))) }
    if let upper = runtime.upper { items.append(("with_runtime.lte", String(upper))) }
    if let originalLanguage { items.append(("with_original_language", originalLanguage)) }
    if let status, series { items.append(("with_status", String(status.rawValue))) }
    if let certification, !series, let region {
      items += [("certification_country", region), ("certification.lte", certification)]
    }
    if !keywords.isEmpty { items.append(("with_keywords", keywords.map { String($0.id) }.joined(separator: "|"))) }
    if !companies.isEmpty {
      items.append(("with_companies", companies.map { String($0.id) }.joined(separator: "|")))
    }
    if let releases, let region, !series {
      items += [
        ("region", region), ("release_date.gte", releases.from), ("release_date.lte", releases.through),
        ("with_release_type", releases.types.map(String.init).joined(separator: "|")),
      ]
    }
    if !services.isEmpty, let region {
      items += [
        ("watch_region", region), ("with_watch_providers", services.map { String($0.id) }.joined(separator: "|")),
        ("with_watch_monetization_types", subscriptionOnly ? "flatrate" : "flatrate|free|ads"),
      ]
    }
    return items.map { URLQueryItem(name: $0.0, value: $0.1) }
  }

  /// A score as a query value: `7`, `7.5`.
  static func decimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
  }
}
