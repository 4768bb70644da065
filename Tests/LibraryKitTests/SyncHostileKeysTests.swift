import AmodbKit
import FoundationEssentials
import Testing

@testable import LibraryKit

/// Records whose key names rows the way no trending writes them: each costs only itself.
@Suite("Sync: a record's key is checked as its row is")
struct SyncHostileKeysTests {
  let fightClub = TitleInfo(media: .film(550), title: "Fight Club", year: 1999, runtime: 139)

  /// Writes `records` as the next segment of a device `laptop` in the folder, as a hostile or
  /// broken trending would have written them.
  private func send(_ records: [SyncRecord], from laptop: SyncDevice, segment: Int) throws {
    let clock = HybridClock(wall: SyncClock.milliseconds(Date()), counter: 0, device: laptop.id)
    let text = SyncSegment.text(
      SegmentHeader(
        device: laptop.id, name: "laptop", segment: segment, records: records.count, first: clock, last: clock),
      records)
    let name = String(repeating: "0", count: 7) + String(segment) + ".jsonl"
    try text.write(
      to: laptop.view.appendingPathComponent(laptop.id).appendingPathComponent(name), atomically: false,
      encoding: .utf8)
  }

  /// A deletion of `table` whose key is `key`, made now on `laptop`.
  private func deletion(_ table: String, _ key: [SQLValue], on laptop: SyncDevice, row: [SQLValue]? = nil)
    -> SyncRecord
  {
    SyncRecord(
      clock: HybridClock(wall: SyncClock.milliseconds(Date()), counter: 1, device: laptop.id), table: table, key: key,
      row: row)
  }

  @Test func theWatchlistIsNeverDeletedInAnyCaseAndAKeyIsReadAsTheLibraryStoresIt() throws {
    let (laptop, desktop) = try syncPair()
    try laptop.join()
    try desktop.join()
    _ = try desktop.library.add(fightClub, to: Schema.watchlistName, day: "2026-11-01")
    _ = try desktop.library.add(fightClub, to: "Noir", day: "2026-11-01")
    _ = try laptop.sync()
    try send(
      [
        deletion("lists", [.text("WATCHLIST")], on: laptop),
        deletion("list_deletions", [.text("Watchlist")], on: laptop),
        // A list's deletion that carries a row: once, it stopped the whole sync with an SQL error.
        deletion("list_deletions", [.null], on: laptop, row: []),
        // "550" would reach the film 550 by SQLite's conversions.
        deletion("titles", [.text("movie"), .text("550")], on: laptop),
        deletion("lists", [.integer(7)], on: laptop),
        // A watch whose uid is null names no row: refused, and no title stands in for its film.
        deletion(
          "watch_events", [.null], on: laptop,
          row: [.text("movie"), .integer(77), .null, .null, .text("2026-11-01"), .text("2026-11-01"), .null]),
      ], from: laptop, segment: 2)
    let outcome = try desktop.sync()
    #expect(outcome.applied == 0)
    #expect(outcome.problems.count == 1, "one file, named once: \(outcome.problems)")
    #expect(outcome.problems.first?.contains("4 records passed over") == true, "\(outcome.problems)")
    #expect(try desktop.library.title(.film(77)) == nil, "no stand-in for a refused record")
    #expect(try desktop.library.list(Schema.watchlistName)?.map(\.title.media) == [fightClub.media])
    #expect(try desktop.library.title(fightClub.media)?.title == "Fight Club")
    #expect(try desktop.library.check(today: ReleaseDate(day: Date()).description).isEmpty)
    // A list's name in another case is the same list, and one stamp: its deletion takes it.
    try send(
      [deletion("lists", [.text("NOIR")], on: laptop), deletion("list_deletions", [.text("NOIR")], on: laptop)],
      from: laptop, segment: 3)
    #expect(try desktop.sync().applied == 2)
    #expect(try desktop.library.list("Noir") == nil)
    #expect(try desktop.library.list(Schema.watchlistName)?.count == 1)
  }
}
