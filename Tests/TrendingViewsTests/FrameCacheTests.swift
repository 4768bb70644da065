import AmodbKit
import Localization
import Testing
import TrendingCore

@testable import TrendingViews

/// The tab bar and the hint bar are named and measured once a change, then kept: each frame must
/// still show what drawing them afresh shows, whatever changed since the last.
@Suite("What frames keep between them")
struct FrameCacheTests {
  init() {
    TextWidth.prepareLocale()
  }

  /// The tab bar's row as drawn.
  private func tabRow(_ state: AppState) -> String {
    Renderer.render(state).screen.line(Chrome(state.shared.size).body.row)
  }

  /// The tab bar's row worked out afresh, bypassing what is kept.
  private func freshTabRow(_ state: AppState) -> String {
    var screen = Screen(width: state.shared.size.width, height: state.shared.size.height)
    let row = Chrome(state.shared.size).body.row
    for tab in TabBar.labels(
      active: state.activeTab, browsing: state.shared.browsing, width: screen.width, tabs: state.shared.tabs)
    {
      screen.put(tab.label, row: row, column: tab.columns.lowerBound, limit: screen.width - tab.columns.lowerBound)
    }
    return screen.line(row)
  }

  /// The hint bar's row as drawn.
  private func hintRow(_ state: AppState) -> String {
    Renderer.render(state).screen.line(Chrome(state.shared.size).hints.row)
  }

  @Test func theTabBarFollowsTheLanguage() {
    let state = Scenes.list(Size(width: 80, height: 24))
    let english = tabRow(state)
    let russian = Translator.$override.withValue(Translator.catalogue(for: "ru")) { tabRow(state) }
    let freshRussian = Translator.$override.withValue(Translator.catalogue(for: "ru")) { freshTabRow(state) }
    #expect(russian != english)
    #expect(russian == freshRussian)
    #expect(tabRow(state) == english)
  }

  @Test func theTabBarFollowsTheTabsTheWidthAndTheTabShowing() {
    var state = Scenes.list(Size(width: 120, height: 40))
    let before = tabRow(state)
    #expect(before == freshTabRow(state))
    state.shared.tabs = TabSet(
      services: [], saved: [SavedTab(name: .titled("Noir nights"), filter: DiscoverFilter(), line: 1)])
    let saved = tabRow(state)
    #expect(saved.contains("Noir"), "\(saved)")
    #expect(saved == freshTabRow(state))
    state.shared.size = Size(width: 60, height: 24)
    #expect(tabRow(state) == freshTabRow(state))
    state.rootList = ListScreen(kind: .popular, window: .week)
    #expect(tabRow(state) == freshTabRow(state))
    state.shared.browsing = .series
    state.rootList = ListScreen(kind: .seriesTrending, window: .week)
    #expect(tabRow(state) == freshTabRow(state))
  }

  /// Where not every hint fits (40 columns, words longer than English's), help, which names every
  /// key, stays before search.
  @Test func helpOutlastsSearchOnANarrowBarInEveryLanguage() {
    let state = Scenes.list(Size(width: 40, height: 12))
    for language in ["en", "fr", "cs", "pl", "ru", "es", "pt"] {
      let catalogue = Translator.catalogue(for: language)
      let bar = Translator.$override.withValue(catalogue) { hintRow(state) }
      #expect(bar.contains("? " + catalogue.text("help")), "\(language): \(bar)")
    }
  }

  @Test func theHintBarFollowsTheLanguageTheKeysAndTheTabsBrowsed() {
    var state = Scenes.list(Size(width: 120, height: 40))
    let english = hintRow(state)
    #expect(english.contains("q quit"), "\(english)")
    #expect(english.contains("t series"), "\(english)")
    let russian = Translator.$override.withValue(Translator.catalogue(for: "ru")) { hintRow(state) }
    #expect(russian != english)
    #expect(russian.contains(Translator.catalogue(for: "ru").text("quit")), "\(russian)")
    // Without its `q`, the list offers the next quit key.
    state.shared.keys.unbind(.character("q"), in: [.list])
    let unbound = hintRow(state)
    #expect(!unbound.contains("q quit") && unbound.contains("^C quit"), "\(unbound)")
    state.shared.browsing = .series
    #expect(hintRow(state).contains("t films"), "\(hintRow(state))")
    state.shared.asciiKeys = true
    #expect(hintRow(state).contains("Enter open"), "\(hintRow(state))")
  }

  @Test func theHintBarFollowsWhatIsAvailable() {
    var state = Scenes.list(Size(width: 120, height: 40))
    #expect(hintRow(state).contains("⏎ open"))
    // An empty list opens nothing: the same table and context, the hint gone.
    state.rootList.list = Loadable(value: Listing(firstPage: MediaPage(results: [])), fetchedAt: Scenes.now)
    #expect(!hintRow(state).contains("⏎ open"), "\(hintRow(state))")
  }

  @Test func theHintBarFollowsTheWidth() {
    var state = Scenes.list(Size(width: 120, height: 40))
    let wide = hintRow(state)
    state.shared.size = Size(width: 50, height: 24)
    let narrow = hintRow(state)
    #expect(narrow != wide)
    #expect(TextWidth.width(of: KeyHints.text(KeyHints.fitting(state, width: 50))) <= 48, "\(narrow)")
    #expect(KeyHints.fitting(state, width: 50).count < KeyHints.fitting(state, width: 120).count)
    state.shared.size = Size(width: 120, height: 40)
    #expect(hintRow(state) == wide)
  }

