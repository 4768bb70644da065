import Foundation
import TestSupport
import Testing

/// `trending collection` as a process, on the demo data.
@Suite("trending collection on the demo data")
struct CollectionCommandTests {
  @Test func printsTheCollectionWithItsFilmsOldestFirst() throws {
    let outcome = try BinaryRunner.run(["collection", "2344", "--demo"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "The Matrix Collection")
    #expect(lines.dropFirst().first == "4 films · 1999–2021")
    #expect(outcome.stdout.contains("Neo, Trinity and Morpheus"), "the overview")
    let films = try #require(lines.firstIndex(of: "Films"))
    let rows = lines[(films + 1)...].filter { !$0.isEmpty }
    #expect(rows.count == 4, "\(outcome.stdout)")
    let titles = ["The Matrix", "The Matrix Reloaded", "The Matrix Revolutions", "The Matrix Resurrections"]
    let years = ["1999", "2003", "2003", "2021"]
    for (row, (title, year)) in zip(rows, zip(titles, years)) {
      #expect(row.hasPrefix("  \(year)  \(title) "), "\(row)")
    }
    #expect(rows.first?.hasSuffix("8.2") == true, "each film's score at the right: \(rows.first ?? "")")
  }

  @Test func printsJSONWithIdsToOpenEachFilm() throws {
    let outcome = try BinaryRunner.run(["collection", "8091", "--demo", "--json"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    #expect(object["id"] as? Int == 8091)
    #expect(object["name"] as? String == "Alien Collection")
    #expect(object["years"] as? String == "1979–2024")
    #expect((object["poster_url"] as? String)?.hasSuffix("/w500/demo-348.jpg") == true)
    let parts = try #require(object["parts"] as? [[String: Any]])
    #expect(parts.compactMap { $0["id"] as? Int } == [348, 679, 8077, 8078, 945961], "release order, not TMDB's")
    #expect(parts.first?["title"] as? String == "Alien")
    #expect(parts.first?["release_date"] as? String == "1979-05-25")
    #expect(parts.first?["score"] as? Double == 8.2)
  }

  @Test func everyDemoFilmsCollectionIsThere() throws {
    for (film, collection) in [(693134, 726871), (238, 230), (603, 2344), (348, 8091), (78, 422837)] {
      let show = try BinaryRunner.run(["show", String(film), "--demo", "--json"])
      let details = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
      let outcome = try BinaryRunner.run(["collection", String(collection), "--demo", "--json"])
      #expect(outcome.status == 0, "\(collection): \(outcome.stderr)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
      #expect(object["name"] as? String == details["collection"] as? String, "the film's line names its collection")
      let ids = (object["parts"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
      #expect(ids.contains(film), "\(collection) holds \(film)")
    }
  }

  @Test func speaksRussianOnTheRussianDemo() throws {
    let outcome = try BinaryRunner.run(["collection", "230", "--demo", "--language", "ru-RU"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.hasPrefix("Крёстный отец (Коллекция)\n3 фильма · 1972–1990\n"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("Фильмы\n"))
    #expect(outcome.stdout.contains("Крёстный отец 2"))
  }

  @Test func aWrongOrMissingIdSaysSo() throws {
    let missing = try BinaryRunner.run(["collection", "999999", "--demo"])
    #expect(missing.status == 6, "a collection the demo lacks is not found: \(missing.stderr)")
    let bare = try BinaryRunner.run(["collection", "--demo"])
    #expect(bare.status == 2)
    #expect(bare.stderr.contains("collection needs a collection id"), "\(bare.stderr)")
    let zero = try BinaryRunner.run(["collection", "0", "--demo"])
    #expect(zero.status == 2)
    #expect(zero.stderr.contains("the collection id must be a positive whole number, not '0'"), "\(zero.stderr)")
    let extra = try BinaryRunner.run(["collection", "10", "11", "--demo"])
    #expect(extra.status == 2 && extra.stderr.contains("unexpected argument '11'"), "\(extra.stderr)")
  }

  @Test func helpManAndCompletionsKnowTheCommand() throws {
    let help = try BinaryRunner.run(["help", "collection"])
    #expect(help.status == 0 && help.stdout.contains("trending collection ID [--json]"), "\(help.stdout)")
    let manual = try BinaryRunner.run(["man"])
    #expect(manual.stdout.contains(#"\fBtrending collection\fR ID"#), "the man page lists it")
    let completions = try BinaryRunner.run(["completions", "bash"])
    #expect(completions.stdout.contains("      collection) COMPREPLY="), "bash completes its options")
  }
}
