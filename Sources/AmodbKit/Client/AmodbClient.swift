import FoundationEssentials
import Localization

/// An answer with when it was fetched and the rate-limit budget it reported.
public struct Fetched<Value: Sendable>: Sendable {
  /// The decoded answer.
  public var value: Value
  /// When the network answered (for a cached answer, when it first did).
  public var fetchedAt: Date
  /// The rate-limit headers of that answer, when it had them.
  public var rateLimit: RateLimitStatus?
  /// Whether the answer came from the memory cache without a request.
  public var fromCache: Bool

  /// Makes a fetched answer.
  public init(value: Value, fetchedAt: Date, rateLimit: RateLimitStatus? = nil, fromCache: Bool = false) {
    self.value = value
    self.fetchedAt = fetchedAt
    self.rateLimit = rateLimit
    self.fromCache = fromCache
  }
}

extension Fetched: Equatable where Value: Equatable {}

extension Fetched {
  /// The same answer with its value converted.
  public func map<Other: Sendable>(_ transform: (Value) -> Other) -> Fetched<Other> {
    Fetched<Other>(value: transform(value), fetchedAt: fetchedAt, rateLimit: rateLimit, fromCache: fromCache)
  }
}

/// The shared amodb client: builds requests, retries 429s, caches answers and joins duplicate calls.
public actor AmodbClient {
  /// A raw answer kept for reuse.
  private struct Answer: Sendable {
    var body: Data
    var fetchedAt: Date
    var rateLimit: RateLimitStatus?
  }

  /// The most bytes of raw answers kept in memory (about the last 40 films opened); older ones are
  /// read back from the disk cache.
  static let cacheBudget = 2_000_000

  /// The most redirects followed for one request, each within the same origin.
  public static let maxRedirects = 3

  /// How many times a 429 is retried.
  public static let maxRateLimitRetries = 2

  /// The configuration requests are built from.
  public nonisolated let configuration: ClientConfiguration
  private let transport: any Transport
  private let clock: ClientClock
  private let disk: DiskCache?
  private let budget: RateBudget?
  private var cache: [URL: Answer] = [:]
  private var cacheBytes = 0
  private var inFlight: [URL: Task<Result<Answer, AmodbError>, Never>] = [:]

  /// Makes a client over a transport, with an optional disk cache and request budget.
  public init(
    configuration: ClientConfiguration, transport: any Transport, clock: ClientClock = .system, disk: DiskCache? = nil,
    budget: RateBudget? = nil
  ) {
    self.configuration = configuration
    self.transport = transport
    self.clock = clock
    self.disk = disk
    self.budget = budget
  }

  /// The last answer kept for an endpoint, however old, from memory or disk; nil when none is.
  public func cached<E: Endpoint>(_ endpoint: E) -> Fetched<E.Response>? {
    guard let url = configuration.url(for: endpoint.path, query: endpoint.queryItems),
      let answer = kept(url, kind: endpoint.cacheKind),
      let value = try? decode(endpoint, from: answer.body)
    else { return nil }
    return Fetched(value: value, fetchedAt: answer.fetchedAt, rateLimit: nil, fromCache: true)
  }

  /// The answer in memory, else on disk (then also kept in memory).
  private func kept(_ url: URL, kind: CacheKind?) -> Answer? {
    if let answer = cache[url] { return answer }
    guard let kind, let entry = disk?.read(url.withoutSecrets, kind: kind) else { return nil }
    let answer = Answer(body: entry.body, fetchedAt: entry.fetchedAt, rateLimit: nil)
    store(answer, for: url)
    return answer
  }

  /// Fetches an endpoint, from memory when a fresh answer is there and `forceRefresh` is false;
  /// `onWait` hears every wait this request makes for the rate limit, in seconds. A `background`
  /// request waits behind the user's own in the budget (`RateBudget.acquire`).
  public func fetch<E: Endpoint>(
    _ endpoint: E, forceRefresh: Bool = false, background: Bool = false, onWait: (@Sendable (Int) -> Void)? = nil
  ) async throws(AmodbError) -> Fetched<E.Response> {
    if let error = configuration.missingKeyError ?? configuration.cleartextKeyError { throw error }
    guard let url = configuration.url(for: endpoint.path, query: endpoint.queryItems) else {
      throw .transport(description: tr("the base URL %s cannot be used", configuration.baseURL.withoutSecrets))
    }
    if !forceRefresh, let answer = kept(url, kind: endpoint.cacheKind),
      clock.now().timeIntervalSince(answer.fetchedAt) < endpoint.freshness
    {
      if let value = try? decode(endpoint, from: answer.body) {
        return Fetched(value: value, fetchedAt: answer.fetchedAt, rateLimit: answer.rateLimit, fromCache: true)
      }
    }
    let answer = try await shared(url, background: background, onWait: onWait).get()
    // Kept only once it reads: an answer that does not leaves the last good one in place, for
    // the browser's "showing data from …" and the command line's offline answers.
    let value = try decode(endpoint, from: answer.body)
    store(answer, for: url)
    if let kind = endpoint.cacheKind {
      disk?.write(url.withoutSecrets, kind: kind, body: answer.body, fetchedAt: answer.fetchedAt)
    }
    return Fetched(value: value, fetchedAt: answer.fetchedAt, rateLimit: answer.rateLimit, fromCache: false)
  }

  /// Fetches an endpoint and returns the outcome as a `Result`.
  public func result<E: Endpoint>(
    _ endpoint: E, forceRefresh: Bool = false, background: Bool = false, onWait: (@Sendable (Int) -> Void)? = nil
  ) async -> Result<Fetched<E.Response>, AmodbError> {
    do {
      return .success(try await fetch(endpoint, forceRefresh: forceRefresh, background: background, onWait: onWait))
    } catch {
      return .failure(error)
    }
  }

  /// Joins the request already in flight for `url`, or starts it.
  private func shared(
    _ url: URL, background: Bool = false, onWait: (@Sendable (Int) -> Void)?
  ) async -> Result<Answer, AmodbError> {
    if let running = inFlight[url] { return await running.value }
    let request = HTTPRequest(
      url: url, headers: headers(), timeout: configuration.timeout, maxBodyBytes: configuration.maxBodyBytes)
    let task = Task(executorPreference: HeldExecutor.preferred) { [transport, clock, budget, configuration] in
      await Self.perform(
        request, key: configuration.apiKey, transport: transport, clock: clock, budget: budget,
        retries: configuration.rateLimitRetries, background: background, onWait: onWait)
    }
    inFlight[url] = task
    let result = await task.value
    inFlight[url] = nil
    return result
  }

  /// Sends a request, waiting out and retrying 429s at most `retries` times and following at most three
  /// redirects within the same origin (scheme, host and port), each counted against the budget;
  /// `key`, the one sent, is hidden wherever an error's message repeats it.
  private static func perform(
    _ request: HTTPRequest, key: APIKey?, transport: any Transport, clock: ClientClock, budget: RateBudget?,
    retries: Int, background: Bool,
    onWait: (@Sendable (Int) -> Void)?
  ) async -> Result<Answer, AmodbError> {
    var current = request
    var attempt = 0
    var redirects = 0
    while true {
      let response: HTTPResponse
      await budget?.acquire(background: background, onWait: onWait)
      do {
        response = try await transport.send(current)
        await budget?.update(from: RateLimitStatus(response: response))
      } catch {
        return .failure(AmodbError(error).hiding(key))
      }
      if Redirect.isRedirect(response.status) {
        switch Redirect.target(of: response, from: current.url, followed: redirects) {
        case .success(let target):
          redirects += 1
          current.url = target
          continue
        case .failure(let error):
          return .failure(error.hiding(key))
        }
      }
      guard let error = StatusMapping.error(for: response, hiding: key) else {
        return .success(
          Answer(body: response.body, fetchedAt: clock.now(), rateLimit: RateLimitStatus(response: response)))
      }
      guard case .rateLimited(let wait) = error else { return .failure(error) }
      // Every request to the service waits the 429 out in the budget (the waits told there), this
      // one's next try too, and one asked after its last try (`r`) as well.
      await budget?.spend(seconds: wait)
      guard attempt < retries, !Task.isCancelled else { return .failure(error) }
      attempt += 1
      if budget == nil {
        onWait?(wait)
        await clock.sleep(wait)
      }
    }
  }

  private func headers() -> [String: String] {
    var headers = ["Accept": "application/json", "User-Agent": "trending/\(AmodbKitInfo.version)"]
    if let key = configuration.apiKey { headers["Authorization"] = key.bearer }
    return headers
  }

  /// Keeps an answer in memory, dropping the oldest fetched until the bytes fit the budget.
  private func store(_ answer: Answer, for url: URL) {
    forget(url)
    guard answer.body.count <= Self.cacheBudget else { return }
    while cacheBytes + answer.body.count > Self.cacheBudget,
      let oldest = cache.min(by: { $0.value.fetchedAt < $1.value.fetchedAt })?.key
    {
      forget(oldest)
    }
    cache[url] = answer
    cacheBytes += answer.body.count
  }

  private func forget(_ url: URL) {
    if let old = cache.removeValue(forKey: url) { cacheBytes -= old.body.count }
  }

  /// The endpoint's answer read from `body`; one about something else than was asked (another
  /// film's id) is unreadable, so it is neither shown nor kept under the asked-for id.
  private func decode<E: Endpoint>(_ endpoint: E, from body: Data) throws(AmodbError) -> E.Response {
    let value: E.Response
    do {
      value = try JSONBody.decode(E.Response.self, from: body, using: AmodbJSON.decoder())
    } catch {
      throw AmodbError(error)
    }
    if let mismatch = endpoint.mismatch(value) { throw .unreadable(detail: mismatch) }
    return value
  }
}

/// Facts about this build of the client.
public enum AmodbKitInfo {
  /// The version of `trending` and its client.
  public static let version = "0.1.0"
}
