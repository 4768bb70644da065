import AmodbKit
import Localization

/// Shell completions for bash, zsh and fish, written from the option table.
///
/// They offer the commands, the options the command at hand takes, their values, and the words a
/// command's first argument may be.
public enum Completions {
  /// The script for `shell` (`bash`, `zsh` or `fish`), worded in English as installed files are.
  public static func script(for shell: String) -> String {
    Translator.$override.withValue(.english) {
      switch shell {
      case "zsh": return zsh
      case "fish": return fish
      default: return bash
      }
    }
  }

  /// The values an option's value may be, as words (none for free text and numbers).
  static func values(_ option: OptionSpec) -> [String] {
    switch option.kind {
    case .words(let words)?, .listName(let words)?: return words
    case .language?: return LanguageTag.tags
    default: return []
    }
  }

  /// The commands that take files among their arguments.
  private static var pathCommands: [CommandSpec] { OptionTable.commands.filter { $0.pathsFrom != nil } }

  /// In bash and zsh, the test that the first argument is the one files follow, when there is one.
  private static func bashAfter(_ command: CommandSpec) -> String {
    command.pathsAfter.map { " && [[ \"$first\" == \($0) ]]" } ?? ""
  }

  /// The options that take a value, which the scripts skip with their value when finding the command.
  private static var valued: [OptionSpec] { OptionTable.options.filter { $0.value != nil } }

  /// The options `verb` takes, as words.
  private static func optionWords(_ verb: Verb) -> [String] {
    OptionTable.options.filter { $0.goes(with: verb) }.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
  }

