import FoundationEssentials
import Localization

/// Fetches poster bytes from the image host: never with the key, bounded in size, cached in
/// memory up to a byte budget (least recently used first out), duplicate calls joined.
public actor ImageLoader {
  /// The largest poster accepted, in bytes.
  public static let maxImageBytes = 2_000_000

  /// How long a poster on disk is used without asking again: the image host's 30 days.
  public static let freshness: TimeInterval = 30 * 24 * 60 * 60

  private let configuration: ClientConfiguration
  private let transport: any Transport
  private let disk: DiskCache?
  private let budget: Int
  private var cache: [URL: Data] = [:]
  private var order: [URL] = []
  private var bytes = 0
  private var inFlight: [URL: Task<Result<Data, AmodbError>, Never>] = [:]
  private(set) var requestCount = 0

  /// The poster bytes kept in memory by default: 100 to 200 posters; the disk cache holds the rest.
  public static let defaultBudget = 4_000_000

  /// Makes a loader that keeps at most `budget` bytes of posters.
  public init(
    configuration: ClientConfiguration, transport: any Transport, disk: DiskCache? = nil,
    budget: Int = defaultBudget
  ) {
    self.configuration = configuration
    self.transport = transport
    self.disk = disk
    self.budget = budget
  }

  /// The poster at `path` in `size` (e.g. `w185`).
  public func poster(path: String, size: String) async -> Result<Data, AmodbError> {
    guard let url = configuration.posterURL(path: path, size: size) else {
      return .failure(.transport(description: tr("unusable poster path")))
    }
    if let data = cache[url] {
      order.removeAll { $0 == url }
      order.append(url)
      return .success(data)
    }
    if let entry = disk?.read(url.withoutSecrets, kind: .poster),
      Date().timeIntervalSince(entry.fetchedAt) < Self.freshness
    {
      store(entry.body, for: url)
      return .success(entry.body)
    }
    if let running = inFlight[url] { return await running.value }
    // No Authorization header: the key never goes to the image host.
    let request = HTTPRequest(
      url: url, headers: ["Accept": "image/jpeg"], timeout: configuration.timeout, maxBodyBytes: Self.maxImageBytes)
    requestCount += 1
    let task = Task { [transport] () -> Result<Data, AmodbError> in
      do throws(HTTPError) {
        let response = try await transport.send(request)
        if let error = StatusMapping.error(for: response) { return .failure(error) }
        return .success(response.body)
      } catch {
        return .failure(AmodbError(error))
      }
    }
    inFlight[url] = task
    let result = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    inFlight[url] = nil
    if case .success(let data) = result {
      store(data, for: url)
      disk?.write(url.withoutSecrets, kind: .poster, body: data, fetchedAt: Date())
    }
    return result
  }

  private func store(_ data: Data, for url: URL) {
    guard data.count <= budget else { return }
    while bytes + data.count > budget, let oldest = order.first {
      order.removeFirst()
      bytes -= cache.removeValue(forKey: oldest)?.count ?? 0
    }
    cache[url] = data
    order.append(url)
    bytes += data.count
  }
}

/// The poster sizes the image host serves, narrowest first, with their pixel widths.
public enum PosterSize {
  /// Sizes with widths; `original` is left out on purpose (unbounded).
  public static let all: [(name: String, width: Int)] = [
    ("w92", 92), ("w154", 154), ("w185", 185), ("w342", 342), ("w500", 500), ("w780", 780),
  ]

  /// The smallest size at least `pixels` wide (the widest when none is).
  public static func covering(pixels: Int) -> String {
    all.first { $0.width >= pixels }?.name ?? "w780"
  }
}
