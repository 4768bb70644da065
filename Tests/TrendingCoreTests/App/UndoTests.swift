import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

/// `u` takes back this session's changes to the library, newest first, each key's changes together.
@Suite("u takes back your last change")
struct UndoTests {
  /// The changes the effects save, as "kind day".
  static func saved(_ effects: [Effect]) -> [String] {
    effects.compactMap { if case .save(let change) = $0 { "\(change.kind) \(change.day)" } else { nil } }
  }

  /// The changes the effects save.
  static func changes(_ effects: [Effect]) -> [LibraryChange] {
    effects.compactMap { if case .save(let change) = $0 { change } else { nil } }
  }

  @Test func aFilmMarkedSeenIsUnmarkedAndUAgainSaysThereIsNothingLeft() {
    var state = Sample.loaded(3)
    let today = state.shared.today.description
    _ = Reducer.reduce(&state, .key(.character("m")))
    #expect(state.shared.marks[.film(1)]?.seen == today)
    let back = Reducer.reduce(&state, .key(.character("u")))
    #expect(Self.saved(back) == ["seen(false) \(today)"])
    #expect(state.shared.marks[.film(1)]?.seen == nil, "at once, before the save answers")
    #expect(state.shared.currentNotice?.text == "Undone: Marked Film 1 seen.")
    let nothing = Reducer.reduce(&state, .key(.character("u")))
    #expect(nothing.isEmpty)
    #expect(state.shared.currentNotice?.text.hasPrefix("Nothing to undo: u takes back") == true)
  }

