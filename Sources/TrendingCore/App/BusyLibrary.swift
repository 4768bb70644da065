import Localization

/// Saves that wait for another process's hold on the library: said when the wait begins, said
/// again when they are stored, and never lost by quitting without a word.
enum BusyLibrary {
  /// A save waits for the library: kept, and said (once quitting was asked, that ask stays on
  /// screen, so a `q` that would lose the changes is never pressed unwarned).
  static func heard(_ state: inout AppState) {
    state.shared.libraryBusy = true
    guard !state.shared.quitAsked else { return sayQuitting(&state) }
    state.shared.say(tr("The library is busy elsewhere: your change is kept and will be saved."), .failure)
  }

  /// The saves have all answered: the wait is over, and said so where it was said (a save given
  /// up says why itself).
  static func settled(_ state: inout AppState, failed: Bool) {
    guard state.shared.libraryBusy, state.shared.unsaved.isEmpty else { return }
    state.shared.libraryBusy = false
    state.shared.quitAsked = false
    state.shared.quitAskedLast = false
    if !failed { state.shared.say(tr("The library is free again: your changes are saved."), .confirmation) }
  }

  /// `q` or `^C`: the app ends, unless changes wait for a library another process holds and this
  /// is the first ask; then it says so, and the next ask ends it (the changes said lost on exit).
  static func quit(_ state: inout AppState) -> [Effect] {
    let waiting = state.shared.unsaved.count
    guard state.shared.libraryBusy, waiting > 0, !state.shared.quitAsked else { return [.quit] }
    state.shared.quitAsked = true
    state.shared.quitAskedLast = true
    sayQuitting(&state)
    return []
  }

  /// That quitting now loses the changes still waiting.
  private static func sayQuitting(_ state: inout AppState) {
    let waiting = state.shared.unsaved.count
    state.shared.say(
      trn(
        "%s change not saved yet, the library is busy: quit again to lose it.",
        "%s changes not saved yet, the library is busy: quit again to lose them.",
        waiting, String(waiting)),
      .problem)
  }
}
