// Floor for `make bench`: a first frame from the network and nothing of ours. It loads libcurl with
// `dlopen` (Modules/CCurl, as the app's transport does), makes the app's first request (GET
// $AMODB_BASE_URL/trending/movie/week?language=en-US&page=1, with its headers) on curl's multi
// interface before the terminal is set up (as the app asks first), decodes the page with FoundationEssentials into the fields a list row shows, starts
// ncurses with `newterm` (colours on, as the browser does), draws a header, the rows in two colour
// pairs and the footer "1/20" the bench waits for, and waits for a key. What the app's start-up
// from a loopback server adds to this is what its own code costs.
import CCurl
import CNCurses
import FoundationEssentials
import Glibc


/// The body read so far, appended to by curl's write callback.
final class Body {
  var bytes: [UInt8] = []
}

/// curl's write callback: the bytes appended to the `Body` passed as its context.
let write: trending_curl_data_callback = { data, size, count, context in
  guard let data, let context else { return 0 }
  let body = Unmanaged<Body>.fromOpaque(context).takeUnretainedValue()
  body.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size * count))
  return size * count
}

/// The app's first request on curl's multi interface: asked before the terminal is set up, as the
/// app asks it, and read to its end once the terminal is ready.
struct Transfer {
  var api = trending_curl_api()
  let multi: UnsafeMutableRawPointer
  let handle: UnsafeMutableRawPointer
  let body = Body()
  var headers: UnsafeMutablePointer<curl_slist>?

  /// Loads libcurl, sets the request up as the app's transport does and sends it.
  init(_ url: String, key: String) {
    guard trending_curl_load(&api) == 0, let multi = trending_curl_multi_init(&api),
      let handle = trending_curl_easy_init(&api)
    else { fail("libcurl") }
    self.multi = multi
    self.handle = handle
    _ = trending_curl_set_string(&api, handle, CURLOPT_URL, url)
    _ = trending_curl_set_string(&api, handle, CURLOPT_PROTOCOLS_STR, "http,https")
    _ = trending_curl_set_long(&api, handle, CURLOPT_NOSIGNAL, 1)
    _ = trending_curl_set_string(&api, handle, CURLOPT_ACCEPT_ENCODING, "")
    _ = trending_curl_set_long(&api, handle, CURLOPT_TIMEOUT_MS, 10_000)
    for header in ["Accept: application/json", "Authorization: Bearer \(key)", "User-Agent: trending-floor"] {
      headers = trending_curl_slist_append(&api, headers, header)
    }
    _ = trending_curl_set_headers(&api, handle, headers)
    _ = trending_curl_set_callback(&api, handle, CURLOPT_WRITEFUNCTION, write)
    _ = trending_curl_set_pointer(&api, handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(body).toOpaque())
    _ = trending_curl_multi_add(&api, multi, handle)
    var running: Int32 = 0
    _ = trending_curl_multi_perform(&api, multi, &running)
  }

  /// Waits for the answer; its body.
  mutating func finish() -> [UInt8] {
    var running: Int32 = 1
    while running > 0 {
      guard trending_curl_multi_perform(&api, multi, &running) == CURLM_OK else { fail("transfer") }
      if running > 0 { _ = trending_curl_multi_poll(&api, multi, 1_000) }
    }
    var left: Int32 = 0
    guard let message = trending_curl_multi_info_read(&api, multi, &left),
      trending_curl_message_result(message) == CURLE_OK, trending_curl_response_code(&api, handle) == 200
    else { fail("the request failed") }
    _ = trending_curl_multi_remove(&api, multi, handle)
    trending_curl_easy_cleanup(&api, handle)
    trending_curl_slist_free_all(&api, headers)
    return body.bytes
  }
}

let environment = ProcessInfo.processInfo.environment
guard let base = environment["AMODB_BASE_URL"] else { fail("AMODB_BASE_URL is not set") }
var transfer = Transfer(base + "/trending/movie/week?language=en-US&page=1", key: environment["AMODB_KEY"] ?? "")

startTerminal()
guard let page = try? JSONDecoder().decode(Page.self, from: Data(transfer.finish())) else { fail("JSON") }
drawFrame(page, heading: " Trending films · this week")
