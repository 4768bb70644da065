import CCurl
import FoundationEssentials
import Localization
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The live transport: libcurl's multi interface on a thread of its own.
///
/// The thread sleeps in `curl_multi_poll` (woken by `curl_multi_wakeup` when work arrives), so a
/// request waiting on a silent server costs no CPU. Every request has a total deadline and a
/// low-speed limit; the byte limit counts decoded bytes and aborts the transfer as soon as it is
/// crossed, whatever the encoding or the length header says. Redirects are never followed here:
/// the caller sees the 3xx and decides (credentials must not follow one to another origin).
public final class CurlTransport: Transport {
  /// The engine, started by the first request (libcurl is loaded then, not at start-up).
  private enum EngineState {
    case notStarted
    case running(CurlEngine)
    case unavailable
  }

  private let state = Mutex(EngineState.notStarted)
  /// Which proxy each request goes through, decided here and handed to curl.
  private let proxies: ProxyEnvironment

  /// Makes a transport; its connection pool and thread start with the first request. Requests go
  /// through the proxies `proxies` decides (none by default), whatever curl would read itself.
  public init(proxies: ProxyEnvironment = .none) {
    self.proxies = proxies
  }

  deinit {
    if case .running(let engine) = state.withLock({ $0 }) { engine.shutDown() }
  }

  /// The running engine, started now if need be; nil when libcurl cannot be loaded.
  private func startedEngine() -> CurlEngine? {
    state.withLock { state in
      switch state {
      case .running(let engine): return engine
      case .unavailable: return nil
      case .notStarted:
        guard let engine = CurlEngine() else {
          state = .unavailable
          return nil
        }
        state = .running(engine)
        return engine
      }
    }
  }

  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    guard let engine = startedEngine() else {
      throw .transport(tr("libcurl (libcurl.so.4) could not be loaded; install libcurl4"))
    }
    let transfer = CurlTransfer(request: request, proxy: proxies.proxy(for: request.url) ?? "")
    let result: Result<HTTPResponse, HTTPError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard !Task.isCancelled else {
          continuation.resume(returning: .failure(.cancelled))
          return
        }
        transfer.continuation = continuation
        engine.submit(transfer)
      }
    } onCancel: {
      engine.cancel(transfer)
    }
    return try result.get()
  }
}

/// One request on its way: what was asked, what has arrived, and who waits for it.
///
/// Its mutable state is touched only on the engine's thread (curl calls the callbacks there);
/// `continuation` is set before the transfer is handed over and read once, there.
final class CurlTransfer: @unchecked Sendable {
  let request: HTTPRequest
  /// The proxy to go through; empty to go direct.
  let proxy: String
  var continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>?
  var handle: UnsafeMutableRawPointer?
  var headerList: UnsafeMutablePointer<curl_slist>?
  var body: [UInt8] = []
  var headers: [String: String] = [:]
  var failure: HTTPError?
  /// Set by the caller's cancellation, from any thread.
  let cancelled = Atomic<Bool>(false)

  init(request: HTTPRequest, proxy: String) {
    self.request = request
    self.proxy = proxy
  }

  /// Resumes the waiting caller, once.
  func finish(_ result: Result<HTTPResponse, HTTPError>) {
    continuation?.resume(returning: result)
    continuation = nil
  }
}

/// The multi handle and the thread that drives it.
final class CurlEngine: @unchecked Sendable {
  /// What other threads hand the engine; read and cleared by the engine's thread.
  private struct Inbox {
    var submitted: [CurlTransfer] = []
    var cancelled: [CurlTransfer] = []
    var shuttingDown = false
  }

  /// The loaded libcurl functions, on the heap: read from several threads, never written after start.
  private let api: UnsafePointer<trending_curl_api>
  private let multi: UnsafeMutableRawPointer
  private let inbox = Mutex(Inbox())
  /// Transfers in the multi handle, by identity; engine thread only.
  private var running: [ObjectIdentifier: CurlTransfer] = [:]

  /// Loads libcurl and starts the engine's thread; nil when libcurl cannot be loaded.
  init?() {
    let table = UnsafeMutablePointer<trending_curl_api>.allocate(capacity: 1)
    table.initialize(to: trending_curl_api())
    guard trending_curl_load(table) == 0, let multi = trending_curl_multi_init(table) else {
      table.deallocate()
      return nil
    }
    // Kept for the life of the process: the engine's thread outlives any one caller.
    api = UnsafePointer(table)
    self.multi = multi
    // A few connections per host at most; HTTP/2 multiplexes over one where the server offers it.
    _ = trending_curl_multi_set_long(api, multi, CURLMOPT_MAX_HOST_CONNECTIONS, 4)
    // The thread holds the engine for as long as its loop runs.
    let started = PlainThread.start { self.loop() }
    precondition(started, "could not start the network thread")
  }

