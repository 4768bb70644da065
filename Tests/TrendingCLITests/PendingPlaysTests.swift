import Foundation
import Testing

@testable import TrendingCLI

@Suite("Watches kept to record once amodb can name the file")
struct PendingPlaysTests {
  /// A list in a folder of its own, not yet made.
  private func list() -> PendingPlays {
    PendingPlays(
      file: FileManager.default.temporaryDirectory.appendingPathComponent("pending-\(UUID().uuidString.prefix(8))")
        .appendingPathComponent(PendingPlays.fileName))
  }

  @Test func aURLIsKeptWithoutItsUserQueryAndFragment() {
    #expect(
      PendingPlay(target: "https://me:pw@jf.invalid:8096/Videos/1/Dark%20S01E03.mkv?api_key=abc#t=5", day: "2026-12-01")
        .target == "https://jf.invalid:8096/Videos/1/Dark%20S01E03.mkv")
    #expect(PendingPlay(target: "/v/Dark/Season 1/Dark - S01E03.mkv", day: "2026-12-01").target.hasSuffix("S01E03.mkv"))
    #expect(PendingPlay.kept("sftp://h.invalid") == "sftp://h.invalid")
  }

  @Test func aLineIsOnePlayAndABadLineCostsItselfAlone() throws {
    let play = PendingPlay(target: "/v/Film (1999).mkv", day: "2026-12-01")
    #expect(PendingPlay(line: Substring(play.line)) == play)
    let text = [
      play.line, #"{"day":"2026-02-30","target":"/a.mkv"}"#, #"{"day":"2026-12-02","target":""}"#, "{torn",
      #"{"day":"2026-12-02","target":"/b.mkv"}"#,
    ].joined(separator: "\n")
    #expect(PendingPlays.plays(in: Data(text.utf8)).map(\.target) == ["/v/Film (1999).mkv", "/b.mkv"])
  }

  @Test func playsAreKeptOnceInOrderAndTheFileGoesWithTheLast() throws {
    let pending = list()
    let first = PendingPlay(target: "/v/a.mkv", day: "2026-12-01")
    let second = PendingPlay(target: "/v/b.mkv", day: "2026-12-02")
    #expect(pending.read().isEmpty)
    #expect(pending.keep(first) && pending.keep(second) && pending.keep(first))
    #expect(pending.read() == [first, second])
    let mode = try FileManager.default.attributesOfItem(atPath: pending.file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600, "the list names what you watch: yours alone")
    // A play kept by another process while these were recorded stays.
    let third = PendingPlay(target: "/v/c.mkv", day: "2026-12-03")
    #expect(pending.keep(third))
    #expect(pending.remove([first, second]))
    #expect(pending.read() == [third])
    #expect(pending.remove([third]))
    #expect(!FileManager.default.fileExists(atPath: pending.file.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: pending.file.deletingLastPathComponent().path).isEmpty)
  }

  @Test func aFullListKeepsNoMore() {
    let pending = list()
    for number in 0..<PendingPlays.most {
      #expect(pending.keep(PendingPlay(target: "/v/\(number).mkv", day: "2026-12-01")))
    }
    #expect(!pending.keep(PendingPlay(target: "/v/one-more.mkv", day: "2026-12-01")))
    #expect(pending.read().count == PendingPlays.most)
  }

  @Test func onlyAWatchAmodbCouldNotNameWaits() {
    #expect(PlayProblem.failed("offline", .network).waits && PlayProblem.failed("no key", .authentication).waits)
    #expect(PlayProblem.failed("429", .rateLimited).waits && PlayProblem.ambiguous(2).waits)
    #expect(!PlayProblem.noMatch.waits && !PlayProblem.absent("no S09").waits && !PlayProblem.notMedia.waits)
    #expect(!PlayProblem.failed("bad settings", .usage).waits)
  }
}
