import Foundation
import Testing

@testable import TestSupport

/// `trending rated`, the command line's Recently rated: every rating, newest first, as text, JSON
/// and CSV; nothing rated said on standard error, for a person, with nothing for a script.
@Suite("End to end: trending rated")
struct RatedCommandTests {
  private let home = FileManager.default.temporaryDirectory.appendingPathComponent("rated-\(UUID().uuidString)")

  private var environment: [String: String] {
    ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path]
  }

  private func run(_ arguments: [String]) throws -> BinaryRunner.Outcome {
    try BinaryRunner.run(arguments, environment: environment)
  }

  @Test func everyRatingNewestFirstAsTextJSONAndCSV() throws {
    let none = try run(["rated", "--demo"])
    #expect(none.status == 0 && none.stdout.isEmpty, "\(none.stdout)")
    #expect(none.stderr.contains("Nothing rated yet"), "\(none.stderr)")
    #expect(try run(["rated", "--json", "--demo"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    #expect(try run(["rate", "550", "9", "--demo"]).status == 0)
    #expect(try run(["rate", "tv/1396", "8", "--season", "1", "--episode", "2", "--demo"]).status == 0)
    let text = try run(["rated", "--demo"])
    let lines = text.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    #expect(lines.map { $0.count } == [5, 5], "\(text.stdout)")
    #expect(lines.first?[1] == "tv/1396" && lines.first?[3] == "S01E02" && lines.first?[4] == "8", "newest first")
    #expect(lines.last?[2] == "Fight Club (1999)" && lines.last?[4] == "9")
    let json = try run(["rated", "--json", "--demo"])
    let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(items.map { $0["id"] as? Int } == [1396, 550])
    #expect(items.first?["episode"] as? Int == 2 && items.first?["score"] == nil, "an episode has no public score here")
    #expect(items.last?["rating"] as? Int == 9 && items.last?["score"] as? Double == 8.4)
    let csv = try run(["rated", "--csv", "--demo"]).stdout.split(separator: "\n")
    #expect(csv.first == "Date,tmdbID,Type,Title,Year,Season,Episode,EpisodeTitle,Rating10")
    #expect(csv.last?.hasSuffix(",550,movie,Fight Club,1999,,,,9") == true, "\(csv)")
  }
}
