import FoundationEssentials

/// The demo's discover, genre and provider answers, made from the embedded films: the filters
/// applied to them as amodb would, so `f`, saved tabs, services and the calendar work offline.
enum DemoDiscover {
  /// The demo's services with TMDB's ids for them (the demo's films and series name them without ids).
  static let providerIDs = [
    "Apple TV": 2, "Google Play Movies": 3, "Netflix": 8, "Amazon Video": 10, "MUBI": 11, "Hulu": 15,
    "The Criterion Channel": 258, "Apple TV+": 350, "Peacock Premium": 386, "Paramount Plus": 531, "Max": 1899,
  ]

  /// Every kind of offer, the order TMDB lists them in.
  static let offerKinds = ["flatrate", "free", "ads", "rent", "buy"]

  /// The answer for a resource, when it is one of these.
  static func answer(_ key: String, query: [URLQueryItem], prefix: String) -> HTTPResponse? {
    let value: (String) -> String? = { name in query.first { $0.name == name }?.value }
    switch key {
    case "/genre/movie/list":
      let genres = [28, 12, 16, 35, 80, 99, 18, 10751, 14, 36, 27, 10402, 9648, 10749, 878, 10770, 53, 10752, 37]
        .compactMap { id in Genres.name(id).map { JSONValue.object(["id": .number(Double(id)), "name": .string($0)]) } }
      return json(.object(["genres": .array(genres)]))
    case "/watch/providers/movie":
      return providerTable(films(prefix: prefix).map(\.details), region: value("watch_region") ?? "")
    case "/discover/movie":
      return json(discover(value, prefix: prefix))
    default:
      return seriesAnswer(key, query: query, prefix: prefix) ?? DemoUpcoming.answer(key, now: Date()).map(json)
    }
  }

  /// A film as the demo holds it: its list entry and its details.
  struct Film {
    /// The entry as list pages have it.
    let summary: JSONValue
    /// The details, when embedded.
    let details: JSONValue?
  }

