import FoundationEssentials

/// A transport that answers from the embedded demo data, so `--demo` runs the real client offline.
public struct DemoTransport: Transport {
  /// The base URL demo configurations use; nothing is ever sent there.
  public static let baseURL = URL(string: "https://demo.amodb.invalid/3") ?? URL(fileURLWithPath: "/")

  /// Makes the transport.
  public init() {}

  /// A configuration that routes every request to the demo data, in the language asked for when
  /// the demo has it (English and Russian), else in English, and labelled so.
  public static func configuration(language: String = LanguageTag.fallback) -> ClientConfiguration {
    let served = language.hasPrefix("ru-") ? language : LanguageTag.fallback
    return ClientConfiguration(baseURL: baseURL, imageBaseURL: imageBaseURL, apiKey: nil, language: served)
  }

  /// The image base demo configurations use.
  public static let imageBaseURL = URL(string: "https://demo.amodb.invalid/t/p") ?? URL(fileURLWithPath: "/")

  /// The demo's JPEG for a poster path (`/demo-550.jpg`), or nil.
  public static func poster(_ path: String) -> Data? {
    DemoPosters.files[path].flatMap { Data(base64Encoded: $0) }
  }

  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    if let name = request.url.path.split(separator: "/").last, name.hasPrefix("demo-") {
      guard let data = Self.poster("/\(name)") else { return Self.notFound }
      return HTTPResponse(status: 200, headers: ["Content-Type": "image/jpeg"], body: data)
    }
    guard let key = Self.resourceKey(for: request.url) else { return Self.notFound }
    let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems
    let russian = query?.first { $0.name == "language" }?.value?.hasPrefix("ru") == true
    let prefix = russian ? "ru:" : ""
    switch key {
    case "/search/movie": return Self.search(query, prefix: prefix)
    case "/search/tv": return Self.searchSeries(query, prefix: prefix)
    case "/search/multi": return Self.searchEverything(query, prefix: prefix)
    case "/search/person": return Self.searchPeople(query, prefix: prefix)
    case _ where key.hasPrefix("/find/"): return DemoFind.answer(String(key.dropFirst("/find/".count)), prefix: prefix)
    default: break
    }
    if let answer = DemoDiscover.answer(key, query: query ?? [], prefix: prefix) { return answer }
    if let made = DemoAiring.answer(key, now: Date()) { return DemoDiscover.json(made) }
    let translated = russian ? DemoResources.files["ru:" + key] : nil
    guard let text = translated ?? DemoResources.files[key] else { return Self.pastTheLastPage(key) ?? Self.notFound }
    if key == "/tv/on_the_air?page=1", let page = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) {
      return DemoDiscover.json(DemoAiring.adding(to: key, page: page, now: Date()))
    }
    return HTTPResponse(
      status: 200,
      headers: ["Content-Type": "application/json", "X-RateLimit-Limit": "40", "X-RateLimit-Remaining": "40"],
      body: Data(utf8Of: text))
  }

  /// The series lists served by page, like the film lists.
  private static let seriesLists: Set<String> = ["popular", "top_rated", "on_the_air", "airing_today"]

  /// The resource a URL names: `/movie/550`, `/person/70001`, `/trending/movie/week?page=1`,
  /// `/movie/popular?page=1`, `/trending/tv/day?page=1`, `/tv/popular?page=1`, `/tv/1668`, `/tv/1668/season/8`.
  static func resourceKey(for url: URL) -> String? {
    let path = url.path.hasPrefix(baseURL.path) ? String(url.path.dropFirst(baseURL.path.count)) : url.path
    let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let page = query.first { $0.name == "page" }?.value ?? "1"
    if path.hasPrefix("/trending/movie/") || path.hasPrefix("/trending/tv/") { return "\(path)?page=\(page)" }
    if path.hasPrefix("/search/") { return path }
    if path.hasPrefix("/movie/"), CatalogueList(rawValue: String(path.dropFirst("/movie/".count))) != nil {
      return "\(path)?page=\(page)"
    }
    if path.hasPrefix("/tv/"), seriesLists.contains(String(path.dropFirst("/tv/".count))) {
      return "\(path)?page=\(page)"
    }
    return path
  }

  /// A list's page past its last, as TMDB answers it: the page asked for, no results, and the
  /// list's totals (nil when `key` is not a list's page).
  private static func pastTheLastPage(_ key: String) -> HTTPResponse? {
    guard let mark = key.firstRange(of: "?page="), let page = Int(key[mark.upperBound...]), page > 1,
      let first = DemoResources.files[key[..<mark.lowerBound] + "?page=1"],
      case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(first.utf8))
    else { return nil }
    var answer = fields
    answer["page"] = .number(Double(page))
    answer["results"] = .array([])
    return DemoDiscover.json(.object(answer))
  }

  private static let notFound = HTTPResponse(
    status: 404,
    body: Data(#"{"status_code":34,"status_message":"The resource you requested could not be found."}"#.utf8))

  /// The query's words (`TextFold.words`: "Dune Part Two" finds "Dune: Part Two" as amodb's
  /// search does), or nil when no query was given.
  private static func words(_ query: [URLQueryItem]?) -> String? {
    guard let text = query?.first(where: { $0.name == "query" })?.value, !text.isEmpty else { return nil }
    return TextFold.words(text)
  }

  private static let missingQuery = HTTPResponse(
    status: 422, headers: ["Content-Type": "application/json"],
    body: Data(#"{"errors":["query must be provided"]}"#.utf8))

  /// The `results` of an embedded list, in the language asked for when it has them.
  static func results(_ key: String, prefix: String) -> [JSONValue] {
    guard let text = DemoResources.files[prefix + key] ?? DemoResources.files[key],
      let results = (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))?["results"]?.array
    else { return [] }
    return results
  }

  /// Whether any of an entry's names contains the words (whatever the case, accents and
  /// punctuation, as amodb's search finds "amelie"); a query of punctuation alone finds nothing.
  private static func matches(_ entry: JSONValue, _ names: [String], _ words: String) -> Bool {
    !words.isEmpty && names.compactMap { entry[$0]?.string.map(TextFold.words) }.contains { $0.contains(words) }
  }

  /// Every embedded film matching the words (title or original title) and the year when one is given.
  private static func films(_ words: String, year: String?, prefix: String) -> [JSONValue] {
    ["/trending/movie/week?page=1", "/trending/movie/week?page=2"].flatMap { key in
      results(key, prefix: prefix).filter { film in
        let inYear = year.map { film["release_date"]?.string?.hasPrefix($0) == true } ?? true
        return inYear && matches(film, ["title", "original_title"], words)
      }
    }
  }

  /// Every embedded series (the popular list holds them all) matching the words (name or original
  /// name) and the year of the first air date when one is given.
  private static func series(_ words: String, year: String?, prefix: String) -> [JSONValue] {
    (results("/tv/popular?page=1", prefix: prefix) + [DemoAiring.summary(now: Date())]).filter { show in
      let inYear = year.map { show["first_air_date"]?.string?.hasPrefix($0) == true } ?? true
      return inYear && matches(show, ["name", "original_name"], words)
    }
  }

  /// Every embedded person whose name contains the words, as a multi-search result: up to three
  /// of their titles as `known_for`.
  private static func people(_ words: String, prefix: String) -> [JSONValue] {
    let keys = DemoResources.files.keys.filter { $0.hasPrefix("/person/") }
      .sorted { (Int($0.dropFirst("/person/".count)) ?? 0) < (Int($1.dropFirst("/person/".count)) ?? 0) }
    return keys.compactMap { key -> JSONValue? in
      guard let text = DemoResources.files[prefix + key] ?? DemoResources.files[key],
        let person = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)),
        matches(person, ["name"], words)
      else { return nil }
      let credits = person["combined_credits"]
      var knownFor: [JSONValue] = []
      for credit in (credits?["cast"]?.array ?? []) + (credits?["crew"]?.array ?? []) where knownFor.count < 3 {
        let same = knownFor.contains { $0["id"] == credit["id"] && $0["media_type"] == credit["media_type"] }
        if !same { knownFor.append(credit) }
      }
      return .object([
        "adult": .bool(false), "id": person["id"] ?? .null, "name": person["name"] ?? .null,
        "original_name": person["name"] ?? .null, "media_type": .string("person"),
        "profile_path": person["profile_path"] ?? .null,
        "known_for_department": person["known_for_department"] ?? .null,
        "popularity": .number(10), "known_for": .array(knownFor),
      ])
    }
  }

  /// One page of results, twenty a page, as TMDB pages them.
  private static func page(_ matches: [JSONValue], number: Int = 1) -> HTTPResponse {
    let size = 20
    let pages = max(1, (matches.count + size - 1) / size)
    let shown = Array(matches.dropFirst((max(1, number) - 1) * size).prefix(size))
    let body = JSONValue.object([
      "page": .number(Double(max(1, number))), "total_pages": .number(Double(pages)),
      "total_results": .number(Double(matches.count)), "results": .array(shown),
    ])
    let data = (try? JSONEncoder().encode(body)) ?? Data()
    return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: data)
  }

  /// Answers a search over every embedded film: the words in the title or the original title
  /// (case-insensitive), and the year when one is given.
  private static func search(_ query: [URLQueryItem]?, prefix: String) -> HTTPResponse {
    guard let words = words(query) else { return missingQuery }
    let year = query?.first { $0.name == "primary_release_year" || $0.name == "year" }?.value
    return page(films(words, year: year, prefix: prefix))
  }

  /// Answers `/search/tv` over every embedded series, like the film search (`first_air_date_year`).
  private static func searchSeries(_ query: [URLQueryItem]?, prefix: String) -> HTTPResponse {
    guard let words = words(query) else { return missingQuery }
    let year = query?.first { $0.name == "first_air_date_year" || $0.name == "year" }?.value
    return page(series(words, year: year, prefix: prefix))
  }

  /// Answers `/search/multi`: the matching films, then series, then people, each with its `media_type`.
  /// Answers `/search/person`: the people whose names match.
  private static func searchPeople(_ query: [URLQueryItem]?, prefix: String) -> HTTPResponse {
    guard let words = words(query) else { return missingQuery }
    let number = query?.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1
    return page(people(words, prefix: prefix), number: number)
  }

  private static func searchEverything(_ query: [URLQueryItem]?, prefix: String) -> HTTPResponse {
    guard let words = words(query) else { return missingQuery }
    let number = query?.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1
    let shows = series(words, year: nil, prefix: prefix).map { show -> JSONValue in
      guard case .object(var fields) = show else { return show }
      fields["media_type"] = .string("tv")
      return .object(fields)
    }
    return page(films(words, year: nil, prefix: prefix) + shows + people(words, prefix: prefix), number: number)
  }
}