  /// Hands a transfer to the engine's thread.
  func submit(_ transfer: CurlTransfer) {
    inbox.withLock { $0.submitted.append(transfer) }
    trending_curl_multi_wakeup(api, multi)
  }

  /// Asks the engine to stop a transfer; its caller gets "cancelled".
  func cancel(_ transfer: CurlTransfer) {
    transfer.cancelled.store(true, ordering: .sequentiallyConsistent)
    inbox.withLock { $0.cancelled.append(transfer) }
    trending_curl_multi_wakeup(api, multi)
  }

  /// Ends the thread once nothing is running.
  func shutDown() {
    inbox.withLock { $0.shuttingDown = true }
    trending_curl_multi_wakeup(api, multi)
  }

  private func loop() {
    while true {
      let (submitted, cancelled, shuttingDown) = inbox.withLock { box in
        defer {
          box.submitted = []
          box.cancelled = []
        }
        return (box.submitted, box.cancelled, box.shuttingDown)
      }
      for transfer in submitted { start(transfer) }
      for transfer in cancelled where running[ObjectIdentifier(transfer)] != nil {
        end(transfer, with: .failure(.cancelled))
      }
      var active: Int32 = 0
      trending_curl_multi_perform(api, multi, &active)
      collectFinished()
      if shuttingDown, running.isEmpty { break }
      // Sleeps until a socket is ready, curl's next timeout, or a wakeup: never a busy loop.
      trending_curl_multi_poll(api, multi, 60_000)
    }
    trending_curl_multi_cleanup(api, multi)
  }