  @Test func undoneChangesAreTakenBackNewestFirstAndAreNotThemselvesUndone() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("a")))
    _ = Reducer.reduce(&state, .key(.character("j")))
    _ = Reducer.reduce(&state, .key(.character("a")))
    #expect(state.shared.undo.count == 2)
    let first = Self.changes(Reducer.reduce(&state, .key(.character("u"))))
    #expect(first.map(\.kind) == [.watchlist(false)] && first.map(\.media) == [.film(2)])
    let second = Self.changes(Reducer.reduce(&state, .key(.character("u"))))
    #expect(second.map(\.kind) == [.watchlist(false)] && second.map(\.media) == [.film(1)])
    #expect(state.shared.undo.isEmpty, "u's own changes are not kept to take back")
  }

  @Test func aWatchlistRemovalGoesBackOnItsDay() {
    var state = Sample.loaded(3)
    var mark = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: true, added: "2020-05-01")
    mark.rating = 6
    state.shared.marks[.film(1)] = mark
    _ = Reducer.reduce(&state, .key(.character("a")))
    let back = Self.changes(Reducer.reduce(&state, .key(.character("u"))))
    #expect(back.map(\.kind) == [.watchlist(true)] && back.first?.day == "2020-05-01")
    #expect(state.shared.marks[.film(1)]?.added == "2020-05-01")
  }

  @Test func aRatingAndANoteGoBackToWhatTheyWere() {
    var state = Sample.loaded(3)
    var mark = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "2020-05-01")
    (mark.rating, mark.note) = (6, "Slow start.")
    state.shared.marks[.film(1)] = mark
    let film = MediaSummary(id: 1, title: "Film 1")
    _ = MarkLogic.record(.rating(9), film: film, &state.shared)
    UndoLogic.settle(&state.shared)
    _ = MarkLogic.record(.note(nil), film: film, &state.shared)
    UndoLogic.settle(&state.shared)
    #expect(Self.changes(Reducer.reduce(&state, .key(.character("u")))).map(\.kind) == [.note("Slow start.")])
    #expect(Self.changes(Reducer.reduce(&state, .key(.character("u")))).map(\.kind) == [.rating(6)])
    #expect(state.shared.marks[.film(1)]?.rating == 6 && state.shared.marks[.film(1)]?.note == "Slow start.")
  }

  @Test func aTitleTakenOffAListGoesBackWhereItStood() throws {
    let settings = Settings(parsing: "tab \"Noir\" list=Noir\n")
    var state = Sample.loaded(3)
    state.shared.tabs = TabSet(services: [], saved: settings.savedTabs)
    let rows = [MediaSummary(id: 7, title: "The Third Man"), MediaSummary(id: 8, title: "Touch of Evil")]
    _ = Reducer.reduce(&state, .key(.backTab))
    _ = Reducer.reduce(&state, .localRead(.list("Noir"), .success(.list(rows))))
    _ = Reducer.reduce(&state, .key(.character("d")))
    let place = ListPlace(added: "2019-02-03", position: 4)
    _ = Reducer.reduce(&state, .changeSaved(.unlisted(.film(7), nil, place), problem: nil))
    let back = try #require(Self.changes(Reducer.reduce(&state, .key(.character("u")))).first)
    #expect(back.kind == .list("Noir") && back.media == .film(7) && back.place == place)
    #expect(state.shared.currentNotice?.text == "Undone: Removed The Third Man from the list Noir.")
  }

  @Test func aListAddThatFoundTheTitleThereHasNothingToTakeBack() {
    var state = Sample.loaded(3)
    _ = MarkLogic.record(.list("Noir"), film: MediaSummary(id: 1, title: "Film 1"), &state.shared)
    UndoLogic.settle(&state.shared)
    #expect(state.shared.undo.count == 1)
    _ = Reducer.reduce(&state, .changeSaved(.listedAlready(.film(1), nil), problem: nil))
    #expect(state.shared.undo.isEmpty, "u would have taken it off a list it was on before")
  }

  @Test func aSeasonTakenAwayComesBackOnItsDaysAsOneUndo() {
    var state = TakenEpisodesTests.seenLongAgo()
    _ = Reducer.reduce(&state, .key(.character("m")))
    _ = Reducer.reduce(&state, .key(.character("j")))
    let back = Reducer.reduce(&state, .key(.character("u")))
    #expect(TakenEpisodesTests.days(back) == ["1 2021-03-01", "2 2021-03-01", "3 2021-03-02", "4 2021-03-02"])
    #expect(Self.changes(back).allSatisfy { $0.putsBack }, "put back even where an earlier watch keeps one seen")
    #expect(state.shared.undo.isEmpty, "the season's two days are one undo")
  }

  @Test func markUpToHereTakesBackOnlyTheEpisodesItMarked() {
    let key = EpisodeMarksTests.key
    var state = EpisodeMarksTests.onSeason(selected: 4, seen: [key(1, 2)])
    _ = Reducer.reduce(&state, .key(.character("M")))
    let back = Reducer.reduce(&state, .key(.character("u")))
    #expect(TakenEpisodesTests.days(back) == ["1 -", "3 -", "4 -"], "episode 2 was seen before: \(back)")
    #expect(state.shared.seenEpisodes[500]?.days.keys.sorted() == [key(1, 2)])
  }

  @Test func anEpisodeMarkedSeenIsTakenBack() {
    var state = EpisodeMarksTests.onSeason(selected: 2)
    _ = Reducer.reduce(&state, .key(.character("m")))
    let back = Reducer.reduce(&state, .key(.character("u")))
    #expect(TakenEpisodesTests.days(back) == ["2 -"])
    #expect(state.shared.currentNotice?.text == "Undone: Marked S01E02 seen.")
  }

  @Test func theOldestChangesGoPastTheLimit() {
    var state = Sample.loaded(3)
    for _ in 0..<(Undo.kept + 5) { _ = Reducer.reduce(&state, .key(.character("a"))) }
    #expect(state.shared.undo.count == Undo.kept)
  }

  @Test func uIsOfferedOnlyWithSomethingToTakeBack() {
    var state = Sample.loaded(3)
    #expect(!Reducer.isAvailable(.undo, in: state))
    _ = Reducer.reduce(&state, .key(.character("a")))
    #expect(Reducer.isAvailable(.undo, in: state))
  }
}