  /// Single-quoted for a shell.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  static var bash: String {
    var lines = [
      "# bash completion for trending; written by 'trending completions bash'",
      "# The user's lists, and the words in $1 (one a line), as they start with $cur, quoted for the line.",
      "_trending_lists() {",
      "  local IFS=$'\\n' names profile=() i",
      "  for ((i = 1; i < COMP_CWORD; i++)); do",
      "    case \"${COMP_WORDS[i]}\" in",
      "      --profile) profile+=(--profile \"${COMP_WORDS[i+1]}\") ;;",
      "      --demo) profile+=(--demo) ;;",
      "    esac",
      "  done",
      "  names=\"$1\"$'\\n'\"$(\"${COMP_WORDS[0]}\" \"${profile[@]}\" lists 2>/dev/null | cut -f1)\"",
      "  COMPREPLY=($(compgen -W \"$names\" -- \"$cur\" | sort -u | while read -r name; do printf '%q\\n' \"$name\"; done))",
      "}",
      "_trending() {",
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  local command=\"\" first=\"\" after=0 i",
      "  for ((i = 1; i < COMP_CWORD; i++)); do",
      "    case \"${COMP_WORDS[i]}\" in",
      "      " + valued.map(\.name).joined(separator: "|") + ") ((i++)) ;;",
      "      -*) ;;",
      "      *) if [[ -z \"$command\" ]]; then command=\"${COMP_WORDS[i]}\"; else",
      "        [[ $after -eq 0 ]] && first=\"${COMP_WORDS[i]}\"; ((after++)); fi ;;",
      "    esac",
      "  done",
      "  case \"$prev\" in",
    ]
    for option in valued {
      if case .listName(let words)? = option.kind {
        lines.append("    \(option.name)) _trending_lists \(quoted(words.joined(separator: "\n"))); return ;;")
        continue
      }
      lines.append(
        "    \(option.name)) COMPREPLY=($(compgen -W \(quoted(values(option).joined(separator: " "))) -- \"$cur\")); return ;;"
      )
    }
    lines += [
      "  esac",
      "  if [[ \"$cur\" == -* ]]; then",
      "    case \"$command\" in",
    ]
    for verb in Verb.allCases {
      let pattern = verb == .browse ? "\"\"" : verb.rawValue
      lines.append(
        "      \(pattern)) COMPREPLY=($(compgen -W \(quoted(optionWords(verb).joined(separator: " "))) -- \"$cur\")) ;;"
      )
    }
    lines += [
      "    esac",
      "    return",
      "  fi",
      "  if [[ -z \"$command\" ]]; then",
      "    COMPREPLY=($(compgen -W \(quoted(OptionTable.commandNames.joined(separator: " "))) -- \"$cur\"))",
      "    return",
      "  fi",
      "  case \"$command\" in",
    ]
    for command in pathCommands {
      lines.append(
        "    \(command.verb.rawValue)) ((after >= \(command.pathsFrom ?? 0)))\(bashAfter(command)) && { compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); return; } ;;"
      )
    }
    lines += [
      "  esac",
      "  [[ $after -eq 0 ]] || return",
      "  case \"$command\" in",
    ]
    for command in OptionTable.commands where command.takesListName {
      lines.append("    \(command.verb.rawValue)) _trending_lists \(quoted(command.words.joined(separator: "\n"))) ;;")
    }
    for command in OptionTable.commands where !command.words.isEmpty && !command.takesListName {
      lines.append(
        "    \(command.verb.rawValue)) COMPREPLY=($(compgen -W \(quoted(command.words.joined(separator: " "))) -- \"$cur\")) ;;"
      )
    }
    lines += ["  esac", "}", "complete -F _trending trending"]
    return lines.joined(separator: "\n")
  }

  /// A zsh `_describe` entry: `word:description`, colons in the word escaped.
  private static func described(_ word: String, _ text: String) -> String {
    quoted(word.replacing(":", with: "\\:") + ":" + text)
  }

  static var zsh: String {
    var lines = [
      "#compdef trending",
      "# zsh completion for trending; written by 'trending completions zsh'",
      "# The user's lists, and the words given.",
      "_trending_lists() {",
      "  local -a names profile",
      "  local i",
      "  for (( i = 2; i < CURRENT; i++ )); do",
      "    case \"${words[i]}\" in",
      "      --profile) profile+=(--profile \"${words[i+1]}\") ;;",
      "      --demo) profile+=(--demo) ;;",
      "    esac",
      "  done",
      "  names=(${(f)\"$(\"${words[1]}\" \"${profile[@]}\" lists 2>/dev/null)\"})",
      "  compadd -- \"$@\" \"${names[@]%%$'\\t'*}\"",
      "}",
      "_trending() {",
      "  local -a entries",
      "  local command=\"\" first=\"\" after=0 i=2",
      "  while (( i < CURRENT )); do",
      "    case \"${words[i]}\" in",
      "      " + valued.map(\.name).joined(separator: "|") + ") (( i++ )) ;;",
      "      -*) ;;",
      "      *) if [[ -z \"$command\" ]]; then command=\"${words[i]}\"; else",
      "        (( after == 0 )) && first=\"${words[i]}\"; (( after++ )); fi ;;",
      "    esac",
      "    (( i++ ))",
      "  done",
      "  case \"${words[CURRENT-1]}\" in",
    ]
    for option in valued {
      let words = values(option)
      if case .listName? = option.kind {
        lines.append("    \(option.name)) _trending_lists \(words.map(quoted).joined(separator: " ")); return ;;")
        continue
      }
      lines.append(
        words.isEmpty
          ? "    \(option.name)) _message \(quoted(option.value ?? "value")); return ;;"
          : "    \(option.name)) compadd -- \(words.map(quoted).joined(separator: " ")); return ;;")
    }
    lines += [
      "  esac",
      "  if [[ \"${words[CURRENT]}\" == -* ]]; then",
      "    case \"$command\" in",
    ]
    for verb in Verb.allCases {
      let pattern = verb == .browse ? "\"\"" : verb.rawValue
      let entries = OptionTable.options.filter { $0.goes(with: verb) }.map { described($0.name, $0.help) }
      lines.append("      \(pattern)) entries=(\(entries.joined(separator: " "))) ;;")
    }
    lines += [
      "    esac",
      "    _describe -t options option entries",
      "    return",
      "  fi",
      "  if [[ -z \"$command\" ]]; then",
      "    entries=("
        + OptionTable.commands.filter { $0.verb != .browse }.map { described($0.verb.rawValue, $0.summary) }
        .joined(separator: " ") + ")",
      "    _describe -t commands command entries",
      "    return",
      "  fi",
      "  case \"$command\" in",
    ]
    for command in pathCommands {
      lines.append(
        "    \(command.verb.rawValue)) (( after >= \(command.pathsFrom ?? 0) ))\(bashAfter(command)) && { _files; return } ;;"
      )
    }
    lines += [
      "  esac",
      "  (( after == 0 )) || return",
      "  case \"$command\" in",
    ]
    for command in OptionTable.commands where !command.words.isEmpty || command.takesListName {
      let adds = command.takesListName ? "_trending_lists" : "compadd --"
      lines.append("    \(command.verb.rawValue)) \(adds) \(command.words.map(quoted).joined(separator: " ")) ;;")
    }
    lines += ["  esac", "}", "_trending \"$@\""]
    return lines.joined(separator: "\n")
  }

  static var fish: String {
    let commands = OptionTable.commandNames.joined(separator: " ")
    var lines = [
      "# fish completion for trending; written by 'trending completions fish'",
      "complete -c trending -f",
      "# The user's lists, one a line.",
      "function __trending_lists",
      "  set -l tokens (commandline -opc)",
      "  set -l profile",
      "  set -l at (contains -i -- --profile $tokens); and set profile --profile $tokens[(math $at + 1)]",
      "  contains -- --demo $tokens; and set -a profile --demo",
      "  $tokens[1] $profile lists 2>/dev/null | string split -f1 \\t",
      "end",
      "# Whether the word at hand is the first after the command $argv[1], options aside.",
      "function __trending_first_after",
      "  set -l tokens (commandline -opc)",
      "  set -l at (contains -i -- $argv[1] $tokens); or return 1",
      "  for token in $tokens[(math $at + 1)..-1]",
      "    string match -q -- '-*' $token; or return 1",
      "  end",
      "end",
    ]
    for command in OptionTable.commands where command.verb != .browse {
      lines.append(
        "complete -c trending -n '__fish_use_subcommand' -a \(command.verb.rawValue) -d \(quoted(command.summary))")
    }
    for command in OptionTable.commands where command.takesListName {
      lines.append(
        "complete -c trending -n '__trending_first_after \(command.verb.rawValue)' -a '(__trending_lists) \(command.words.joined(separator: " "))'"
      )
    }
    for command in OptionTable.commands where !command.words.isEmpty && !command.takesListName {
      let words = command.words.joined(separator: " ")
      lines.append(
        "complete -c trending -n '__trending_first_after \(command.verb.rawValue)' -a \(quoted(words))")
    }
    for command in pathCommands {
      let verb = command.verb.rawValue
      var after = command.pathsFrom == 0 ? "" : "; and not __trending_first_after \(verb)"
      if let word = command.pathsAfter { after = "; and __fish_seen_subcommand_from \(word)" }
      lines.append("complete -c trending -n '__fish_seen_subcommand_from \(verb)\(after)' -F")
    }
    for option in OptionTable.options {
      var parts = ["complete -c trending"]
      if let verbs = option.verbs {
        let named = verbs.filter { $0 != .browse }.map(\.rawValue).joined(separator: " ")
        var conditions: [String] = []
        if verbs.contains(.browse) { conditions.append("not __fish_seen_subcommand_from \(commands)") }
        if !named.isEmpty { conditions.append("__fish_seen_subcommand_from \(named)") }
        parts.append("-n " + quoted(conditions.joined(separator: "; or ")))
      }
      if let short = option.short { parts.append("-s " + short.dropFirst()) }
      parts.append("-l " + option.name.dropFirst(2))
      if option.value != nil {
        var words = values(option)
        if case .listName? = option.kind { words.insert("(__trending_lists)", at: 0) }
        // A value no word names is typed, not a file chosen.
        parts.append(words.isEmpty ? "-x" : "-x -a " + quoted(words.joined(separator: " ")))
      }
      parts.append("-d " + quoted(option.help))
      lines.append(parts.joined(separator: " "))
    }
    return lines.joined(separator: "\n")
  }
}
