import Foundation
import Synchronization
import Testing

@testable import HTTPKit

/// The cleartext guard as every service's client gets it, without a network.
@Suite("Credentials over plain http")
struct CleartextGuardTests {
  /// A transport that counts what it is asked to send and answers `{}`.
  final class Recorder: Transport {
    /// What it was asked to send, in order.
    let sent = Mutex<[HTTPRequest]>([])
    /// Records the request and answers `{}`.
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
      sent.withLock { $0.append(request) }
      return HTTPResponse(status: 200, body: Data("{}".utf8))
    }
  }

  @Test func credentialsAreRefusedForAnotherMachineBeforeAnythingIsSent() async throws {
    let recorder = Recorder()
    let remote = try #require(URL(string: "http://10.0.0.1:8096/api"))
    let client = ServiceClient(
      configuration: ServiceConfiguration(name: "Ledger", baseURL: remote, credentials: ["Authorization": "t"]),
      transport: recorder, budgets: nil)
    do {
      _ = try await client.send(.get, "/items")
      Issue.record("sent credentials in cleartext")
    } catch {
      #expect(error.message == "Ledger: refusing to send credentials to 10.0.0.1 over plain http")
    }
    #expect(recorder.sent.withLock { $0.isEmpty })
    var allowed = client.configuration
    allowed.allowsCleartextCredentials = true
    _ = try await ServiceClient(configuration: allowed, transport: recorder, budgets: nil).send(.get, "/items")
    let keyless = ServiceConfiguration(name: "Ledger", baseURL: remote)
    _ = try await ServiceClient(configuration: keyless, transport: recorder, budgets: nil).send(.get, "/items")
    #expect(recorder.sent.withLock { $0.map { $0.headers["Authorization"] } } == ["t", nil])
  }

  @Test func thePeerIsTheProxyWhenThereIsOne() throws {
    let local = try #require(URL(string: "http://127.0.0.1:8096/api"))
    let environment = ProxyEnvironment(environment: ["http_proxy": "http://user:pw@proxy.invalid:3128"])
    #expect(CleartextGuard.exposedPeer(for: local, proxy: nil) == nil)
    #expect(CleartextGuard.exposedPeer(for: local, proxy: environment.proxy(for: local)) == "proxy.invalid")
    let secure = try #require(URL(string: "https://media.invalid/api"))
    #expect(CleartextGuard.exposedPeer(for: secure, proxy: "http://proxy.invalid:3128") == nil)
    for host in ["127.0.0.1", "localhost", "[::1]"] {
      #expect(CleartextGuard.isLoopback(host), "\(host)")
    }
    for host in ["127.1", "127.0.0.01", "10.0.0.1", "127.0.0.1.evil.invalid"] {
      #expect(!CleartextGuard.isLoopback(host), "\(host)")
    }
  }

  @Test func redirectMethodsAndOrigins() throws {
    #expect(HTTPRedirect.method(after: 303, for: .put) == .get)
    #expect(HTTPRedirect.method(after: 302, for: .post) == .get)
    #expect(HTTPRedirect.method(after: 302, for: .delete) == .delete)
    #expect(HTTPRedirect.method(after: 308, for: .post) == .post)
    let a = try #require(URL(string: "https://A.invalid/x"))
    let b = try #require(URL(string: "https://a.invalid:443/y"))
    let c = try #require(URL(string: "http://a.invalid/y"))
    #expect(Origin(a) == Origin(b))
    #expect(Origin(a) != Origin(c), "a change of scheme is another origin")
  }
}
