import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// Series as the snapshots draw them: a running series with its next episode, a season with an
/// episode still to air, an episode with its people, the series tab and a search of everything.
enum SeriesScenes {
  static func summary(_ id: Int, _ name: String, year: Int, score: Double) -> MediaSummary {
    MediaSummary(
      id: id, kind: .series, title: name, releaseDate: ReleaseDate("\(year)-02-18"), voteAverage: score,
      voteCount: 3000, overview: "Series \(id), in a few plain words.", genreIDs: [18, 10765])
  }

  static let series: [MediaSummary] = [
    summary(95396, "Severance", year: 2022, score: 8.4),
    summary(66119, "פאודה", year: 2015, score: 7.8),
    summary(93405, "오징어 게임", year: 2021, score: 7.8),
    summary(1668, "Friends", year: 1994, score: 8.4),
    summary(94305, "Эпидемия", year: 2019, score: 7.3),
    summary(1399, "Game of Thrones", year: 2011, score: 8.4),
  ]

  static let details = SeriesDetails(
    id: 95396, name: "Severance", tagline: "Work is mysterious and important.",
    overview: String(
      repeating: "Office workers whose memories of work and home have been split apart begin to ask why. ", count: 4),
    firstAirDate: ReleaseDate("2022-02-18"), lastAirDate: ReleaseDate("2025-03-21"), status: "Returning Series",
    inProduction: true, networks: ["Apple TV+"], createdBy: [PersonReference(id: 1, name: "Dan Erickson")],
    numberOfSeasons: 2, numberOfEpisodes: 19, episodeRuntime: 55, genres: ["Drama", "Mystery", "Sci-Fi & Fantasy"],
    voteAverage: 8.4, voteCount: 2900,
    lastEpisode: Episode(season: 2, number: 10, name: "Cold Harbor", airDate: ReleaseDate("2025-03-21")),
    nextEpisode: Episode(season: 3, number: 1, name: "Hello, Ms. Cobel", airDate: ReleaseDate("2027-01-19")),
    seasons: [
      SeasonSummary(number: 0, name: "Specials", episodeCount: 2, airDate: ReleaseDate("2022-01-10")),
      SeasonSummary(number: 1, name: "Season 1", episodeCount: 9, airDate: ReleaseDate("2022-02-18"), voteAverage: 8.3),
      SeasonSummary(
        number: 2, name: "Season 2", episodeCount: 10, airDate: ReleaseDate("2025-01-17"), voteAverage: 8.5),
      SeasonSummary(number: 3, name: "Season 3", episodeCount: 10, airDate: ReleaseDate("2027-01-19")),
    ],
    credits: SeriesCredits(
      cast: [
        SeriesCastMember(id: 2, name: "Adam Scott", characters: ["Mark Scout"], episodeCount: 19, order: 0),
        SeriesCastMember(
          id: 3, name: "Britt Lower", characters: ["Helly R.", "Helena Eagan"], episodeCount: 19, order: 1),
        SeriesCastMember(id: 4, name: "Tramell Tillman", characters: ["Seth Milchick"], episodeCount: 19, order: 2),
        SeriesCastMember(id: 5, name: "John Turturro", characters: ["Irving B."], episodeCount: 19, order: 3),
      ],
      crew: [
        SeriesCrewMember(id: 6, name: "Ben Stiller", jobs: ["Executive Producer", "Director"], episodeCount: 19),
        SeriesCrewMember(id: 1, name: "Dan Erickson", jobs: ["Writer"], episodeCount: 19),
      ]),
    certifications: ["US": "TV-MA"], providers: ["US": WatchProviders(subscription: ["Apple TV+"])],
    recommendations: [summary(70523, "Dark", year: 2017, score: 8.4), summary(125988, "Silo", year: 2023, score: 8.1)],
    similar: [summary(67744, "Mindhunter", year: 2017, score: 8.3)], imdbID: "tt11280740",
    ratings: Ratings(imdb: Rating(value: 8.7, votes: 330_000), rottenTomatoes: Rating(value: 96)))

  static let guest = CastMember(id: 7, name: "Christopher Walken", character: "Burt Goodman", order: 0)

  static let season = SeasonDetails(
    number: 3, name: "Season 3", overview: "The third season.", airDate: ReleaseDate("2027-01-10"),
    episodes: [
      Episode(
        season: 3, number: 1, name: "Hello, Ms. Cobel", airDate: ReleaseDate("2027-01-10"), runtime: 57,
        voteAverage: 8.6, voteCount: 120, overview: "Mark comes back to a floor that has changed without him.",
        crew: [
          CrewMember(id: 6, name: "Ben Stiller", job: "Director", department: "Directing"),
          CrewMember(id: 1, name: "Dan Erickson", job: "Writer", department: "Writing"),
        ],
        guestStars: [guest]),
      Episode(season: 3, number: 2, name: "Goodbye, Mrs. Selvig", airDate: ReleaseDate("2027-01-19"), runtime: 52),
      Episode(season: 3, number: 3, name: nil, airDate: nil),
    ])

