import AmodbKit
import FoundationEssentials
import PosterKit
import Synchronization
import TrendingCore

/// Performs effects off the loop's thread and sends their answers back as actions.
///
/// Work runs under its effect's identity: starting work with an identity already running
/// cancels the old work (cancel-in-flight), `Effect.cancel` stops it, and only the current
/// work under an identity may answer.
public final class EffectRunner: Sendable {
  private let client: AmodbClient
  private let images: ImageLoader
  private let posterMode: PosterColorMode
  private let inbox: ActionInbox
  private let running = Atomic<Int>(0)
  private let nextToken = Atomic<UInt64>(0)
  private let tasks = Mutex<[EffectID: (token: UInt64, task: Task<Void, Never>)]>([:])

  /// Makes a runner over a client, an image loader and the colour mode posters are drawn in.
  public init(client: AmodbClient, images: ImageLoader, posterMode: PosterColorMode, inbox: ActionInbox) {
    self.client = client
    self.images = images
    self.posterMode = posterMode
    self.inbox = inbox
  }

  /// How many effects are in flight.
  public var inFlight: Int { running.load(ordering: .acquiring) }

  /// Starts an effect; its answer arrives in the inbox.
  public func perform(_ effect: Effect) {
    switch effect {
    case .quit, .suspend, .redraw:
      return
    case .cancel(let id):
      tasks.withLock { $0.removeValue(forKey: id) }?.task.cancel()
    case .after(let delay, let action, let id):
      run(id) {
        guard (try? await Task.sleep(for: delay)) != nil else { return nil }
        return action
      }
    case .fetchPoster(let request):
      run(.poster) { [images, posterMode] in
        // Cells are about 6 pixels wide at the sizes chafa needs; ask for no more than that.
        // A 2:3 poster in cells half as wide as tall is about 4:3 in cells; no wider than the box.
        let columns = min(request.columns, request.rows * 4 / 3)
        let size = PosterSize.covering(pixels: columns * 6)
        var art: PosterArt?
        if case .success(let data) = await images.poster(path: request.path, size: size), !Task.isCancelled {
          art = try? PosterPipeline.art(from: data, columns: request.columns, rows: request.rows, mode: posterMode)
        }
        return .posterLoaded(request, art)
      }
    case .fetchList(let request):
      run(.listPage(request.page, request.source)) { [client, waitReporter] in
        let waits = waitReporter(.listPage(request.page, request.source))
        let language = client.configuration.language
        if case .search(let query) = request.source {
          let endpoint = SearchRequest(query: query.text, page: request.page, language: language, year: query.year)
          return .listLoaded(
            request, await Self.keptOrFetched(endpoint, client: client, request: request, waits: waits))
        }
        if let list = request.source.tab?.movieList {
          let endpoint = MovieListRequest(
            list: list, page: request.page, language: language, region: client.configuration.region)
          return .listLoaded(
            request, await Self.keptOrFetched(endpoint, client: client, request: request, waits: waits))
        }
        let endpoint = TrendingRequest(window: request.window, page: request.page, language: language)
        return .listLoaded(request, await Self.keptOrFetched(endpoint, client: client, request: request, waits: waits))
      }
    case .fetchDetails(let id, let force):
      run(.details(id)) { [client, waitReporter] in
        let endpoint = MovieDetailsRequest(id: id, language: client.configuration.language)
        if !force, let cached = await client.cached(endpoint) {
          return .detailsLoaded(id: id, .success(cached))
        }
        return .detailsLoaded(
          id: id, await client.result(endpoint, forceRefresh: true, onWait: waitReporter(.details(id))))
      }
    case .fetchPerson(let id, let force):
      run(.person(id)) { [client, waitReporter] in
        let endpoint = PersonRequest(id: id, language: client.configuration.language)
        if !force, let cached = await client.cached(endpoint) {
          return .personLoaded(id: id, .success(cached))
        }
        return .personLoaded(
          id: id, await client.result(endpoint, forceRefresh: true, onWait: waitReporter(.person(id))))
      }
    }
  }

  /// The answer kept, however old, when there is one and no refresh is forced (the reducer decides,
  /// on its own clock, whether it is stale and asks again); else the network's.
  private static func keptOrFetched<E: Endpoint>(
    _ endpoint: E, client: AmodbClient, request: ListRequest, waits: @escaping @Sendable (Int) -> Void
  ) async -> Result<Fetched<E.Response>, AmodbError> {
    if !request.forceRefresh, let cached = await client.cached(endpoint) { return .success(cached) }
    return await client.result(endpoint, forceRefresh: true, onWait: waits)
  }

  /// Reports the rate-limit waits of the work under `id` as actions, to the screen that waits.
  private var waitReporter: @Sendable (EffectID) -> @Sendable (Int) -> Void {
    { [inbox] id in { seconds in inbox.send(.waiting(id, seconds: seconds)) } }
  }

  /// Runs work under an identity, cancelling what ran under it before; only current work answers.
  private func run(_ id: EffectID, _ work: @escaping @Sendable () async -> Action?) {
    let token = nextToken.add(1, ordering: .relaxed).newValue
    running.add(1, ordering: .acquiringAndReleasing)
    // The task is made and recorded under the lock, so even work that ends at once finds itself current.
    let replaced = tasks.withLock { table -> Task<Void, Never>? in
      let task = Task { [self] in
        let action = await work()
        let current = tasks.withLock { table -> Bool in
          guard table[id]?.token == token else { return false }
          table[id] = nil
          return true
        }
        // The answer is in the inbox before the work stops counting, so the loop never sees an idle
        // moment between them; the wake after makes it report the idle state that follows.
        if let action, current, !Task.isCancelled { inbox.send(action) }
        running.subtract(1, ordering: .acquiringAndReleasing)
        inbox.wake()
      }
      defer { table[id] = (token, task) }
      return table[id]?.task
    }
    replaced?.cancel()
  }
}
