import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("Episodes' seen marks: m, mark up to here, a season's progress")
struct EpisodeMarksTests {
  /// A season of five: four aired, the fifth in 2099.
  static let season = SeasonDetails(
    number: 1, name: "Season 1",
    episodes: (1...5).map {
      Episode(
        season: 1, number: $0, name: "Episode \($0)", airDate: ReleaseDate($0 == 5 ? "2099-01-01" : "2019-01-0\($0)"),
        runtime: 50)
    })

  static func key(_ season: Int, _ number: Int) -> EpisodeKey { EpisodeKey(season: season, number: number) }

  /// The app on the season's screen, the season and the series loaded, episode `selected` selected;
  /// the series' seen marks read as `seen` (none read when nil).
  static func onSeason(selected: Int, seen: Set<EpisodeKey>? = []) -> AppState {
    var state = SeriesScreenTests.onSeries()
    var screen = SeasonScreen(seriesID: 500, number: 1)
    screen.cursor.layout = DocumentLayout(
      maxScroll: 0,
      links: (1...5).map { DocumentLink(line: 5 + $0, target: .episode(series: 500, season: 1, number: $0)) })
    screen.cursor.selected = selected - 1
    state.push(.season(screen))
    state.shared[season: 500, number: 1] = Loadable(value: season, fetchedAt: Sample.start)
    if let seen {
      state.shared.seenEpisodes[500] = SeenEpisodes(days: seen.reduce(into: [:]) { $0[$1] = "2027-01-15" })
    }
    return state
  }

  static func change(_ numbers: [Int], seen: Bool) -> LibraryChange {
    LibraryChange(
      series: SeriesSample.details(500).summary,
      episodes: numbers.map { number in MarkedEpisode(season.episodes[number - 1]) }, seen: seen,
      day: ReleaseDate(day: Sample.start).description, seasons: season.episodes.map(MarkedEpisode.init))
  }

  @Test func mMarksTheSelectedEpisodeSeenThenNotAndTheLibraryAnswers() {
    var store = TestStore(Self.onSeason(selected: 2))
    #expect(Reducer.isAvailable(.toggleSeen, in: store.state))
    let seen = Self.change([2], seen: true)
    store.send(.key(.character("m")), effects: [.save(seen)]) {
      $0.shared.seenEpisodes[500] = [Self.key(1, 2)]
      $0.shared.unsaved = [seen]
      $0.shared.say("Marked S01E02 seen.", .confirmation)
    }
    #expect(seen.episodes[0].airDate == "2019-01-02" && seen.episodes[0].name == "Episode 2", "kept with the watch")
    store.send(.changeSaved(.episodes(series: 500, [Self.key(1, 2)]), problem: nil)) { $0.shared.unsaved = [] }
    let unseen = Self.change([2], seen: false)
    store.send(.key(.character("m")), effects: [.save(unseen)]) {
      $0.shared.seenEpisodes[500] = []
      $0.shared.unsaved = [unseen]
      $0.shared.takenAway = TakenWatch(media: .series(500), days: [Self.key(1, 2): "2027-01-15"])
      $0.shared.say(
        "Marked S01E02 not seen: its watch of 15 January 2027 taken away (m again puts it back).", .confirmation)
    }
  }

  @Test func endSelectsTheLastEpisodeAndHomeTheFirstSoMMarksTheOneShown() {
    var state = Self.onSeason(selected: 1)
    // Episode 5 is not aired; the fourth is marked after End and k.
    _ = Reducer.reduce(&state, .key(.end))
    #expect(state.top.markedEpisode(state.shared)?.key == Self.key(1, 5), "End: the last episode")
    _ = Reducer.reduce(&state, .key(.character("k")))
    let effects = Reducer.reduce(&state, .key(.character("m")))
    #expect(effects == [.save(Self.change([4], seen: true))], "the episode selected, not the first")
    _ = Reducer.reduce(&state, .key(.home))
    #expect(state.top.markedEpisode(state.shared)?.key == Self.key(1, 1), "Home: the first episode")
  }

  /// The series page, its first episode seen, with one link (`target`) selected.
  static func onSeries(selecting target: LinkTarget) -> AppState {
    var state = SeriesScreenTests.onSeries()
    state.shared.seenEpisodes[500] = [Self.key(1, 1)]
    _ = Reducer.reduce(
      &state, .documentLayout(DocumentLayout(maxScroll: 0, links: [DocumentLink(line: 6, target: target)])))
    _ = Reducer.reduce(&state, .key(.down))
    return state
  }

