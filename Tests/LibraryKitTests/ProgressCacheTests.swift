import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import LibraryKit

@Suite("Up next read again: only the series a change touched")
struct ProgressCacheTests {
  /// Five series of two seasons of four episodes each, stored but not seen.
  static let series = (1...5).map { TitleInfo(media: .series(100 + $0), title: "Series \($0)") }
  /// The episodes of `series`.
  static func episodes(_ series: Int) -> [EpisodeInfo] {
    (1...2).flatMap { season in
      (1...4).map {
        EpisodeInfo(
          number: EpisodeKey(season: season, number: $0), name: "S\(season)E\($0) of \(series)",
          airDate: "2026-0\(season)-0\($0)", runtime: 30)
      }
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func theKeptProgressIsAlwaysWhatAFreshReadFinds(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let library = try freshLibrary()
    let other = try Library(path: library.path)
    for info in Self.series {
      try library.store(series: info, episodes: Self.episodes(info.media.id), day: "2026-01-01")
    }
    for step in 0..<60 {
      let info = try #require(Self.series.randomElement(using: &random))
      let episodes = Self.episodes(info.media.id)
      let some = Array(episodes.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
      let day = "2026-02-\(10 + step % 18)"
      // This connection's own writes, another connection's, a title renamed, a season re-stored.
      let writer = Int.random(in: 0..<10, using: &random) < 7 ? library : other
      switch Int.random(in: 0..<5, using: &random) {
      case 0, 1: try writer.watch(series: info, episodes: some, on: day, recorded: day)
      case 2: try writer.unwatch(info.media, episodes: some.map(\.number))
      case 3:
        var renamed = info
        renamed.title = "Renamed \(step)"
        try writer.store(series: renamed, episodes: episodes, day: day)
      default: try writer.store(series: info, episodes: Array(episodes.dropLast(step % 3)), day: day)
      }
      let today = step < 30 ? "2026-02-03" : "2026-02-05"
      let kept = try library.progress(today: today)
      let fresh = try Library(path: library.path).progress(today: today)
      #expect(kept == fresh, "step \(step), seed \(seed)")
    }
  }

  @Test func anOwnMarkReadsOnlyItsSeries() throws {
    let library = try freshLibrary()
    for info in Self.series {
      try library.store(series: info, episodes: Self.episodes(info.media.id), day: "2026-01-01")
      try library.watch(
        series: info, episodes: Array(Self.episodes(info.media.id).prefix(1)), on: "2026-01-02", recorded: "2026-01-02")
    }
    #expect(try library.progress(today: "2026-03-01").count == 5)
    let first = Self.series[0]
    try library.watch(
      series: first, episodes: [Self.episodes(first.media.id)[1]], on: "2026-01-03", recorded: "2026-01-03")
    let logged = try #require(library.progressCache?.logged)
    let touched = try ProgressCache.seriesTouched(library.connection, after: logged)
    #expect(touched == [first.media.id], "the watch and its title's upsert name one series")
    let progress = try library.progress(today: "2026-03-01")
    #expect(progress.first?.title.media == first.media && progress.first?.next?.name == "S1E3 of 101")
    #expect(library.progressCache?.logged == (try library.connection.scalar("SELECT max(seq) FROM changes")?.integer))
  }
}
