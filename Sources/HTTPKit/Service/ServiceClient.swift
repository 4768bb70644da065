import FoundationEssentials
import Localization

/// A client for one JSON service over any transport: requests under its base, credentials to its
/// origin only, redirects followed by the client itself, 429s waited out within a bound, a rate
/// budget per origin, and errors that name the service.
public struct ServiceClient: Sendable {
  /// The service and its limits.
  public let configuration: ServiceConfiguration
  /// What sends each hop.
  private let transport: any Transport
  /// The clock 429s are waited out on.
  private let clock: ClientClock
  /// A window per origin; nil for none.
  private let budgets: HostBudgets?

  /// Makes a client; `budgets` spends a window per origin (nil for none), on the same clock: a
  /// 429 is waited out in its origin's budget.
  public init(
    configuration: ServiceConfiguration, transport: any Transport, clock: ClientClock = .system,
    budgets: HostBudgets? = HostBudgets()
  ) {
    self.configuration = configuration
    self.transport = transport
    self.clock = clock
    self.budgets = budgets
  }

  /// Sends `method` to `path` under the base with `query` and `body` (JSON unless `contentType`
  /// says otherwise); the 2xx answer, or the error for what went wrong.
  public func send(
    _ method: HTTPMethod = .get, _ path: String, query: [URLQueryItem] = [], body: Data? = nil,
    contentType: String = "application/json"
  ) async throws(HTTPError) -> HTTPResponse {
    let name = configuration.name
    guard let url = ServiceURL.url(base: configuration.baseURL, path: path, query: query) else {
      let base = configuration.baseURL.withoutSecrets
      throw HTTPError(.transport(tr("the base URL %s cannot be used", base)), service: name)
    }
    if !configuration.credentials.isEmpty, !configuration.allowsCleartextCredentials,
      let peer = CleartextGuard.exposedPeer(for: configuration.baseURL, proxy: configuration.proxy)
    {
      let host = TextSanitizer.clean(peer, limit: 100)
      throw HTTPError(.transport(tr("refusing to send credentials to %s over plain http", host)), service: name)
    }
    var request = HTTPRequest(
      method: method, url: url, body: body, timeout: configuration.timeout, maxBodyBytes: configuration.maxBodyBytes)
    var redirects = 0
    var waits = 0
    while true {
      request.headers = headers(for: request)
      if request.body != nil { request.headers["Content-Type"] = contentType }
      let response = try await exchange(request)
      if HTTPRedirect.isRedirect(response.status) {
        guard let target = HTTPRedirect.location(of: response, from: request.url) else {
          throw HTTPError(.status(response.status), service: name)
        }
        guard redirects < configuration.maxRedirects else {
          let limit = String(configuration.maxRedirects)
          throw HTTPError(.broken(tr("more than %s redirects; not followed", limit)), service: name)
        }
        if !configuration.followsOtherOrigins, Origin(target) != Origin(configuration.baseURL) {
          let shown = TextSanitizer.clean(Origin(target).description, limit: 200)
          throw HTTPError(.broken(tr("redirected to %s, another origin; not followed", shown)), service: name)
        }
        redirects += 1
        let next = HTTPRedirect.method(after: response.status, for: request.method)
        if next != request.method { request.body = nil }
        request.method = next
        request.url = target
        continue
      }
      guard let error = HTTPError(status: response, service: name, unsaidWait: configuration.unsaidWait) else {
        return response
      }
      guard case .rateLimited(let wait) = error.kind else { throw error }
      // Every request to the origin waits the 429 out, not this one alone, and after its last try too.
      let budget = await budgets?.budget(for: request.url)
      await budget?.spend(seconds: wait)
      guard wait <= configuration.longestWait, waits < configuration.maxRateLimitRetries else { throw error }
      waits += 1
      if budget == nil { await clock.sleep(wait) }
      if Task.isCancelled { throw HTTPError.cancelled.naming(name) }
    }
  }

  /// Sends like `send` and decodes the answer's JSON as `type`.
  public func json<T: Decodable>(
    _ type: T.Type, _ method: HTTPMethod = .get, _ path: String, query: [URLQueryItem] = [], body: Data? = nil
  ) async throws(HTTPError) -> T {
    let response = try await send(method, path, query: query, body: body)
    do {
      return try JSONBody.decode(type, from: response.body)
    } catch {
      throw error.naming(configuration.name)
    }
  }

  /// The headers for a request to `request.url`: the shared ones, and the credentials only when
  /// it goes to the base's origin.
  func headers(for request: HTTPRequest) -> [String: String] {
    var headers = configuration.headers
    if Origin(request.url) == Origin(configuration.baseURL) {
      headers.merge(configuration.credentials) { _, credential in credential }
    }
    return headers
  }

  /// One hop: waits for room in its origin's budget, sends, and tells the budget what the server said.
  private func exchange(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let budget = await budgets?.budget(for: request.url)
    await budget?.acquire()
    do {
      let response = try await transport.send(request)
      await budget?.update(from: RateLimitStatus(response: response))
      return response
    } catch {
      throw error.naming(configuration.name)
    }
  }
}
