import AmodbKit
import Localization
import TestSupport
import Testing

@testable import TrendingCore

/// The tab bar's layout: the switch whole, the longest names shortened first and only as far as
/// the width needs, in English, Russian and Chinese (two cells a character).
@Suite("The tab bar's layout")
struct TabBarTests {
  init() {
    _ = TextWidth.prepareLocale()
  }

  static let saved = SavedTab(name: .titled("Korean thrillers"), filter: DiscoverFilter(media: .film), line: 2)
  static let tabs = TabSet(services: [], saved: [saved])

  static let cases: [(language: String, width: Int)] = ["en", "ru", "zh"].flatMap { language in
    [40, 80, 100, 160, 250].map { (language, $0) }
  }

  @Test(arguments: cases)
  func theBarShortensTheLongestNamesFirstAndOnlyAsFarAsItMust(language: String, width: Int) {
    let catalogue = language == "en" ? Catalogue.english : Translator.catalogue(for: language)
    Translator.$override.withValue(catalogue) {
      for (media, active) in [
        (MediaKind.film, ListKind.popular), (.series, .seriesTrending), (.film, .saved(Self.saved)),
      ] {
        check(media: media, active: active, width: width, "\(language) \(width) \(media)")
      }
    }
  }

  /// Where every tab is named whichever is selected, switching tabs moves no label: the bar reads
  /// the same, in the same columns, for each tab selected.
  @Test(arguments: ["en", "ru", "zh"])
  func aSwitchOfTabsMovesNoLabelWhereEveryTabIsNamed(language: String) {
    let catalogue = language == "en" ? Catalogue.english : Translator.catalogue(for: language)
    Translator.$override.withValue(catalogue) {
      let kinds = TabSet().shown(.film)
      var checked = 0
      for width in [80, 100, 120] {
        let bars = kinds.map { active in
          TabBar.labels(active: active, browsing: .film, width: width).map { "\($0.label)@\($0.columns)" }
        }
        let named = bars[0].allSatisfy { label in !(1...9).contains { label.hasPrefix(" \($0) @") } }
        guard named else { continue }
        checked += 1
        #expect(Set(bars).count == 1, "\(language) \(width): \(Set(bars))")
      }
      #expect(checked > 0, "\(language): a width where every tab is named")
    }
  }

  /// The tenth tab shown as its key, 0, is a tab without a name: the switch folds to keep it named.
  @Test func theTenthTabsZeroCountsAsANumberAndTheSwitchFoldsForIt() {
    Translator.$override.withValue(Translator.catalogue(for: "be")) {
      let bar = TabBar.labels(active: .seriesTrending, browsing: .series, width: 80)
      #expect(bar.first?.target == .folded(.series), "\(bar.map(\.label).joined())")
      #expect(!bar.contains { $0.label == " 0 " }, "\(bar.map(\.label).joined())")
    }
  }

