import FoundationEssentials

/// The demo's `/discover/tv`, `/genre/tv/list` and `/watch/providers/tv`, made from the embedded
/// series as amodb would.
extension DemoDiscover {
  /// The answer for a series resource, when it is one of these.
  static func seriesAnswer(_ key: String, query: [URLQueryItem], prefix: String) -> HTTPResponse? {
    let value: (String) -> String? = { name in query.first { $0.name == name }?.value }
    switch key {
    case "/genre/tv/list":
      let ids = [10759, 16, 35, 80, 99, 18, 10751, 10762, 9648, 10763, 10764, 10765, 10766, 10767, 10768, 37]
      let genres = ids.compactMap { id in
        Genres.seriesName(id).map { JSONValue.object(["id": .number(Double(id)), "name": .string($0)]) }
      }
      return json(.object(["genres": .array(genres)]))
    case "/watch/providers/tv":
      return providerTable(
        series(prefix: prefix).map { details($0, prefix: prefix) }, region: value("watch_region") ?? "")
    case "/discover/tv":
      return json(discoverSeries(value, prefix: prefix))
    default:
      return nil
    }
  }

  /// Every embedded series once, in the order of the demo's series pages.
  static func series(prefix: String) -> [JSONValue] {
    let pages = [
      "/trending/tv/week?page=1", "/tv/popular?page=1", "/tv/top_rated?page=1", "/tv/on_the_air?page=1",
      "/tv/airing_today?page=1",
    ]
    var seen = Set<Int>()
    return pages.flatMap { key -> [JSONValue] in
      guard let text = DemoResources.files[prefix + key] ?? DemoResources.files[key],
        let results = (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))?["results"]?.array
      else { return [] }
      return results.filter { entry in entry["id"]?.number.map { seen.insert(Int($0)).inserted } ?? false }
    }
  }

  /// A series' embedded details, when there are some.
  static func details(_ entry: JSONValue, prefix: String) -> JSONValue? {
    guard let id = entry["id"]?.number.map(Int.init),
      let text = DemoResources.files[prefix + "/tv/\(id)"] ?? DemoResources.files["/tv/\(id)"]
    else { return nil }
    return try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
  }

  /// A page of the series that pass the query's filters, sorted as asked.
  static func discoverSeries(_ value: @escaping (String) -> String?, prefix: String) -> JSONValue {
    let ids = { (name: String, separator: Character) in
      Set((value(name) ?? "").split(separator: separator).compactMap { Int($0) })
    }
    let number = { (name: String) in value(name).flatMap(Double.init) }
    let services = ids("with_watch_providers", "|")
    let region = value("watch_region") ?? ""
    let statuses = ids("with_status", "|").compactMap { SeriesStatus(rawValue: $0)?.detailsName }
    let matches = series(prefix: prefix).filter { entry in
      let details = details(entry, prefix: prefix)
      let genres = Set((entry["genre_ids"]?.array ?? []).compactMap { $0.number.map(Int.init) })
      let date = entry["first_air_date"]?.string ?? ""
      let runtime = details?["episode_run_time"]?.array?.first?.number
      var passes =
        ids("with_genres", ",").isSubset(of: genres) && ids("without_genres", ",").isDisjoint(with: genres)
      passes = passes && value("first_air_date_year").map { date.hasPrefix($0) } ?? true
      passes = passes && value("first_air_date.gte").map { date >= $0 } ?? true
      passes = passes && value("first_air_date.lte").map { !date.isEmpty && date <= $0 } ?? true
      passes = passes && number("vote_average.gte").map { (entry["vote_average"]?.number ?? 0) >= $0 } ?? true
      passes = passes && number("vote_count.gte").map { (entry["vote_count"]?.number ?? 0) >= $0 } ?? true
      passes = passes && value("with_original_language").map { entry["original_language"]?.string == $0 } ?? true
      // A series without a known episode length is in no range of lengths.
      if let least = number("with_runtime.gte") { passes = passes && (runtime ?? -1) >= least }
      if let most = number("with_runtime.lte") { passes = passes && (runtime ?? .infinity) <= most }
      if !statuses.isEmpty { passes = passes && statuses.contains(details?["status"]?.string ?? "") }
      if !services.isEmpty {
        passes = passes && !offeredIDs(details, region: region, query: value).isDisjoint(with: services)
      }
      return passes
    }
    let order = value("sort_by") ?? "popularity.desc"
    let sortKey: (JSONValue) -> String = { entry in
      switch order {
      case "vote_average.desc": return format10(entry["vote_average"]?.number ?? 0)
      case "first_air_date.desc": return entry["first_air_date"]?.string ?? ""
      case "name.asc": return entry["name"]?.string ?? ""
      default: return ""
      }
    }
    let sorted = matches.enumerated().sorted { left, right in
      let (a, b) = (sortKey(left.element), sortKey(right.element))
      if a == b { return left.offset < right.offset }
      return order.hasSuffix(".asc") ? a < b : a > b
    }.map(\.element)
    let page = max(1, Int(value("page") ?? "1") ?? 1)
    return .object([
      "page": .number(Double(page)), "total_pages": .number(Double(max(1, (sorted.count + 19) / 20))),
      "total_results": .number(Double(sorted.count)),
      "results": .array(Array(sorted.dropFirst((page - 1) * 20).prefix(20))),
    ])
  }
}
