import AmodbKit
import Foundation
import LibraryKit
import TestSupport
import Testing
import TrendingCore
import TrendingViews

@testable import TrendingCLI

@Suite("trending import --resolve: the chooser's keys and its screen")
struct ResolveChooserTests {
  private func title(_ name: String, _ ids: [Int], line: Int) -> UnresolvedTitle {
    UnresolvedTitle(
      reference: .search(title: name, year: 1996), places: [RowPlace(file: "diary.csv", line: line)], title: name,
      year: 1996,
      candidates: ids.map { MediaSummary(id: $0, title: name, releaseDate: ReleaseDate("1996-05-01")) })
  }

  @Test func enterTakesTheSelectedFilmAndSkipMovesOn() {
    var chooser = ResolveChooser(titles: [title("Hamlet", [1, 2, 3], line: 2), title("Emma", [4, 5], line: 3)])
    #expect(chooser.press(.down) == .stay && chooser.press(.character("j")) == .stay)
    #expect(chooser.press(.down) == .stay, "stops at the last candidate")
    #expect(chooser.press(.up) == .stay)
    guard case .take(let film, let taken) = chooser.press(.enter) else {
      Issue.record("Enter took nothing")
      return
    }
    #expect(film.id == 2 && taken.title == "Hamlet")
    #expect(chooser.current == 1 && chooser.selected == 0, "the next title, its first candidate")
    #expect(chooser.press(.character("s")) == .skip && chooser.isDone)
  }

  @Test func quitKeysQuitAndATitleWithNoCandidateCannotBeTaken() {
    var chooser = ResolveChooser(titles: [title("Nothing", [], line: 9)])
    #expect(chooser.press(.enter) == .stay)
    #expect(chooser.press(.escape) == .quit && chooser.press(.character("q")) == .quit)
    let text = chooser.screen(Size(width: 60, height: 8)).plainText
    #expect(text.contains("The search found no film") && text.contains("/ searches again"), "\(text)")
    #expect(!text.contains("take"), "nothing to take is offered: \(text)")
  }

  @Test func slashSearchesAgainWithTheWordsTypedAndItsFilmsAreTheCandidates() throws {
    var chooser = ResolveChooser(titles: [title("Hamlett", [], line: 9)], showsPosters: false, language: "fr-FR")
    #expect(chooser.press(.character("/")) == .stay && chooser.query == "Hamlett", "the title's words to change")
    for _ in 0..<3 { _ = chooser.press(.backspace) }
    for character in "et 2" { _ = chooser.press(.character(character)) }
    #expect(chooser.screen(Size(width: 60, height: 8)).plainText.contains("/ Hamlet 2"))
    let request = APIRequest.search(SearchRequest(scope: .film, query: "Hamlet 2", language: "fr-FR"))
    #expect(chooser.press(.enter) == .perform([.fetch(request, keptFirst: false)]))
    #expect(chooser.query == nil && chooser.screen(Size(width: 60, height: 8)).plainText.contains("Searching…"))
    #expect(chooser.takeSearch(.key(.enter)) == nil, "not the answer")
    let page = MediaPage(
      page: 1, totalPages: 1,
      results: [
        MediaSummary(id: 7, title: "Hamlet 2", releaseDate: ReleaseDate("2008-08-22")),
        MediaSummary(id: 8, kind: .series, title: "Hamlet 2 the series"),
      ])
    #expect(chooser.takeSearch(.fetched(request, .success(Fetched(value: .page(page), fetchedAt: Date())))) == [])
    #expect(chooser.titles[0].candidates.map(\.id) == [7], "films alone, for an import")
    guard case .take(let film, _) = chooser.press(.enter) else {
      Issue.record("Enter took nothing")
      return
    }
    #expect(film.id == 7)
  }

  @Test func typingReplacesTheTitleTheSearchStartsWithAndTheLinesKeysEditIt() throws {
    var chooser = ResolveChooser(titles: [title("Hamlet", [], line: 2)], showsPosters: false, language: "en-US")
    _ = chooser.press(.character("/"))
    let screen = chooser.screen(Size(width: 60, height: 8))
    let row = try #require((0..<8).first { screen.line($0).contains("/ Hamlet") }, "\(screen.plainText)")
    #expect(chooser.untouched && screen[row, 3].style.isSelected, "the title shown selected")
    for character in "Fight Club" { _ = chooser.press(.character(character)) }
    #expect(chooser.query == "Fight Club", "typed over the title, not after it")
    _ = chooser.press(.control("w"))
    #expect(chooser.query == "Fight ")
    _ = chooser.press(.control("u"))
    #expect(chooser.query == "")
    // An edit keeps the title: backspace takes its last letter.
    _ = chooser.press(.escape)
    _ = chooser.press(.character("/"))
    _ = chooser.press(.backspace)
    _ = chooser.press(.character("s"))
    #expect(chooser.query == "Hamles")
  }

