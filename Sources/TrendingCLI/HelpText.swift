import AmodbKit
import Localization
import TrendingCore
import TrendingViews

/// Lays out the command line's help: a column of syntax and wrapped descriptions beside it.
enum HelpText {
  /// The width help is wrapped to, at most: 80 columns, or a narrower terminal's (at least 40).
  static let width = 80

  /// The width for help printed now: a terminal narrower than 80 columns wraps it to its own.
  static var printedWidth: Int { max(40, min(width, TrendingCommand.terminalWidth() ?? width)) }

  /// The help as a locale that is not UTF-8 shows it: its few symbols in ASCII (`LC_ALL=C` showed
  /// "·" as two bytes of mojibake); the rest is the English help, which is ASCII already.
  static func printed(_ text: String, localeIsUTF8: Bool = TextWidth.userLocaleIsUTF8) -> String {
    guard !localeIsUTF8 else { return text }
    return text.replacing("·", with: "-").replacing("…", with: "...")
  }

  /// Two columns: each syntax, then its description wrapped beside it (under it when the syntax is long).
  static func table(_ rows: [(syntax: String, text: String)], width: Int = width) -> String {
    let column = min(30, width / 3, (rows.map { TextWidth.width(of: $0.syntax) }.max() ?? 0) + 4)
    var lines: [String] = []
    for row in rows {
      let wrapped = TextLayout.wrap(row.text, width: width - column)
      let syntax = "  " + row.syntax
      var first = true
      if TextWidth.width(of: syntax) + 2 > column {
        lines.append(syntax)
        first = false
      }
      for text in wrapped {
        let lead = first ? TextLayout.fit(syntax, to: column) : String(repeating: " ", count: column)
        lines.append(lead + text)
        first = false
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `--help`: every command and option from the table, in the interface's language.
  static var full: String { full(width: width) }

  /// `--help` wrapped to `width`.
  static func full(width: Int) -> String {
    let commands = OptionTable.commands.map { command in
      ([command.verb.invocation] + (command.arguments.isEmpty ? [] : [command.arguments])).joined(separator: " ")
    }
    let usage = zip(commands, OptionTable.commands).map { ($0, $1.summary) }
    let options = OptionTable.options.map { option in
      (
        option.syntax,
        option.help + (option.verbs.map { " [" + $0.map(\.invocation).joined(separator: ", ") + "]" } ?? "")
      )
    }
    return [
      TextLayout.wrap(
        tr(
          "trending %s: trending films and series, and your record of what you watch, in your terminal.",
          AmodbKitInfo.version), width: width
      )
      .joined(separator: "\n"), "",
      tr("USAGE"), table(usage, width: width), "",
      tr("OPTIONS"), table(options, width: width), "",
      tr("ENVIRONMENT"),
      table(
        [
          ("AMODB_KEY", tr("your amodb API key (never pass it as a flag)")),
          ("AMODB_KEY_FILE", tr("a file only you can read (mode 0600) holding the key, when AMODB_KEY is not set")),
          ("TRENDING_CONFIG", tr("the settings file to read instead of $XDG_CONFIG_HOME/trending/config")),
        ], width: width), "",
      tr("EXIT CODES"),
      table(
        [
          (
            "",
            tr("0 ok · 1 other failure · 2 usage · 3 key or plan · 4 rate limit · 5 network or server · 6 not found")
          )
        ], width: width),
    ].joined(separator: "\n")
  }

  /// `trending help COMMAND`: its synopsis, what it does, and its own options, wrapped to `width`.
  static func topic(_ verb: Verb, width: Int = width) -> String {
    let command = OptionTable.command(verb)
    var text =
      command.synopsis(width: width).joined(separator: "\n") + "\n"
      + TextLayout.wrap(command.detail, width: width - 4).map { "  " + $0 }.joined(separator: "\n")
    let own = OptionTable.options.filter { $0.verbs?.contains(verb) == true }
    if !own.isEmpty {
      text +=
        "\n\n" + tr("OPTIONS") + "\n" + table(own.map { ($0.syntax(for: verb), $0.help(for: verb)) }, width: width)
    }
    return text
  }
}
