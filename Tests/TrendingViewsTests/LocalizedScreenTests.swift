import AmodbKit
import Foundation
import Localization
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// The languages amodb serves, English first.
private let languages = ["en", "ru", "uk", "be", "zh", "pt", "bg", "he", "cs", "ro", "fr", "pl", "it", "es"]

@Suite("Screens in other languages")
struct LocalizedScreenTests {
  init() {
    TextWidth.prepareLocale()
  }

  private func frame(_ state: AppState) -> (screen: Screen, state: AppState) {
    let (frame, drawn) = ScreenSnapshotTests.drawn(state)
    return (frame.screen, drawn)
  }

  private func inLanguage<T>(_ language: String, _ body: () throws -> T) rethrows -> T {
    try Translator.$override.withValue(Translator.catalogue(for: language), operation: body)
  }

  private func check(_ state: AppState, _ name: String, _ language: String) {
    inLanguage(language) {
      let (screen, drawn) = frame(state)
      assertSnapshot(
        ChromeMask.bodyText(screen, drawn),
        named: "\(name)-\(language)-\(state.shared.size.width)x\(state.shared.size.height)")
    }
  }

  @Test(arguments: ["ru", "he", "zh"])
  func listAt80x24(language: String) {
    check(Scenes.list(Size(width: 80, height: 24)), "list", language)
  }

