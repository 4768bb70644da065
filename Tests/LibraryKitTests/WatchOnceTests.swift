import AmodbKit
import Foundation
import Testing

@testable import LibraryKit

@Suite("A played file's watch: once a day")
struct WatchOnceTests {
  @Test func theSameFilmOrEpisodeOnTheSameDayIsOneWatchAndAnotherDayARewatch() throws {
    let library = try freshLibrary()
    let film = TitleInfo(media: .film(550), title: "Fight Club", year: 1999)
    #expect(try library.watchOnce(film, episode: nil, on: "2026-03-01", recorded: "2026-03-01"))
    #expect(try !library.watchOnce(film, episode: nil, on: "2026-03-01", recorded: "2026-03-01"))
    #expect(try library.watchOnce(film, episode: nil, on: "2026-03-02", recorded: "2026-03-02"))
    let series = TitleInfo(media: MediaID(.series, 1396), title: "Breaking Bad", year: 2008)
    let season = (1...3).map {
      EpisodeInfo(
        number: EpisodeKey(season: 1, number: $0), name: "Episode \($0)", airDate: "2008-01-2\($0)", runtime: 47)
    }
    let second = EpisodeKey(season: 1, number: 2)
    #expect(try library.watchOnce(series, episode: second, on: "2026-03-01", recorded: "2026-03-01", season: season))
    #expect(try !library.watchOnce(series, episode: second, on: "2026-03-01", recorded: "2026-03-01"))
    #expect(try library.seenEpisodes(1396) == [second])
    let history = try library.history()
    #expect(history.count == 3)
    #expect(history.filter { $0.rewatch }.count == 1, "the film's second day is a rewatch")
    #expect(history.first { $0.episode == second }?.episodeName == "Episode 2", "the season was kept with the watch")
  }
}
