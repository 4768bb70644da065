import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("Marks and links")
struct MarksTests {
  /// What a sample row shows of its film, kept with its mark.
  static let shown = MarkSummary(posterPath: nil, voteAverage: 7, voteCount: 10, genreIDs: [])

  @Test func startReadsTheMarks() {
    var store = TestStore(Sample.state())
    store.send(.start, effects: [.loadMarks, .fetchList(ListPage())]) { $0.rootList.list.begin() }
    let mark = Mark(id: 4, title: "F", year: 1999, onWatchlist: true, added: "2026-11-29")
    // The list showing has no answer yet: the user's own tabs are not read ahead.
    store.send(.marksLoaded([4: mark], problem: nil)) {
      $0.shared.marks = [4: mark]
      $0.shared.marksRead = true
    }
  }

  /// Three films listed, the library's marks read (none) but the tabs not yet read ahead.
  static func marksRead() -> AppState {
    var state = Sample.loaded(3)
    state.shared.marksRead = true
    return state
  }

  @Test func mBeforeTheMarksAreReadIsHeldBackNotAWatchOfToday() {
    // A big library takes a moment: the film may be seen already, and `m` would add a rewatch.
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("m"))) {
      $0.shared.notice = Notice(
        "Your library is still being read; press m again in a moment.", kind: .message, now: Sample.start)
    }
    let seen = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "2020-05-01", seen: "2020-05-01")
    store.send(.marksLoaded([.film(1): seen], problem: nil), effects: Self.ahead) {
      $0.shared.marks = [.film(1): seen]
      $0.shared.marksRead = true
    }
    // Once read, `m` on the seen film takes its watch away, as it would have.
    var state = store.state
    let effects = Reducer.reduce(&state, .key(.character("m")))
    #expect(effects.contains { if case .save(let change) = $0 { change.kind == .seen(false) } else { false } })
  }

  /// The user's own tabs (the watchlist, Up next, Recently rated), read ahead once the screen rests.
  static let ahead: [Effect] = [.after(FeedLogic.readAheadDelay, .readAheadDue, id: .readAhead)]
  /// Their reads, once it has.
  static let reads: [Effect] = [.readWatchlist, .readLocal(.rated), .readLocal(.upNext)]

  /// The state of the tabs read ahead, while they load.
  static func readingAhead(_ state: inout AppState, except showing: ListKind? = nil) {
    for kind in [ListKind.watchlist, .upNext, .rated] where kind != showing {
      var list = ListScreen(kind: kind, window: .week)
      list.list.begin()
      state.tabs[kind] = list
    }
  }

  @Test func theUsersOwnTabsAreReadAheadOnceTheMarksAndTheListAreIn() {
    var store = TestStore(Sample.loaded(3))
    store.send(.marksLoaded([:], problem: nil), effects: Self.ahead) { $0.shared.marksRead = true }
    store.send(.readAheadDue, effects: Self.reads) { Self.readingAhead(&$0) }
    // Read again unchanged: the tabs kept are not read twice.
    store.send(.marksLoaded([:], problem: nil))
    // Changed elsewhere (the command line): let go of, then read again once the marks are back.
    store.send(.libraryChanged, effects: [.loadMarks]) {
      $0.tabs[.watchlist] = nil
      $0.tabs[.upNext] = nil
      $0.tabs[.rated] = nil
    }
    store.send(.marksLoaded([:], problem: nil), effects: Self.ahead)
    store.send(.readAheadDue, effects: Self.reads) { Self.readingAhead(&$0) }
    // Switching to one shows what was read, with nothing more to ask.
    let snapshot = WatchlistSnapshot(marks: [:])
    store.send(.watchlistRead(.success(snapshot))) {
      $0.tabs[.watchlist]?.list.succeed(
        Listing(firstPage: MediaPage(page: 1, totalPages: 1, results: [])), at: Sample.start)
    }
    store.send(.key(.character("6"))) {
      $0.tabs[.trending] = $0.rootList
      $0.rootList = $0.tabs[.watchlist] ?? ListScreen(kind: .watchlist, window: .week)
      $0.tabs[.watchlist] = nil
    }
  }

  @Test func aTogglesTheWatchlistAtOnceAndStoresIt() {
    var store = TestStore(Self.marksRead())
    let day = ReleaseDate(day: Sample.start).description
    let add = LibraryChange(id: 1, title: "Film 1", year: nil, kind: .watchlist(true), day: day, summary: Self.shown)
    store.send(.key(.character("a")), effects: [.save(add)]) {
      $0.shared.marks[1] = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: true, added: day, summary: Self.shown)
      $0.shared.unsaved = [add]
      $0.shared.notice = Notice("Added Film 1 to the watchlist.", kind: .confirmation, now: Sample.start)
    }
    let remove = LibraryChange(
      id: 1, title: "Film 1", year: nil, kind: .watchlist(false), day: day, summary: Self.shown)
    store.send(.key(.character("a")), effects: [.save(remove)]) {
      $0.shared.marks[1] = nil
      $0.shared.unsaved = [add, remove]
      $0.shared.notice = Notice("Removed Film 1 from the watchlist.", kind: .confirmation, now: Sample.start)
    }
    let seen = LibraryChange(id: 1, title: "Film 1", year: nil, kind: .seen(true), day: day, summary: Self.shown)
    store.send(.key(.character("m")), effects: [.save(seen)]) {
      $0.shared.marks[1] = Mark(
        id: 1, title: "Film 1", year: nil, onWatchlist: false, added: day, seen: day, summary: Self.shown)
      $0.shared.unsaved = [add, remove, seen]
      $0.shared.notice = Notice("Marked Film 1 seen.", kind: .confirmation, now: Sample.start)
    }
  }

  @Test func aMarkIsDatedByTheUsersClockNotByUTC() {
    var store = TestStore(Self.marksRead())
    // 08:00 UTC on 2027-01-15 is 23:00 of the 14th nine hours west of it.
    store.send(.tick(Sample.start, utcOffset: -9 * 3_600)) { $0.shared.utcOffset = -9 * 3_600 }
    #expect(ReleaseDate(day: Sample.start).description == "2027-01-15")
    let seen = LibraryChange(
      id: 1, title: "Film 1", year: nil, kind: .seen(true), day: "2027-01-14", summary: Self.shown)
    store.send(.key(.character("m")), effects: [.save(seen)]) {
      $0.shared.marks[1] = Mark(
        id: 1, title: "Film 1", year: nil, onWatchlist: false, added: "2027-01-14", seen: "2027-01-14",
        summary: Self.shown)
      $0.shared.unsaved = [seen]
      $0.shared.notice = Notice("Marked Film 1 seen.", kind: .confirmation, now: Sample.start)
    }
  }

  @Test func quickMarksStayOnScreenWhileTheirSavesAnswer() {
    var store = TestStore(Self.marksRead())
    let day = ReleaseDate(day: Sample.start).description
    let add = LibraryChange(id: 1, title: "Film 1", year: nil, kind: .watchlist(true), day: day, summary: Self.shown)
    let seen = LibraryChange(id: 2, title: "Film 2", year: nil, kind: .seen(true), day: day, summary: Self.shown)
    let first = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: true, added: day, summary: Self.shown)
    let second = Mark(id: 2, title: "Film 2", year: nil, onWatchlist: false, added: day, seen: day, summary: Self.shown)
    store.send(.key(.character("a")), effects: [.save(add)]) {
      $0.shared.marks = [1: first]
      $0.shared.unsaved = [add]
      $0.shared.notice = Notice("Added Film 1 to the watchlist.", kind: .confirmation, now: Sample.start)
    }
    store.send(.key(.down)) { $0.rootList.selection = 1 }
    store.send(.key(.character("m")), effects: [.save(seen)]) {
      $0.shared.marks = [1: first, 2: second]
      $0.shared.unsaved = [add, seen]
      $0.shared.notice = Notice("Marked Film 2 seen.", kind: .confirmation, now: Sample.start)
    }
    // The first save answers with the file as it wrote it: the second change is still shown, and
    // the lists are not read while a save is still to answer (they would show nothing new).
    store.send(.changeSaved(.mark(.film(1), first), problem: nil), effects: []) {
      $0.shared.unsaved = [seen]
      $0.shared.marksRead = true
      $0.shared.owedReads = OwedReads(marks: true)
    }
    // The last save answers: the tabs are read once, for both.
    store.send(.changeSaved(.mark(.film(2), second), problem: nil), effects: Self.ahead) {
      $0.shared.unsaved = []
      $0.shared.owedReads = OwedReads()
    }
  }

  @Test func aSaveThatFailsReadsTheFileAgainAndSaysSo() {
    var store = TestStore(Sample.loaded(3))
    let day = ReleaseDate(day: Sample.start).description
    let add = LibraryChange(id: 1, title: "Film 1", year: nil, kind: .watchlist(true), day: day, summary: Self.shown)
    store.send(.key(.character("a")), effects: [.save(add)]) {
      $0.shared.marks = [1: Mark(id: 1, title: "Film 1", year: nil, onWatchlist: true, added: day, summary: Self.shown)]
      $0.shared.unsaved = [add]
      $0.shared.notice = Notice("Added Film 1 to the watchlist.", kind: .confirmation, now: Sample.start)
    }
    let problem = "The watchlist was not saved: disk full"
    store.send(.changeSaved(nil, problem: problem), effects: [.loadMarks]) {
      $0.shared.unsaved = []
      $0.shared.notice = Notice(problem, kind: .problem, now: Sample.start)
    }
    // The screen shows what the file holds.
    store.send(.marksLoaded([:], problem: nil), effects: Self.ahead) {
      $0.shared.marks = [:]
      $0.shared.marksRead = true
    }
    // A library that fails the same way at the read after the save: the save's words stay.
    var state = store.state
    _ = Reducer.reduce(&state, .changeSaved(nil, problem: "Your change was not saved: the file is damaged"))
    _ = Reducer.reduce(&state, .marksLoaded([:], problem: "the file is damaged"))
    #expect(state.shared.currentNotice?.text == "Your change was not saved: the file is damaged")
  }

  /// A store showing the Watchlist tab, its read asked and not answered.
  static func watchlistAsked() -> TestStore {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.character("6")), effects: [.readWatchlist]) {
      $0.tabs[.trending] = $0.rootList
      $0.rootList = ListScreen(kind: .watchlist, window: .week)
      $0.rootList.list.begin()
    }
    return store
  }

  @Test func theWatchlistTabFollowsItsMarks() {
    var store = Self.watchlistAsked()
    let mark = Mark(id: 9, title: "F", year: nil, onWatchlist: true, added: "2026-11-29")
    let snapshot = WatchlistSnapshot(marks: [9: mark])
    let page = MediaPage(page: 1, totalPages: 1, results: [MediaSummary(id: 9, title: "F")])
    store.send(.watchlistRead(.success(snapshot))) {
      $0.rootList.list.succeed(Listing(firstPage: page), at: Sample.start)
    }
    let problem = "1 line of the watchlist could not be read"
    store.send(.marksLoaded([9: mark], problem: problem), effects: [.readWatchlist] + Self.ahead) {
      $0.shared.marks = [9: mark]
      $0.shared.marksRead = true
      $0.shared.notice = Notice(problem, kind: .problem, now: Sample.start)
      $0.rootList.list.begin()
    }
    // Read ahead while the watchlist shows: the others only.
    store.send(.readAheadDue, effects: [.readLocal(.rated), .readLocal(.upNext)]) {
      Self.readingAhead(&$0, except: .watchlist)
    }
  }

  @Test func aChangeWhileTheWatchlistIsReadReadsItAgain() {
    var store = Self.watchlistAsked()
    // The read on its way may have read the library before this change: it is owed a read, asked
    // once it answers (never cancelled), so the tab is not left one change behind.
    let mark = Mark(id: 9, title: "F", year: nil, onWatchlist: true, added: "2026-11-29")
    store.send(.marksLoaded([9: mark], problem: nil)) {
      $0.shared.marks = [9: mark]
      $0.shared.marksRead = true
      $0.rootList.readOwed = true
    }
    let page = MediaPage(page: 1, totalPages: 1, results: [])
    store.send(.watchlistRead(.success(WatchlistSnapshot(marks: [:]))), effects: [.readWatchlist]) {
      $0.rootList.list.succeed(Listing(firstPage: page), at: Sample.start)
      $0.rootList.list.begin()
      $0.rootList.readOwed = false
    }
    // Its answer is the last: nothing more is owed.
    let read = MediaPage(page: 1, totalPages: 1, results: [MediaSummary(id: 9, title: "F")])
    store.send(.watchlistRead(.success(WatchlistSnapshot(marks: [9: mark])))) {
      $0.rootList.list.succeed(Listing(firstPage: read), at: Sample.start)
    }
  }

  @Test func linksOpenAndCopyThePageOfWhatIsShowing() {
    var store = TestStore(Sample.loaded(3))
    let url = "https://www.themoviedb.org/movie/1"
    store.send(.key(.character("o")), effects: [.openURL(url)]) {
      $0.shared.notice = Notice("Opening \(url)", kind: .link, now: Sample.start)
    }
    store.send(.key(.character("y")), effects: [.copy(url)]) {
      $0.shared.notice = Notice("Copied \(url)", kind: .link, now: Sample.start)
    }
    store.send(.key(.character("Y")), effects: [.copy("Film 1")]) {
      $0.shared.notice = Notice("Copied “Film 1”", kind: .link, now: Sample.start)
    }
    var person = store.state
    person.push(.person(PersonScreen(id: 7)))
    person.shared[person: 7] = Loadable(value: PersonDetails(id: 7, name: "Someone"), fetchedAt: Sample.start)
    store = TestStore(person)
    let page = "https://www.themoviedb.org/person/7"
    store.send(.key(.character("y")), effects: [.copy(page)]) {
      $0.shared.notice = Notice("Copied \(page)", kind: .link, now: Sample.start)
    }
    store.send(.key(.character("Y")), effects: [.copy("Someone")]) {
      $0.shared.notice = Notice("Copied “Someone”", kind: .link, now: Sample.start)
    }
    // A person is not marked: `a` is no key of a person's page.
    store.send(.key(.character("a"))) { $0.shared.say("a does nothing here; ? lists the keys.", .message) }
    let failure = "No browser to open (set $BROWSER); y copies the link instead."
    store.send(.notice(failure, warning: true)) {
      $0.shared.notice = Notice(failure, kind: .failure, now: Sample.start)
    }
  }

  @Test func aFilmMarkedOnItsScreenKeepsWhatTheScreenShows() {
    var store = TestStore(Sample.loaded(3))
    store.openSelectedFilm()
    var details = MovieDetails(id: 1, title: "Film 1")
    details.posterPath = "/one.jpg"
    details.voteAverage = 8.2
    details.voteCount = 900
    store.send(.filmLoaded(1, .success(Sample.fetched(details)))) {
      $0.shared[film: 1]?.succeed(details, at: Sample.start)
    }
    let day = ReleaseDate(day: Sample.start).description
    let kept = MarkSummary(posterPath: "/one.jpg", voteAverage: 8.2, voteCount: 900, genreIDs: [])
    let add = LibraryChange(id: 1, title: "Film 1", year: nil, kind: .watchlist(true), day: day, summary: kept)
    store.send(.key(.character("a")), effects: [.save(add)]) {
      $0.shared.marks[1] = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: true, added: day, summary: kept)
      $0.shared.unsaved = [add]
      $0.shared.notice = Notice("Added Film 1 to the watchlist.", kind: .confirmation, now: Sample.start)
    }
    #expect(store.state.shared.marks[1]?.entry.score == 8.2, "the Watchlist tab shows its score")
  }
}
