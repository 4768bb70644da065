import CCurl
import FoundationEssentials
import Localization

/// Turns curl's result codes into short, plain descriptions.
enum CurlFailure {
  /// The error for a failed transfer, naming the host but never the query.
  static func error(for code: CURLcode, description: String, request: HTTPRequest) -> HTTPError {
    let host = request.url.host.map { host in request.url.port.map { "\(host):\($0)" } ?? host } ?? tr("the server")
    switch code {
    case CURLE_OPERATION_TIMEDOUT: return .timedOut(seconds: Int(request.timeout.rounded()))
    case CURLE_FILESIZE_EXCEEDED, CURLE_WRITE_ERROR: return .tooLarge(limit: request.maxBodyBytes)
    case CURLE_COULDNT_CONNECT: return .transport(tr("could not connect to %s (connection refused)", host))
    case CURLE_COULDNT_RESOLVE_HOST: return .transport(tr("could not find host %s", host))
    case CURLE_COULDNT_RESOLVE_PROXY: return .transport(tr("could not find the proxy"))
    case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_HTTP2_STREAM,
      CURLE_HTTP2:
      return HTTPError(.broken(tr("the connection to %s was lost mid-way", host)))
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
      CURLE_SSL_CERTPROBLEM:
      return .transport(tr("secure connection to %s failed", host))
    case CURLE_BAD_CONTENT_ENCODING, CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL:
      return HTTPError(.broken(tr("bad response from %s", host)))
    default:
      return .transport("\(host): \(TextSanitizer.clean(description, limit: 100))")
    }
  }
}
