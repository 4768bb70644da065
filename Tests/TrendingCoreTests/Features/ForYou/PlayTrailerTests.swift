import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("Play trailer on a film, a series and an episode")
struct PlayTrailerTests {
  let trailer = Video(site: "YouTube", key: "dfeUzm6KF4g", type: "Trailer", name: "Official Trailer", official: true)

  @Test func vOnAFilmWithATrailerPlaysItsAddressAndSaysSo() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.enter), effects: [.fetchFilm(1)]) {
      $0.push(.film(FilmScreen(id: 1, known: $0.rootList.movies[0])))
      $0.shared[film: 1] = Loadable()
      $0.shared[film: 1]?.begin()
    }
    #expect(!Reducer.isAvailable(.playTrailer, in: store.state), "no details yet: no trailer")
    store.send(.key(.character("v")))
    let film = MovieDetails(id: 1, title: "Film 1", videos: [trailer])
    store.send(.filmLoaded(1, .success(Sample.fetched(film)))) { $0.shared[film: 1]?.succeed(film, at: Sample.start) }
    #expect(Reducer.isAvailable(.playTrailer, in: store.state))
    let url = "https://www.youtube.com/watch?v=dfeUzm6KF4g"
    store.send(.key(.character("v")), effects: [.playTrailer(url)]) {
      $0.shared.say("Playing the trailer: " + url, .link)
    }
    #expect(Command(name: "play-trailer") == .playTrailer)
  }

  @Test func vWhereNoTrailerIsKnownSaysSo() {
    var state = Sample.loaded(3)
    let series = SeriesDetails(id: 1396, name: "Breaking Bad")
    state.shared.answers[state.shared.seriesRequest(1396)] = Loadable(value: .series(series), fetchedAt: Sample.start)
    state.push(.series(SeriesScreen(id: 1396)))
    #expect(Reducer.reduce(&state, .key(.character("v"))).isEmpty)
    #expect(state.shared.currentNotice?.text == "No trailer is known for Breaking Bad.")
  }

  @Test func vOnAFilmWithNoTrailerNamesItsVideosPage() {
    var store = TestStore(Sample.loaded(3))
    store.send(.key(.enter), effects: [.fetchFilm(1)]) {
      $0.push(.film(FilmScreen(id: 1, known: $0.rootList.movies[0])))
      $0.shared[film: 1] = Loadable()
      $0.shared[film: 1]?.begin()
    }
    let film = MovieDetails(id: 1, title: "Film 1")
    store.send(.filmLoaded(1, .success(Sample.fetched(film)))) { $0.shared[film: 1]?.succeed(film, at: Sample.start) }
    #expect(!Reducer.isAvailable(.playTrailer, in: store.state))
    store.send(.key(.character("v"))) {
      $0.shared.say("No trailer is known for Film 1; its videos: https://www.themoviedb.org/movie/1/videos", .link)
    }
  }

  @Test func aSeriesAndItsEpisodesPlayTheSeriesTrailer() {
    var state = Sample.loaded(3)
    let series = SeriesDetails(id: 1396, name: "Breaking Bad", videos: [trailer])
    state.shared.answers[state.shared.seriesRequest(1396)] = Loadable(value: .series(series), fetchedAt: Sample.start)
    state.push(.series(SeriesScreen(id: 1396)))
    #expect(state.top.trailer(state.shared) == trailer)
    state.push(.episode(EpisodeScreen(seriesID: 1396, season: 1, number: 1)))
    #expect(state.top.trailer(state.shared) == trailer)
    #expect(Reducer.isAvailable(.playTrailer, in: state))
    #expect(KeyTable.standard.command(for: .character("v"), in: .episode) == .playTrailer)
    #expect(KeyTable.standard.command(for: .character("v"), in: .list) == nil, "a list has no trailer")
  }
}
