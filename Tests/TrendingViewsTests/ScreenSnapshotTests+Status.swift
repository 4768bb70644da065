import AmodbKit
import Foundation
import TestSupport
import Testing
import TrendingCore

@testable import TrendingViews

/// The watchlist's empty state and a notice on the status line, drawn at every size.
extension ScreenSnapshotTests {
  @Test(arguments: Scenes.screenSizes)
  func anEmptyWatchlist(size: Size) {
    var state = Scenes.base(size)
    state.switchTab(to: .watchlist)
    state.rootList.list = Loadable(value: Listing(firstPage: MediaPage(results: [])), fetchedAt: Scenes.now)
    check(state, "watchlist-empty")
  }

  @Test(arguments: Scenes.screenSizes)
  func aNoticeOnTheStatusLine(size: Size) {
    var state = Scenes.list(size)
    state.shared.notice = Notice("Copied https://www.themoviedb.org/movie/2", kind: .confirmation, now: Scenes.now)
    check(state, "notice")
  }

  /// A refresh that failed says what failed and how old the list is, whole at 80 columns, after
  /// where the user is (in full where the line has room); a server that gave no answer in time is
  /// not called offline.
  @Test func aFailedRefreshSaysItsCauseAndTheListsAgeWhole() throws {
    var state = Scenes.list(Size(width: 80, height: 24))
    state.rootList.list.fetchedAt = Scenes.now.addingTimeInterval(-3 * 60)
    state.rootList.list.fail(.rateLimited(retryAfter: 30))
    let limited = Renderer.render(state).screen.line(22)
    #expect(limited.contains("! rate limited (429), try again in 30 s · list from 3 minutes ago"), "\(limited)")
    // The wait counts down from when it was said, and once over says only the limit.
    let request = try #require(state.rootList.request(page: 1, state.shared))
    state.shared.retryAt[.fetch(request)] = Scenes.now.addingTimeInterval(12)
    #expect(Renderer.render(state).screen.line(22).contains("! rate limited (429), try again in 12 s · list from"))
    state.shared.retryAt[.fetch(request)] = Scenes.now.addingTimeInterval(-1)
    let over = Renderer.render(state).screen.line(22)
    #expect(over.hasPrefix(" 2/41+ · ! rate limited (429) · list from 3 minutes ago"), "\(over)")
    state.rootList.list.begin()
    #expect(!Renderer.render(state).screen.line(22).contains("Waiting"), "asked again at once: nothing waits")
    state.shared.retryAt[.fetch(request)] = nil
    state.rootList.list.fail(.timedOut(seconds: 10))
    let slow = Renderer.render(state).screen.line(22)
    #expect(slow.contains("No answer within 10 s, showing data from 3 minutes ago. r retries."), "\(slow)")
    #expect(!slow.contains("Offline"))
    state.rootList.list.fail(.server(status: 503, message: nil))
    let down = Renderer.render(state).screen.line(22)
    #expect(down.hasPrefix(" 2/41+ · ! service error (HTTP 503) · list from 3 minutes ago"), "\(down)")
    state.shared.size = Size(width: 120, height: 24)
    let wide = Renderer.render(state).screen.line(22)
    #expect(
      wide.hasPrefix(" 2/41+ · ! Refresh failed: service error (HTTP 503). Showing the list from 3 minutes ago."),
      "\(wide)")
    state.shared.size = Size(width: 80, height: 24)
    state.rootList.list.fail(.broken(description: "bad response from 127.0.0.1:8080"))
    let broken = Renderer.render(state).screen.line(22)
    #expect(broken.contains("! bad response from 127.0.0.1:8080 · list from 3 minutes ago"), "reached: \(broken)")
    #expect(!broken.contains("Offline"))
    state.rootList.list.fail(.transport(description: "could not find host api.amodb.invalid"))
    #expect(Renderer.render(state).screen.line(22).contains("Offline, showing data from 3 minutes ago. r retries."))
  }
}

/// A prompt on the status line: drawn over the message there, its words cut so what is typed shows.
@Suite("The status line's prompt")
struct StatusPromptTests {
  init() {
    TextWidth.prepareLocale()
  }

  /// The status row of a list with a notice showing and a line being typed for an episode.
  private func statusLine(width: Int, typed: String, _ purpose: Prompt.Purpose = .rate) -> String {
    var state = Scenes.list(Size(width: width, height: 12))
    state.shared.notice = Notice(
      "Added Dune: Part Two to the list Sci fi and the rest", kind: .confirmation, now: Scenes.now)
    let series = MediaSummary(id: 1396, kind: .series, title: "Breaking Bad")
    var prompt = Prompt(purpose, film: series, episode: EpisodeKey(season: 1, number: 2), state.shared)
    prompt.text = typed
    state.prompt = prompt
    let frame = Renderer.render(state)
    return frame.screen.line(Chrome(state.shared).status.row)
  }

