import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("P: a file of the film or episode shown, played and marked once watched")
struct FilePlayTests {
  /// The app on film 1's screen, its details loaded.
  private func onFilm() -> AppState {
    var state = Sample.loaded(3)
    state.push(.film(FilmScreen(id: 1, known: state.rootList.movies[0])))
    let film = MovieDetails(id: 1, title: "Film 1")
    state.shared[film: 1] = Loadable(value: film, fetchedAt: Sample.start)
    return state
  }

  @Test func pAsksForAPathTabCompletesItAndEnterPlaysIt() {
    var store = TestStore(onFilm())
    #expect(Reducer.isAvailable(.playFile, in: store.state))
    #expect(KeyTable.standard.command(for: .character("P"), in: .film) == .playFile)
    #expect(Command(name: "play-file") == .playFile)
    let film = store.state.top.subject(store.state.shared) ?? MediaSummary(id: 1, title: "")
    store.send(.key(.character("P"))) { $0.prompt = Prompt(.playFile, film: film, $0.shared) }
    #expect(store.state.prompt?.label == "Play a file of Film 1 (Tab completes, Esc cancels):")
    for character in "~/Vi" { store.send(.key(.character(character))) { $0.prompt?.text.append(character) } }
    store.send(.key(.tab), effects: [.completePath("~/Vi")])
    store.send(.pathCompleted(typed: "~/Vi", text: "~/Videos/", matches: 1)) {
      $0.prompt?.text = "~/Videos/"
      $0.prompt?.matches = 1
    }
    #expect(store.state.prompt?.label.hasSuffix("Esc cancels):") == true, "one match says nothing more")
    store.send(.key(.tab), effects: [.completePath("~/Videos/")])
    store.send(.pathCompleted(typed: "~/Videos/", text: "~/Videos/Film.1", matches: 2)) {
      $0.prompt?.text = "~/Videos/Film.1"
      $0.prompt?.matches = 2
    }
    #expect(store.state.prompt?.label.hasSuffix("[2 matches]") == true)
    // An answer for a line typed on since is not taken.
    store.send(.key(.character("."))) {
      $0.prompt?.text = "~/Videos/Film.1."
      $0.prompt?.matches = 0
    }
    store.send(.pathCompleted(typed: "~/Videos/Film.1", text: "~/Videos/Film.1999.mkv", matches: 1))
    for character in "mkv" { store.send(.key(.character(character))) { $0.prompt?.text.append(character) } }
    let file = FileToPlay(path: "~/Videos/Film.1.mkv", title: film)
    store.send(.key(.enter), effects: [.playFile(file)]) {
      $0.prompt = nil
      $0.shared.say("Playing Film 1…", .message)
    }
  }

  @Test func aWatchedFilmIsMarkedSeenOnceThatDayAndAShortOneIsNot() {
    var store = TestStore(onFilm())
    let film = store.state.top.subject(store.state.shared) ?? MediaSummary(id: 1, title: "")
    let file = FileToPlay(path: "/v/Film.1.mkv", title: film)
    store.send(.filePlayed(file, .stopped(percent: 48, threshold: 90))) {
      $0.shared.say("Stopped Film 1 at 48% (a watch counts from 90%): not marked.", .message)
    }
    store.send(.filePlayed(file, .begunPast(threshold: 90))) {
      $0.shared.say("Film 1 began past where a watch counts (90%): not marked again.", .message)
    }
    store.send(.filePlayed(file, .failed("mpv exited with status 2."))) {
      $0.shared.say("The file did not play: mpv exited with status 2.", .failure)
    }
    var change = LibraryChange(
      id: 1, media: .film, title: "Film 1", year: film.year, kind: .seen(true), day: "2026-03-01",
      summary: MarkSummary(film))
    change.once = true
    store.send(.filePlayed(file, .watched(day: "2026-03-01")), effects: [.save(change)]) {
      change.apply(to: &$0.shared.marks)
      $0.shared.unsaved = [change]
      $0.shared.say("Watched Film 1: marked seen.", .confirmation)
    }
    #expect(store.state.shared.marks[MediaID(.film, 1)]?.seen == "2026-03-01")
  }

  @Test func onAnEpisodeTheEpisodeIsPlayedAndItsSeasonKeptWithTheWatch() {
    var store = TestStore(EpisodeMarksTests.onSeason(selected: 2))
    #expect(Reducer.isAvailable(.playFile, in: store.state))
    let series = EpisodeMarkLogic.series(500, store.state.shared)
    store.send(.key(.character("P"))) {
      $0.prompt = Prompt(.playFile, film: series, episode: EpisodeKey(season: 1, number: 2), $0.shared)
    }
    #expect(store.state.prompt?.label.contains("S01E02") == true)
    store.send(.key(.enter)) { $0.shared.say("A file needs its path (Tab completes it).", .problem) }
    store.send(.paste("/v/Show.S01E02.mkv")) { $0.prompt?.text = "/v/Show.S01E02.mkv" }
    let season = EpisodeMarksTests.season.episodes.map(MarkedEpisode.init)
    let file = FileToPlay(path: "/v/Show.S01E02.mkv", title: series, episode: season[1], season: season)
    store.send(.key(.enter), effects: [.playFile(file)]) {
      $0.prompt = nil
      $0.shared.say("Playing \(series.title) S01E02…", .message)
    }
    var change = EpisodeMarksTests.change([2], seen: true)
    change.day = "2026-03-01"
    change.once = true
    store.send(.filePlayed(file, .watched(day: "2026-03-01")), effects: [.save(change)]) {
      $0.shared.seenEpisodes[500] = .on("2026-03-01", [EpisodeKey(season: 1, number: 2)])
      $0.shared.unsaved = [change]
      $0.shared.say("Watched \(series.title) S01E02: marked seen.", .confirmation)
    }
  }

  @Test func noFileIsOfferedForASeriesAsAWhole() {
    var state = SeriesScreenTests.onSeries()
    #expect(!Reducer.isAvailable(.playFile, in: state))
    #expect(KeyTable.standard.command(for: .character("P"), in: .series) == nil)
    _ = Reducer.reduce(&state, .key(.character("P")))
    #expect(state.prompt == nil)
  }

  @Test func tabCompletesToWhatTheNamesShareAndAFolderGetsItsSlash() {
    let names = [
      PathEntry(name: "Film.1999.mkv", isFolder: false), PathEntry(name: "Film.2001.mkv", isFolder: false),
      PathEntry(name: "Films", isFolder: true), PathEntry(name: ".hidden", isFolder: false),
      PathEntry(name: "Show", isFolder: true),
    ]
    #expect(PathCompletion.split("~/Videos/Fi") == ("~/Videos/", "Fi"))
    #expect(PathCompletion.split("Fi") == ("", "Fi"))
    #expect(PathCompletion.complete("~/V/Fi", entries: names) == ("~/V/Film", 3))
    #expect(PathCompletion.complete("~/V/Film.", entries: names) == ("~/V/Film.", 2))
    #expect(PathCompletion.complete("~/V/Film.19", entries: names) == ("~/V/Film.1999.mkv", 1))
    #expect(PathCompletion.complete("Sh", entries: names) == ("Show/", 1))
    #expect(PathCompletion.complete("x", entries: names) == ("x", 0))
    #expect(PathCompletion.complete("/v/", entries: names).matches == 4, "hidden names only when a dot is typed")
    #expect(PathCompletion.complete("/v/.h", entries: names) == ("/v/.hidden", 1))
  }
}
