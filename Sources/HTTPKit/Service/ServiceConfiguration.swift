import FoundationEssentials

/// A JSON service as a client sees it: its name, where it is, the credentials that belong to it,
/// and the limits every request to it keeps.
public struct ServiceConfiguration: Sendable {
  /// The name users know the service by, in every error ("Jellyfin (HTTP 401)").
  public var name: String
  /// The base: scheme, host, port and a path prefix; credentials belong to its origin alone.
  public var baseURL: URL
  /// Headers that carry credentials (`Authorization`, `X-Api-Key`…): sent only to the base's
  /// origin, never to another a redirect leads to.
  public var credentials: [String: String]
  /// Headers sent with every request, to any origin.
  public var headers: [String: String] = ["Accept": "application/json"]
  /// Seconds allowed for each exchange.
  public var timeout: TimeInterval = 10
  /// The largest answer accepted, in bytes.
  public var maxBodyBytes = 8_000_000
  /// The most redirects followed for one request.
  public var maxRedirects = 3
  /// Whether a redirect to another origin is followed (without the credentials); when not, it is
  /// an error naming where it led, as for a server of the user's own whose answers must be its own.
  public var followsOtherOrigins = true
  /// How many 429s are waited out for one request.
  public var maxRateLimitRetries = 2
  /// The longest `Retry-After` waited out, in seconds; a longer one is an error at once.
  public var longestWait = 30
  /// The wait when a 429 gives no `Retry-After`, in seconds.
  public var unsaidWait = 5
  /// The proxy the base goes through (`ProxyEnvironment.proxy(for:)`), for the cleartext guard.
  public var proxy: String?
  /// Whether the user allowed credentials over plain http to another machine.
  public var allowsCleartextCredentials = false

  /// Makes a configuration with the usual limits.
  public init(name: String, baseURL: URL, credentials: [String: String] = [:]) {
    self.name = name
    self.baseURL = baseURL
    self.credentials = credentials
  }
}
