import AmodbKit
import Foundation
import LibraryKit
import Testing
import TrendingCore

@testable import TerminalUI

/// What a stored change answers for `u`: what it replaced that only the library knew (a list
/// place, a rating's day), or that it changed nothing; and the exact watch an undo takes away.
@Suite("The library's answers to a change, for its undo")
struct LibraryChangesStoreTests {
  private func library() throws -> Library {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try Library(path: folder.appendingPathComponent("library.sqlite3"))
  }

  private func change(_ kind: LibraryChange.Kind, day: String = "2026-12-06") -> LibraryChange {
    LibraryChange(id: 550, title: "Fight Club", year: 1999, kind: kind, day: day)
  }

  private func replaced(_ after: StoredAfter) -> Replaced? {
    if case .replaced(_, _, let replaced) = after { return replaced }
    return nil
  }

  @Test func eachChangeIsOneTransactionAndOneLogEntry() throws {
    let library = try library()
    let series = MediaSummary(id: 1399, kind: .series, title: "Game of Thrones")
    let episodes = (1...3).map {
      MarkedEpisode(key: EpisodeKey(season: 1, number: $0), name: nil, airDate: nil, runtime: nil)
    }
    var played = LibraryChange(series: series, episodes: episodes, seen: true, day: "2026-12-06")
    played.once = true
    let changes: [LibraryChange] = [
      played, change(.rating(6)), change(.rating(8)), change(.list("Noir")), change(.unlist("Noir")),
      change(.seen(true)),
    ]
    for change in changes {
      let before = try library.newestChange()
      _ = try LibraryChanges.store(change, in: library)
      #expect(try library.newestChange() == before + 1, "\(change.kind): one entry")
    }
    #expect(try library.seenEpisodes(1399).count == 3)
  }

  @Test func anUndoDoesNotPutATitleBackOnAListDeletedElsewhere() throws {
    let library = try library()
    _ = try LibraryChanges.store(change(.list("Top"), day: "2025-01-10"), in: library)
    let place = try #require(replaced(try LibraryChanges.store(change(.unlist("Top")), in: library))?.place)
    _ = try library.deleteList("Top")
    var back = change(.list("Top"))
    back.place = place
    #expect(throws: LibraryError.self) { try LibraryChanges.store(back, in: library) }
    #expect(try library.listName("Top") == nil, "no list made again")
  }

  @Test func aRatingAndANoteAnswerTheDaysTheyReplaced() throws {
    let library = try library()
    _ = try LibraryChanges.store(change(.rating(6), day: "2025-02-02"), in: library)
    _ = try LibraryChanges.store(change(.note("Slow start."), day: "2025-03-03"), in: library)
    #expect(replaced(try LibraryChanges.store(change(.rating(9)), in: library))?.day == "2025-02-02")
    #expect(replaced(try LibraryChanges.store(change(.note(nil)), in: library))?.day == "2025-03-03")
    #expect(replaced(try LibraryChanges.store(change(.rating(7)), in: library))?.day == "2026-12-06")
  }

  @Test func aTitleTakenOffAListAnswersWhereItStood() throws {
    let library = try library()
    _ = try LibraryChanges.store(change(.watchlist(true), day: "2025-01-10"), in: library)
    let place = replaced(try LibraryChanges.store(change(.watchlist(false)), in: library))?.place
    #expect(place == ListPlace(added: "2025-01-10", position: 1))
    #expect(replaced(try LibraryChanges.store(change(.watchlist(false)), in: library)) == Replaced(), "not on it")
  }

  @Test func anAddOrAHidingThatFindsItSoAnswersUnchanged() throws {
    let library = try library()
    #expect(replaced(try LibraryChanges.store(change(.watchlist(true)), in: library)) == nil, "added")
    #expect(replaced(try LibraryChanges.store(change(.watchlist(true)), in: library))?.unchanged == true)
    #expect(replaced(try LibraryChanges.store(change(.hidden(true)), in: library)) == nil, "hidden")
    #expect(replaced(try LibraryChanges.store(change(.hidden(true)), in: library))?.unchanged == true)
  }

  @Test func anExactTakingAwayTakesTheWatchOfItsDayOnly() throws {
    let library = try library()
    _ = try LibraryChanges.store(change(.seen(true), day: "2026-10-10"), in: library)
    var undo = change(.seen(false))
    undo.exact = true
    _ = try LibraryChanges.store(undo, in: library)
    #expect(try library.history().map(\.day) == ["2026-10-10"], "the day has no watch: none taken")
    _ = try LibraryChanges.store(change(.seen(true)), in: library)
    _ = try LibraryChanges.store(undo, in: library)
    #expect(try library.history().map(\.day) == ["2026-10-10"], "the watch of that day taken")
  }
}