  /// A title too long for the prompt's line is shortened first: what the keys do stays said.
  @Test func aLongTitleGivesWayToThePromptsWords() {
    var state = Scenes.list(Size(width: 80, height: 24))
    let long = MediaSummary(
      id: 935, kind: .film, title: "Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb")
    state.prompt = Prompt(.rate, film: long, state.shared)
    let line = Renderer.render(state).screen.line(Chrome(state.shared).status.row)
    #expect(line.contains("Rate Dr. Strangelove") && line.contains("… 1–10 (empty clears, Esc cancels):"), "\(line)")
    state.prompt = Prompt(.rate, film: Scenes.films[0], state.shared)
    let short = Renderer.render(state).screen.line(Chrome(state.shared).status.row)
    #expect(short.contains("Rate \(Scenes.films[0].title) 1–10 (empty clears, Esc cancels):"), "\(short)")
    // An episode keeps its code: the series' name gives way.
    let series = MediaSummary(id: 1, kind: .series, title: "Star Trek: Strange New Worlds and Other Voyages of Note")
    state.prompt = Prompt(.note, film: series, episode: EpisodeKey(season: 2, number: 5), state.shared)
    let episode = Renderer.render(state).screen.line(Chrome(state.shared).status.row)
    #expect(
      episode.contains("Note on Star Trek") && episode.contains("… S02E05 (empty clears, Esc cancels):"), "\(episode)")
    // Too narrow for the keys' words with a dozen columns of title: the hint bar says the keys.
    var narrow = Scenes.list(Size(width: 40, height: 12))
    narrow.prompt = Prompt(.note, film: series, episode: EpisodeKey(season: 2, number: 5), narrow.shared)
    let brief = Renderer.render(narrow).screen.line(Chrome(narrow.shared).status.row)
    #expect(brief.contains("Note on Star Trek: Stra… S02E05:") && !brief.contains("Esc"), "\(brief)")
  }

  @Test func theBarUnderAPromptSaysWhatItsKeysDo() {
    for (purpose, expected) in [
      (Prompt.Purpose.rate, "⏎ save  Esc cancel"), (.addToList, "⏎ save  Esc cancel  Tab complete"),
      (.playFile, "⏎ play  Esc cancel  Tab complete"),
    ] {
      var state = Scenes.list(Size(width: 80, height: 12))
      state.prompt = Prompt(purpose, film: Scenes.films[0], state.shared)
      let screen = Renderer.render(state).screen
      #expect(screen.line(Chrome(state.shared).hints.row).trimmingCharacters(in: .whitespaces) == expected)
    }
    // Narrow, the hints that do not fit go, the first kept.
    var narrow = Scenes.list(Size(width: 32, height: 12))
    narrow.prompt = Prompt(.addToList, film: Scenes.films[0], narrow.shared)
    let line = Renderer.render(narrow).screen.line(Chrome(narrow.shared).hints.row)
    #expect(line.trimmingCharacters(in: .whitespaces) == "⏎ save  Esc cancel", "\(line)")
  }

  @Test func aNarrowLineLeavesTheKeysToTheBarAndShowsWhatIsTyped() {
    let line = statusLine(width: 40, typed: "7")
    #expect(line.contains("Rate Breaking Bad S01E02 1–10: 7") && !line.contains("Esc"), "\(line)")
    // Narrower still, the words are cut as any, what is typed kept.
    let narrower = statusLine(width: 30, typed: "7")
    #expect(narrower.contains("…") && narrower.contains("7"), "\(narrower)")
  }

  @Test func theListsTabCouldNotChooseBetweenStayNamedOnANarrowLine() {
    var state = Scenes.list(Size(width: 80, height: 12))
    var prompt = Prompt(.addToList, film: MediaSummary(id: 1, title: "Better Than Me"), state.shared)
    prompt.names = ["Faves", "Noir"]
    prompt.matches = 2
    state.prompt = prompt
    let line = Renderer.render(state).screen.line(Chrome(state.shared).status.row)
    #expect(line.contains("[Faves · Noir]"), "\(line)")
  }

  @Test func aWideLineShowsThePromptWholeAndNothingOfTheMessageUnderIt() {
    let line = statusLine(width: 80, typed: "", .addToList)
    #expect(line.contains("Add Breaking Bad to the list (Tab completes, Esc cancels):"), "\(line)")
    #expect(!line.contains("Sci fi") && !line.contains("rest"), "\(line)")
  }
}