  @Test func escapeLetsASearchAgainGoAndItsKeysAreTheBrowsers() {
    var chooser = ResolveChooser(titles: [title("Hamlet", [1, 2], line: 2)], showsPosters: false)
    _ = chooser.press(.character("/"))
    #expect(chooser.hints(chooser.titles[0]).map(\.keys) == ["⏎", "Esc"])
    #expect(chooser.press(.character("q")) == .stay, "q is typed, not quit")
    #expect(chooser.press(.escape) == .stay && chooser.query == nil)
    #expect(chooser.hints(chooser.titles[0]).map(\.keys) == ["↑↓", "⏎", "/", "s", "q"])
    let screen = chooser.screen(Size(width: 80, height: 10))
    // The header and the key bar in the browser's bars, the key strong; the selection a bar, no marker.
    #expect(screen[0, 0].style.tone == .bar && screen[9, 1].style == Style(.bar, bold: true))
    #expect(screen[9, 3].style.tone == .barMuted)
    #expect(screen[3, 0].style.isSelected && screen[3, 2].text == "H" && screen[3, 2].style.isBold)
    #expect(!screen.plainText.contains("> "))
  }

  @Test func theRowsOwnDayRatingAndMissingYearAreShown() {
    var hamlet = title("Hamlet", [1], line: 2)
    (hamlet.year, hamlet.day, hamlet.rating) = (nil, "2024-05-01", 8)
    let screen = ResolveChooser(titles: [hamlet], showsPosters: false).screen(Size(width: 100, height: 10))
    let line = screen.line(1)
    #expect(line.contains("Hamlet · no year in the file") && line.contains("diary.csv:2"), "\(line)")
    #expect(line.contains(Dates.written(text: "2024-05-01")) && line.contains("★8"), "\(line)")
    let star = line.distance(from: line.startIndex, to: line.range(of: "★")?.lowerBound ?? line.endIndex)
    #expect(screen[1, star].style == Style(.yours, bold: true))
  }

  @Test func theScreenNamesTheRowAndItsCandidatesWithNoControlCharacters() {
    var hamlet = title("Ham\u{1B}[2Jlet", [10549, 64001], line: 7)
    hamlet.directors = [10549: "Kenneth\u{7}Branagh"]
    let chooser = ResolveChooser(titles: [hamlet])
    let text = chooser.screen(Size(width: 80, height: 10)).plainText
    #expect(text.contains("Not matched 1 of 1 · Hamlet") && text.contains("diary.csv:7"), "\(text)")
    #expect(
      text.contains("  Hamlet (1996-05-01)  by KennethBranagh") && text.contains("  Hamlet (1996-05-01)"),
      "the escape sequence removed whole: \(text)")
    #expect(!text.contains("\u{1B}") && !text.contains("tmdb") && !text.contains("10549"), "no ids: \(text)")
  }

  @Test func twoCandidatesThatWouldReadTheSameShowTheirReleaseDays() {
    let twins = UnresolvedTitle(
      reference: .search(title: "Hamlet", year: 1996), places: [RowPlace(file: "diary.csv", line: 2)],
      title: "Hamlet", year: 1996,
      candidates: [
        MediaSummary(id: 1, title: "Hamlet", releaseDate: ReleaseDate("1996-12-25")),
        MediaSummary(id: 2, title: "Hamlet", releaseDate: ReleaseDate("1996-03-01")),
        MediaSummary(id: 3, title: "Hamlet", releaseDate: ReleaseDate("1990-12-19")),
      ])
    let chooser = ResolveChooser(titles: [twins], showsPosters: false)
    let text = chooser.screen(Size(width: 60, height: 8)).plainText
    #expect(text.contains("  Hamlet (1996-12-25)") && text.contains("  Hamlet (1996-03-01)"), "\(text)")
    #expect(text.contains("  Hamlet (1990)"), "alone in its year: \(text)")
  }

  @Test func theSelectedFilmsDirectorIsAskedOnceItRestsAndOnceAFilm() throws {
    var hamlet = title("Hamlet", [10549, 64001, 7], line: 7)
    hamlet.directors = [64001: "Kozintsev"]
    var chooser = ResolveChooser(titles: [hamlet], showsPosters: false, language: "fr-FR")
    let request = APIRequest.movie(MovieDetailsRequest(id: 10549, language: "fr-FR"))
    #expect(chooser.reconcileDetails() == [.after(.milliseconds(300), .paneFactsDue(request), id: .paneFacts)])
    #expect(chooser.reconcileDetails().isEmpty, "already waiting")
    #expect(chooser.takeDetails(.paneFactsDue(request)) == [.fetch(request, keptFirst: true)])
    #expect(chooser.takeDetails(.paneFactsDue(request)) == [], "asked once")
    let details = try JSONDecoder().decode(MovieDetails.self, from: Data(TestClients.detailsJSON(id: 10549).utf8))
    let answer = Fetched(value: APIAnswer.movie(details), fetchedAt: Date())
    #expect(chooser.takeDetails(.fetched(request, .success(answer))) == [])
    #expect(chooser.takeDetails(.key(.enter)) == nil, "not about details")
    #expect(chooser.screen(Size(width: 60, height: 8)).plainText.contains("  Hamlet (1996-05-01)  by Some Director"))
    // The cache knew the next one's director: nothing asked; the third is, then a move cancels its wait.
    _ = chooser.press(.down)
    #expect(chooser.reconcileDetails().isEmpty)
    _ = chooser.press(.down)
    #expect(chooser.reconcileDetails().count == 1)
    _ = chooser.press(.up)
    #expect(chooser.reconcileDetails() == [.cancel(.paneFacts)])
    _ = chooser.press(.up)
    #expect(chooser.reconcileDetails().isEmpty, "the first was asked already")
  }
}