  private func start(_ transfer: CurlTransfer) {
    // Cancelled before it reached this thread: never started.
    guard !transfer.cancelled.load(ordering: .sequentiallyConsistent) else {
      transfer.finish(.failure(.cancelled))
      return
    }
    guard let handle = trending_curl_easy_init(api) else {
      transfer.finish(.failure(.transport(tr("out of memory"))))
      return
    }
    transfer.handle = handle
    let request = transfer.request
    let context = Unmanaged.passUnretained(transfer).toOpaque()
    _ = trending_curl_set_string(api, handle, CURLOPT_URL, request.url.absoluteString)
    _ = trending_curl_set_string(api, handle, CURLOPT_PROTOCOLS_STR, "http,https")
    _ = trending_curl_set_long(api, handle, CURLOPT_FOLLOWLOCATION, 0)
    // The proxy decided by `ProxyEnvironment` (an empty one goes direct) and no exemptions of
    // curl's own: curl reads none of the proxy variables, so the guard's peer is curl's peer.
    _ = trending_curl_set_string(api, handle, CURLOPT_PROXY, transfer.proxy)
    _ = trending_curl_set_string(api, handle, CURLOPT_NOPROXY, "")
    _ = trending_curl_set_long(api, handle, CURLOPT_NOSIGNAL, 1)
    // Whatever encodings this libcurl decodes (gzip, deflate, br, zstd); limits count decoded bytes.
    _ = trending_curl_set_string(api, handle, CURLOPT_ACCEPT_ENCODING, "")
    _ = trending_curl_set_long(api, handle, CURLOPT_TIMEOUT_MS, max(1, Int(request.timeout * 1000)))
    _ = trending_curl_set_long(api, handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(request.timeout * 1000)))
    // The deadline above bounds the whole exchange, however the bytes dribble in; this also ends
    // a connection silent for as long (the old between-bytes timeout).
    _ = trending_curl_set_long(api, handle, CURLOPT_LOW_SPEED_LIMIT, 1)
    _ = trending_curl_set_long(api, handle, CURLOPT_LOW_SPEED_TIME, max(1, Int(request.timeout.rounded(.up))))
    // A declared length over the limit is refused at the headers, before any body is read.
    _ = trending_curl_set_offset(api, handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes))
    setMethod(of: request, on: handle)
    var list: UnsafeMutablePointer<curl_slist>?
    for line in Self.headerLines(for: request) { list = trending_curl_slist_append(api, list, line) }
    transfer.headerList = list
    _ = trending_curl_set_headers(api, handle, list)
    _ = trending_curl_set_callback(api, handle, CURLOPT_WRITEFUNCTION, curlWrite)
    _ = trending_curl_set_pointer(api, handle, CURLOPT_WRITEDATA, context)
    _ = trending_curl_set_callback(api, handle, CURLOPT_HEADERFUNCTION, curlHeader)
    _ = trending_curl_set_pointer(api, handle, CURLOPT_HEADERDATA, context)
    _ = trending_curl_set_pointer(api, handle, CURLOPT_PRIVATE, context)
    running[ObjectIdentifier(transfer)] = transfer
    trending_curl_multi_add(api, multi, handle)
  }

  /// The method and the body: POST as curl's own, PUT and DELETE by name; a body is copied into
  /// curl (sent with its length, never as a form unless the caller says so).
  private func setMethod(of request: HTTPRequest, on handle: UnsafeMutableRawPointer) {
    switch request.method {
    case .get: return
    case .post: _ = trending_curl_set_long(api, handle, CURLOPT_POST, 1)
    case .put, .delete: _ = trending_curl_set_string(api, handle, CURLOPT_CUSTOMREQUEST, request.method.rawValue)
    }
    // PUT and POST always carry a length (0 for no body); DELETE only when given a body.
    guard request.body != nil || request.method != .delete else { return }
    var bytes = [UInt8](request.body ?? Data())
    _ = trending_curl_set_offset(api, handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
    // Copied by curl during the call: the bytes need not outlive it.
    bytes.withUnsafeMutableBytes { raw in
      if let start = raw.baseAddress {
        _ = trending_curl_set_pointer(api, handle, CURLOPT_COPYPOSTFIELDS, start)
      } else {
        _ = trending_curl_set_string(api, handle, CURLOPT_COPYPOSTFIELDS, "")
      }
    }
  }

  /// The header lines for curl, sorted; with a body, no `Expect: 100-continue` wait and no form
  /// type of curl's own (the caller's `Content-Type`, if any, is the one sent).
  static func headerLines(for request: HTTPRequest) -> [String] {
    var lines = request.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    if request.body != nil || request.method == .post || request.method == .put {
      lines.append("Expect:")
      if !request.headers.keys.contains(where: { $0.lowercased() == "content-type" }) { lines.append("Content-Type:") }
    }
    return lines
  }

  private func collectFinished() {
    var left: Int32 = 0
    while let message = trending_curl_multi_info_read(api, multi, &left) {
      guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
        let context = trending_curl_private(api, handle)
      else { continue }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
      let code = trending_curl_message_result(message)
      if let failure = transfer.failure {
        end(transfer, with: .failure(failure))
      } else if code != CURLE_OK {
        let text = trending_curl_strerror(api, code).map { String(cString: $0) } ?? "error \(code.rawValue)"
        end(transfer, with: .failure(CurlFailure.error(for: code, description: text, request: transfer.request)))
      } else {
        let response = HTTPResponse(
          status: trending_curl_response_code(api, handle), headers: transfer.headers, body: Data(transfer.body))
        end(transfer, with: .success(response))
      }
    }
  }

  /// Removes a transfer from curl, frees its handle and answers its caller.
  private func end(_ transfer: CurlTransfer, with result: Result<HTTPResponse, HTTPError>) {
    running[ObjectIdentifier(transfer)] = nil
    if let handle = transfer.handle {
      trending_curl_multi_remove(api, multi, handle)
      trending_curl_easy_cleanup(api, handle)
      transfer.handle = nil
    }
    trending_curl_slist_free_all(api, transfer.headerList)
    transfer.headerList = nil
    transfer.body = []
    transfer.finish(result)
  }
}

/// Body bytes as curl decodes them: kept until the limit, which aborts the transfer.
private func curlWrite(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let data, let context else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  let length = size * count
  guard transfer.body.count + length <= transfer.request.maxBodyBytes else {
    transfer.failure = .tooLarge(limit: transfer.request.maxBodyBytes)
    transfer.body = []
    return 0
  }
  data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
    transfer.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
  }
  return length
}

/// Header lines: a status line starts a new set (a proxy's or an interim answer's came first).
private func curlHeader(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let data, let context else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  let length = size * count
  // Headers are bounded too: a server sending endless header lines is cut off.
  guard transfer.headers.count < 200, length < 16_384 else {
    transfer.failure = .tooLarge(limit: transfer.request.maxBodyBytes)
    return 0
  }
  let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
    String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
  }
  if line.hasPrefix("HTTP/") {
    transfer.headers = [:]
  } else if let colon = line.firstIndex(of: ":") {
    let name = String(line[..<colon]).trimmingSpaces()
    let value = String(line[line.index(after: colon)...]).trimmingSpaces()
    if !name.isEmpty { transfer.headers[name] = value }
  }
  return length
}
