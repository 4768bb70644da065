import Foundation
import LibraryKit
import Testing

@testable import TrendingCLI

@Suite("Watches kept to record once amodb can name the file, as the commands keep them")
struct PendingPlaysCommandTests {
  @Test func aURLIsKeptWithoutItsUserQueryAndFragment() {
    #expect(
      PendingPlay(
        keeping: "https://me:pw@jf.invalid:8096/Videos/1/Dark%20S01E03.mkv?api_key=abc#t=5", day: "2026-12-01"
      )
      .target == "https://jf.invalid:8096/Videos/1/Dark%20S01E03.mkv")
    #expect(
      PendingPlay(keeping: "/v/Dark/Season 1/Dark - S01E03.mkv", day: "2026-12-01").target.hasSuffix("S01E03.mkv"))
    #expect(PendingPlay.kept("sftp://h.invalid") == "sftp://h.invalid")
  }

  @Test func onlyAWatchAmodbCouldNotNameWaits() {
    #expect(PlayProblem.failed("offline", .network).waits && PlayProblem.failed("no key", .authentication).waits)
    #expect(PlayProblem.failed("429", .rateLimited).waits && PlayProblem.ambiguous(2).waits)
    #expect(!PlayProblem.noMatch.waits && !PlayProblem.absent("no S09").waits && !PlayProblem.notMedia.waits)
    #expect(!PlayProblem.failed("bad settings", .usage).waits)
  }
}
