import AmodbKit
import Foundation
import Localization
import TestSupport
import Testing

@testable import TrendingCore
@testable import TrendingViews

/// Issue 56's lows and its seasons and Up next: a season's seen count and rows that say a date
/// once, Up next's pane and its date column, a tagline that is not a link, a portrait the size of
/// a poster, messages that stay on their screen, one label column, money and language names as
/// the interface's language reads them, search rows, the trending headers and the form's verbs.
@Suite("Looks: the lows, seasons and Up next")
struct LooksLowsTests {
  init() {
    TextWidth.prepareLocale()
  }

  /// The catalogues' languages.
  static let languages = ["en", "ru", "uk", "be", "zh", "pt", "bg", "he", "cs", "ro", "fr", "pl", "it", "es"]

  /// The rows of `screen` as text.
  static func lines(_ screen: Screen) -> [String] {
    (0..<screen.height).map { row in (0..<screen.width).map { screen[row, $0].text }.joined() }
  }

  /// The first row holding `words` and the column its first character is drawn in.

  /// The first of `lines` holding `words` and the column its first character is drawn in.
  static func find(_ words: String, in lines: [String]) -> (row: Int, column: Int)? {
    for (row, line) in lines.enumerated() {
      guard let range = line.range(of: words) else { continue }
      return (row, TextWidth.width(of: String(line[..<range.lowerBound])))
    }
    return nil
  }

  // MARK: Seasons

