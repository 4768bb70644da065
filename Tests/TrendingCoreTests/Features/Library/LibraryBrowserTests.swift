import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The library in the browser: Up next, rate, note, lists, not interested, hide seen")
struct LibraryBrowserTests {
  static let day = ReleaseDate(day: Sample.start).description

  static func upNext(_ id: Int, next: Int, airDate: String?) -> UpNext {
    UpNext(
      series: MediaSummary(id: id, kind: .series, title: "Series \(id)"), seen: next - 1, aired: 8,
      next: MarkedEpisode(
        key: EpisodeKey(season: 1, number: next), name: "Episode \(next)", airDate: airDate, runtime: 50),
      lastWatched: "2026-11-0\(id % 9)")
  }

  @Test func rateTakesOneToTenOnTheStatusLineAndEnterSavesIt() {
    var store = TestStore(Sample.loaded(3))
    let film = store.state.rootList.movies[0]
    let shared = store.state.shared
    store.send(.key(.character("R"))) { $0.prompt = Prompt(.rate, film: film, shared) }
    store.send(.key(.character("1"))) { $0.prompt?.text = "1" }
    store.send(.key(.character("x"))) { $0.prompt?.problem = "A rating is a whole number from 1 to 10:" }
    store.send(.key(.character("1"))) {
      $0.prompt?.text = "11"
      $0.prompt?.problem = nil
    }
    store.send(.key(.character("0"))) { $0.prompt?.text = "110" }
    store.send(.key(.character("0"))) { _ in }
    // A hundred and ten is refused, the line kept and saying why until the next key.
    store.send(.key(.enter)) { $0.prompt?.problem = "A rating is a whole number from 1 to 10:" }
    #expect(store.state.prompt?.label == "A rating is a whole number from 1 to 10:")
    store.send(.key(.backspace)) {
      $0.prompt?.text = "11"
      $0.prompt?.problem = nil
    }
    store.send(.key(.backspace)) { $0.prompt?.text = "1" }
    store.send(.key(.character("0"))) { $0.prompt?.text = "10" }
    let change = LibraryChange(
      id: 1, title: "Film 1", year: nil, kind: .rating(10), day: Self.day, summary: MarkSummary(film))
    store.send(.key(.enter), effects: [.save(change)]) {
      $0.prompt = nil
      $0.shared.marks[.film(1)] = Mark(
        id: 1, title: "Film 1", year: nil, onWatchlist: false, added: Self.day, summary: MarkSummary(film))
      $0.shared.marks[.film(1)]?.rating = 10
      $0.shared.unsaved = [change]
      $0.shared.say("Rated Film 1 10.", .confirmation)
    }
    // Open again: it starts from the rating, selected: a digit typed replaces it, not joins it.
    store.send(.key(.character("R"))) { $0.prompt = Prompt(.rate, film: film, $0.shared) }
    #expect(store.state.prompt?.text == "10" && store.state.prompt?.untouched == true)
    var typed = store
    // A letter is not taken, and that is said: the rating stays as it was, still selected.
    typed.send(.key(.character("x"))) { $0.prompt?.problem = "A rating is a whole number from 1 to 10:" }
    typed.send(.key(.character("7"))) {
      $0.prompt?.text = "7"
      $0.prompt?.untouched = false
      $0.prompt?.problem = nil
    }
    // Backspace edits it instead; emptied and saved, the rating is cleared.
    store.send(.key(.backspace)) {
      $0.prompt?.text = "1"
      $0.prompt?.untouched = false
    }
    store.send(.key(.backspace)) { $0.prompt?.text = "" }
    let cleared = LibraryChange(
      id: 1, title: "Film 1", year: nil, kind: .rating(nil), day: Self.day, summary: MarkSummary(film))
    store.send(.key(.enter), effects: [.save(cleared)]) {
      $0.prompt = nil
      $0.shared.marks[.film(1)] = nil
      $0.shared.unsaved = [change, cleared]
      $0.shared.say("Cleared your rating of Film 1.", .confirmation)
    }
  }

  @Test func halfStarsAreSaidAsTheWholeNumberTheyAre() {
    var store = TestStore(Sample.loaded(3))
    let film = store.state.rootList.movies[0]
    store.send(.key(.character("R"))) { $0.prompt = Prompt(.rate, film: film, $0.shared) }
    for (typed, text) in [("4", "4"), (".", "4."), ("5", "4.5")] {
      store.send(.key(.character(Character(typed)))) { $0.prompt?.text = text }
    }
    store.send(.key(.enter)) { $0.prompt?.problem = "A rating is a whole number from 1 to 10 (4.5 stars is 9):" }
  }

