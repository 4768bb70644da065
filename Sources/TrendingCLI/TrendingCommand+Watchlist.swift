import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore

extension TrendingCommand {
  /// `trending watchlist`: prints it, or adds or removes a film or series (its title and year asked
  /// of the cache, else of amodb, so the list reads well offline later). The watchlist is the
  /// library's list of that name, with the titles seen as a whole beside it.
  static func watchlist(
    _ change: WatchlistChange?, format: WatchlistOutput, invocation: Invocation, environment: [String: String]
  ) -> Int32 {
    return withLibrary(environment, onlyReads: change == nil) { library throws(LibraryError) -> Int32 in
      switch change {
      case nil: break
      case .remove(let media):
        let title = Output.named(try library.title(media) ?? TitleInfo(media: media, title: ""), episode: nil)
        let removed = try library.remove(media, from: "watchlist")
        // Said as `lists watchlist remove` says it, on standard error: the list stays on standard output.
        printNote(
          removed ? tr("took %1$s off %2$s", title, "watchlist") : tr("%1$s was not on %2$s", title, "watchlist"))
      case .add(let media):
        guard
          case .success(let info) = titleInfo(media, invocation: invocation, environment: environment, library: library)
        else { return unknown(media) }
        let added = try library.add(info, to: "watchlist", day: WatchlistFormat.day(Date()))
        let title = Output.named(info, episode: nil)
        printNote(
          added ? tr("added %1$s to %2$s", title, "watchlist") : tr("%1$s was on %2$s already", title, "watchlist"))
      }
      try fillNames(library, invocation: invocation, environment: environment, today: WatchlistFormat.day(Date()))
      let marks = try library.marks()
      if format == .csv { sayLeftOut(series: marks.values.filter { $0.kind == .series }.count) }
      guard !marks.isEmpty || format != .text else {
        printError(tr("The watchlist is empty: press a on a film in the browser, or run 'trending watchlist add ID'."))
        return ExitCode.success.rawValue
      }
      return emit(Output.watchlist(marks, format: format))
    }
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
