import AmodbKit
import Foundation
import Testing

@testable import LibraryKit

@Suite("Watches kept to record once amodb can name the file: facts of this machine's own")
struct PendingPlaysTests {
  @Test func playsAreKeptOnceOldestFirstAndTakenOffAlone() throws {
    let library = try freshLibrary()
    let first = PendingPlay(target: "/v/a.mkv", day: "2026-12-01")
    let second = PendingPlay(target: "/v/b b.mkv", day: "2026-11-30", waitsForChoice: true)
    #expect(try library.pendingPlays().isEmpty)
    #expect(try library.keep(first) && library.keep(second) && library.keep(first))
    #expect(try library.pendingPlays() == [second, first], "oldest first, once each")
    // A play kept by another process while these were recorded stays.
    let third = PendingPlay(target: "/v/c.mkv", day: "2026-12-03")
    #expect(try library.keep(third))
    try library.forget([first, second])
    #expect(try library.pendingPlays() == [third])
    // This machine's own: never sent to another, which would record it twice.
    #expect(!SyncTable.travels("facts", [.text(third.fact)]))
    #expect(try library.changeLogProblems() == [])
  }

  @Test func aFullListKeepsNoMoreAndABadEntryCostsItselfAlone() throws {
    let library = try freshLibrary()
    for number in 0..<Library.mostPendingPlays {
      #expect(try library.keep(PendingPlay(target: "/v/\(number).mkv", day: "2026-12-01")))
    }
    #expect(try !library.keep(PendingPlay(target: "/v/one-more.mkv", day: "2026-12-01")))
    #expect(try !library.keep(PendingPlay(target: String(repeating: "x", count: 5000), day: "2026-12-01")))
    try library.record(Library.pendingPlayFact + "2026-02-30 /v/x.mkv", "")
    try library.record(Library.pendingPlayFact + "nonsense", "")
    #expect(try library.pendingPlays().count == Library.mostPendingPlays)
  }

  @Test func earlierFolderChoicesMoveToNamesTheCheckPassesAndTheLogFollows() throws {
    let library = try freshLibrary()
    let earlier = ["/media/films\u{1f}heat", "/tv/The Office/Season 1\u{1f}the office"]
    for (index, folder) in earlier.enumerated() {
      try library.record(Library.playFolderFact + folder, "movie:\(index + 1)")
    }
    try library.record("new.said", "kept")
    #expect(try !library.check().isEmpty, "0x1F is a control character to the check")
    try library.moveEarlierFolderChoices()
    #expect(try library.fact(Library.playFolderFact + "/media/films//heat") == "movie:1")
    #expect(try library.fact(Library.playFolderFact + "/tv/The Office/Season 1//the office") == "movie:2")
    #expect(try library.fact(Library.playFolderFact + earlier[0]) == nil)
    #expect(try library.fact("new.said") == "kept")
    #expect(try library.check() == [], "the names pass, and the change log rebuilds the facts")
    let before = try library.newestChange()
    try library.moveEarlierFolderChoices()
    #expect(try library.newestChange() == before, "nothing to move, nothing written")
  }
}