  @Test func theAppsOwnControlKeysWorkOverTheLine() {
    var store = TestStore(Sample.loaded(3))
    let film = store.state.rootList.movies[0]
    store.send(.key(.character("N"))) { $0.prompt = Prompt(.note, film: film, $0.shared) }
    store.send(.key(.character("a"))) { $0.prompt?.text = "a" }
    // ^D moves the list under the line elsewhere: here it does nothing, nor is it typed.
    store.send(.key(.control("d")))
    store.send(.key(.control("l")), effects: [.redraw])
    // ^C drops the line typed, as a shell's does (the note is not saved); the next one quits.
    store.send(.key(.control("c"))) { $0.prompt = nil }
    store.send(.key(.control("c")), effects: [.quit])
  }

  @Test func aNoteIsEditedWhereTheCursorIs() {
    var state = Sample.loaded(3)
    let film = state.rootList.movies[0]
    state.shared.marks[.film(1)] = Mark(id: 1, title: "Film 1", year: nil, onWatchlist: false, added: Self.day)
    state.shared.marks[.film(1)]?.note = "noir classic"
    var store = TestStore(state)
    store.send(.key(.character("N"))) { $0.prompt = Prompt(.note, film: film, $0.shared) }
    #expect(store.state.prompt?.untouched == true)
    // Home keeps the old note, no longer selected, and typing goes in before it.
    store.send(.key(.home)) {
      $0.prompt?.untouched = false
      _ = $0.prompt?.line.edit(.home)
    }
    for character in "a " {
      store.send(.key(.character(character))) { _ = $0.prompt?.line.edit(.character(character)) }
    }
    #expect(store.state.prompt?.text == "a noir classic")
    // ^K takes away what follows the cursor; ^E and ⌫ edit at the end again.
    store.send(.key(.control("k"))) { _ = $0.prompt?.line.edit(.control("k")) }
    #expect(store.state.prompt?.text == "a ")
    store.send(.key(.control("a"))) { _ = $0.prompt?.line.edit(.control("a")) }
    store.send(.key(.delete)) { _ = $0.prompt?.line.edit(.delete) }
    #expect(store.state.prompt?.text == " ")
  }

  @Test func aNoteIsOneLineEscLeavesItAndPastedControlsAreDropped() {
    var store = TestStore(Sample.loaded(3))
    let film = store.state.rootList.movies[0]
    store.send(.key(.character("N"))) { $0.prompt = Prompt(.note, film: film, $0.shared) }
    store.send(.paste("so \u{1B}[31mgood\nreally")) { $0.prompt?.text = "so good↵really" }
    store.send(.key(.character(" "))) { $0.prompt?.text = "so good↵really " }
    store.send(.key(.escape)) { $0.prompt = nil }
    #expect(store.state.shared.marks.isEmpty, "Esc changes nothing")
    store.send(.key(.character("N"))) { $0.prompt = Prompt(.note, film: film, $0.shared) }
    store.send(.paste("  noir at its best  ")) { $0.prompt?.text = "noir at its best" }
    let change = LibraryChange(
      id: 1, title: "Film 1", year: nil, kind: .note("noir at its best"), day: Self.day, summary: MarkSummary(film))
    store.send(.key(.enter), effects: [.save(change)]) {
      $0.prompt = nil
      $0.shared.marks[.film(1)] = Mark(
        id: 1, title: "Film 1", year: nil, onWatchlist: false, added: Self.day, summary: MarkSummary(film))
      $0.shared.marks[.film(1)]?.note = "noir at its best"
      $0.shared.unsaved = [change]
      $0.shared.say("Saved your note on Film 1.", .confirmation)
    }
  }

