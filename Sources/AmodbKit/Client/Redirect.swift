import FoundationEssentials
import HTTPKit
import Localization

/// amodb's rules for following a redirect: the key may only follow it within the same origin.
enum Redirect {
  /// Whether a status asks the client to go elsewhere.
  static func isRedirect(_ status: Int) -> Bool {
    HTTPRedirect.isRedirect(status)
  }

  /// Where a redirect leads, when it may be followed: a `Location` on the same scheme, host and
  /// port, and fewer than `AmodbClient.maxRedirects` followed before. Anything else is an error
  /// naming the target host, so that the key never goes to another origin or over plain http.
  static func target(of response: HTTPResponse, from url: URL, followed: Int) -> Result<URL, AmodbError> {
    guard let target = HTTPRedirect.location(of: response, from: url) else {
      return .failure(.http(status: response.status, message: tr("a redirect without a usable Location")))
    }
    guard origin(of: target) == origin(of: url) else {
      let host = TextSanitizer.clean(target.host ?? "an unknown host", limit: 100)
      return .failure(.broken(description: tr("redirected to %s, another origin; not followed", host)))
    }
    guard followed < AmodbClient.maxRedirects else {
      return .failure(
        .broken(description: tr("more than %s redirects; not followed", String(AmodbClient.maxRedirects))))
    }
    return .success(target)
  }

  /// Scheme, host and port, with the scheme's default port filled in.
  static func origin(of url: URL) -> Origin {
    Origin(url)
  }
}
