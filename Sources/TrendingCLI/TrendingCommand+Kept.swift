import AmodbKit
import FoundationEssentials
import Localization
import TrendingViews

extension TrendingCommand {
  /// A request's answer; when amodb gives none now (offline, a timeout, a 429, a 5xx, an unreadable
  /// answer), the one kept however old, as the browser keeps its list, with why and how old said on
  /// standard error. A refused key, an ended plan or "not found" is never answered from the cache.
  static func offlineFirst(_ request: APIRequest, client: AmodbClient) -> Result<Fetched<APIAnswer>, AmodbError> {
    let answer = blocking { await client.answer(request) }
    guard case .failure(let error) = answer, error.isRetryable,
      let kept = blocking({ await client.kept(request) })
    else { return answer }
    sayKept(kept.fetchedAt, after: error)
    return .success(kept)
  }

  /// An endpoint's answer, or when amodb gives none now, the one kept however old (as `offlineFirst`).
  static func offlineFirst<E: Endpoint>(_ endpoint: E, client: AmodbClient) -> Result<Fetched<E.Response>, AmodbError> {
    let answer = blocking { await client.result(endpoint) }
    guard case .failure(let error) = answer, error.isRetryable,
      let kept = blocking({ await client.cached(endpoint) })
    else { return answer }
    sayKept(kept.fetchedAt, after: error)
    return .success(kept)
  }

  /// Says on standard error why a kept answer is printed, and how old it is.
  private static func sayKept(_ fetchedAt: Date, after error: AmodbError) {
    let age = Formatters.age(since: fetchedAt, now: Date())
    printError(tr("%1$s Printing the answer kept %2$s.", error.message, age))
  }
}
