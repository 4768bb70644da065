import AmodbKit
import FoundationEssentials
import Testing

@testable import LibraryKit

/// A list renamed: its titles in their order and days under the new name, the old name gone, on
/// this machine and on every machine it syncs with; a name another list has is refused.
@Suite("Lists renamed, here and through sync")
struct ListRenameTests {
  let fightClub = TitleInfo(media: .film(550), title: "Fight Club", year: 1999)
  let heat = TitleInfo(media: .film(949), title: "Heat", year: 1995)

  @Test func aRenamedListKeepsItsTitlesInTheirOrderAndDays() throws {
    let library = try freshLibrary()
    _ = try library.add(heat, to: "Sci-fi faves", day: "2026-11-01")
    _ = try library.add(fightClub, to: "Sci-fi faves", day: "2026-11-02")
    _ = try library.add(fightClub, to: "Noir", day: "2026-11-03")
    let before = try #require(try library.list("Sci-fi faves"))
    #expect(try library.renameList("sci-fi FAVES", to: "Science fiction"))
    #expect(try library.list("Sci-fi faves") == nil)
    #expect(try library.list("Science fiction") == before, "the same titles, order and days")
    #expect(throws: LibraryError.self) { try library.renameList("Science fiction", to: "noir") }
    #expect(try library.list("Science fiction") == before, "refused, nothing changed")
    #expect(try library.renameList("Science fiction", to: "science FICTION"), "only its case")
    #expect(try library.lists().map(\.name).contains("science FICTION"))
    #expect(try !library.renameList(Schema.watchlistName, to: "Later"), "the watchlist keeps its name")
    #expect(try !library.renameList("nope", to: "x"))
    #expect(try library.check().isEmpty)
  }

  @Test func aRenameTravelsToTheOtherMachines() throws {
    let (laptop, desktop) = try syncPair()
    try laptop.join()
    try desktop.join()
    _ = try laptop.library.add(heat, to: "Sci-fi faves", day: "2026-11-01")
    _ = try laptop.library.add(fightClub, to: "Sci-fi faves", day: "2026-11-02")
    _ = try laptop.sync()
    _ = try desktop.sync()
    #expect(try desktop.library.list("Sci-fi faves")?.count == 2)
    #expect(try laptop.library.renameList("Sci-fi faves", to: "Science fiction"))
    _ = try laptop.sync()
    _ = try desktop.sync()
    #expect(try desktop.library.list("Sci-fi faves") == nil)
    #expect(try desktop.library.list("Science fiction")?.map(\.title.media) == [heat.media, fightClub.media])
    #expect(try laptop.export() == desktop.export())
    // Only its case: the same list everywhere, its titles kept.
    #expect(try laptop.library.renameList("Science fiction", to: "SCIENCE fiction"))
    _ = try laptop.sync()
    _ = try desktop.sync()
    #expect(try desktop.library.lists().map(\.name).contains("SCIENCE fiction"))
    #expect(try desktop.library.list("science fiction")?.map(\.title.media) == [heat.media, fightClub.media])
    #expect(try laptop.export() == desktop.export())
  }

  /// A title added under the old name on one machine while another renamed the list keeps the old
  /// name as a list of its own, on both machines: nothing lost, and both end alike.
  @Test func aTitleAddedWhileAnotherMachineRenamedKeepsTheOldNameEverywhere() throws {
    let (laptop, desktop) = try syncPair()
    try laptop.join()
    try desktop.join()
    _ = try laptop.library.add(fightClub, to: "Fav", day: "2026-11-01")
    _ = try laptop.sync()
    _ = try desktop.sync()
    _ = try laptop.library.add(heat, to: "Fav", day: "2026-11-02")
    #expect(try desktop.library.renameList("Fav", to: "Best"))
    for device in [desktop, laptop, desktop, laptop] { _ = try device.sync() }
    for device in [laptop, desktop] {
      #expect(try device.library.list("Best")?.map(\.title.media) == [fightClub.media])
      #expect(try device.library.list("Fav")?.map(\.title.media) == [heat.media])
      #expect(try device.library.check().isEmpty)
    }
    let (left, right) = (try laptop.export(), try desktop.export())
    #expect(left == right, "\(zip(left.split(separator: "\n"), right.split(separator: "\n")).filter { $0 != $1 })")
    // Emptied on either machine, the kept list goes on both.
    #expect(try laptop.library.remove(heat.media, from: "Fav"))
    for device in [laptop, desktop, laptop] { _ = try device.sync() }
    for device in [laptop, desktop] { #expect(try device.library.list("Fav") == nil) }
    #expect(try laptop.export() == desktop.export())
  }
}