  @Test func addToListNamesTheList() {
    var store = TestStore(Sample.loaded(3))
    let film = store.state.rootList.movies[1]
    store.send(.key(.character("j"))) { $0.rootList.selection = 1 }
    store.send(.key(.character("L")), effects: [.readLocal(.listNames)]) {
      $0.prompt = Prompt(.addToList, film: film, $0.shared)
    }
    store.send(.key(.enter)) { $0.prompt?.problem = "A list needs a name:" }
    store.send(.paste("Noir")) {
      $0.prompt?.text = "Noir"
      $0.prompt?.problem = nil
    }
    let change = LibraryChange(
      id: 2, title: "Film 2", year: nil, kind: .list("Noir"), day: Self.day, summary: MarkSummary(film))
    store.send(.key(.enter), effects: [.save(change)]) {
      $0.prompt = nil
      $0.shared.unsaved = [change]
      $0.shared.say("Added Film 2 to the list Noir.", .confirmation)
    }
    // The library found it on the list already: the line says so, not that it was added.
    let mark = Mark(id: 2, title: "Film 2", year: nil, onWatchlist: false, added: Self.day)
    var state = store.state
    _ = Reducer.reduce(&state, .changeSaved(.listedAlready(.film(2), mark), problem: nil))
    #expect(state.shared.notice?.text == "Film 2 was on the list Noir already.")
    #expect(state.shared.unsaved.isEmpty && state.shared.marks[.film(2)] == mark)
  }

  @Test func tabCompletesAListsNameAsTheLibrarySpellsIt() {
    var store = TestStore(Sample.loaded(3))
    let film = store.state.rootList.movies[0]
    store.send(.key(.character("L")), effects: [.readLocal(.listNames)]) {
      $0.prompt = Prompt(.addToList, film: film, $0.shared)
    }
    // Before the names are read, Tab finds none.
    store.send(.key(.tab))
    let names = ["Noir", "Nordic crime", "Ghibli", "Été indien"]
    store.send(.localRead(.listNames, .success(.listNames(names)))) {
      $0.prompt?.names = names
      $0.shared.listNames = names
    }
    /// ^U, then `text` typed a key at a time; Tab, and what it completed.
    func retype(_ text: String) {
      store.send(.key(.control("u"))) {
        $0.prompt?.text = ""
        $0.prompt?.matches = 0
      }
      for character in text { store.send(.key(.character(character))) { $0.prompt?.text += String(character) } }
    }
    func tab(to text: String, matches: Int) {
      store.send(.key(.tab)) {
        $0.prompt?.text = text
        $0.prompt?.matches = matches
      }
    }
    // "no" begins two: the part they share, and the line says which.
    retype("no")
    tab(to: "No", matches: 2)
    #expect(store.state.prompt?.label.hasSuffix("[Noir · Nordic crime]") == true)
    store.send(.key(.character("i"))) {
      $0.prompt?.text = "Noi"
      $0.prompt?.matches = 0
    }
    tab(to: "Noir", matches: 1)
    // Whatever the case and accents typed: "ete" is "Été indien".
    retype("ete")
    tab(to: "Été indien", matches: 1)
    // A name no list begins stays as typed: Enter makes that list.
    retype("x")
    tab(to: "x", matches: 0)
    #expect(store.state.prompt?.text == "x")
    // Enter on a name typed in another case adds to the list as the library spells it.
    store.send(.paste("\u{8}NOIR")) { $0.prompt?.text = "xNOIR" }
    store.send(.key(.home)) { _ = $0.prompt?.line.edit(.home) }
    store.send(.key(.delete)) { _ = $0.prompt?.line.edit(.delete) }
    let change = LibraryChange(
      id: 1, title: "Film 1", year: nil, kind: .list("Noir"), day: Self.day, summary: MarkSummary(film))
    store.send(.key(.enter), effects: [.save(change)]) {
      $0.prompt = nil
      $0.shared.unsaved = [change]
      $0.shared.say("Added Film 1 to the list Noir.", .confirmation)
    }
  }

