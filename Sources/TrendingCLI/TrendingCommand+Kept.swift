import AmodbKit
import FoundationEssentials
import Localization
import TrendingViews

extension TrendingCommand {
  /// A request's answer; when amodb gives none now (`keptWhenNoAnswer`), the one kept however old,
  /// as the browser keeps its list. A refused key, an ended plan or "not found" is never answered
  /// from the cache.
  static func offlineFirst(_ request: APIRequest, client: AmodbClient) -> Result<Fetched<APIAnswer>, AmodbError> {
    keptWhenNoAnswer(blocking { await client.answer(request) }, client) { await client.kept(request) }
  }

  /// An endpoint's answer, or when amodb gives none now, the one kept however old (as `offlineFirst`).
  static func offlineFirst<E: Endpoint>(_ endpoint: E, client: AmodbClient) -> Result<Fetched<E.Response>, AmodbError> {
    keptWhenNoAnswer(blocking { await client.result(endpoint) }, client) { await client.cached(endpoint) }
  }

  /// `answer`, or when it is a failure amodb may answer later (no network, a timeout, a broken
  /// exchange, a 429, a 5xx, an unreadable answer; never the client's own refusal to ask), what
  /// `kept` finds, with why and how old said on standard error.
  private static func keptWhenNoAnswer<Value: Sendable>(
    _ answer: Result<Fetched<Value>, AmodbError>, _ client: AmodbClient,
    kept: @escaping @Sendable () async -> Fetched<Value>?
  ) -> Result<Fetched<Value>, AmodbError> {
    guard case .failure(let error) = answer, client.configuration.cleartextKeyError == nil else { return answer }
    switch error {
    case .transport, .timedOut, .broken, .rateLimited, .server, .unreadable: break
    default: return answer
    }
    guard let found = blocking(kept) else { return answer }
    let age = Formatters.age(since: found.fetchedAt, now: Date())
    printError(tr("%1$s Printing the answer kept %2$s.", error.message, age))
    return .success(found)
  }
}
