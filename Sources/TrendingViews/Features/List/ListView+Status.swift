import AmodbKit
import FoundationEssentials
import Localization
import TrendingCore

extension ListView {
  /// The status line: where the user is, what is loading or failed, a notice, the budget when low.
  static func drawStatus(_ shown: ListScreen, state: AppState, row: Int, into screen: inout Screen) {
    let shared = state.shared
    let wait = { (page: Int) in shown.request(page: page, shared).flatMap { shared.waitUntil(.fetch($0)) } }
    let waiting = shown.list.isLoading ? wait(1) : nil
    let waitingForMore = shown.isLoadingMore ? wait((shown.list.value?.pagesLoaded ?? 0) + 1) : nil
    // Where the user is stays on the line whatever else it says.
    var position = ""
    if let listing = shown.list.value, !shown.movies.isEmpty {
      // A filtered list counts what it shows, and asks for no more.
      let more = listing.hasMore && shown.filter == nil ? "+" : ""
      position = " \(shown.selection + 1)/\(shown.movies.count)\(more)"
    }
    var status: (String, Tone)
    if let until = waiting ?? waitingForMore {
      let seconds = Int(until.timeIntervalSince(shared.now).rounded(.up))
      status = (
        lead(position) + ScreenReader.busy(tr("Waiting %s s for the rate limit…", String(seconds)), shared), .warning
      )
    } else if shown.list.value != nil, shown.list.isLoading {
      status = (lead(position) + ScreenReader.busy(tr("Refreshing…"), shared), .accent)
    } else if shown.list.value?.movies.isEmpty == false, let failure = shown.list.error {
      // A list kept while its refresh failed (one with no rows says the failure in its body).
      let error = said(failure, page: 1, of: shown, shared)
      let age = shown.list.fetchedAt.map { Formatters.age(since: $0, now: shared.now) } ?? tr("earlier")
      if case .timedOut(let seconds) = error {
        // A slow server, or a network that drops what is sent: nothing says which, so neither is claimed.
        let line = tr("No answer within %1$s s, showing data from %2$s. r retries.", String(seconds), age)
        status = (lead(position) + line, .muted)
      } else if error.isOffline {
        status = (lead(position) + tr("Offline, showing data from %s. r retries.", age), .muted)
      } else {
        let long = lead(position) + "! " + tr("Refresh failed: %1$s. Showing the list from %2$s.", error.summary, age)
        let short = lead(position) + "! " + error.summary + " · " + tr("list from %s", age)
        status = (TextWidth.width(of: long) <= screen.width ? long : short, .warning)
      }
    } else if shown.isLoadingMore {
      status = (lead(position) + ScreenReader.busy(tr("Loading more…"), shared), .accent)
    } else if let failure = shown.moreError {
      let page = (shown.list.value?.pagesLoaded ?? 0) + 1
      let error = said(failure, page: page, of: shown, shared)
      status = (
        lead(position) + "! "
          + tr("Page %1$s could not load: %2$s. ↓ at the end asks again.", String(page), error.summary),
        .warning
      )
    } else if let listing = shown.list.value, !listing.movies.isEmpty {
      let skipped = listing.skippedEntries
      let note =
        skipped == 0 ? "" : " · " + trn("%s entry could not be read", "%s entries could not be read", skipped)
      // A recommendation's reason in full, however narrow its row (For you).
      let why = shown.selectedMovie?.reason.map { " · " + $0 } ?? ""
      status = (position + note + why, .muted)
    } else {
      status = ("", .muted)
    }
    // The budget only when it runs low, never in the demo, and never beside a wait it would contradict.
    let showsBudget =
      shared.sourceLabel != "demo" && waiting == nil && waitingForMore == nil && isLow(shared.rateLimit)
    let budget = showsBudget ? Formatters.budget(shared.rateLimit).map { $0 + " " } : nil
    let budgetWidth = budget.map { TextWidth.width(of: $0) } ?? 0
    if let notice = shared.currentNotice {
      status = (" " + notice.text, notice.kind.isWarning ? Tone.warning : Tone.accent)
    }
    let statusWidth = TextWidth.width(of: status.0)
    let roomForBudget = budget != nil && statusWidth + budgetWidth + 2 <= screen.width
    let limit = roomForBudget ? screen.width - budgetWidth - 1 : screen.width
    ScreenReader.status(
      status.0, tone: status.1, row: row, limit: limit, wraps: shared.currentNotice != nil && state.prompt == nil,
      shared,
      into: &screen)
    if roomForBudget, let budget {
      screen.put(budget, row: row, column: screen.width - budgetWidth, style: Style(.muted))
    }
  }

  /// The position, then a separator before what follows it (nothing when there is no position).
  private static func lead(_ position: String) -> String {
    position.isEmpty ? "" : position + " · "
  }

  /// Whether the request budget runs low: a quarter or less of the limit left (at most 5 when the limit is unknown).
  static func isLow(_ status: RateLimitStatus?) -> Bool {
    guard let remaining = status?.remaining else { return false }
    guard let limit = status?.limit, limit > 0 else { return remaining <= 5 }
    return remaining * 4 <= limit
  }

  /// A page's error as it reads now (a spent rate limit counted down).
  static func said(_ error: AmodbError, page: Int, of shown: ListScreen, _ shared: Shared) -> AmodbError {
    shown.request(page: page, shared).map { shared.said(error, for: .fetch($0)) } ?? error
  }
}