  @Test func theRowsShownFollowTheSortTheHiddenAndTheFilter() {
    var list = Scenes.list(Size(width: 120, height: 40)).rootList
    let loaded = list.list.value?.movies ?? []
    #expect(loaded.count > 3)
    #expect(list.movies == loaded)
    list.sort = .title
    let byTitle = loaded.sorted { $0.title.lowercased() < $1.title.lowercased() }
    #expect(list.movies.map(\.id) == byTitle.map(\.id))
    list.sort = .score
    #expect(list.movies.map(\.id) != byTitle.map(\.id) || loaded.count < 2)
    #expect(list.movies.first?.score == loaded.compactMap(\.score).max())
    if let first = loaded.first?.media { list.hidden = [first] }
    #expect(list.movies.count == loaded.count - 1)
    list.filter = ListFilter(text: loaded[1].title)
    #expect(list.movies.allSatisfy { $0.title.lowercased().contains(loaded[1].title.lowercased()) })
    list.filter = nil
    list.hidden = []
    list.sort = .rank
    #expect(list.movies == loaded)
  }

  @Test func theHeaderAgeFollowsTheMinuteAndTheLanguage() {
    let fetched = Scenes.now
    let one = Renderer.ages(fetched, now: fetched.addingTimeInterval(61))
    let two = Renderer.ages(fetched, now: fetched.addingTimeInterval(121))
    #expect(one.last == Formatters.age(since: fetched, now: fetched.addingTimeInterval(61)))
    #expect(two.last == Formatters.age(since: fetched, now: fetched.addingTimeInterval(121)))
    #expect(one != two)
    #expect(Renderer.ages(fetched, now: fetched.addingTimeInterval(90)) == one, "the same minute, the same words")
    let russian = Translator.catalogue(for: "ru")
    let translated = Translator.$override.withValue(russian) {
      Renderer.ages(fetched, now: fetched.addingTimeInterval(61))
    }
    let fresh = Translator.$override.withValue(russian) {
      Formatters.age(since: fetched, now: fetched.addingTimeInterval(61))
    }
    #expect(translated.last == fresh && translated != one)
    #expect(Renderer.ages(nil, now: fetched).isEmpty)
  }

  /// The header's row as drawn.
  private func headerRow(_ state: AppState) -> String {
    Renderer.render(state).screen.line(Chrome(state.shared.size).header.row)
  }

  @Test func theTrendingTitleFollowsTheWindowTheSortTheLanguageAndTheSource() {
    var state = Scenes.list(Size(width: 120, height: 40))
    let week = headerRow(state)
    #expect(week.contains(tr("Trending films · %s", tr("this week"))), "\(week)")
    state.rootList.window = .day
    #expect(headerRow(state).contains(tr("Trending films · %s", tr("today"))), "\(headerRow(state))")
    state.rootList.sort = .score
    #expect(headerRow(state).contains(" · " + tr("by score")), "\(headerRow(state))")
    state.shared.headerLanguage = "de-DE"
    #expect(headerRow(state).contains(" · de-DE"), "\(headerRow(state))")
    state.shared.sourceLabel = "demo"
    #expect(headerRow(state).contains(" · demo"), "\(headerRow(state))")
    let russian = Translator.catalogue(for: "ru")
    let translated = Translator.$override.withValue(russian) { headerRow(state) }
    let wording = Translator.$override.withValue(russian) { tr("Trending films · %s", tr("today")) }
    #expect(translated.contains(wording), "\(translated)")
    state.shared.headerLanguage = nil
    state.shared.sourceLabel = nil
    state.rootList.sort = .rank
    state.rootList.window = .week
    #expect(headerRow(state) == week)
  }

  @Test func theVoteColumnFollowsTheLanguage() {
    let english = ListView.Columns(width: 200, count: 500).votesWidth
    #expect(english == ListView.Columns.measuredVotesWidth)
    // Russian words a thousand "тыс.": its column is wider, and kept only for Russian.
    let russian = Translator.catalogue(for: "ru")
    let kept = Translator.$override.withValue(russian) { ListView.Columns(width: 200, count: 500).votesWidth }
    let fresh = Translator.$override.withValue(russian) { ListView.Columns.measuredVotesWidth }
    #expect(kept == fresh && kept != english)
    #expect(ListView.Columns(width: 200, count: 500).votesWidth == english)
  }

  @Test func aMemoKeepsOneAnswerAndMakesAnotherForAnotherKey() {
    let memo = Memo<Int, String>()
    var made = 0
    let make = { (key: Int) in
      memo.value(for: key) {
        made += 1
        return "value \(key)"
      }
    }
    #expect(make(1) == "value 1" && make(1) == "value 1" && made == 1)
    #expect(make(2) == "value 2" && made == 2)
    #expect(make(1) == "value 1" && made == 3)
  }

  @Test func catalogueIdentityIsWhatItWasReadAs() {
    #expect(Catalogue.english == Catalogue.english)
    #expect(Translator.catalogue(for: "ru") != Translator.catalogue(for: "ru"))
    let russian = Translator.catalogue(for: "ru")
    let copy = russian
    #expect(copy == russian)
  }
}
