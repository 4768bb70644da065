import AmodbKit
import Foundation
import Synchronization
import TrendingCore

/// Performs effects off the loop's thread and sends their answers back as actions.
public final class EffectRunner: Sendable {
  private let client: AmodbClient
  private let inbox: ActionInbox
  private let running = Atomic<Int>(0)

  /// Makes a runner over a client.
  public init(client: AmodbClient, inbox: ActionInbox) {
    self.client = client
    self.inbox = inbox
  }

  /// How many effects are in flight.
  public var inFlight: Int { running.load(ordering: .acquiring) }

  /// Starts an effect; its answer arrives in the inbox.
  public func perform(_ effect: Effect) {
    switch effect {
    case .quit:
      return
    case .fetchList(let request):
      start { [client] in
        let endpoint = TrendingRequest(
          window: request.window, page: request.page, language: client.configuration.language)
        return .listLoaded(request, await client.result(endpoint, forceRefresh: request.forceRefresh))
      }
    case .fetchDetails(let id, let force):
      start { [client] in
        let endpoint = MovieDetailsRequest(id: id, language: client.configuration.language)
        return .detailsLoaded(id: id, await client.result(endpoint, forceRefresh: force))
      }
    }
  }

  private func start(_ work: @escaping @Sendable () async -> Action) {
    running.add(1, ordering: .acquiringAndReleasing)
    Task { [self] in
      let action = await work()
      running.subtract(1, ordering: .acquiringAndReleasing)
      inbox.send(action)
    }
  }
}