  @Test func notInterestedLeavesEveryListButTheWatchlistAndComesBack() {
    var store = TestStore(Sample.loaded(3))
    let film = store.state.rootList.movies[0]
    let change = LibraryChange(
      id: 1, title: "Film 1", year: nil, kind: .hidden(true), day: Self.day, summary: MarkSummary(film))
    store.send(.key(.character("x")), effects: [.save(change)]) {
      $0.shared.marks[.film(1)] = Mark(
        id: 1, title: "Film 1", year: nil, onWatchlist: false, added: Self.day, summary: MarkSummary(film))
      $0.shared.marks[.film(1)]?.hidden = true
      $0.shared.unsaved = [change]
      $0.rootList.hidden = [.film(1)]
      // Its row is gone (x now falls on the next one): the line says where it still is.
      $0.shared.say(
        "Not interested in Film 1: hidden (/ finds it, x there undoes).", .confirmation)
    }
    #expect(store.state.rootList.movies.map(\.id) == [2, 3])
    // On its own page, which stays, x again shows it.
    var page = Sample.loaded(3)
    page.push(.film(FilmScreen(id: 1, known: film)))
    var onPage = TestStore(page)
    onPage.send(.key(.character("x")), effects: [.save(change)]) {
      $0.shared.marks[.film(1)] = store.state.shared.marks[.film(1)]
      $0.shared.unsaved = [change]
      $0.rootList.hidden = [.film(1)]
      $0.shared.say("Not interested in Film 1: hidden from every list (x again shows it).", .confirmation)
    }
    var watchlist = ListScreen(kind: .watchlist, window: .week)
    watchlist.list = Loadable(value: Listing(firstPage: MediaPage(results: [film])), fetchedAt: Sample.start)
    #expect(watchlist.hiding(store.state.shared).isEmpty, "the watchlist is the user's own choice")
    // The film's own screen takes it back.
    var state = store.state
    state.push(.film(FilmScreen(id: 1, known: film)))
    var onFilm = TestStore(state)
    let back = LibraryChange(
      id: 1, title: "Film 1", year: nil, kind: .hidden(false), day: Self.day, summary: MarkSummary(film))
    onFilm.send(.key(.character("x")), effects: [.save(back)]) {
      $0.shared.marks[.film(1)] = nil
      $0.shared.unsaved = [change, back]
      // Back in the list; the selection stays on the title it was on.
      $0.rootList.hidden = []
      $0.rootList.selection = 1
      $0.shared.say("Film 1 is shown in lists again.", .confirmation)
    }
  }

  @Test func rowsHiddenBelowWhatTheScreenHoldsAskForTheNextPage() {
    var state = Sample.loaded(20, totalPages: 2)
    let rows = state.shared.visibleRows
    var effects: [Effect] = []
    // Hidden one after another until fewer rows than the screen holds are left.
    while state.rootList.movies.count >= rows {
      effects = Reducer.reduce(&state, .key(.character("x")))
    }
    #expect(effects.contains(.fetchList(ListPage(page: 2))), "\(effects)")
    #expect(state.rootList.isLoadingMore)
  }

  @Test func hideSeenTogglesSeenTitlesOutOfTheListsAndBack() {
    var state = Sample.loaded(3)
    state.shared.marks[.film(3)] = Mark(
      id: 3, title: "Film 3", year: nil, onWatchlist: false, added: "", seen: "2026-01-01")
    var store = TestStore(state)
    store.send(.key(.character("H"))) {
      $0.shared.hideSeen = true
      $0.rootList.hidden = [.film(3)]
      $0.shared.say("Seen titles hidden: 1 here.", .message)
    }
    #expect(store.state.rootList.movies.map(\.id) == [1, 2])
    store.send(.key(.character("H"))) {
      $0.shared.hideSeen = false
      $0.rootList.hidden = []
      $0.shared.say("Seen titles shown.", .message)
    }
  }

  @Test func aListLoadedWhileHideSeenIsOnLeavesTheSeenOut() {
    var state = Sample.state()
    state.shared.hideSeen = true
    state.shared.marks[.film(2)] = Mark(
      id: 2, title: "Film 2", year: nil, onWatchlist: false, added: "", seen: "2026-01-01")
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .listLoaded(ListPage(), .success(Sample.fetched(Sample.page(3)))))
    #expect(state.rootList.movies.map(\.id) == [1, 3])
    #expect(state.rootList.hidden == [.film(2)])
  }

  @Test func aChangedLibraryReadsTheMarksAndTheLocalTabsAgain() {
    var store = TestStore(Sample.loaded(3))
    store.send(.libraryChanged, effects: [.loadMarks])
    store.send(.key(.character("U")), effects: [.readLocal(.upNext)]) {
      $0.shared.browsing = .series
      $0.tabs[.trending] = $0.rootList
      $0.rootList = ListScreen(kind: .upNext, window: .week)
      $0.rootList.list.begin()
    }
    store.send(.localRead(.upNext, .success(.upNext([])))) {
      $0.rootList.list.succeed(Listing(firstPage: MediaPage(page: 1, totalPages: 1, results: [])), at: Sample.start)
    }
    store.send(.libraryChanged, effects: [.loadMarks, .readLocal(.upNext)]) { $0.rootList.list.begin() }
  }
}