  /// A season of seven episodes all out on one day, the first two seen and the first rated 9.
  static func oneDaySeason(_ size: Size) -> AppState {
    var state = SeriesScenes.onSeason(size)
    let episodes = (1...7).map { number in
      Episode(
        season: 3, number: number, name: "Game \(number)", airDate: ReleaseDate("2027-01-01"), runtime: 60,
        voteAverage: 7.5, voteCount: 40)
    }
    state.shared[season: 95396, number: 3] = Loadable(
      value: SeasonDetails(number: 3, name: "Season 3", airDate: ReleaseDate("2027-01-01"), episodes: episodes),
      fetchedAt: Scenes.now)
    state.shared.seenEpisodes[95396] = [EpisodeKey(season: 3, number: 1), EpisodeKey(season: 3, number: 2)]
    var mark = Mark(id: 95396, kind: .series, title: "Severance", year: 2022, onWatchlist: false, added: "")
    mark.episodes[EpisodeKey(season: 3, number: 1)] = EpisodeNotes(rating: 9)
    state.shared.marks[.series(95396)] = mark
    return state
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 160, height: 48)])
  func aSeasonSaysHowManyAreSeenAndItsDayOnce(size: Size) throws {
    let screen = ScreenSnapshotTests.drawn(Self.oneDaySeason(size)).frame.screen
    let text = Self.lines(screen)
    #expect(text.contains { $0.contains("7 episodes") && $0.contains("2/7 seen") }, "the header's seen count")
    let dated = text.filter { $0.contains("1 January 2027") }
    #expect(dated.count == 2, "the header and the first row, not every row: \(dated)")
    let first = try #require(text.first { $0.contains("Game 1") })
    let second = try #require(text.first { $0.contains("Game 2") })
    #expect(first.contains("1h") && second.contains("1h"), "runtimes stay on every row")
    #expect(first.contains("★9") && !second.contains("★"), "the user's rating on its row")
    // The rows end near their names, not at the far edge of a wide screen.
    let name = try #require(Self.find("Game 1", in: Self.lines(screen)))
    let score = try #require(Self.find("7.5", in: Self.lines(screen)))
    #expect(score.column - name.column < 50)
  }

  // MARK: Up next

  /// Up next with every episode aired.
  static func airedUpNext(_ size: Size) -> AppState {
    var state = Scenes.base(size)
    _ = Reducer.reduce(&state, .key(.character("U")))
    let entries = [
      UpNextSnapshotTests.entry(95396, "Severance", (2, 4), "Woe’s Hollow", "2025-02-07", seen: 13, aired: 19),
      UpNextSnapshotTests.entry(1396, "Breaking Bad", (5, 16), "Felina", "2013-09-29", seen: 61, aired: 62),
    ]
    _ = Reducer.reduce(&state, .localRead(.upNext, .success(.upNext(entries))))
    return state
  }

  /// Up next's rows, the first series with its overview and poster.
  static func upNextWithOverview(_ size: Size) -> AppState {
    var state = Scenes.base(size)
    _ = Reducer.reduce(&state, .key(.character("U")))
    var first = UpNextSnapshotTests.entry(95396, "Severance", (2, 4), "Woe’s Hollow", "2025-02-07", seen: 13, aired: 19)
    first.series.overview = "Office workers split in two."
    first.series.posterPath = "/severance.jpg"
    let entries = [
      first, UpNextSnapshotTests.entry(1396, "Breaking Bad", (5, 16), "Felina", "2013-09-29", seen: 61, aired: 62),
    ]
    _ = Reducer.reduce(&state, .localRead(.upNext, .success(.upNext(entries))))
    return state
  }

  @Test func upNextSaysAiredForPastDatesAndAirsForComingOnes() {
    let size = Size(width: 120, height: 40)
    let aired = Self.lines(Renderer.render(Self.airedUpNext(size)).screen)
    #expect(aired.contains { $0.contains("Aired") } && !aired.contains { $0.contains("Airs") })
    let mixed = Self.lines(Renderer.render(UpNextSnapshotTests.upNext(size)).screen)
    #expect(mixed.contains { $0.contains("Air date") } && !mixed.contains { $0.contains("Airs ") })
  }

  @Test(arguments: [Size(width: 120, height: 40), Size(width: 160, height: 48), Size(width: 250, height: 70)])
  func upNextHasTheListsPaneBesideIt(size: Size) throws {
    let state = PosterSnapshotTests.withPoster(Self.upNextWithOverview(size))
    let screen = Renderer.render(state).screen
    let text = Self.lines(screen)
    let request = try #require(Reducer.wantedPoster(state), "the pane asks for the poster it draws")
    let table = try #require(Self.find("Woe’s Hollow", in: text))
    // The poster drawn in the pane, right of the table.
    let poster = try #require((0..<screen.width).first { screen[table.row, $0].style.background != nil })
    #expect(poster > table.column + 12 && request.columns < screen.width / 2)
    // From the facts' width, the selected series' overview beside or under it.
    if size.width >= PosterLayout.factsMinimumWidth {
      let overview = try #require(Self.find("Office workers split in two.", in: text))
      #expect(overview.column >= poster)
    }
  }

  /// Expects the list's pane right of the row holding `words`: the poster it asks for drawn there,
  /// and from the facts' width, the selected title's `overview` beside or under it.
  static func expectPane(_ state: AppState, beside words: String, overview: String) throws {
    let screen = Renderer.render(state).screen
    let text = lines(screen)
    let request = try #require(Reducer.wantedPoster(state), "the pane asks for the poster it draws")
    let table = try #require(find(words, in: text))
    // The poster drawn in the pane, right of the table's row.
    let body = ListLayout.rows(for: state.shared.size).rows
    let poster = try #require(
      body.compactMap { row in (0..<screen.width).first { screen[row, $0].style.background != nil } }.min())
    #expect(poster > table.column + TextWidth.width(of: words) && request.columns < screen.width / 2)
    if state.shared.size.width >= PosterLayout.factsMinimumWidth {
      let found = try #require(find(overview, in: text))
      #expect(found.column >= poster)
    }
  }

  @Test(arguments: [Size(width: 160, height: 48), Size(width: 250, height: 70)])
  func upNextsPaneKeepsItsLinesWhenTheDetailsArrive(size: Size) throws {
    let before = PosterSnapshotTests.withPoster(Self.upNextWithOverview(size))
    var after = before
    after.shared[series: 95396] = Loadable(value: SeriesScenes.details, fetchedAt: Scenes.now)
    let early = try #require(Self.find("Office workers split in two.", in: Self.lines(Renderer.render(before).screen)))
    let late = try #require(Self.find("Office workers whose memories", in: Self.lines(Renderer.render(after).screen)))
    #expect(early.row == late.row, "the overview does not move")
  }

  // MARK: Films, people, messages

  @Test func theTaglineIsMutedNotALink() throws {
    let screen = Renderer.render(Scenes.detail(Size(width: 80, height: 24), details: Scenes.fullDetails)).screen
    let tagline = try #require(Self.find("The world forever changes.", in: Self.lines(screen)))
    let tone = screen[tagline.row, tagline.column].style.tone
    #expect(tone == .muted, "\(tone)")
  }

  @Test(arguments: [Size(width: 120, height: 40), Size(width: 160, height: 48)])
  func aPersonWithoutAPhotoTakesAPostersBox(size: Size) throws {
    var state = ScreenSnapshotTests.person(size)
    state.shared.imagesEnabled = true
    let screen = ScreenSnapshotTests.drawn(state).frame.screen
    let box = try #require(PosterLayout.detailBox(for: size)).box
    let top = try #require(Self.find("╭", in: Self.lines(screen)))
    let right = try #require(Self.find("╮", in: Self.lines(screen)))
    #expect(right.column - top.column + 1 == box.width)
    let bottom = try #require(Self.find("╰", in: Self.lines(screen)))
    #expect(bottom.row - top.row + 1 == min(box.height, Chrome(size).body.height))
  }

  @Test func aMessageStaysOnTheScreenItWasSaidOn() {
    var state = Scenes.list(Size(width: 80, height: 24))
    state.shared.say("Copied the link.", .link)
    _ = Reducer.reduce(&state, .key(.character("j")))
    #expect(state.shared.currentNotice?.text == "Copied the link.", "a move on the same screen keeps it")
    _ = Reducer.reduce(&state, .key(.enter))
    #expect(state.top is FilmScreen)
    #expect(state.shared.currentNotice == nil, "Enter takes it to no other screen")
    state.shared.say("Added to the watchlist.", .confirmation)
    _ = Reducer.reduce(&state, .key(.escape))
    #expect(state.top is ListScreen)
    #expect(state.shared.currentNotice == nil, "nor Esc")
  }

  @Test func aMoveThatSaysSomethingKeepsWhatItSaid() {
    var state = Scenes.list(Size(width: 80, height: 24))
    state.shared.say("old", .message)
    // A tab switch that says why (a saved tab's problem, say) keeps its own words.
    var moved = state
    _ = Reducer.reduce(&moved, .key(.tab))
    #expect(moved.shared.currentNotice == nil)
    let place = NoticePlace(state)
    state.shared.say("new", .message)
    NoticePlace.settle(before: place, notice: nil, &state)
    #expect(state.shared.currentNotice?.text == "new")
  }

  // MARK: Words in other languages

  @Test(arguments: languages)
  func aboutValuesStartWhereTheCreditsDo(language: String) throws {
    var details = Scenes.fullDetails
    details.originalLanguage = "en"
    details.budget = 100_000_000
    details.revenue = 975_000_000
    try Translator.$override.withValue(Translator.catalogue(for: language)) {
      let document = FilmDocument.document(summary: nil, details: details, region: "US", width: 100)
      let texts = document.lines.map { $0.map(\.text).joined() }
      let director = try #require(texts.first { $0.contains("Christopher Nolan") })
      let budget = try #require(texts.first { $0.contains(Formatters.money(100_000_000)) })
      let column = { (line: String, words: String) -> Int in
        TextWidth.width(of: String(line[..<(line.range(of: words)?.lowerBound ?? line.endIndex)]))
      }
      #expect(column(director, "Christopher Nolan") == column(budget, Formatters.money(100_000_000)), "\(language)")
    }
  }

  @Test func moneyReadsAsEachLanguageWritesIt() {
    #expect(Formatters.money(190_000_000, language: "zh") == "1.9亿美元")
    #expect(Formatters.money(63_000_000, language: "zh") == "6300万美元")
    #expect(Formatters.money(850, language: "zh") == "850美元")
    #expect(Formatters.money(6_500_000, language: "en") == "$6.5M")
    Translator.$override.withValue(Translator.catalogue(for: "ru")) {
      #expect(Formatters.money(190_000_000) == "190 млн $")
    }
    Translator.$override.withValue(Translator.catalogue(for: "zh")) {
      #expect(!Formatters.money(190_000_000).contains("百万"))
    }
  }

  @Test(arguments: languages)
  func languageNamesAreInTheInterfacesLanguage(language: String) {
    Translator.$override.withValue(Translator.catalogue(for: language)) {
      let names = Languages.offered.map { Languages.name($0) }
      #expect(Set(names).count == names.count, "each name once")
      #expect(names.allSatisfy { $0.first.map { !$0.isLowercase } == true }, "a value starts with a capital")
      if language != "en" { #expect(Languages.name("en") != "English") }
    }
    #expect(LanguageNames.table[language]?.count == LanguageNames.codes.count)
  }

  @Test func chineseSaysEnglishInChinese() {
    Translator.$override.withValue(Translator.catalogue(for: "zh")) {
      #expect(Languages.name("en") == "英语")
    }
    Translator.$override.withValue(Translator.catalogue(for: "ru")) {
      #expect(Languages.name("fr") == "Французский")
      #expect(Languages.name("fr", standalone: false) == "французский")
    }
    #expect(Languages.name("xx") == "xx")
  }

  // MARK: Search, headers, verbs

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
  func theFilterMarksEachWordTypedInTheTitlesItKeeps(size: Size) throws {
    var state = Scenes.list(size, selection: 0)
    // Words in another order, another case, without the accent: "Family", "Party".
    state.rootList.filter = ListFilter(text: "family PARTY")
    let screen = Renderer.render(state).screen
    let row = try #require(Self.lines(screen).firstIndex { $0.contains("Party 🎉") })
    let line = Self.lines(screen)[row]
    for word in ["Party", "Family"] {
      guard let found = line.range(of: word) else { continue }  // cut at 40 columns
      let column = TextWidth.width(of: String(line[..<found.lowerBound]))
      #expect((column..<(column + word.count)).allSatisfy { screen[row, $0].style.tone == .match }, "\(word)")
    }
    let time = try #require(line.range(of: "Time"))
    #expect(screen[row, TextWidth.width(of: String(line[..<time.lowerBound]))].style.tone != .match)
    state.rootList.filter = ListFilter(text: "amelie")
    let accented = Renderer.render(state).screen
    let amelie = try #require(Self.lines(accented).firstIndex { $0.contains("Amélie") })
    let start = TextWidth.width(of: String(Self.lines(accented)[amelie].prefix { $0 != "A" }))
    #expect(accented[amelie, start].style.tone == .match, "found without its accent typed")
  }

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
  func searchHighlightsTheWordsTypedAndFilesPeopleApart(size: Size) throws {
    let person = MediaSummary(
      id: 9, kind: .person, title: "Adam Scott",
      knownFor: KnownFor(department: "Acting", titles: ["Severance", "Parks and Recreation"]))
    let results = [SeriesScenes.series[0], Scenes.films[0], person]
    let screen = Renderer.render(ScreenSnapshotTests.searching(size, text: "sev", results: results)).screen
    let row = try #require(Self.lines(screen).firstIndex { $0.contains("Severance") && !$0.contains("Adam") })
    let found = try #require(Self.lines(screen)[row].range(of: "Severance"))
    let column = TextWidth.width(of: String(Self.lines(screen)[row][..<found.lowerBound]))
    #expect((column..<(column + 3)).allSatisfy { screen[row, $0].style.tone == .match }, "“Sev” marked as found")
    #expect(screen[row, column + 3].style.tone != .match, "the rest of the title as it was")
    let adam = try #require(Self.lines(screen).first { $0.contains("Adam Scott") })
    #expect(adam.contains("Adam Scott · Acting"), "the department after the name: \(adam)")
    let text = Self.lines(screen)
    if let genres = Self.find("Genres", in: text), let name = Self.find("Adam Scott", in: text) {
      let under = (genres.column..<min(screen.width, genres.column + 6)).map { screen[name.row, $0].text }.joined()
      #expect(under != "Acting", "not under the genres")
    }
  }

  @Test func trendingSeriesSaysItsWindowAsTheFilmsDo() {
    let films = Renderer.titles(for: Scenes.list(Size(width: 120, height: 40)))
    let series = Renderer.titles(for: SeriesScenes.tab(Size(width: 120, height: 40)))
    #expect(films.first?.contains("this week") == true)
    #expect(series.first?.hasPrefix("Trending series · this week") == true, "\(series)")
  }

  @Test func theFormsHelpAndKeyBarUseOneVerbEach() {
    var state = Scenes.list(Size(width: 80, height: 24))
    _ = Reducer.reduce(&state, .key(.character("f")))
    let text = Self.lines(Renderer.render(state).screen).joined(separator: "\n")
    #expect(text.contains("⏎ shows") && text.contains("Esc closes"), "the form's help line")
    #expect(text.contains("⏎ show ") && text.contains("Esc close "), "the key bar")
    #expect(!text.contains("apply") && !text.contains("cancel"))
  }
}
