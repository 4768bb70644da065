import AmodbKit
import Localization
import TrendingCore
import TrendingViews

/// The interface speaks the language the data is asked in: chosen before the arguments are parsed,
/// so that even a usage error is in the user's language.
enum InterfaceLanguage {
  /// The `--language` value among the arguments, if any (`--language X` or `--language=X`).
  static func flag(in arguments: [String]) -> String? {
    var found: String?
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--language", index + 1 < arguments.count {
        found = arguments[index + 1]
        index += 1
      } else if argument.hasPrefix("--language=") {
        found = String(argument.dropFirst("--language=".count))
      }
      index += 1
    }
    return found
  }

  /// Chooses the catalogue for the process; returns the note for an unsupported choice, if any.
  @discardableResult
  static func setUp(arguments: [String], environment: [String: String]) -> String? {
    let given = flag(in: arguments)
    let choice = LanguageTag.choose(flag: given, environment: environment)
    // A `--language` amodb does not serve is refused in the language the environment asks for.
    let spoken =
      given != nil && choice.unsupported != nil ? LanguageTag.choose(flag: nil, environment: environment) : choice
    Translator.use(Translator.catalogue(for: spoken.tag))
    return choice.unsupported.map(note)
  }

  /// The line that says English stands in for a language amodb does not serve.
  static func note(_ asked: String) -> String {
    tr("'%s' is not one of amodb's fourteen languages; using English.", asked)
  }

  /// When the screen is ASCII (a locale that is not UTF-8, or a VT100-class terminal) and the
  /// interface's language needs more than ASCII, the browser speaks and asks for English, which it
  /// can draw, and says why in English; nil when the interface can be drawn.
  static func englishOnAnASCIIScreen(environment: [String: String]) -> String? {
    let utf8 = TextWidth.userLocaleIsUTF8
    guard GlyphMode.detect(term: environment["TERM"], localeIsUTF8: utf8) == .ascii,
      Translator.current.language != "en"
    else { return nil }
    let asked = Translator.current.language
    Translator.use(.english)
    let shown = { (text: String) in TextSanitizer.clean(text, limit: 40).filter(\.isASCII) }
    guard !utf8 else {
      return "The terminal (TERM=\(shown(environment["TERM"] ?? ""))) draws ASCII only, so the browser is in"
        + " English, not '\(asked)'."
    }
    let locale = TextWidth.characterLocale(in: environment) ?? "C"
    return "The locale (\(shown(locale))) is not UTF-8, so the screen is ASCII and the browser is in English, not"
      + " '\(asked)'. LANG=C.UTF-8 shows every language and script."
  }
}
