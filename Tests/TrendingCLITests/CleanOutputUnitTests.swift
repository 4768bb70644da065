import AmodbKit
import FoundationEssentials
import Localization
import Testing
import TrendingCore
import TrendingViews

@testable import TrendingCLI

@Suite("What the commands print: CSV cells, notification markup, days and years")
struct CleanOutputUnitTests {
  /// Pretty JSON's empty arrays and objects are written `[]` and `{}`; brackets inside strings
  /// (where a line break is written `\n`) and values that are not empty stay as they are.
  @Test func emptyArraysAndObjectsCloseOnTheirLine() {
    let pretty = "{\n  \"a\" : [\n\n  ],\n  \"b\" : {\n  },\n  \"c\" : \"[ \\n ]\",\n  \"d\" : [\n    1\n  ]\n}"
    #expect(
      Output.closingEmpties(pretty)
        == "{\n  \"a\" : [],\n  \"b\" : {},\n  \"c\" : \"[ \\n ]\",\n  \"d\" : [\n    1\n  ]\n}")
    #expect(Output.closingEmpties("[\n]") == "[]" && Output.closingEmpties("[ ]") == "[ ]")
    #expect(Output.closingEmpties("\"é [\n\"") == "\"é [\n\"", "an unclosed opener is left as it is")
  }

  /// A pick kept by its id alone (saved while amodb could not be asked) is named as `watchlist`
  /// names it, not left blank.
  @Test func aPickWithNoNameKnownIsNamedByItsId() {
    let candidate = Pick.Candidate(summary: MediaSummary(id: 550, kind: .film, title: ""))
    let text = Output.pickText(candidate, reasons: ["on your watchlist"], of: 1, width: 80)
    #expect(text.hasPrefix("Film #550\n"), "\(text)")
  }

  /// A pick's genres and a season's default name are said in the interface's language, as the
  /// browser and `stats` say them.
  @Test func picksGenresAndASeasonsNameAreInTheInterfacesLanguage() {
    let french = Translator.catalogue(for: "fr")
    let candidate = Pick.Candidate(summary: MediaSummary(id: 1, kind: .film, title: "Dune"), genres: ["Drama"])
    let pick = Translator.$override.withValue(french) {
      Output.pickText(candidate, reasons: ["x"], of: 1, width: 80)
    }
    #expect(pick.contains("Drame") && !pick.contains("Drama"), "\(pick)")
    let season = Translator.$override.withValue(Translator.catalogue(for: "zh")) {
      Output.text(SeasonDetails(number: 1, name: "Season 1"), series: nil)
    }
    #expect(season.contains("第 1 季") && !season.contains("Season 1"), "\(season)")
  }

  /// A list's ranks are the service's: an entry left out (unreadable, or hidden) renumbers none.
  @Test func ranksAreWhereTheServiceListedEachEntry() throws {
    let body = #"{"page":2,"results":[{"id":1,"title":"A"},{"id":"x"},{"id":3,"title":"C"},{"id":4,"title":"D"}]}"#
    let page = try AmodbJSON.decoder().decode(MediaPage.self, from: Data(body.utf8)).filtered { $0.id != 3 }
    #expect(Output.tabSeparated(page).split(separator: "\n").map { $0.prefix(5) } == ["21\t1\t", "24\t4\t"])
    // A year and a score not known are empty fields, not the table's dash.
    #expect(Output.tabSeparated(page).split(separator: "\n").first == "21\t1\tA\t\t\tmovie")
    #expect(Output.table(page).contains("\n24  4   D"), "\(Output.table(page))")
    #expect(Output.json(page, configuration: ClientConfiguration(apiKey: nil)).contains("\"rank\" : 24"))
  }

  /// A terminal's table names each entry by the id the other commands take, a person's and a
  /// series' with their kind.
  @Test func aTableGivesTheIdsTheOtherCommandsTake() throws {
    let body =
      #"{"results":[{"id":70017,"media_type":"person","name":"David Fincher"},"#
      + #"{"id":1399,"media_type":"tv","name":"Game of Thrones"},{"id":550,"media_type":"movie","title":"Fight Club"}]}"#
    let table = Output.table(try AmodbJSON.decoder().decode(MediaPage.self, from: Data(body.utf8)))
    let lines = table.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("#  ID  ") == true, "\(table)")
    #expect(lines.contains { $0.hasPrefix("1  person/70017  David Fincher") }, "\(table)")
    #expect(lines.contains { $0.hasPrefix("2  tv/1399       Game of Thrones") }, "\(table)")
    #expect(lines.contains { $0.hasPrefix("3  550           Fight Club") }, "\(table)")
  }

  /// "…; nothing was changed" follows a message without its own full stop.
  @Test func nothingChangedEndsOneSentence() {
    #expect(TrendingCommand.nothingChanged("Check AMODB_KEY.") == "Check AMODB_KEY; nothing was changed")
    #expect(TrendingCommand.nothingChanged("Network error") == "Network error; nothing was changed")
    #expect(TrendingCommand.withoutFullStop("请检查 AMODB_KEY。") == "请检查 AMODB_KEY")
  }

  /// A table's cell is the text as the browser draws it: a family emoji is its people, side by
  /// side, and no joiner is left to join a cell's last glyph with whatever the terminal draws next.
  @Test func aTablesCellHoldsNoJoinerWhetherCutOrNot() {
    let family = "Family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} night"
    let page = MediaPage(results: [MediaSummary(id: 1, title: family), MediaSummary(id: 2, title: "Trail\u{200D}")])
    let table = Output.table(page, width: 60)
    #expect(!table.unicodeScalars.contains("\u{200D}"), "\(table)")
    #expect(table.contains("Family \u{1F468}\u{1F469}\u{1F467} night"))
    #expect(TextWidth.drawn("tab\there") == "tabhere")
    #expect(!TextLayout.truncate(family, to: 10).unicodeScalars.contains("\u{200D}"), "a cut title too")
  }

  /// A search's table of several kinds fits the terminal's width, its kind column counted.
  @Test func aTableOfSeveralKindsFitsItsWidth() {
    let long = "Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb"
    let page = MediaPage(results: [
      MediaSummary(id: 935, title: long), MediaSummary(id: 1399, kind: .series, title: long),
      MediaSummary(id: 287, kind: .person, title: "Brad Pitt"),
    ])
    for width in [45, 60, 80] {
      let table = Output.table(page, width: width)
      #expect(table.split(separator: "\n").allSatisfy { TextWidth.width(of: String($0)) <= width }, "\(table)")
      #expect(table.hasPrefix("#  ID") && table.split(separator: "\n")[0].hasSuffix("Kind"), "\(table)")
    }
  }

  /// An empty array or object prints as `[]` or `{}`; brackets inside a title are the title's.
  @Test func emptyValuesPrintClosed() throws {
    struct Entry: Encodable {
      var title: String
      var genres: [String] = []
      var ratings: [String: Int] = [:]
    }
    #expect(Output.encode([Entry]()) == "[]")
    let json = Output.encode([Entry(title: "[ ] {\n}")])
    #expect(json.contains("\"genres\" : [],"), "\(json)")
    #expect(json.contains("\"ratings\" : {},"), "\(json)")
    #expect(json.contains("\"title\" : \"[ ] {\\n}\""), "\(json)")
    struct Back: Decodable { var title: String }
    #expect(try JSONDecoder().decode([Back].self, from: Data(json.utf8)).first?.title == "[ ] {\n}")
  }

  @Test func aFormulaBehindAnEscapeSequenceIsGuarded() {
    #expect(Output.csvField("\u{1B}[2J=1+2") == "'=1+2")
    #expect(Output.csvField("\u{9B}2J@SUM(1)") == "'@SUM(1)")
    #expect(Output.csvField("\u{200B}-3") == "'-3")
    #expect(Output.csvField("plain") == "plain")
  }

  @Test func aCommaStartsNoCellAndTheTextAfterItStaysAsWritten() {
    #expect(Output.csvField("Me, -Myself & I") == #""Me, -Myself & I""#)
    #expect(Output.csvField("Score: 7/10, +1 for the music") == #""Score: 7/10, +1 for the music""#)
    #expect(Output.csvField("Title; =1+1") == #""Title; '=1+1""#, "a `;` splitter starts a cell there")
    #expect(Output.csvField("  =1+2") == "  '=1+2")
    #expect(Output.csvField("=a,b") == #""'=a,b""#)
  }

  @Test func markupIsEscapedAsEntities() {
    #expect(
      Output.escapingMarkup(#"<a href="x">A & B's</a>"#) == "&lt;a href=&quot;x&quot;&gt;A &amp; B&apos;s&lt;/a&gt;")
    #expect(Output.escapingMarkup("Plain – text") == "Plain – text")
  }

  @Test func aWatchOnADayToComeHereIsRefused() throws {
    // The day typed is this machine's: its tomorrow is refused, though UTC's may be its today.
    let now = Date()
    let today = CivilDay(ReleaseDate(localDay: now))
    #expect(OptionTable.futureWatch(today.iso, now: now) == nil, "today")
    #expect(OptionTable.futureWatch("1999-12-31", now: now) == nil)
    let tomorrow = today.adding(days: 1).iso
    let refused = OptionTable.futureWatch(tomorrow, now: now)
    #expect(
      refused?.message == "--on must be today or a day before (a watch cannot be in the future), not '\(tomorrow)'")
    #expect(try OptionTable.day("today", option: "--on", now: now) == today.iso)
    #expect(try OptionTable.day("Yesterday", option: "--on", now: now) == today.adding(days: -1).iso)
    for (typed, said) in [
      ("1600-01-01", "--on must be a day from 1870 on, not '1600-01-01'"),
      ("9999-12-31", "--on must be a day before the year 3000, not '9999-12-31'"),
      ("2026-13-01", "--on must be a day: YYYY-MM-DD, today or yesterday, not '2026-13-01'"),
    ] {
      do throws(UsageError) {
        _ = try OptionTable.day(typed, option: "--on")
        Issue.record("\(typed) taken")
      } catch {
        #expect(error.message == said)
      }
    }
  }

  @Test func listsTakeCSVAndStatsSayWhatAYearIs() throws {
    let parsed = try ArgumentParser.parse(["lists", "--csv"]).command
    #expect(parsed == .library(.lists(json: false, csv: true)))
    #expect(throws: UsageError.self) { try ArgumentParser.parse(["lists", "--csv", "--json"]) }
    do {
      _ = try ArgumentParser.parse(["stats", "--year", "-1"])
      Issue.record("--year -1 taken")
    } catch {
      #expect(error.message == "stats --year must be one year such as 1999, not '-1'")
    }
  }
}