  @Test(arguments: ["ru", "he", "zh"])
  func filmAt80x24(language: String) {
    check(Scenes.detail(Size(width: 80, height: 24), details: Scenes.fullDetails), "detail", language)
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 160, height: 48)])
  func aChineseFilmScreenNamesItsGenresInChinese(size: Size) {
    let state = Scenes.detail(size, details: Scenes.fullDetails)
    inLanguage("zh") {
      let text = frame(state).screen.plainText
      #expect(text.contains("剧情") && text.contains("历史") && !text.contains("Drama"))
    }
    check(state, "detail-genres", "zh")
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 160, height: 48)])
  func aHebrewSeriesScreenNamesItsSeasonsAndGenresInHebrew(size: Size) {
    var state = SeriesScenes.onSeries(size)
    // Paged down until the seasons show, however small the screen.
    for _ in 0..<12 where !inLanguage("he", { frame(state).screen.plainText.contains("עונה 1") }) {
      _ = Reducer.reduce(&state, .documentLayout(Renderer.render(state).document ?? DocumentLayout(maxScroll: 0)))
      _ = Reducer.reduce(&state, .key(.pageDown))
    }
    inLanguage("he") {
      let text = frame(state).screen.plainText
      #expect(text.contains("עונה 1") && !text.contains("Season 1"))
    }
    check(state, "series-seasons", "he")
  }

  @Test func aSeasonsOwnNameStaysAndTheEnglishDefaultIsTranslated() {
    inLanguage("he") {
      #expect(SeasonScreen.shownName("Season 2", number: 2) == "עונה 2")
      #expect(SeasonScreen.shownName(nil, number: 3) == "עונה 3")
      #expect(SeasonScreen.shownName("The Final Season", number: 4) == "The Final Season")
      #expect(
        GenreNames.shown(["Drama", "Sci-Fi & Fantasy", "Odd"], media: .series) == [
          "דרמה", Genres.seriesName(10765) ?? "", "Odd",
        ])
    }
  }

  @Test(arguments: ["ru", "he", "zh"])
  func personAt80x24(language: String) {
    check(ScreenSnapshotTests.person(Size(width: 80, height: 24)), "person", language)
  }

  @Test(arguments: ["ru", "he", "zh"])
  func helpAt80x24(language: String) {
    var state = Scenes.list(Size(width: 80, height: 24))
    state.help = HelpScreen()
    check(state, "help", language)
  }

  @Test(arguments: ["ru", "zh"])
  func offlineStatusAt80x24(language: String) {
    var state = Scenes.list(Size(width: 80, height: 24))
    state.rootList.list.fetchedAt = Scenes.now.addingTimeInterval(-5 * 60)
    state.rootList.list.fail(.transport(description: "offline"))
    check(state, "list-offline", language)
  }

  /// Every hint bar at 80 and 40 columns: whole hints only (never cut mid-word), quit always offered.
  @Test(arguments: languages)
  func theHintBarFitsOrDropsWholeHints(language: String) {
    inLanguage(language) {
      let states = [
        Scenes.list(Size(width: 80, height: 24)),
        Scenes.detail(Size(width: 80, height: 24), details: Scenes.fullDetails),
        Scenes.list(Size(width: 40, height: 12)), ScreenSnapshotTests.person(Size(width: 80, height: 24)),
      ]
      for state in states {
        let line = KeyHints.line(for: state, width: state.shared.size.width)
        let items = KeyHints.items(for: state).map(\.text)
        #expect(TextWidth.width(of: line) + 2 <= state.shared.size.width, "\(language): \(line)")
        let parts = line.components(separatedBy: "  ")
        #expect(parts.allSatisfy(items.contains), "\(language): a hint was cut: \(line)")
        #expect(parts.contains { $0.hasSuffix(tr("quit")) }, "\(language): no quit in \(line)")
      }
    }
  }

  /// Column titles stand over their columns whatever the script: the year title starts where the
  /// years do, and the score title ends at the scores' edge.
  @Test(arguments: languages)
  func columnTitlesStayOverTheirColumns(language: String) {
    inLanguage(language) {
      for size in [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 12)] {
        let (screen, state) = frame(Scenes.list(size))
        let titles = ListLayout.rows(for: size).row - 1
        // From a pane's width the columns go by what the rows draw (no pane here: no images).
        let needs =
          size.width >= PosterLayout.listPaneMinimumWidth ? ListView.needs(state.rootList, state.shared) : nil
        let columns = ListView.Columns(width: size.width, count: Scenes.films.count, needs: needs)
        let yearTitle = trc("column title, at most 4 columns", "Year")
        #expect(screen[titles, columns.year].text == String(yearTitle.prefix(1)), "\(language) \(size)")
        #expect(screen[titles + 1, columns.year].text == "2", "\(language) \(size): years moved")
        #expect(TextWidth.width(of: screen.line(titles)) == size.width)
      }
    }
  }

  @Test func numbersDatesAndDurationsInRussian() {
    inLanguage("ru") {
      #expect(Formatters.votes(12_345) == "12 тыс.")
      #expect(Formatters.votes(2_400_000) == "2,4 млн")
      #expect(Formatters.votes(6_500) == "6,5 тыс.")
      #expect(Formatters.runtime(166) == "2 ч 46 мин")
      #expect(Formatters.runtime(45) == "45 мин")
      #expect(Formatters.runtime(60) == "1 ч")
      #expect(Formatters.score(8.44, votes: 10) == "8,4")
      #expect(Formatters.plainScore(8.44, votes: 10) == "8.4")
      #expect(Dates.written(ReleaseDate("2024-03-01")!) == "1 марта 2024")
      let now = Date(timeIntervalSince1970: 1_000_000)
      #expect(Formatters.age(since: now.addingTimeInterval(-300), now: now) == "5 минут назад")
      #expect(Formatters.age(since: now.addingTimeInterval(-120), now: now) == "2 минуты назад")
      #expect(Formatters.age(since: now.addingTimeInterval(-3_600), now: now) == "1 час назад")
      #expect(Formatters.age(since: now, now: now) == "только что")
    }
  }

  @Test func numbersDatesAndDurationsElsewhere() {
    inLanguage("zh") {
      #expect(Dates.written(ReleaseDate("2024-03-01")!) == "2024年3月1日")
      #expect(Formatters.runtime(166) == "2小时46分钟")
    }
    inLanguage("cs") {
      #expect(Dates.written(ReleaseDate("2023-07-19")!) == "19. července 2023")
      #expect(Formatters.score(7.25, votes: 3) == "7,3")
    }
    inLanguage("es") { #expect(Dates.written(ReleaseDate("2001-04-25")!) == "25 de abril de 2001") }
    inLanguage("he") { #expect(Dates.written(ReleaseDate("2008-06-12")!) == "12 ביוני 2008") }
    inLanguage("en") {
      #expect(Dates.written(ReleaseDate("2024-03-01")!) == "1 March 2024")
      #expect(Formatters.votes(12_345) == "12K")
      #expect(Formatters.score(8.44, votes: 10) == "8.4")
    }
  }
}