  @Test func mOnASeasonsRowOfTheSeriesMarksTheSeasonNotTheSeries() {
    var state = Self.onSeries(selecting: .season(series: 500, number: 1))
    #expect(state.top.markedSeason(state.shared) == SeasonRef(seriesID: 500, number: 1))
    // Not read yet: asked for, and said; the one m marks the season once its episodes come.
    let asked = Reducer.reduce(&state, .key(.character("m")))
    #expect(asked.contains(.fetchSeason(500, 1)) && state.shared.unsaved.isEmpty, "\(asked)")
    #expect(state.shared.currentNotice?.text == "Reading the episodes of Season 1…")
    // The aired episodes not seen yet; the fifth has not aired.
    let seen = Self.change([2, 3, 4], seen: true)
    #expect(Reducer.reduce(&state, .seasonLoaded(500, 1, .success(Sample.fetched(Self.season)))) == [.save(seen)])
    #expect(state.shared.seasonMarkWanted == nil)
    #expect(state.shared.currentNotice?.text == "Marked Season 1 seen: 3 episodes.")
    #expect(state.shared.seenEpisodes[500]?.keys == Set((1...4).map { Self.key(1, $0) }))
    #expect(state.shared.marks[.series(500)]?.seen == nil, "the series is not marked as a whole")
    // Every aired episode seen: m takes them all back.
    #expect(Reducer.reduce(&state, .key(.character("m"))) == [.save(Self.change([1, 2, 3, 4], seen: false))])
    #expect(
      state.shared.currentNotice?.text == "Marked Season 1 not seen: 4 watches taken away (m again puts them back).")
    #expect(state.shared.seenEpisodes[500] == [])
  }

  @Test func mOnTheWatchNextLinkMarksThatEpisodeNotTheSeries() {
    var state = Self.onSeries(selecting: .episode(series: 500, season: 1, number: 2))
    #expect(state.top.markedEpisode(state.shared) == EpisodeRef(seriesID: 500, season: 1, number: 2))
    // Its season not loaded: marked by its key, the series left as it was.
    let effects = Reducer.reduce(&state, .key(.character("m")))
    let change: LibraryChange? = state.shared.unsaved.first
    #expect(change != nil)
    #expect(effects == change.map { [.save($0)] }, "\(effects)")
    #expect(
      change?.kind == .episodes([MarkedEpisode(key: Self.key(1, 2), name: nil, airDate: nil, runtime: nil)], seen: true)
    )
    #expect(state.shared.marks[.series(500)]?.seen == nil, "the series is not marked as a whole")
    #expect(state.shared.seenEpisodes[500] == [Self.key(1, 1), Self.key(1, 2)])
    #expect(state.shared.currentNotice?.text == "Marked S01E02 seen.")
  }

  @Test func aSeasonAskedForIsMarkedOnceItsSeenMarksComeTooAndNotWhenItFails() {
    var state = SeriesScreenTests.onSeries()
    _ = Reducer.reduce(
      &state,
      .documentLayout(
        DocumentLayout(maxScroll: 0, links: [DocumentLink(line: 9, target: .season(series: 500, number: 1))])))
    _ = Reducer.reduce(&state, .key(.down))
    // Neither the episodes nor the seen marks are read: both are asked for, and the mark waits for both.
    let asked = Reducer.reduce(&state, .key(.character("m")))
    #expect(asked.contains(.fetchSeason(500, 1)) && asked.contains(.loadEpisodeMarks(500)), "\(asked)")
    #expect(Reducer.reduce(&state, .seasonLoaded(500, 1, .success(Sample.fetched(Self.season)))).isEmpty)
    #expect(state.shared.seasonMarkWanted == SeasonRef(seriesID: 500, number: 1))
    #expect(Reducer.reduce(&state, .episodeMarksLoaded(500, [])) == [.save(Self.change([1, 2, 3, 4], seen: true))])
    // A season that cannot be read is not marked later.
    var failing = SeriesScreenTests.onSeries()
    failing.shared.seenEpisodes[500] = []
    failing.shared.seasonMarkWanted = SeasonRef(seriesID: 500, number: 2)
    _ = Reducer.reduce(&failing, .seasonLoaded(500, 2, .failure(.timedOut(seconds: 10))))
    #expect(failing.shared.seasonMarkWanted == nil && failing.shared.unsaved.isEmpty)
    let said = failing.shared.currentNotice?.text ?? ""
    #expect(
      said.hasPrefix("Season 2 was not marked: its episodes could not be read (") && said.hasSuffix("(timed out)."),
      "\(said)")
  }

  @Test func anEpisodeNotYetAiredIsNotMarked() {
    var store = TestStore(Self.onSeason(selected: 5))
    store.send(.key(.character("m"))) { $0.shared.say("S01E05 has not aired yet.", .message) }
  }

  @Test func nothingIsMarkedBeforeTheSeriesMarksAreRead() {
    var store = TestStore(Self.onSeason(selected: 2, seen: nil))
    #expect(!Reducer.isAvailable(.toggleSeen, in: store.state))
    #expect(!Reducer.isAvailable(.markUpToHere, in: store.state))
    store.send(.key(.character("m")))
    store.send(.episodeMarksLoaded(500, [Self.key(1, 1)])) { $0.shared.seenEpisodes[500] = [Self.key(1, 1)] }
    #expect(Reducer.isAvailable(.markUpToHere, in: store.state))
  }

  @Test func markUpToHereMarksOnlyTheAiredEpisodesNotYetSeenUpToTheSelectedOne() {
    var store = TestStore(Self.onSeason(selected: 5, seen: [Self.key(1, 2)]))
    let change = Self.change([1, 3, 4], seen: true)
    store.send(.key(.character("M")), effects: [.save(change)]) {
      $0.shared.seenEpisodes[500] = [Self.key(1, 1), Self.key(1, 2), Self.key(1, 3), Self.key(1, 4)]
      $0.shared.unsaved = [change]
      $0.shared.say("Marked 3 episodes seen, up to S01E04. 1 after it has not aired yet.", .confirmation)
    }
    // Again: nothing left to mark.
    store.send(.key(.character("M"))) {
      $0.shared.say("Every aired episode up to S01E05 was already seen.", .message)
    }
  }

  @Test func theEpisodeScreenMarksItsOwnEpisode() {
    var state = Self.onSeason(selected: 1)
    state.push(.episode(EpisodeScreen(seriesID: 500, season: 1, number: 3)))
    var store = TestStore(state)
    let change = Self.change([1, 2, 3], seen: true)
    store.send(.key(.character("M")), effects: [.save(change)]) {
      $0.shared.seenEpisodes[500] = [Self.key(1, 1), Self.key(1, 2), Self.key(1, 3)]
      $0.shared.unsaved = [change]
      $0.shared.say("Marked 3 episodes seen, up to S01E03.", .confirmation)
    }
  }

  @Test func aReadShowsTheStoredMarksWithTheUnsavedChangesOver() {
    var store = TestStore(Self.onSeason(selected: 3))
    let change = Self.change([3], seen: true)
    store.send(.key(.character("m")), effects: [.save(change)]) {
      $0.shared.seenEpisodes[500] = [Self.key(1, 3)]
      $0.shared.unsaved = [change]
      $0.shared.say("Marked S01E03 seen.", .confirmation)
    }
    // The command line marked the first episode meanwhile; the third is still being saved.
    store.send(.episodeMarksLoaded(500, [Self.key(1, 1)])) {
      $0.shared.seenEpisodes[500] = [Self.key(1, 1), Self.key(1, 3)]
    }
    // A library that could not be read changes nothing.
    store.send(.episodeMarksLoaded(500, nil))
  }

  @Test func aSaveThatFailedSaysWhyAndReadsTheLibraryAgain() {
    var state = Self.onSeason(selected: 1)
    state.shared.unsaved = [Self.change([1], seen: true)]
    var store = TestStore(state)
    store.send(
      .changeSaved(nil, problem: "The episodes were not saved: the disk is full"),
      effects: [.loadEpisodeMarks(500)]
    ) {
      $0.shared.unsaved = []
      $0.shared.say("The episodes were not saved: the disk is full", .problem)
    }
  }

  @Test func aSeasonsProgressIsEpisodesSeenOfThoseAired() {
    var shared = SeriesScreenTests.onSeries().shared
    var details = SeriesSample.details(500)
    details.lastEpisode = Episode(season: 2, number: 3)
    details.seasons = [
      SeasonSummary(number: 0, episodeCount: 2, airDate: ReleaseDate("2019-06-01")),
      SeasonSummary(number: 1, episodeCount: 8), SeasonSummary(number: 2, episodeCount: 10),
      SeasonSummary(number: 3, episodeCount: 6),
    ]
    shared[series: 500] = Loadable(value: details, fetchedAt: Sample.start)
    func progress(_ number: Int) -> String? {
      EpisodeProgress.progress(500, season: details.seasons[number], shared).map { "\($0.seen)/\($0.aired)" }
    }
    #expect(progress(1) == nil, "nothing shown before the marks are read")
    shared.seenEpisodes[500] = []
    #expect(progress(1) == nil, "nor for a series not begun")
    shared.seenEpisodes[500] = SeenEpisodes(
      days: ((1...6).map { Self.key(1, $0) } + [Self.key(2, 1)]).reduce(into: [:]) { $0[$1] = "2026-01-01" })
    #expect([progress(0), progress(1), progress(2), progress(3)] == ["0/2", "6/8", "1/3", nil])
    // A season whose answer is loaded counts its own aired episodes.
    shared[season: 500, number: 1] = Loadable(value: Self.season, fetchedAt: Sample.start)
    #expect(progress(1) == "6/6", "seen beyond what is known to have aired counts as aired")
  }

  @Test func mAndMarkUpToHereAreKeysOfTheSeasonAndEpisodeScreens() {
    let keys = KeyTable.standard
    #expect(keys.command(for: .character("M"), in: .season) == .markUpToHere)
    #expect(keys.command(for: .character("M"), in: .episode) == .markUpToHere)
    #expect(keys.command(for: .character("m"), in: .season) == .toggleSeen)
    #expect(keys.command(for: .character("m"), in: .episode) == .toggleSeen)
    #expect(Command(name: "mark-up-to-here") == .markUpToHere)
  }

  @Test func rateAndNoteOnASeasonsEpisodeAreTheEpisodesOwnNotTheSeries() {
    var store = TestStore(Self.onSeason(selected: 2))
    #expect(Reducer.isAvailable(.rate, in: store.state) && Reducer.isAvailable(.note, in: store.state))
    let series = SeriesSample.details(500).summary
    let day = ReleaseDate(day: Sample.start).description
    // The episode goes with its name and air date from the season read, for the lists that show it.
    let second = store.state.shared.season(500, 1).value?.episodes.first { $0.number == 2 }.map { [MarkedEpisode($0)] }
    #expect(second?.first?.name != nil)
    store.send(.key(.character("R"))) {
      $0.prompt = Prompt(.rate, film: series, episode: Self.key(1, 2), $0.shared)
    }
    #expect(store.state.prompt?.label.hasPrefix("Rate \(series.title) S01E02 1–10") == true)
    store.send(.key(.character("8"))) { $0.prompt?.text = "8" }
    let rated = LibraryChange(
      id: 500, media: .series, title: series.title, year: series.year, kind: .rating(8), day: day,
      summary: MarkSummary(series), episode: Self.key(1, 2), seasons: second ?? [])
    store.send(.key(.enter), effects: [.save(rated)]) {
      $0.prompt = nil
      var mark = Mark(
        id: 500, kind: .series, title: series.title, year: series.year, onWatchlist: false, added: day,
        summary: MarkSummary(series))
      mark.episodes[Self.key(1, 2)] = EpisodeNotes(rating: 8)
      $0.shared.marks[.series(500)] = mark
      $0.shared.unsaved = [rated]
      $0.shared.say("Rated \(series.title) S01E02 8.", .confirmation)
    }
    #expect(store.state.shared.marks[.series(500)]?.rating == nil, "the series' own rating is untouched")
    // A note on the same episode; opened again, the rating line starts from the episode's rating.
    store.send(.key(.character("N"))) { $0.prompt = Prompt(.note, film: series, episode: Self.key(1, 2), $0.shared) }
    store.send(.paste("Great cold open")) { $0.prompt?.text = "Great cold open" }
    let noted = LibraryChange(
      id: 500, media: .series, title: series.title, year: series.year, kind: .note("Great cold open"), day: day,
      summary: MarkSummary(series), episode: Self.key(1, 2), seasons: second ?? [])
    store.send(.key(.enter), effects: [.save(noted)]) {
      $0.prompt = nil
      $0.shared.marks[.series(500)]?.episodes[Self.key(1, 2)]?.note = "Great cold open"
      $0.shared.unsaved = [rated, noted]
      $0.shared.say("Saved your note on \(series.title) S01E02.", .confirmation)
    }
    store.send(.key(.character("R"))) { $0.prompt = Prompt(.rate, film: series, episode: Self.key(1, 2), $0.shared) }
    #expect(store.state.prompt?.text == "8")
    // Cleared, both: the episode says nothing more, and the mark that held only it is dropped.
    store.send(.key(.backspace)) {
      $0.prompt?.text = ""
      $0.prompt?.untouched = false
    }
    let cleared = LibraryChange(
      id: 500, media: .series, title: series.title, year: series.year, kind: .rating(nil), day: day,
      summary: MarkSummary(series), episode: Self.key(1, 2), seasons: second ?? [])
    store.send(.key(.enter), effects: [.save(cleared)]) {
      $0.prompt = nil
      $0.shared.marks[.series(500)]?.episodes[Self.key(1, 2)]?.rating = nil
      $0.shared.unsaved = [rated, noted, cleared]
      $0.shared.say("Cleared your rating of \(series.title) S01E02.", .confirmation)
    }
    var marks = store.state.shared.marks
    LibraryChange(
      id: 500, media: .series, title: series.title, year: series.year, kind: .note(nil), day: day,
      episode: Self.key(1, 2)
    ).apply(to: &marks)
    #expect(marks[.series(500)] == nil)
  }
}