  /// Every embedded film once, in the order of the demo's trending pages, then its other lists.
  static func films(prefix: String) -> [Film] {
    let pages = [
      "/trending/movie/week?page=1", "/trending/movie/week?page=2", "/movie/popular?page=1",
      "/movie/top_rated?page=1", "/movie/now_playing?page=1", "/movie/upcoming?page=1",
    ]
    var seen = Set<Int>()
    var films: [Film] = []
    for key in pages {
      guard let text = DemoResources.files[prefix + key] ?? DemoResources.files[key],
        let results = (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))?["results"]?.array
      else { continue }
      for entry in results {
        guard let id = entry["id"]?.number.map(Int.init), seen.insert(id).inserted else { continue }
        let detailText = DemoResources.files[prefix + "/movie/\(id)"] ?? DemoResources.files["/movie/\(id)"]
        let details = detailText.flatMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
        films.append(Film(summary: entry, details: details))
      }
    }
    return films
  }

  /// The services a title is offered on in a region, by name, in offers of the given kinds.
  static func offers(_ details: JSONValue?, region: String, kinds: [String] = offerKinds) -> [String] {
    let offers = details?["watch/providers"]?["results"]?[region]
    return kinds.flatMap { kind in (offers?[kind]?.array ?? []).compactMap { $0["provider_name"]?.string } }
  }

  /// The ids of the services a title is offered on in a region, in the kinds of offer a discover
  /// query names (`with_watch_monetization_types`, any kind when it names none).
  static func offeredIDs(_ details: JSONValue?, region: String, query value: (String) -> String?) -> Set<Int> {
    let kinds = value("with_watch_monetization_types").map { $0.split(separator: "|").map(String.init) }
    return Set(offers(details, region: region, kinds: kinds ?? offerKinds).compactMap { providerIDs[$0] })
  }

  /// A region's table of services, from the details of the titles it holds: each service any of
  /// them is offered on there, by name.
  static func providerTable(_ details: [JSONValue?], region: String) -> HTTPResponse {
    let names = Set(details.flatMap { offers($0, region: region) })
    let results = names.sorted().enumerated().compactMap { index, name -> JSONValue? in
      guard let id = providerIDs[name] else { return nil }
      return .object([
        "provider_id": .number(Double(id)), "provider_name": .string(name), "display_priority": .number(Double(index)),
      ])
    }
    return json(.object(["results": .array(results)]))
  }

  /// A page of the films that pass the query's filters, sorted as asked.
  static func discover(_ value: @escaping (String) -> String?, prefix: String) -> JSONValue {
    let ids = { (name: String, separator: Character) in
      Set((value(name) ?? "").split(separator: separator).compactMap { Int($0) })
    }
    let number = { (name: String) in value(name).flatMap(Double.init) }
    let region = value("watch_region") ?? value("region") ?? ""
    let services = ids("with_watch_providers", "|")
    let releaseTypes = ids("with_release_type", "|")
    // Asked for dated releases (the calendar): the made-up upcoming films join the real ones.
    let upcoming = value("release_date.gte") != nil ? DemoUpcoming.films(now: Date()) : []
    let matches = (films(prefix: prefix) + upcoming).filter { film in
      let summary = film.summary
      let genres = Set((summary["genre_ids"]?.array ?? []).compactMap { $0.number.map(Int.init) })
      let date = summary["release_date"]?.string ?? ""
      let runtime = film.details?["runtime"]?.number ?? 0
      let score = summary["vote_average"]?.number ?? 0
      let votes = summary["vote_count"]?.number ?? 0
      var passes = ids("with_genres", ",").isSubset(of: genres) && ids("without_genres", ",").isDisjoint(with: genres)
      passes = passes && value("primary_release_year").map { date.hasPrefix($0) } ?? true
      passes = passes && value("primary_release_date.gte").map { date >= $0 } ?? true
      passes = passes && value("primary_release_date.lte").map { !date.isEmpty && date <= $0 } ?? true
      passes = passes && number("vote_average.gte").map { score >= $0 } ?? true
      passes = passes && number("vote_count.gte").map { votes >= $0 } ?? true
      passes = passes && number("with_runtime.gte").map { runtime >= $0 } ?? true
      passes = passes && number("with_runtime.lte").map { runtime <= $0 } ?? true
      // The details say it (the demo's list entries carry a placeholder, "xx").
      let language = film.details?["original_language"]?.string ?? summary["original_language"]?.string
      passes = passes && value("with_original_language").map { language == $0 } ?? true
      if let country = value("certification_country"), let highest = value("certification.lte") {
        passes = passes && rated(film.details, country: country, upTo: highest)
      }
      // Keywords and studios from the film's details, any of those asked.
      let keywords = Set(
        (film.details?["keywords"]?["keywords"]?.array ?? []).compactMap { $0["id"]?.number.map(Int.init) })
      let companies = Set(
        (film.details?["production_companies"]?.array ?? []).compactMap { $0["id"]?.number.map(Int.init) })
      if value("with_keywords") != nil { passes = passes && !ids("with_keywords", "|").isDisjoint(with: keywords) }
      if value("with_companies") != nil { passes = passes && !ids("with_companies", "|").isDisjoint(with: companies) }
      if !services.isEmpty {
        passes = passes && !offeredIDs(film.details, region: region, query: value).isDisjoint(with: services)
      }
      if let from = value("release_date.gte"), let through = value("release_date.lte") {
        passes =
          passes
          && regionalDates(film.details, region: region, types: releaseTypes).contains { $0 >= from && $0 <= through }
      }
      return passes
    }
    let sorted = sort(matches, by: value("sort_by") ?? "popularity.desc")
    let page = max(1, Int(value("page") ?? "1") ?? 1)
    let shown = Array(sorted.dropFirst((page - 1) * 20).prefix(20)).map(\.summary)
    return .object([
      "page": .number(Double(page)), "total_pages": .number(Double(max(1, (sorted.count + 19) / 20))),
      "total_results": .number(Double(sorted.count)), "results": .array(shown),
    ])
  }

  /// A film's release days in a region of the given types (any type when none is given), `YYYY-MM-DD`.
  static func regionalDates(_ details: JSONValue?, region: String, types: Set<Int>) -> [String] {
    let countries = details?["release_dates"]?["results"]?.array ?? []
    let releases = countries.first { $0["iso_3166_1"]?.string == region }?["release_dates"]?.array ?? []
    return releases.compactMap { release in
      guard let type = release["type"]?.number.map(Int.init), types.isEmpty || types.contains(type),
        let date = release["release_date"]?.string
      else { return nil }
      return String(date.prefix(10))
    }
  }

  /// Whether the film's certification in `country` is `highest` or below it on the country's
  /// ladder; a film with none there passes no such filter, as amodb's discover has it.
  static func rated(_ details: JSONValue?, country: String, upTo highest: String) -> Bool {
    let countries = details?["release_dates"]?["results"]?.array ?? []
    let releases = countries.first { $0["iso_3166_1"]?.string == country }?["release_dates"]?.array ?? []
    guard let rating = releases.lazy.compactMap({ $0["certification"]?.string }).first(where: { !$0.isEmpty }) else {
      return false
    }
    let ladder = CertificationLadder.of(country)
    guard let rank = ladder.firstIndex(of: rating), let top = ladder.firstIndex(of: highest) else {
      return rating == highest
    }
    return rank <= top
  }

  /// The films in a `sort_by` order; ties keep the demo's order.
  static func sort(_ films: [Film], by order: String) -> [Film] {
    let key: (Film) -> String = { film in
      switch order {
      case "vote_average.desc": return String(format10(film.summary["vote_average"]?.number ?? 0))
      case "primary_release_date.desc": return film.summary["release_date"]?.string ?? ""
      case "title.asc": return film.summary["title"]?.string ?? ""
      default: return ""
      }
    }
    let ascending = order.hasSuffix(".asc")
    return films.enumerated().sorted { left, right in
      let (a, b) = (key(left.element), key(right.element))
      if a == b { return left.offset < right.offset }
      return ascending ? a < b : a > b
    }.map(\.element)
  }

  /// A score as text that sorts as the number does.
  static func format10(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return tenths < 10 ? "00\(tenths)" : tenths < 100 ? "0\(tenths)" : "\(tenths)"
  }

  /// An answer with a JSON body.
  static func json(_ value: JSONValue) -> HTTPResponse {
    HTTPResponse(
      status: 200, headers: ["Content-Type": "application/json"], body: (try? JSONEncoder().encode(value)) ?? Data())
  }
}

extension JSONValue {
  /// The value of a number, else nil.
  var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }
}