  private func check(media: MediaKind, active: ListKind, width: Int, _ name: String) {
    let bar = TabBar.labels(active: active, browsing: media, width: width, tabs: Self.tabs)
    let text = bar.map(\.label).joined()
    let used = bar.last.map(\.columns.upperBound) ?? 0
    #expect(used <= width, "\(name): the bar fits: \(text)")
    let kinds = Self.tabs.shown(media)
    let unnamed = { (labels: [String?]) in
      labels.enumerated().count { index, label in label.map { $0.hasPrefix(" \((index + 1) % 10) ") } ?? true }
    }
    // Both kinds' names, unless that would leave more tabs without a name than the folded switch
    // does, or cut two more tabs to their short names.
    let wholeRoom = width - 1 - TextWidth.width(of: TabBar.name(.film) + " \(TabBar.name(.series)) │")
    let names = kinds.map { (full: $0.title, short: $0.shortTitle) }
    let cutShort = { (labels: [String?]) in
      zip(names, labels).count { name, label in
        name.short != name.full && label.map { [" \(name.short) ", " \(name.short) …"].contains($0) } == true
      }
    }
    let wholeFit = TabBar.fit(names, selected: kinds.firstIndex(of: active), room: wholeRoom)
    let withWhole = unnamed(wholeFit)
    if case .folded(let shown) = bar.first?.target {
      #expect(shown == media && bar.first?.label == "\(TabBar.name(media)) │", "\(name): folded to \(media): \(text)")
      let shownNames = kinds.indices.map { index in
        bar.first { $0.target == .tab(kinds[index]) }?.label
      }
      #expect(
        unnamed(shownNames) < withWhole
          || (unnamed(shownNames) == withWhole && cutShort(shownNames) + 2 <= cutShort(wholeFit)),
        "\(name): folded only to name more tabs, or keep two more whole: \(text)")
    } else {
      // Whole, because folding would name no more tabs, nor keep two more whole.
      let foldedRoom = width - 1 - TextWidth.width(of: "\(TabBar.name(media)) │")
      let foldedFit = TabBar.fit(names, selected: kinds.firstIndex(of: active), room: foldedRoom)
      let folded = unnamed(foldedFit)
      #expect(
        folded > withWhole || (folded == withWhole && cutShort(foldedFit) + 2 > cutShort(wholeFit)),
        "\(name): the switch whole although folding names more: \(text)")
      #expect(bar.first?.label == TabBar.name(.film), "\(name): Films whole: \(text)")
      #expect(bar.dropFirst().first?.label == " \(TabBar.name(.series)) │", "\(name): Series whole: \(text)")
    }
    let labels = Dictionary(
      uniqueKeysWithValues: bar.compactMap { tab -> (ListKind, String)? in
        if case .tab(let kind) = tab.target { (kind, tab.label) } else { nil }
      })
    let full = { (kind: ListKind) in TextWidth.width(of: " \(kind.title) ") }
    let free = width - used
    if width >= 100 { #expect(labels.count == kinds.count, "\(name): every tab shown: \(text)") }
    if let selected = labels[active] {
      #expect(selected.trimmingCharacters(in: .whitespaces).first?.isNumber != true, "\(name): \(selected)")
    } else {
      Issue.record("\(name): the selected tab is shown: \(text)")
    }
    let whole = kinds.filter { labels[$0] == " \($0.title) " }
    let shortened = kinds.filter { labels[$0] != nil && labels[$0] != " \($0.title) " }
    for kind in shortened {
      let current = TextWidth.width(of: labels[kind] ?? "")
      #expect(full(kind) - current > free, "\(name): \(kind.title) cut with room for it whole: \(text)")
    }
    // Longest first: no tab left whole that is wider than one cut, among those a short name narrows,
    // unless that one's next step back (number to short name, short name to name) does not fit.
    for cut in shortened where cut != active {
      let current = labels[cut] ?? ""
      let isNumber = current.trimmingCharacters(in: .whitespaces).first?.isNumber == true
      let back = TextWidth.width(of: isNumber ? " \(cut.shortTitle) " : " \(cut.title) ") - TextWidth.width(of: current)
      guard back <= free else { continue }
      for kind in whole where kind != active && TextWidth.width(of: kind.shortTitle) < TextWidth.width(of: kind.title) {
        #expect(full(kind) <= full(cut), "\(name): \(kind.title) left whole beside a shorter \(cut.title) cut: \(text)")
      }
    }
  }

  @Test func aSavedTabIsWholeWhereTheBarHasRoom() {
    let bar = TabBar.labels(active: .trending, browsing: .film, width: 160, tabs: Self.tabs).map(\.label)
    #expect(bar.contains(" Korean thrillers "), "\(bar)")
    let narrow = TabBar.labels(active: .trending, browsing: .film, width: 100, tabs: Self.tabs).map(\.label)
    #expect(narrow.contains(" Korean… ") && narrow.contains(" Trending "), "\(narrow)")
  }

  @Test func fitShortensOneLabelAtATimeTheWidestFirst() {
    let names = [(full: "Alpha", short: "Al"), (full: "Longest one", short: "Lo"), (full: "Mid dle", short: "Mi")]
    #expect(TabBar.fit(names, selected: 0, room: 100) == [" Alpha ", " Longest one ", " Mid dle "])
    #expect(TabBar.fit(names, selected: 0, room: 22) == [" Alpha ", " Lo ", " Mid dle "])
    #expect(TabBar.fit(names, selected: 0, room: 15) == [" Alpha ", " Lo ", " Mi "])
    #expect(
      TabBar.fit(names, selected: 1, room: 20) == [" Alpha ", " Lo ", " Mid dle "],
      "the selected one short before another is a number")
    #expect(TabBar.fit(names, selected: 1, room: 11) == [" Al ", " Lo ", " 3 "], "the later of two first")
    #expect(
      TabBar.fit(names, selected: 1, room: 13) == [" Al ", " Lo ", " Mi "], "the selected one last, never a number")
    #expect(
      TabBar.fit(names, selected: 0, room: 8) == [" Al ", " 2 …", nil], "the last resort leaves the farthest out")
  }

  @Test func aTabsNumberIsTheKeyThatShowsIt() {
    let names = (1...11).map { (full: "Tab number \($0)", short: "T\($0)") }
    let labels = TabBar.fit(names, selected: 0, room: 44)
    #expect(labels[9] == " 0 ", "the tenth tab's key is 0: \(labels)")
    #expect(labels[10] == " T11 " || labels[10] == nil, "an eleventh tab has no key to be named by: \(labels)")
    #expect(!labels.contains(" 10 ") && !labels.contains(" 11 "))
  }

  @Test func tOnASavedTabGoesToItsNamesakeOrTheOtherKindsFirstTab() {
    let korean = Self.saved
    var series = korean
    series.filter = DiscoverFilter(media: .series)
    series.line = 3
    let both = TabSet(services: [], saved: [korean, series])
    #expect(both.counterpart(of: .saved(korean), in: .series) == .saved(series))
    #expect(both.counterpart(of: .saved(series), in: .film) == .saved(korean))
    #expect(Self.tabs.counterpart(of: .saved(korean), in: .series) == .seriesTrending, "not For you")
    #expect(Self.tabs.counterpart(of: .nowPlaying, in: .series) == .onTheAir)
    #expect(Self.tabs.counterpart(of: .upNext, in: .film) == .trending, "no film tab is at its place")
    #expect(Self.tabs.counterpart(of: .forYou, in: .series) == .forYou)
  }
}