@Suite("The user's next episode of a series")
struct NextToWatchTests {
  @Test func itIsTheOneAfterTheFurthestSeenOnceAired() {
    var state = SeriesScreenTests.onSeries()
    let id = 500
    #expect(EpisodeProgress.nextToWatch(id, state.shared) == nil, "nothing read yet")
    state.shared.seenEpisodes[id] = []
    #expect(EpisodeProgress.nextToWatch(id, state.shared) == nil, "nothing seen: no next")
    var details = SeriesSample.details(id)
    details.seasons = [
      SeasonSummary(number: 0, name: "Specials", episodeCount: 3),
      SeasonSummary(number: 1, episodeCount: 2, airDate: ReleaseDate("2019-01-01")),
      SeasonSummary(number: 2, episodeCount: 8, airDate: ReleaseDate("2099-01-01")),
    ]
    details.lastEpisode = Episode(season: 1, number: 2, airDate: ReleaseDate("2019-01-08"))
    state.shared[series: id] = Loadable(value: details, fetchedAt: Sample.start)
    state.shared.seenEpisodes[id] = [EpisodeKey(season: 0, number: 3), EpisodeKey(season: 1, number: 1)]
    #expect(EpisodeProgress.nextToWatch(id, state.shared) == EpisodeKey(season: 1, number: 2), "specials aside")
    state.shared.seenEpisodes[id]?.insert(EpisodeKey(season: 1, number: 2), day: "2026-01-02")
    #expect(EpisodeProgress.nextToWatch(id, state.shared) == nil, "season 2 has not aired")
  }
}

@Suite("A named list as a tab")
struct NamedListTabTests {
  @Test func aTabLineWithListShowsTheLibrarysListWithBothSets() throws {
    let settings = Settings(parsing: "tab \"Noir\" list=Noir\ntab \"Bad\" list=Noir genre=Drama\n")
    #expect(settings.problems.map(\.line) == [2], "list= takes no other keys")
    let saved = try #require(settings.savedTabs.first)
    #expect(saved.list == "Noir")
    let tabs = TabSet(services: [], saved: settings.savedTabs)
    let kind = ListKind(saved: saved)
    #expect(tabs.shown(.film).last == kind && tabs.shown(.series).last == kind, "shown with films and series")
    #expect(tabs.counterpart(of: kind, in: .series) == kind)
    #expect(!kind.isRemote)
    #expect(kind.feed == .library("Noir"))
    let feed = kind.feed.feed(of: kind)
    #expect(
      feed.localQuery == .list("Noir") && feed.loads(force: false, Sample.state().shared) == [.readLocal(.list("Noir"))]
    )
    let rows = [MediaSummary(id: 7, title: "The Third Man"), MediaSummary(id: 8, kind: .series, title: "Twin Peaks")]
    #expect(feed.page(from: .list(rows))?.results == rows, "in the list's order")
    #expect(feed.page(from: .list(nil))?.results == [], "no list of that name yet: empty")
    #expect(feed.empty(Sample.state().shared).text == "The list Noir is empty.")
  }

  @Test func dTakesTheSelectedTitleOffTheListShowingAtOnce() throws {
    let settings = Settings(parsing: "tab \"Noir\" list=Noir\n")
    let kind = ListKind(saved: try #require(settings.savedTabs.first))
    var state = Sample.loaded(3)
    state.shared.tabs = TabSet(services: [], saved: settings.savedTabs)
    let rows = [MediaSummary(id: 7, title: "The Third Man"), MediaSummary(id: 8, title: "Touch of Evil")]
    _ = Reducer.reduce(&state, .key(.backTab))
    _ = Reducer.reduce(&state, .localRead(.list("Noir"), .success(.list(rows))))
    #expect(state.activeTab == kind && state.rootList.movies.count == 2)
    let effects = Reducer.reduce(&state, .key(.character("d")))
    let change = try #require(state.shared.unsaved.first)
    #expect(change.kind == .unlist("Noir") && change.media == .film(7) && effects == [.save(change)])
    #expect(state.rootList.movies.map(\.id) == [8], "gone from the list before its save answers")
    #expect(state.shared.notice?.text == "Removed The Third Man from the list Noir.")
    // On a tab that is not a list of the user's, d does nothing.
    var trending = Sample.loaded(3)
    #expect(Reducer.reduce(&trending, .key(.character("d"))).isEmpty && trending.shared.unsaved.isEmpty)
  }
}
