import AmodbKit
import FoundationEssentials
import PosterKit
import Synchronization
import TrendingCore

/// Performs effects off the loop's thread and sends their answers back as actions.
public final class EffectRunner: Sendable {
  private let client: AmodbClient
  private let images: ImageLoader
  private let posterMode: PosterColorMode
  private let inbox: ActionInbox
  private let running = Atomic<Int>(0)
  private let posterTasks = Mutex<[PosterRequest: Task<Void, Never>]>([:])

  /// How long a poster waits before its download starts, so that holding `j` starts none.
  static let posterDelay = Duration.milliseconds(120)

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
    case .cancelPoster(let request):
      posterTasks.withLock { $0.removeValue(forKey: request) }?.cancel()
    case .fetchPoster(let request):
      fetchPoster(request)
    case .fetchList(let request):
      start { [client, inbox] in
        let endpoint = TrendingRequest(
          window: request.window, page: request.page, language: client.configuration.language)
        // What was seen last shows at once; the network is asked only when it is stale.
        if !request.forceRefresh, let cached = await client.cached(endpoint) {
          inbox.send(.listLoaded(request, .success(cached)))
          if await client.isFresh(endpoint, fetchedAt: cached.fetchedAt) { return nil }
        }
        return .listLoaded(request, await client.result(endpoint, forceRefresh: request.forceRefresh))
      }
    case .fetchDetails(let id, let force):
      start { [client, inbox] in
        let endpoint = MovieDetailsRequest(id: id, language: client.configuration.language)
        if !force, let cached = await client.cached(endpoint) {
          inbox.send(.detailsLoaded(id: id, .success(cached)))
          if await client.isFresh(endpoint, fetchedAt: cached.fetchedAt) { return nil }
        }
        return .detailsLoaded(id: id, await client.result(endpoint, forceRefresh: force))
      }
    }
  }

  private func fetchPoster(_ request: PosterRequest) {
    running.add(1, ordering: .acquiringAndReleasing)
    let task = Task { [self] in
      var art: PosterArt?
      if (try? await Task.sleep(for: Self.posterDelay)) != nil {
        // Cells are about 6 pixels wide at the sizes chafa needs; ask for no more than that.
        // A 2:3 poster in cells half as wide as tall is about 4:3 in cells; no wider than the box.
        let columns = min(request.columns, request.rows * 4 / 3)
        let size = PosterSize.covering(pixels: columns * 6)
        if case .success(let data) = await images.poster(path: request.path, size: size), !Task.isCancelled {
          art = try? PosterPipeline.art(from: data, columns: request.columns, rows: request.rows, mode: posterMode)
        }
      }
      posterTasks.withLock { tasks in
        if tasks[request] != nil { tasks[request] = nil }
      }
      running.subtract(1, ordering: .acquiringAndReleasing)
      if !Task.isCancelled { inbox.send(.posterLoaded(request, art)) } else { inbox.wake() }
    }
    posterTasks.withLock { $0[request] = task }
  }

  private func start(_ work: @escaping @Sendable () async -> Action?) {
    running.add(1, ordering: .acquiringAndReleasing)
    Task { [self] in
      let action = await work()
      running.subtract(1, ordering: .acquiringAndReleasing)
      if let action { inbox.send(action) } else { inbox.wake() }
    }
  }
}
