import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live transport: URLSession with a timeout and a byte limit enforced while reading.
public final class URLSessionTransport: Transport {
  private let session: URLSession
  private let delegate: SessionDelegate

  /// Makes a transport with its own session; nothing is cached or stored by URLSession.
  public init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    delegate = SessionDelegate()
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
  }

  deinit {
    session.invalidateAndCancel()
  }

  public func send(_ request: HTTPRequest) async throws(AmodbError) -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.timeoutInterval = request.timeout
    urlRequest.httpMethod = "GET"
    for (name, value) in request.headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    let task = session.dataTask(with: urlRequest)
    let result: Result<HTTPResponse, AmodbError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // Cancelled before it started: a data task cancelled before `resume()` may never complete.
        guard !Task.isCancelled else {
          continuation.resume(returning: .failure(.transport(description: "cancelled")))
          return
        }
        delegate.register(task, request: request, continuation: continuation)
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
    return try result.get()
  }
}

/// Collects each task's bytes, stops at the byte limit, and resumes the waiting caller once.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private struct Pending {
    var request: HTTPRequest
    var continuation: CheckedContinuation<Result<HTTPResponse, AmodbError>, Never>
    var response: HTTPURLResponse?
    var body = Data()
    var failure: AmodbError?
  }

  private let pending = Mutex<[Int: Pending]>([:])

  func register(
    _ task: URLSessionTask, request: HTTPRequest,
    continuation: CheckedContinuation<Result<HTTPResponse, AmodbError>, Never>
  ) {
    pending.withLock { $0[task.taskIdentifier] = Pending(request: request, continuation: continuation) }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let allowed = pending.withLock { table -> Bool in
      guard var entry = table[dataTask.taskIdentifier] else { return false }
      entry.response = response as? HTTPURLResponse
      if response.expectedContentLength > Int64(entry.request.maxBodyBytes) {
        entry.failure = .tooLarge(limit: entry.request.maxBodyBytes)
      }
      table[dataTask.taskIdentifier] = entry
      return entry.failure == nil
    }
    completionHandler(allowed ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overLimit = pending.withLock { table -> Bool in
      guard var entry = table[dataTask.taskIdentifier], entry.failure == nil else { return false }
      if entry.body.count + data.count > entry.request.maxBodyBytes {
        entry.failure = .tooLarge(limit: entry.request.maxBodyBytes)
        entry.body = Data()
      } else {
        entry.body.append(data)
      }
      table[dataTask.taskIdentifier] = entry
      return entry.failure != nil
    }
    if overLimit { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
    let result: Result<HTTPResponse, AmodbError>
    if let failure = entry.failure {
      result = .failure(failure)
    } else if let error {
      result = .failure(TransportFailure.error(for: error, request: entry.request))
    } else if let response = entry.response {
      var headers: [String: String] = [:]
      for (name, value) in response.allHeaderFields {
        if let name = name as? String, let value = value as? String { headers[name] = value }
      }
      result = .success(HTTPResponse(status: response.statusCode, headers: headers, body: entry.body))
    } else {
      result = .failure(.transport(description: "no HTTP response"))
    }
    entry.continuation.resume(returning: result)
  }
}

/// Turns URLSession's errors into short, plain descriptions.
enum TransportFailure {
  /// The error for a failed exchange, naming the host but never the query.
  static func error(for error: any Error, request: HTTPRequest) -> AmodbError {
    let host = request.url.host.map { host in request.url.port.map { "\(host):\($0)" } ?? host } ?? "the server"
    guard let urlError = error as? URLError else {
      return .transport(description: TextSanitizer.clean(error.localizedDescription, limit: 200))
    }
    switch urlError.code {
    case .timedOut: return .timedOut(seconds: Int(request.timeout.rounded()))
    case .notConnectedToInternet: return .transport(description: "offline (no network connection)")
    case .cannotConnectToHost: return .transport(description: "could not connect to \(host) (connection refused)")
    case .cannotFindHost, .dnsLookupFailed: return .transport(description: "could not find host \(host)")
    case .networkConnectionLost: return .transport(description: "the connection to \(host) was lost mid-way")
    case .cancelled: return .transport(description: "cancelled")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return .transport(description: "secure connection to \(host) failed")
    case .badServerResponse: return .transport(description: "bad response from \(host)")
    default: return .transport(description: "\(host): URL error \(urlError.code.rawValue)")
    }
  }
}