  static func tab(_ size: Size) -> AppState {
    var state = Scenes.base(size)
    _ = Reducer.reduce(&state, .key(.character("t")))
    state.rootList.list = Loadable(
      value: Listing(firstPage: MediaPage(results: series)), fetchedAt: Scenes.now.addingTimeInterval(-120))
    state.rootList.selection = 0
    state.shared[series: 95396] = Loadable(value: details, fetchedAt: Scenes.now)
    return state
  }

  static func onSeries(_ size: Size) -> AppState {
    var state = tab(size)
    state.push(.series(SeriesScreen(id: 95396, known: series[0])))
    return state
  }

  static func onSeason(_ size: Size) -> AppState {
    var state = onSeries(size)
    state.push(.season(SeasonScreen(seriesID: 95396, number: 3)))
    state.shared[season: 95396, number: 3] = Loadable(value: season, fetchedAt: Scenes.now)
    return state
  }
}

@Suite("Series snapshots")
struct SeriesSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  @Test(arguments: Scenes.screenSizes)
  func theSeriesTab(size: Size) {
    ScreenSnapshotTests.check(SeriesScenes.tab(size), "series-tab")
  }

  @Test(arguments: Scenes.screenSizes)
  func aSeriesFactsFirstWithItsNextEpisode(size: Size) {
    ScreenSnapshotTests.check(SeriesScenes.onSeries(size), "series")
  }

  @Test(arguments: Scenes.screenSizes)
  func aSeriesScrolledToItsSeasonsAndPeople(size: Size) {
    var state = SeriesScenes.onSeries(size)
    _ = Reducer.reduce(&state, .documentLayout(Renderer.render(state).document ?? DocumentLayout(maxScroll: 0)))
    _ = Reducer.reduce(&state, .key(.pageDown))
    ScreenSnapshotTests.check(state, "series-seasons")
  }

  @Test(arguments: Scenes.screenSizes)
  func aSeasonWithAnEpisodeStillToAir(size: Size) {
    var state = SeriesScenes.onSeason(size)
    _ = Reducer.reduce(&state, .documentLayout(Renderer.render(state).document ?? DocumentLayout(maxScroll: 0)))
    _ = Reducer.reduce(&state, .key(.down))
    ScreenSnapshotTests.check(state, "season")
  }

  @Test(arguments: Scenes.screenSizes)
  func aSeasonWithItsSeenEpisodesTicked(size: Size) {
    var state = SeriesScenes.onSeason(size)
    state.shared.seenEpisodes[95396] = [EpisodeKey(season: 3, number: 1)]
    _ = Reducer.reduce(&state, .documentLayout(Renderer.render(state).document ?? DocumentLayout(maxScroll: 0)))
    ScreenSnapshotTests.check(state, "season-seen")
  }

  @Test(arguments: Scenes.screenSizes)
  func anEpisodeSeenWithTheUsersRatingAndNote(size: Size) {
    var state = SeriesScenes.onSeason(size)
    state.shared.seenEpisodes[95396] = [EpisodeKey(season: 3, number: 1)]
    var mark = Mark(id: 95396, kind: .series, title: "Severance", year: 2022, onWatchlist: false, added: "")
    mark.episodes[EpisodeKey(season: 3, number: 1)] = EpisodeNotes(rating: 9, note: "Watched it twice.")
    state.shared.marks[.series(95396)] = mark
    state.push(.episode(EpisodeScreen(seriesID: 95396, season: 3, number: 1)))
    ScreenSnapshotTests.check(state, "episode-seen")
  }

  /// An episode airing today says so, on its season's row and its own screen.
  @Test func anEpisodeAiringTodaySaysToday() throws {
    var state = SeriesScenes.onSeason(Size(width: 100, height: 30))
    var season = SeriesScenes.season
    season.episodes[1].airDate = state.shared.today
    state.shared[season: 95396, number: 3] = Loadable(value: season, fetchedAt: Scenes.now)
    let screen = Renderer.render(state).screen
    let row = try #require((0..<screen.height).map { screen.line($0) }.first { $0.contains("Goodbye, Mrs. Selvig") })
    #expect(row.contains("today"), "\(row)")
  }

  /// An episode with no date before one still to come has not aired: its date is still to come.
  @Test func anUndatedEpisodeBeforeOneToComeIsStillToCome() throws {
    var state = SeriesScenes.onSeason(Size(width: 100, height: 30))
    var season = SeriesScenes.season
    season.episodes[1].airDate = nil
    season.episodes[1].airedBy = ReleaseDate("2027-02-01")
    state.shared[season: 95396, number: 3] = Loadable(value: season, fetchedAt: Scenes.now)
    let screen = Renderer.render(state).screen
    let row = try #require((0..<screen.height).map { screen.line($0) }.first { $0.contains("Goodbye, Mrs. Selvig") })
    #expect(row.contains("date to come"), "\(row)")
  }

  @Test func anEpisodesBarOffersTheNextAndThePreviousEpisode() {
    var state = SeriesScenes.onSeason(Size(width: 120, height: 30))
    state.push(.episode(EpisodeScreen(seriesID: 95396, season: 3, number: 2)))
    let bar = KeyHints.line(for: state, width: 120)
    #expect(bar.contains("n next") && bar.contains("p previous"), "\(bar)")
  }

  @Test func anEpisodesSeriesNameIsTheFirstLinkAndOpensTheSeries() {
    var state = SeriesScenes.onSeason(Size(width: 80, height: 24))
    state.push(.episode(EpisodeScreen(seriesID: 95396, season: 3, number: 1)))
    let layout = Renderer.render(state).document ?? DocumentLayout(maxScroll: 0)
    _ = Reducer.reduce(&state, .documentLayout(layout))
    _ = Reducer.reduce(&state, .key(.character("j")))
    _ = Reducer.reduce(&state, .key(.enter))
    #expect(state.stack.last == .series(SeriesScreen(id: 95396, known: state.shared.series(95396).value?.summary)))
  }

  @Test(arguments: Scenes.screenSizes)
  func aSeriesSeasonsWithEpisodesSeenOfThoseAired(size: Size) {
    var state = SeriesScenes.onSeries(size)
    state.shared.seenEpisodes[95396] = SeenEpisodes(
      days: ((1...9).map { EpisodeKey(season: 1, number: $0) } + [
        EpisodeKey(season: 2, number: 1), EpisodeKey(season: 2, number: 2),
      ]).reduce(into: [:]) { $0[$1] = "2026-01-01" })
    // Paged down until the seasons show, however small the screen.
    for _ in 0..<12 where !Renderer.render(state).screen.plainText.contains("2/10") {
      _ = Reducer.reduce(&state, .documentLayout(Renderer.render(state).document ?? DocumentLayout(maxScroll: 0)))
      _ = Reducer.reduce(&state, .key(.pageDown))
    }
    ScreenSnapshotTests.check(state, "series-seasons-progress")
  }

  @Test(arguments: Scenes.screenSizes)
  func anEpisodeWithItsPeople(size: Size) {
    var state = SeriesScenes.onSeason(size)
    state.push(.episode(EpisodeScreen(seriesID: 95396, season: 3, number: 1)))
    ScreenSnapshotTests.check(state, "episode")
  }

  @Test(arguments: Scenes.screenSizes)
  func aSearchOfEverythingMarksEachKind(size: Size) {
    let person = MediaSummary(
      id: 9, kind: .person, title: "Adam Scott",
      knownFor: KnownFor(department: "Acting", titles: ["Severance", "Parks and Recreation"]))
    let results = [SeriesScenes.series[0], Scenes.films[0], person, Scenes.films[4]]
    ScreenSnapshotTests.check(ScreenSnapshotTests.searching(size, text: "sev", results: results), "search-everything")
  }

  @Test(arguments: Scenes.screenSizes)
  func aPersonsFilmsAndSeriesTogether(size: Size) {
    var state = Scenes.detail(size, details: Scenes.fullDetails)
    var person = Scenes.person
    person.credits.insert(
      PersonCredit(
        media: SeriesScenes.summary(60574, "Peaky Blinders", year: 2013, score: 8.5), role: "Thomas Shelby",
        isCast: true, episodeCount: 36), at: 0)
    state.push(.person(PersonScreen(id: 1)))
    state.shared[person: 1] = Loadable(value: person, fetchedAt: Scenes.now)
    ScreenSnapshotTests.check(state, "person-with-series")
  }

  @Test func aPersonsNoteKeepsWholeRolesSaysHowManyWentAndCutsOnlyAFirstThatAloneDoesNotFit() {
    let jobs = ["Executive Producer", "Director"]
    #expect(
      SeriesDocument.note(jobs, separator: ", ", episodes: 9, room: 60) == "Executive Producer, Director · 9 episodes")
    // The count cut, and said to be; left out where too little of it would show.
    #expect(SeriesDocument.note(jobs, separator: ", ", episodes: 9, room: 36) == "Executive Producer, Director · 9 ep…")
    #expect(SeriesDocument.note(jobs, separator: ", ", episodes: 9, room: 30) == "Executive Producer, Director")
    // Not "Executive Producer, Dire…": the roles that fit, each whole, and how many went.
    #expect(SeriesDocument.note(jobs, separator: ", ", episodes: 9, room: 25) == "Executive Producer +1")
    #expect(SeriesDocument.note(jobs, separator: ", ", episodes: 9, room: 10) == "Executive…")
    #expect(SeriesDocument.note([], separator: ", ", episodes: 9, room: 30) == "9 episodes")
    #expect(SeriesDocument.note(["Helly R."], separator: " / ", episodes: 0, room: 30) == "Helly R.")
  }
}
