import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import LibraryKit

@Suite("Up next: what SQLite sums up is what every episode walked through says")
struct ProgressTests {
  /// What the library was given: each series' stored episodes and the watches of its episodes.
  struct Given {
    var stored: [Int: [EpisodeInfo]] = [:]
    var watches: [Int: [(key: EpisodeKey, day: String, order: Int)]] = [:]
    /// How many watches were recorded: the order of the next.
    var recorded = 0

    /// Notes a watch of `series`' episode recorded now.
    mutating func watched(_ series: Int, _ key: EpisodeKey, on day: String) {
      recorded += 1
      watches[series, default: []].append((key, day, recorded))
    }
  }

  /// Up next worked out the long way from what was given: every stored episode of a series walked
  /// through against the set it has seen.
  static func expected(_ given: Given, titles: [Int: TitleInfo], today: String) -> [SeriesProgress] {
    var result: [SeriesProgress] = []
    for (series, events) in given.watches {
      let counted = events.filter { $0.key.season > 0 }
      guard !counted.isEmpty, let title = titles[series] else { continue }
      let watched = Set(counted.map(\.key))
      let episodes = (given.stored[series] ?? []).filter { $0.number.season > 0 }.sorted { $0.number < $1.number }
      // An episode with no date aired before any later one that has aired.
      let aired = episodes.filter { episode in
        episode.airDate.map { $0 <= today }
          ?? episodes.contains { $0.number > episode.number && ($0.airDate ?? "9999") <= today }
      }
      let furthest = watched.max()
      let unseen = episodes.filter { !watched.contains($0.number) }
      let ahead = unseen.filter { episode in furthest.map { episode.number > $0 } ?? true }
      // The next after the furthest still to come: the first skipped since the first watched, if it
      // aired, comes before it.
      let earliest = watched.min()
      let skipped = unseen.first { episode in earliest.map { episode.number > $0 } ?? true }
        .flatMap { episode in aired.contains { $0.number == episode.number } ? episode : nil }
      let comingNext = ahead.first.flatMap { $0.airDate.map { $0 > today } == true ? $0 : nil }
      let first = comingNext.flatMap { coming in skipped.flatMap { $0.number < coming.number ? $0 : nil } }
      guard let next = first ?? ahead.first ?? unseen.first else { continue }
      let after = episodes.first { $0.number > next.number && !watched.contains($0.number) }
      let latest = counted.max { ($0.day, $0.order) < ($1.day, $1.order) }
      result.append(
        SeriesProgress(
          title: title, seen: watched.count, aired: max(aired.count, watched.count), next: next, after: after,
          lastWatched: latest?.day ?? "", latestWatch: latest?.order ?? 0,
          nextAired: aired.contains { $0.number == next.number }))
    }
    return result.sorted {
      ($0.lastWatched, $0.latestWatch, $0.title.media.id) > ($1.lastWatched, $1.latestWatch, $1.title.media.id)
    }
  }

