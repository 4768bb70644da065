import Foundation
import Testing

@testable import AmodbKit

/// The HTTP layer's errors reach amodb's users in the words they have always read.
@Suite("HTTP errors as amodb errors")
struct HTTPErrorMappingTests {
  @Test func everyKindKeepsItsAmodbMessage() {
    #expect(AmodbError(.cancelled) == .transport(description: "cancelled"))
    #expect(AmodbError(.timedOut(seconds: 4)).message == "No answer within 4 s (timed out).")
    #expect(AmodbError(.tooLarge(limit: 8_000_000)) == .tooLarge(limit: 8_000_000))
    #expect(
      AmodbError(.transport("could not find host x.invalid")).message == "Network error: could not find host x.invalid."
    )
    #expect(AmodbError(HTTPError(.status(401), service: "amodb")) == .unauthorized(message: nil))
    #expect(AmodbError(HTTPError(.status(503))) == .server(status: 503, message: nil))
    #expect(AmodbError(HTTPError(.rateLimited(retryAfter: 7))) == .rateLimited(retryAfter: 7))
    #expect(AmodbError(HTTPError(.unreadable("not valid JSON"))) == .unreadable(detail: "not valid JSON"))
  }
}
