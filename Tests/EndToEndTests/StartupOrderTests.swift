import Foundation
import TestSupport
import Testing

/// The release link puts the functions start-ups run together at the front of the text
/// (`Scripts/startup-order.txt`, written by `make startup-order`): a start-up then faults in far
/// fewer pages of code. `make test` builds the release binary first.
@Suite("The release binary's start-up order")
struct StartupOrderTests {
  static let release = Fixtures.packageRoot.appendingPathComponent(".build/release/trending")
  static let order = Fixtures.packageRoot.appendingPathComponent("Scripts/startup-order.txt")

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: release.path) && BinaryRunner.has("nm"),
      "no release binary (make release builds it) or no nm"))
  func theStartUpsFunctionsSitAtTheFrontOfTheText() throws {
    let listed = try String(contentsOf: Self.order, encoding: .utf8).split(separator: "\n").map(String.init)
    let table = try BinaryRunner.program("nm", ["--defined-only", Self.release.path])
    #expect(table.status == 0, "\(table.stderr)")
    var addresses: [String: UInt64] = [:]
    for line in table.stdout.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 3, fields[1] == "t" || fields[1] == "T", let address = UInt64(fields[0], radix: 16)
      else { continue }
      addresses[String(fields[2])] = address
    }
    let text = try #require(addresses.values.min())...(try #require(addresses.values.max()))
    let placed = listed.compactMap { addresses[$0] }.sorted()
    // A list of names this binary no longer has orders nothing: `make startup-order` writes it anew.
    #expect(
      placed.count * 10 >= listed.count * 8, "\(placed.count) of \(listed.count) listed functions are in the binary")
    // Unordered, the start-up's functions spread over the whole text (nine tenths of them in its
    // first 80%); ordered, over the first half at most, with the sections the stdlib and
    // Foundation do not split per function.
    let ninety = try #require(placed.isEmpty ? nil : placed[placed.count * 9 / 10])
    let share = Double(ninety - text.lowerBound) / Double(text.upperBound - text.lowerBound)
    #expect(share < 0.6, "nine tenths of the start-up's functions lie in the first \(Int(share * 100))% of the text")
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: release.path) && BinaryRunner.has("readelf"),
      "no release binary (make release builds it) or no readelf"))
  func theReleaseBinaryLoadsOnlyTheCLibraryAtStart() throws {
    // ncurses, libstdc++ and the Swift runtime are linked in (`static-libs`, docs/build.md): loading
    // ncurses's two shared objects was a tenth of the first frame.
    let dynamic = try BinaryRunner.program("readelf", ["-d", Self.release.path])
    #expect(dynamic.status == 0, "\(dynamic.stderr)")
    let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
      line.split(separator: "[").last?.split(separator: "]").first.map(String.init)
    }
    #expect(needed.contains("libc.so.6"), "the NEEDED entries were read: \(dynamic.stdout)")
    #expect(Set(needed).isSubset(of: ["libc.so.6", "libm.so.6", "ld-linux-x86-64.so.2"]), "\(needed)")
    // libgcc's unwinder is linked in (`-static-libgcc`) and no run path sends the loader looking
    // next to the binary first: each was a tenth of a millisecond or more before `main`.
    #expect(!dynamic.stdout.contains("(RUNPATH)") && !dynamic.stdout.contains("(RPATH)"), "\(dynamic.stdout)")
  }
}
