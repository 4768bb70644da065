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

  public func send(_ request: HTTPRequest) async throws(AmodbError) -> HTTPResponse {
    if let name = request.url.path.split(separator: "/").last, name.hasPrefix("demo-") {
      guard let data = Self.poster("/\(name)") else { return Self.notFound }
      return HTTPResponse(status: 200, headers: ["Content-Type": "image/jpeg"], body: data)
    }
    guard let key = Self.resourceKey(for: request.url) else { return Self.notFound }
    let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems
    let russian = query?.first { $0.name == "language" }?.value?.hasPrefix("ru") == true
    if key == "/search/movie" { return Self.search(query, prefix: russian ? "ru:" : "") }
    if let answer = DemoDiscover.answer(key, query: query ?? [], prefix: russian ? "ru:" : "") { return answer }
    let translated = russian ? DemoResources.files["ru:" + key] : nil
    guard let text = translated ?? DemoResources.files[key] else { return Self.notFound }
    return HTTPResponse(
      status: 200,
      headers: ["Content-Type": "application/json", "X-RateLimit-Limit": "40", "X-RateLimit-Remaining": "40"],
      body: Data(text.utf8))
  }

  /// The resource a URL names: `/movie/550`, `/person/70001`, `/trending/movie/week?page=1`, `/movie/popular?page=1`.
  static func resourceKey(for url: URL) -> String? {
    let path = url.path.hasPrefix(baseURL.path) ? String(url.path.dropFirst(baseURL.path.count)) : url.path
    let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let page = query.first { $0.name == "page" }?.value ?? "1"
    if path.hasPrefix("/trending/movie/") { return "\(path)?page=\(page)" }
    if path == "/search/movie" { return path }
    if path.hasPrefix("/movie/"), CatalogueList(rawValue: String(path.dropFirst("/movie/".count))) != nil {
      return "\(path)?page=\(page)"
    }
    return path
  }

  private static let notFound = HTTPResponse(
    status: 404,
    body: Data(#"{"status_code":34,"status_message":"The resource you requested could not be found."}"#.utf8))

  /// Answers a search over every embedded film: the words in the title or the original title
  /// (case-insensitive), and the year when one is given.
  private static func search(_ query: [URLQueryItem]?, prefix: String) -> HTTPResponse {
    let words = (query?.first { $0.name == "query" }?.value ?? "").lowercased()
    guard !words.isEmpty else {
      let body = #"{"errors":["query must be provided"]}"#
      return HTTPResponse(status: 422, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
    let year = query?.first { $0.name == "primary_release_year" || $0.name == "year" }?.value
    var matches: [JSONValue] = []
    for key in ["/trending/movie/week?page=1", "/trending/movie/week?page=2"] {
      guard let text = DemoResources.files[prefix + key] ?? DemoResources.files[key],
        let results = (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))?["results"]?.array
      else { continue }
      matches += results.filter { film in
        let titles = [film["title"]?.string, film["original_title"]?.string].compactMap { $0?.lowercased() }
        let inYear = year.map { film["release_date"]?.string?.hasPrefix($0) == true } ?? true
        return inYear && titles.contains { $0.contains(words) }
      }
    }
    let body = JSONValue.object([
      "page": .number(1), "total_pages": .number(1), "total_results": .number(Double(matches.count)),
      "results": .array(matches),
    ])
    let data = (try? JSONEncoder().encode(body)) ?? Data()
    return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: data)
  }
}
