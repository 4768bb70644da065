import Testing

@testable import TrendingCLI

@Suite("trending collection on the command line")
struct CollectionArgumentTests {
  private func parse(_ line: String) throws(UsageError) -> Invocation {
    try ArgumentParser.parse(line.split(separator: " ").map(String.init))
  }

  private func failure(_ line: String) -> String? {
    do {
      _ = try parse(line)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func anIdAndJSONParse() throws {
    #expect(try parse("collection 2344").command == .collection(id: 2344, json: false))
    #expect(try parse("collection 2344 --json").command == .collection(id: 2344, json: true))
    #expect(try parse("--demo collection 10").demo)
  }

  @Test(arguments: [
    ("collection", "collection needs a collection id"),
    ("collection 0", "the collection id must be a positive whole number, not '0'"),
    ("collection -3", "unknown option"),
    ("collection ten", "the collection id must be a positive whole number, not 'ten'"),
    ("collection 10 11", "unexpected argument '11'"),
    ("collection 10 --page 2", "--page"),
  ])
  func whatIsWrongIsSaid(line: String, message: String) {
    let said = failure(line)
    #expect(said?.contains(message) == true, "\(line): \(said ?? "parsed")")
  }

  @Test func theTableOffersItToHelpAndTheCompletions() {
    let spec = OptionTable.command(.collection)
    #expect(spec.verb == .collection)
    #expect(spec.synopsis == "trending collection ID [--json]")
    #expect(OptionTable.commandNames.contains("collection"))
    #expect(Completions.script(for: "fish").contains("collection"))
  }
}
