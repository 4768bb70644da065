import AmodbKit
import Localization
import TrendingCore
import TrendingViews

/// Lays out the command line's help: a column of syntax and wrapped descriptions beside it.
enum HelpText {
  /// The width help is wrapped to.
  static let width = 80

  /// Two columns: each syntax, then its description wrapped beside it (under it when the syntax is long).
  static func table(_ rows: [(syntax: String, text: String)]) -> String {
    let column = min(30, (rows.map { TextWidth.width(of: $0.syntax) }.max() ?? 0) + 4)
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
  static var full: String {
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
      tr("trending %s: this week's trending films, in your terminal.", AmodbKitInfo.version), "",
      tr("USAGE"), table(usage), "",
      tr("OPTIONS"), table(options), "",
      tr("ENVIRONMENT"),
      table([
        ("AMODB_KEY", tr("your amodb API key (never pass it as a flag)")),
        ("TRENDING_CONFIG", tr("the settings file to read instead of $XDG_CONFIG_HOME/trending/config")),
      ]), "",
      tr("EXIT CODES"),
      table([
        ("", tr("0 ok · 1 other failure · 2 usage · 3 key or plan · 4 rate limit · 5 network or server · 6 not found"))
      ]),
    ].joined(separator: "\n")
  }

  /// `trending help COMMAND`: its synopsis, what it does, and its own options.
  static func topic(_ verb: Verb) -> String {
    let command = OptionTable.command(verb)
    var text =
      command.synopsis + "\n" + TextLayout.wrap(command.detail, width: 76).map { "  " + $0 }.joined(separator: "\n")
    let own = OptionTable.options.filter { $0.verbs?.contains(verb) == true }
    if !own.isEmpty {
      text += "\n\n" + tr("OPTIONS") + "\n" + table(own.map { ($0.syntax(for: verb), $0.help(for: verb)) })
    }
    return text
  }
}
