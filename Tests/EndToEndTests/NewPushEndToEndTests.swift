import Foundation
import Testing

@testable import TestSupport

/// `trending new --push`: what is new, posted as one JSON body to a webhook or an ntfy topic on loopback.
@Suite("End to end: new --push")
struct NewPushEndToEndTests {
  /// A home with the demo's series on the watchlist and its third episode seen.
  private func home() throws -> [String: String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let environment = [
      "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
    ]
    #expect(try BinaryRunner.run(["watchlist", "add", "tv/990101", "--demo"], environment: environment).status == 0)
    let seen = try BinaryRunner.run(
      ["seen", "tv/990101", "--season", "1", "--episode", "3", "--demo"], environment: environment)
    #expect(seen.status == 0)
    return environment
  }

  /// Twenty days ago (UTC), as `--since` takes it.
  private var since: String { UTCDay.from(today: -20) }

  @Test func nothingNewIsNoLineOfTextAndAnEmptyArrayOfJSON() throws {
    let environment = try home()
    // Since two days from now: nothing can be new.
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    let tomorrow = formatter.string(from: Date().addingTimeInterval(2 * 86_400))
    let text = try BinaryRunner.run(["new", "--demo", "--since", tomorrow], environment: environment)
    #expect(text.status == 0 && text.stdout.isEmpty, "cron mails nothing: \(text.stdout)")
    let json = try BinaryRunner.run(["new", "--demo", "--since", tomorrow, "--json"], environment: environment)
    let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any]
    #expect(json.status == 0 && parsed?.isEmpty == true, "a script reads []: \(json.stdout)")
  }

  @Test func aWebhookGetsTheItemsAsJSONAndAnNtfyTopicItsOwnForm() throws {
    let server = try LoopbackServer { _ in .json("{}") }
    let environment = try home()
    let port = server.baseURL.port ?? 0
    let hooked = try BinaryRunner.run(
      ["new", "--demo", "--since", since, "--push", "http://127.0.0.1:\(port)/hooks/films?key=s3cret"],
      environment: environment)
    #expect(hooked.status == 0, "\(hooked.stderr)")
    #expect(hooked.stdout.split(separator: "\n").count == 2, "the items are printed as well")
    #expect(!hooked.stdout.contains("s3cret") && !hooked.stderr.contains("s3cret"))
    let webhook = try #require(server.requests.first)
    #expect(webhook.method == "POST" && webhook.target == "/hooks/films?key=s3cret")
    #expect(webhook.headers["content-type"] == "application/json")
    let body = try #require(try JSONSerialization.jsonObject(with: webhook.body) as? [String: Any])
    #expect(body["source"] as? String == "trending" && body["version"] as? Int == 1)
    #expect(body["title"] as? String == "trending: 2 new for you")
    let items = try #require(body["items"] as? [[String: Any]])
    #expect(items.map { $0["kind"] as? String } == ["episode", "episode"])
    #expect(items.first?["id"] as? Int == 990101 && items.first?["media_type"] as? String == "tv")

    let pushed = try BinaryRunner.run(
      ["new", "--demo", "--since", since, "--push", "ntfy://127.0.0.1:\(port)/my-films"], environment: environment)
    #expect(pushed.status == 0, "\(pushed.stderr)")
    let ntfy = try #require(server.requests.last)
    #expect(ntfy.method == "POST" && ntfy.target == "/")
    let published = try #require(try JSONSerialization.jsonObject(with: ntfy.body) as? [String: Any])
    #expect(published["topic"] as? String == "my-films" && published["title"] as? String == "trending: 2 new for you")
    #expect((published["message"] as? String)?.contains("S01E05") == true)
  }

  @Test func aPushThatFailsIsSaidAndTheNewsIsStillPrinted() throws {
    let server = try LoopbackServer { _ in .json(#"{"error":"down"}"#, status: 503) }
    let environment = try home()
    let failed = try BinaryRunner.run(
      ["new", "--demo", "--since", since, "--push", "\(server.baseURL.absoluteString)/hook"], environment: environment)
    #expect(failed.status == 1)
    #expect(failed.stdout.split(separator: "\n").count == 2)
    #expect(
      failed.stderr.contains("Could not push what is new") && failed.stderr.contains("127.0.0.1"), "\(failed.stderr)")
    let refused = try BinaryRunner.run(
      ["new", "--demo", "--push", "ftp://example.invalid/x"], environment: environment)
    #expect(refused.status == 2 && refused.stderr.contains("--push takes an http(s) URL or ntfy://host/topic"))
    let password = try BinaryRunner.run(
      ["new", "--demo", "--push", "https://user:pw@example.invalid/x"], environment: environment)
    #expect(password.status == 2 && password.stderr.contains("carries a password"))
  }
}
