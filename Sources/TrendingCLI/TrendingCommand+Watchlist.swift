import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore

extension TrendingCommand {
  /// `trending watchlist`: prints it, or adds or removes a film or series (its title and year asked
  /// of the cache, else of amodb, so the list reads well offline later). The watchlist is the
  /// library's list of that name, each title with its watch if it was seen; what was seen but never
  /// put on it is `history`'s, as the browser's Watchlist tab leaves it out.
  static func watchlist(
    _ change: WatchlistChange?, format: WatchlistOutput, invocation: Invocation, environment: [String: String]
  ) -> Int32 {
    // Printing it or taking a title off it makes no profile's library that is not there.
    let makesNoLibrary = if case .add = change { false } else { true }
    return withLibrary(environment, makesNoLibrary: makesNoLibrary) { library throws(LibraryError) -> Int32 in
      switch change {
      case nil: break
      case .add(let media), .remove(let media):
        let refusal = try edit(
          list: "watchlist", adding: change == .add(media), media, library: library, invocation: invocation,
          environment: environment, today: WatchlistFormat.day(Date()))
        if let refusal { return refusal }
      }
      try fillNames(library, invocation: invocation, environment: environment, today: WatchlistFormat.day(Date()))
      let marks = try library.marks().filter { $0.value.onWatchlist }
      if format == .csv { sayLeftOut(series: marks.values.filter { $0.kind == .series }.count) }
      guard !marks.isEmpty || format != .text else {
        printError(tr("The watchlist is empty: press a on a film in the browser, or run 'trending watchlist add ID'."))
        return ExitCode.success.rawValue
      }
      return emit(Output.watchlist(marks, order: try library.watchlistOrder(), format: format))
    }
  }

  /// Puts `media` on the list `name` or takes it off, and says which on standard error (the list goes
  /// to standard output) as the library spells the list ("Sci-fi" when "sci-fi" was typed); the
  /// exit code when it cannot: no such title to add, or no such list to take it off.
  static func edit(
    list name: String, adding: Bool, _ media: MediaID, library: Library, invocation: Invocation,
    environment: [String: String], today: String
  ) throws(LibraryError) -> Int32? {
    let info: TitleInfo
    if adding {
      guard
        case .success(let asked) = titleInfo(media, invocation: invocation, environment: environment, library: library)
      else { return unknown(media) }
      info = asked
    } else {
      guard try library.listName(name) != nil else { return noList(name) }
      info = try library.title(media) ?? TitleInfo(media: media, title: "")
    }
    let changed = adding ? try library.add(info, to: name, day: today) : try library.remove(media, from: name)
    let title = Output.named(info, episode: nil)
    let spelled = try library.listName(name) ?? name
    // The watchlist is named in the user's language, as the browser names it; other lists as spelled.
    let list =
      spelled.lowercased() == "watchlist" ? trc("the watchlist's name inside a sentence", "the watchlist") : spelled
    switch (adding, changed) {
    case (true, true): printNote(tr("added %1$s to %2$s", title, list))
    case (true, false): printNote(tr("%1$s was on %2$s already", title, list))
    case (false, true): printNote(tr("took %1$s off %2$s", title, list))
    case (false, false): printNote(tr("%1$s was not on %2$s", title, list))
    }
    return nil
  }

  /// A Letterboxd CSV holds films only: how many series it left out, said on standard error.
  static func sayLeftOut(series: Int) {
    guard series > 0 else { return }
    printError(
      trn(
        "left out %s series: Letterboxd imports films only", "left out %s series: Letterboxd imports films only", series
      ))
  }
}