  /// Begun at the fifth, the sixth still to come: the sixth is next (what came before the first
  /// watched is no gap). The second and fourth seen too: the third, skipped and aired, is next.
  @Test func watchedOutOfOrderTheFirstAiredSkippedSinceTheFirstWatchedIsNext() throws {
    let library = try freshLibrary()
    let series = TitleInfo(media: .series(990101), title: "Out of Order")
    let episodes = (1...6).map {
      EpisodeInfo(
        number: EpisodeKey(season: 1, number: $0), name: "E\($0)", airDate: $0 < 6 ? "2026-11-0\($0)" : "2026-12-10",
        runtime: 30)
    }
    try library.store(series: series, episodes: episodes, day: "2026-12-05")
    try library.watch(series: series, episodes: [episodes[4]], on: "2026-12-05", recorded: "2026-12-05")
    let begun = try #require(try library.progress(today: "2026-12-05").first)
    #expect(begun.next?.number == EpisodeKey(season: 1, number: 6) && begun.seen == 1 && begun.aired == 5)
    try library.watch(series: series, episodes: [episodes[1], episodes[3]], on: "2026-12-05", recorded: "2026-12-05")
    let progress = try #require(try library.progress(today: "2026-12-05").first)
    #expect(progress.next?.number == EpisodeKey(season: 1, number: 3) && progress.seen == 3)
    #expect(progress.after?.number == EpisodeKey(season: 1, number: 6), "the fifth is seen")
    // Dropped (not interested): in no progress, and back once shown again.
    #expect(try library.hide(series, true, day: "2026-12-05"))
    #expect(try library.progress(today: "2026-12-05").isEmpty)
    #expect(try library.followed().isEmpty)
    #expect(try library.hide(series, false, day: "2026-12-05"))
    #expect(try library.progress(today: "2026-12-05").first?.title.media == .series(990101))
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func theSummedUpProgressIsTheWalkedThroughOne(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let library = try freshLibrary()
    var given = Given()
    var titles: [Int: TitleInfo] = [:]
    let today = "2026-06-01"
    for series in 1...12 {
      let info = TitleInfo(media: .series(series), title: "Series \(series)")
      titles[series] = info
      // Specials (season 0), up to three seasons, some episodes with no air date, airing today or to come.
      var episodes: [EpisodeInfo] = []
      for season in 0...Int.random(in: 0...3, using: &random) {
        for number in 1...Int.random(in: 1...6, using: &random) {
          let airDate: String? =
            switch Int.random(in: 0..<6, using: &random) {
            case 0: nil
            case 1: "2027-0\(season + 1)-0\(number)"
            case 2: today
            default: "2025-0\(season + 1)-0\(number)"
            }
          episodes.append(
            EpisodeInfo(
              number: EpisodeKey(season: season, number: number), name: "S\(season)E\(number)", airDate: airDate,
              runtime: 30))
        }
      }
      try library.store(series: info, episodes: episodes, day: "2026-01-01")
      given.stored[series] = episodes
      // Watches: some stored episodes (a gap left, a rewatch, the whole lot), and now and then one
      // the library knows nothing of.
      for _ in 0..<Int.random(in: 0...8, using: &random) {
        let day = "2026-02-\(10 + Int.random(in: 0...18, using: &random))"
        if Int.random(in: 0..<8, using: &random) == 0 {
          let unknown = EpisodeKey(season: Int.random(in: 1...4, using: &random), number: 7)
          // A second of the same day is not recorded (and changes nothing the walk counts).
          if try library.watchOnce(info, episode: unknown, on: day, recorded: day) {
            given.watched(series, unknown, on: day)
          }
        } else if let episode = episodes.randomElement(using: &random) {
          try library.watch(series: info, episodes: [episode], on: day, recorded: day)
          given.watched(series, episode.number, on: day)
        }
      }
      if Int.random(in: 0..<5, using: &random) == 0 {
        try library.watch(series: info, episodes: episodes, on: "2026-02-01", recorded: "2026-02-01")
        for episode in episodes { given.watched(series, episode.number, on: "2026-02-01") }
      }
    }
    #expect(try library.progress(today: today) == Self.expected(given, titles: titles, today: today), "seed \(seed)")
  }

  @Test func theRecentSeriesComeLatestFirstWithTheEpisodesHeldOfEachSeason() throws {
    let library = try freshLibrary()
    let episode = { (season: Int, number: Int) in
      EpisodeInfo(number: EpisodeKey(season: season, number: number), name: "", airDate: nil, runtime: nil)
    }
    // Series 1: two seasons held (3 and 1 episodes), watched on the 5th; series 2: nothing held but
    // the one episode seen, on the 9th; series 3: seen on the 7th; series 4: held, never seen.
    try library.store(
      series: TitleInfo(media: .series(1), title: "One"),
      episodes: [episode(1, 1), episode(1, 2), episode(1, 3), episode(2, 1)], day: "2026-01-01")
    try library.watch(
      series: TitleInfo(media: .series(1), title: "One"), episodes: [episode(1, 1)], on: "2026-02-05",
      recorded: "2026-02-05")
    _ = try library.watchOnce(
      TitleInfo(media: .series(2), title: "Two"), episode: EpisodeKey(season: 4, number: 2), on: "2026-02-09",
      recorded: "2026-02-09")
    try library.watch(
      series: TitleInfo(media: .series(3), title: "Three"), episodes: [episode(1, 1)], on: "2026-02-07",
      recorded: "2026-02-07")
    try library.store(series: TitleInfo(media: .series(4), title: "Four"), episodes: [episode(1, 1)], day: "2026-01-01")
    // Series 5: seen on the 9th too, marked after series 2: of the two, it comes first.
    try library.watch(
      series: TitleInfo(media: .series(5), title: "Five"), episodes: [episode(1, 1)], on: "2026-02-09",
      recorded: "2026-02-09")
    #expect(
      try library.recentSeries(atMost: 10) == [
        SeriesSeasons(series: 5, episodes: [1: 1]), SeriesSeasons(series: 2, episodes: [:]),
        SeriesSeasons(series: 3, episodes: [1: 1]), SeriesSeasons(series: 1, episodes: [1: 3, 2: 1]),
      ])
    #expect(try library.recentSeries(atMost: 2).map(\.series) == [5, 2])
  }
}
