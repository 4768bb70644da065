import AmodbKit
import Glibc
import Localization

/// What every command prints through: its data on standard output, its words on standard error,
/// pages as a terminal's table or a script's lines.
extension TrendingCommand {
  /// The exit code of a page past the last (answered empty, with the totals), said on standard
  /// error as a list's, a search's and discover's alike; nil for any other answer.
  static func pastTheLast(_ answer: Result<Fetched<MediaPage>, AmodbError>, page: Int) -> Int32? {
    guard case .success(let fetched) = answer, fetched.value.results.isEmpty, fetched.value.totalPages > 0,
      page > fetched.value.totalPages
    else { return nil }
    let last = fetched.value.totalPages
    printError(
      trn(
        "the list has %1$s page; page %2$s is past it", "the list has %1$s pages; page %2$s is past it", last,
        String(last), String(page)))
    return ExitCode.notFound.rawValue
  }

  /// A page for people on a terminal (a table that fits), or for scripts when piped (one film a
  /// line, tab-separated, nothing padded or cut), as `gh` does it.
  static func listing(_ page: MediaPage) -> String {
    // No rows: no header of none either (the command says why on standard error).
    if isatty(STDOUT_FILENO) == 1 { return page.results.isEmpty ? "" : Output.table(page, width: terminalWidth()) }
    if let unread = Output.unread(page) { printError(unread) }
    return Output.tabSeparated(page)
  }

  /// A page as JSON, with the entries that could not be read said on standard error.
  static func json(_ page: MediaPage, configuration: ClientConfiguration) -> String {
    if let unread = Output.unread(page) { printError(unread) }
    return Output.json(page, configuration: configuration)
  }

  /// Prints a usage error on one line, with the usage of its command (else the program's) after it.
  static func printUsageError(_ error: UsageError) {
    // What the environment gave is no command line: no usage follows it.
    guard error.code == .usage, error.showsUsage else { return printError(error.message) }
    // The sentence ends as the language ends one ("。" in Chinese); a question ends itself.
    let joined = { (usage: String) in
      error.message.hasSuffix("?") || error.message.hasSuffix("？")
        ? error.message + " " + usage
        : trc("a usage error's sentence, then the usage", "%1$s. %2$s", error.message, usage)
    }
    guard let verb = error.verb, verb != .browse else { return printError(joined(ArgumentParser.shortUsage)) }
    let usage = tr(
      "Usage: %1$s; 'trending help %2$s' says more.", OptionTable.command(verb).synopsis, verb.rawValue)
    printError(joined(usage))
  }

  /// Prints one line to standard error, prefixed with the program's name and cleaned of control characters.
  static func printError(_ message: String) {
    Console.error(message)
  }

  /// Says what a command did on standard error, where its data goes to standard output (a pipe
  /// reads the data alone).
  static func printNote(_ message: String) {
    Console.error(message)
  }

  /// Prints `text` on standard output; a failed write is exit 1 with one line on standard error.
  static func emit(_ text: String) -> Int32 {
    // Nothing to print is no line at all: a pipe reading rows reads none, not one empty row.
    guard !text.isEmpty else { return ExitCode.success.rawValue }
    do {
      try Console.out(text)
      return ExitCode.success.rawValue
    } catch {
      printError(tr("could not write to standard output: %s", error.reason))
      return ExitCode.failure.rawValue
    }
  }

  /// The terminal's width in columns, when standard output is one.
  static func terminalWidth() -> Int? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
