import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

@Suite("The film screen's about, keywords, review and web links")
struct FilmAboutSnapshotTests {
  init() {
    TextWidth.prepareLocale()
  }

  /// Oppenheimer with its studios, keywords, money, a Markdown review and its pages.
  static var details: MovieDetails {
    var film = Scenes.fullDetails
    film.imdbID = "tt15398776"
    film.homepage = "https://www.oppenheimermovie.com"
    film.originalLanguage = "en"
    film.budget = 100_000_000
    film.revenue = 975_800_000
    film.companies = [NamedID(id: 33, name: "Universal Pictures"), NamedID(id: 9996, name: "Syncopy")]
    film.keywords = [
      "atomic bomb", "biography", "physicist", "world war ii", "los alamos", "based on a true story", "nuclear weapons",
    ].enumerated().map { NamedID(id: 100 + $0.offset, name: $0.element) }
    let text =
      String(repeating: "A **demo** review: three hours that feel like one, told in close-ups. ", count: 5)
      + "\n\nA second paragraph, [with a link](https://example.com)."
    film.reviews = Reviews(
      total: 12,
      first: [
        Review(author: "Demo Reviewer", text: MarkdownText.plain(text), rating: 8, written: ReleaseDate("2023-07-21"))
      ])
    return film
  }

  /// The document as text, then its links (line, columns and what each opens).
  private func text(width: Int, expanded: Bool) -> String {
    let document = FilmDocument.document(
      summary: nil, details: Self.details, region: "US", width: width, reviewExpanded: expanded)
    let links = document.links.map { link in
      let target: String
      if let filter = link.target.discoverFilter {
        target = filter.linkHeading ?? filter.summary
      } else {
        target = "\(link.target)"
      }
      return "\(link.line)\(link.columns.map { " \($0.lowerBound)..<\($0.upperBound)" } ?? ""): \(target)"
    }
    return document.plainText + "\n--- links ---\n" + links.joined(separator: "\n")
  }

  @Test(arguments: [80, 40])
  func theDocumentWithItsLinks(width: Int) {
    assertSnapshot(text(width: width, expanded: false), named: "film-about-\(width)")
  }

  @Test func theReviewExpandsInPlace() {
    let clamped = FilmDocument.document(summary: nil, details: Self.details, region: "US", width: 80)
    let expanded = FilmDocument.document(
      summary: nil, details: Self.details, region: "US", width: 80, reviewExpanded: true)
    #expect(clamped.plainText.contains("… more ("))
    #expect(expanded.plainText.contains("A second paragraph, with a link."))
    #expect(!clamped.plainText.contains("A second paragraph, with a link."))
    #expect(expanded.plainText.contains("  less"))
  }

  @Test func aLongNoteIsFoldedUnderItsFirstLinesSoTheFactsFollowIt() throws {
    // A Letterboxd review imported as the note: 60 paragraphs.
    var mark = Mark(id: 872_585, title: "Oppenheimer", year: 2023, onWatchlist: false, added: "2026-01-01")
    mark.note = (1...60).map { "Paragraph \($0) of the review." }.joined(separator: "\n")
    let folded = FilmDocument.document(summary: nil, details: Self.details, region: "US", mark: mark, width: 80)
    let lines = folded.plainText.components(separatedBy: "\n")
    let more = try #require(lines.firstIndex(of: "  … more (54 lines)"))
    #expect(lines[more - 1] == "  Paragraph 6 of the review.")
    #expect(!folded.plainText.contains("Paragraph 7 of"))
    #expect(folded.links.contains { $0.line == more && $0.target == .expand })
    #expect(lines.firstIndex { $0.contains("Overview") }.map { $0 < 40 } == true, "the overview near the top")
    // Enter on it: the note whole, with "less"; printed (`trending show`), whole and no toggle.
    let whole = FilmDocument.document(
      summary: nil, details: Self.details, region: "US", mark: mark, width: 80, reviewExpanded: true)
    #expect(whole.plainText.contains("Paragraph 60 of the review.\n  less"))
    #expect(whole.printedText.contains("Paragraph 60 of the review.\n"))
    #expect(!whole.printedText.contains("  less"))
    // A short note is never folded.
    mark.note = (1...7).map { "Line \($0)." }.joined(separator: "\n")
    let short = FilmDocument.document(summary: nil, details: Self.details, region: "US", mark: mark, width: 80)
    #expect(short.plainText.contains("  Line 7.") && !short.plainText.contains("more (1 line)"))
  }

  @Test func everyKeywordIsALinkToItsList() {
    let document = FilmDocument.document(summary: nil, details: Self.details, region: "US", width: 40)
    let keywords = document.links.compactMap { link -> String? in
      if let filter = link.target.discoverFilter { return filter.keywords.first?.name }
      return nil
    }
    #expect(keywords == Self.details.keywords.map(\.name))
    // Each keyword's columns hold its own name on its line.
    for link in document.links {
      guard let filter = link.target.discoverFilter, let name = filter.keywords.first?.name,
        let columns = link.columns
      else { continue }
      let line = document.lines[link.line].map(\.text).joined()
      #expect(String(Array(line)[columns]) == name)
    }
  }

  @Test(arguments: [
    (850, "$850"), (12_400, "$12K"), (6_500_000, "$6.5M"), (63_000_000, "$63M"), (100_853_753, "$101M"),
    (1_200_000_000, "$1.2B"), (2_000_000_000, "$2B"),
  ])
  func moneyIsCompact(dollars: Int, text: String) {
    #expect(Formatters.money(dollars) == text)
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func oOffersAChooserOverTheFilm(size: Size) {
    var state = Scenes.detail(size, details: Self.details)
    _ = Reducer.reduce(&state, .key(.character("o")))
    #expect(state.top is LinkChooser)
    ScreenSnapshotTests.check(state, "film-chooser")
  }
}
