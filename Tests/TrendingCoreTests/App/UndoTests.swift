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

  /// Each character of `keys` pressed in turn.
  static func press(_ keys: String, _ state: inout AppState) {
    for key in keys { _ = Reducer.reduce(&state, .key(.character(key))) }
  }

  /// Every save waiting answered, as stored (the marks as the screen has them).
  static func answerAll(_ state: inout AppState) {
    while let change = state.shared.unsaved.first {
      let after: StoredAfter =
        change.isEpisodes
        ? .episodes(series: change.id, state.shared.seenEpisodes[change.id] ?? SeenEpisodes())
        : .mark(change.media, state.shared.marks[change.media])
      _ = Reducer.reduce(&state, .changeSaved(after, problem: nil))
    }
  }

  @Test func aFilmMarkedSeenIsUnmarkedOnceSavedAndUAgainSaysThereIsNothingLeft() throws {
    var state = Sample.loaded(3)
    state.shared.marksRead = true
    let today = state.shared.today.description
    _ = Reducer.reduce(&state, .key(.character("m")))
    #expect(Reducer.reduce(&state, .key(.character("u"))).isEmpty, "its save has not answered")
    #expect(state.shared.currentNotice?.text == "That change is still being saved: it is taken back once it is.")
    let mark = state.shared.marks[.film(1)]
    let back = Self.changes(Reducer.reduce(&state, .changeSaved(.mark(.film(1), mark), problem: nil)))
    #expect(back.map { "\($0.kind) \($0.day) \($0.exact)" } == ["seen(false) \(today) true"], "the watch of that day")
    #expect(state.shared.marks[.film(1)]?.seen == nil, "at once, before the save answers")
    #expect(
      state.shared.currentNotice?.text == "Undone: the watch of Film 1 on \(Dates.written(text: today)) is taken away.")
    Self.answerAll(&state)
    #expect(Reducer.reduce(&state, .key(.character("u"))).isEmpty)
    #expect(state.shared.currentNotice?.text.hasPrefix("Nothing to undo: u takes back") == true)
  }

  @Test func eachUPressedWhileSavesWaitTakesBackOneMoreChange() {
    var state = Sample.loaded(3)
    state.shared.marksRead = true
    for key in ["m", "j", "m", "j", "m"] { _ = Reducer.reduce(&state, .key(.character(Character(key)))) }
    #expect(state.shared.marks.values.filter { $0.seen != nil }.count == 3)
    for _ in 0..<3 { _ = Reducer.reduce(&state, .key(.character("u"))) }
    #expect(state.shared.currentNotice?.text == "3 changes are taken back once the saves answer.")
    Self.answerAll(&state)
    #expect(state.shared.marks.values.allSatisfy { $0.seen == nil }, "all three taken back: \(state.shared.marks)")
    #expect(state.shared.undosQueued == 0 && state.shared.undoWanted == nil)
    #expect(state.shared.undo.isEmpty)
  }

  @Test func aChangeMadeWhileAnUndoWaitsIsTheOneTheNextUTakesBack() {
    var state = Sample.loaded(3)
    state.shared.marksRead = true
    Self.press("mujmu", &state)
    #expect(state.shared.currentNotice?.text == "That change is still being saved: it is taken back once it is.")
    Self.answerAll(&state)
    #expect(state.shared.marks[.film(2)]?.seen == nil, "the newer change taken back")
    #expect(state.shared.marks[.film(1)]?.seen != nil, "the first u was for a change no longer the newest")
    #expect(state.shared.undosQueued == 0 && state.shared.undoWanted == nil)
  }

  @Test func undoingMsWatchPutBackSaysWhatItUndidNotToPressMAgain() {
    var state = Sample.loaded(3)
    state.shared.marksRead = true
    var mark = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "2020-05-01")
    mark.seen = "2021-06-01"
    state.shared.marks[.film(1)] = mark
    // m takes the 2021 watch (the library answers: still seen by 2020's), m puts it back, u takes it again.
    _ = Reducer.reduce(&state, .key(.character("m")))
    var held = mark
    held.seen = "2020-05-01"
    _ = Reducer.reduce(&state, .changeSaved(.mark(.film(1), held), problem: nil))
    _ = Reducer.reduce(&state, .key(.character("m")))
    Self.answerAll(&state)
    #expect(state.shared.marks[.film(1)]?.seen == "2021-06-01")
    _ = Reducer.reduce(&state, .key(.character("u")))
    _ = Reducer.reduce(&state, .changeSaved(.mark(.film(1), held), problem: nil))
    let said = state.shared.currentNotice?.text ?? ""
    #expect(said.hasPrefix("Undone:") && !said.contains("m puts it back"), "\(said)")
    // So `m` now takes the 2020 watch away as it says, not a watch it does not show.
    let effects = Reducer.reduce(&state, .key(.character("m")))
    #expect(Self.saved(effects) == ["seen(false) \(state.shared.today.description)"])
    #expect(state.shared.currentNotice?.text.contains("its watch of 1 May 2020 taken away") == true)
  }

  @Test func aTitleUnseenAgainWhileSeenAreHiddenIsSelectedWhereItComesBack() {
    var state = Sample.loaded(3)
    state.shared.marksRead = true
    Self.press("Hjm", &state)
    Self.answerAll(&state)
    #expect(state.rootList.movies.map(\.id) == [1, 3] && state.rootList.selectedMovie?.id == 3)
    _ = Reducer.reduce(&state, .key(.character("u")))
    Self.answerAll(&state)
    #expect(state.rootList.movies.map(\.id) == [1, 2, 3])
    #expect(state.rootList.selectedMovie?.id == 2, "the row back, selected")
  }

  @Test func anUndoAskedForWhileTheSaveFailsTakesBackNothing() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("a")))
    _ = Reducer.reduce(&state, .key(.character("j")))
    _ = Reducer.reduce(&state, .key(.character("a")))
    Self.answerAll(&state)
    _ = Reducer.reduce(&state, .key(.character("m")))
    _ = Reducer.reduce(&state, .key(.character("u")))
    let after = Reducer.reduce(&state, .changeSaved(nil, problem: "The disk is full."))
    #expect(Self.changes(after).isEmpty, "the watchlist add before it stays: \(after)")
    #expect(state.shared.undo.count == 2 && state.shared.undoWanted == nil)
  }

  @Test func undoneChangesAreTakenBackNewestFirstAndAreNotThemselvesUndone() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("a")))
    _ = Reducer.reduce(&state, .key(.character("j")))
    _ = Reducer.reduce(&state, .key(.character("a")))
    Self.answerAll(&state)
    #expect(state.shared.undo.count == 2)
    let first = Self.changes(Reducer.reduce(&state, .key(.character("u"))))
    #expect(first.map(\.kind) == [.watchlist(false)] && first.map(\.media) == [.film(2)])
    #expect(state.shared.currentNotice?.text == "Undone: Film 2 is off the watchlist again.")
    Self.answerAll(&state)
    let second = Self.changes(Reducer.reduce(&state, .key(.character("u"))))
    #expect(second.map(\.kind) == [.watchlist(false)] && second.map(\.media) == [.film(1)])
    #expect(state.shared.undo.isEmpty, "u's own changes are not kept to take back")
  }

  @Test func aWatchlistRemovalGoesBackOnItsDayAndPlace() {
    var state = Sample.loaded(3)
    state.shared.marks[.film(1)] = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: true, added: "2020-05-01")
    _ = Reducer.reduce(&state, .key(.character("a")))
    let place = ListPlace(added: "2020-05-01", position: 3)
    _ = Reducer.reduce(&state, .changeSaved(.replaced(.film(1), nil, Replaced(place: place)), problem: nil))
    let back = Self.changes(Reducer.reduce(&state, .key(.character("u"))))
    #expect(back.map(\.kind) == [.watchlist(true)] && back.first?.day == "2020-05-01" && back.first?.place == place)
    #expect(state.shared.marks[.film(1)]?.added == "2020-05-01")
    #expect(state.shared.currentNotice?.text == "Undone: Film 1 is back on the watchlist.")
  }

  @Test func aRatingAndANoteGoBackToWhatTheyWereOnTheirDays() {
    var state = Sample.loaded(3)
    var mark = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "2020-05-01")
    (mark.rating, mark.note) = (6, "Slow start.")
    state.shared.marks[.film(1)] = mark
    let film = MediaSummary(id: 1, title: "Film 1")
    _ = MarkLogic.record(.rating(9), film: film, &state.shared)
    UndoLogic.settle(&state.shared)
    _ = MarkLogic.record(.note(nil), film: film, &state.shared)
    UndoLogic.settle(&state.shared)
    var after = state.shared.marks[.film(1)]
    _ = Reducer.reduce(&state, .changeSaved(.replaced(.film(1), after, Replaced(day: "2021-02-02")), problem: nil))
    after = state.shared.marks[.film(1)]
    _ = Reducer.reduce(&state, .changeSaved(.replaced(.film(1), after, Replaced(day: "2022-03-03")), problem: nil))
    let note = Self.changes(Reducer.reduce(&state, .key(.character("u"))))
    #expect(note.map { "\($0.kind) \($0.day)" } == ["note(Optional(\"Slow start.\")) 2022-03-03"])
    #expect(state.shared.currentNotice?.text == "Undone: your note on Film 1 is as it was.")
    Self.answerAll(&state)
    let rating = Self.changes(Reducer.reduce(&state, .key(.character("u"))))
    #expect(rating.map { "\($0.kind) \($0.day)" } == ["rating(Optional(6)) 2021-02-02"], "rated on its own day")
    #expect(state.shared.marks[.film(1)]?.rating == 6 && state.shared.marks[.film(1)]?.note == "Slow start.")
    #expect(state.shared.currentNotice?.text == "Undone: your rating of Film 1 is 6 again.")
  }

  @Test func aChangeMadeSinceElsewhereIsNotUndone() {
    var state = Sample.loaded(3)
    _ = MarkLogic.record(.rating(9), film: MediaSummary(id: 1, title: "Film 1"), &state.shared)
    UndoLogic.settle(&state.shared)
    Self.answerAll(&state)
    // Another shell rated it 4: the library is read again.
    var elsewhere = state.shared.marks
    elsewhere[.film(1)]?.rating = 4
    _ = Reducer.reduce(&state, .marksLoaded(elsewhere, problem: nil))
    #expect(Reducer.reduce(&state, .key(.character("u"))).isEmpty, "4 is not overwritten")
    #expect(
      state.shared.currentNotice?.text == "Not undone: Film 1 was changed since, elsewhere; nothing was taken back.")
    #expect(state.shared.undo.isEmpty && state.shared.marks[.film(1)]?.rating == 4)
  }

  @Test func aWatchTakenAwayElsewhereIsNotTakenAgain() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("m")))
    Self.answerAll(&state)
    var elsewhere = state.shared.marks
    elsewhere[.film(1)]?.seen = "2026-10-10"
    _ = Reducer.reduce(&state, .marksLoaded(elsewhere, problem: nil))
    #expect(Reducer.reduce(&state, .key(.character("u"))).isEmpty, "the watch of 10 October is not the one made")
  }

  @Test func aChangeNotStoredHasNothingToTakeBack() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("a")))
    _ = Reducer.reduce(&state, .changeSaved(nil, problem: "The disk is full."))
    #expect(state.shared.undo.isEmpty)
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
    _ = Reducer.reduce(&state, .changeSaved(.replaced(.film(7), nil, Replaced(place: place)), problem: nil))
    let back = try #require(Self.changes(Reducer.reduce(&state, .key(.character("u")))).first)
    #expect(back.kind == .list("Noir") && back.media == .film(7) && back.place == place)
    #expect(state.shared.currentNotice?.text == "Undone: The Third Man is back on the list Noir.")
  }

  @Test func theUndoOfAnAddThatMadeAListTakesTheListAwayToo() throws {
    var state = Sample.loaded(3)
    _ = MarkLogic.record(.list("Noirr"), film: MediaSummary(id: 1, title: "Film 1"), &state.shared)
    UndoLogic.settle(&state.shared)
    _ = Reducer.reduce(&state, .changeSaved(.replaced(.film(1), nil, Replaced(madeList: true)), problem: nil))
    let back = try #require(Self.changes(Reducer.reduce(&state, .key(.character("u")))).first)
    #expect(back.kind == .unlist("Noirr") && back.dropsEmptyList)
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
    Self.answerAll(&state)
    let back = Reducer.reduce(&state, .key(.character("u")))
    #expect(TakenEpisodesTests.days(back) == ["1 2021-03-01", "2 2021-03-01", "3 2021-03-02", "4 2021-03-02"])
    #expect(Self.changes(back).allSatisfy { $0.exact }, "put back even where an earlier watch keeps one seen")
    #expect(state.shared.undo.isEmpty, "the season's two days are one undo")
    #expect(state.shared.currentNotice?.text == "Undone: 4 episodes of Series 500 are seen again, each on its day.")
  }

  @Test func aSeasonPutBackOverTwoDaysIsOneUndoAndTheTakingAwayAnother() {
    var state = TakenEpisodesTests.seenLongAgo()
    _ = Reducer.reduce(&state, .key(.character("m")))
    Self.answerAll(&state)
    _ = Reducer.reduce(&state, .key(.character("m")))
    Self.answerAll(&state)
    #expect(state.shared.undo.count == 2, "the taking away, and the putting back over two days")
    let back = Reducer.reduce(&state, .key(.character("u")))
    #expect(TakenEpisodesTests.days(back) == ["3 -", "4 -", "1 -", "2 -"], "both days' changes: \(back)")
    #expect(Self.changes(back).map(\.day) == ["2021-03-02", "2021-03-01"], "each day's watches, exactly")
    #expect(state.shared.currentNotice?.text == "Undone: 4 episodes of Series 500 are not seen again.")
    Self.answerAll(&state)
    let again = Reducer.reduce(&state, .key(.character("u")))
    #expect(TakenEpisodesTests.days(again) == ["1 2021-03-01", "2 2021-03-01", "3 2021-03-02", "4 2021-03-02"])
  }

  @Test func aWatchPutBackElsewhereIsNotPutBackTwice() {
    var state = TakenEpisodesTests.seenLongAgo()
    _ = Reducer.reduce(&state, .key(.character("m")))
    Self.answerAll(&state)
    // Another shell watched the season again on its days: the library is read again.
    let key = { EpisodeKey(season: 1, number: $0) }
    _ = Reducer.reduce(
      &state,
      .episodeMarksLoaded(
        500,
        SeenEpisodes(days: [key(1): "2021-03-01", key(2): "2021-03-01", key(3): "2021-03-02", key(4): "2021-03-02"])))
    #expect(Reducer.reduce(&state, .key(.character("u"))).isEmpty, "no second watch of each")
    #expect(state.shared.currentNotice?.text.hasPrefix("Not undone:") == true)
  }

  @Test func oneEpisodeUndoneIsNamed() {
    var state = EpisodeMarksTests.onSeason(selected: 2)
    _ = Reducer.reduce(&state, .key(.character("m")))
    Self.answerAll(&state)
    _ = Reducer.reduce(&state, .key(.character("u")))
    #expect(state.shared.currentNotice?.text.hasSuffix("S01E02 is not seen again.") == true, "\(state.shared.notice)")
  }

  @Test func aWatchlistAddOrHidingThatFoundItSoHasNothingToTakeBack() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(&state, .key(.character("a")))
    let mark = state.shared.marks[.film(1)]
    _ = Reducer.reduce(&state, .changeSaved(.replaced(.film(1), mark, Replaced(unchanged: true)), problem: nil))
    #expect(state.shared.undo.isEmpty, "on the watchlist already, put there by another shell")
  }

  @Test func aRatingGivenAgainAsItWasHasNothingToTakeBack() {
    var state = Sample.loaded(3)
    var mark = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "2020-05-01")
    mark.rating = 7
    state.shared.marks[.film(1)] = mark
    _ = MarkLogic.record(.rating(7), film: MediaSummary(id: 1, title: "Film 1"), &state.shared)
    #expect(state.shared.undo.isEmpty)
  }

  @Test func markUpToHereTakesBackOnlyTheEpisodesItMarked() {
    let key = EpisodeMarksTests.key
    var state = EpisodeMarksTests.onSeason(selected: 4, seen: [key(1, 2)])
    _ = Reducer.reduce(&state, .key(.character("M")))
    Self.answerAll(&state)
    let back = Reducer.reduce(&state, .key(.character("u")))
    #expect(TakenEpisodesTests.days(back) == ["1 -", "3 -", "4 -"], "episode 2 was seen before: \(back)")
    #expect(Self.changes(back).allSatisfy { $0.exact }, "the watches of that day only")
    #expect(state.shared.seenEpisodes[500]?.days.keys.sorted() == [key(1, 2)])
    #expect(state.shared.currentNotice?.text == "Undone: 3 episodes of Series 500 are not seen again.")
  }

  @Test func theOldestChangesGoPastTheLimitAndNothingMoreSaysSo() {
    var state = Sample.loaded(3)
    for _ in 0..<(Undo.kept + 5) {
      _ = Reducer.reduce(&state, .key(.character("a")))
      Self.answerAll(&state)
    }
    #expect(state.shared.undo.count == Undo.kept)
    for _ in 0..<Undo.kept {
      _ = Reducer.reduce(&state, .key(.character("u")))
      Self.answerAll(&state)
    }
    _ = Reducer.reduce(&state, .key(.character("u")))
    #expect(
      state.shared.currentNotice?.text
        == "Nothing more to undo: u keeps your last \(Undo.kept) changes of this session.")
  }

  @Test func aTitleShownAgainIsSelectedWhereItCameBack() {
    var state = Sample.loaded(5)
    _ = Reducer.reduce(&state, .key(.character("j")))
    _ = Reducer.reduce(&state, .key(.character("x")))
    #expect(state.rootList.selectedMovie?.id == 3, "film 2 hidden, the next one selected")
    Self.answerAll(&state)
    _ = Reducer.reduce(&state, .key(.character("u")))
    #expect(state.rootList.selectedMovie?.id == 2, "back, and selected")
  }

  @Test func uIsOfferedOnlyWithSomethingToTakeBack() {
    var state = Sample.loaded(3)
    #expect(!Reducer.isAvailable(.undo, in: state))
    _ = Reducer.reduce(&state, .key(.character("a")))
    #expect(Reducer.isAvailable(.undo, in: state))
  }
}
