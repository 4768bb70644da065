import AmodbKit
import Localization
import TerminalUI

/// How posters are drawn, chosen from `--images` (or `TRENDING_IMAGES`) and the environment, with
/// the reason, for `?` and `--version --verbose`.
public struct ImageChoice: Equatable, Sendable {
  /// What is drawn.
  public enum Kind: String, Equatable, Sendable {
    case kitty, sixel, iterm, symbols, off
  }

  /// What is drawn.
  public var kind: Kind
  /// Why, in a few words.
  public var reason: String

  /// Chooses for a mode and an environment (nothing is asked of the terminal, so the first paint
  /// never waits).
  public static func choose(_ mode: ImageMode, environment: [String: String]) -> ImageChoice {
    switch mode {
    case .off: return ImageChoice(kind: .off, reason: "--images off")
    case .symbols: return ImageChoice(kind: .symbols, reason: "--images symbols")
    case .kitty: return ImageChoice(kind: .kitty, reason: "--images kitty")
    case .sixel: return ImageChoice(kind: .sixel, reason: "--images sixel")
    case .iterm: return ImageChoice(kind: .iterm, reason: "--images iterm")
    case .auto:
      if let why = kittyEvidence(environment) { return ImageChoice(kind: .kitty, reason: why) }
      if let why = itermEvidence(environment) { return ImageChoice(kind: .iterm, reason: why) }
      return ImageChoice(kind: .symbols, reason: tr("no terminal with images detected"))
    }
  }

  /// Which variable says the terminal shows iTerm2 inline images (iTerm2, mintty), if one does;
  /// never behind tmux, which does not pass them through.
  static func itermEvidence(_ environment: [String: String]) -> String? {
    guard environment["TMUX"] == nil else { return nil }
    if environment["LC_TERMINAL"] == "iTerm2" { return tr("%1$s is %2$s", "LC_TERMINAL", "iTerm2") }
    switch environment["TERM_PROGRAM"] {
    case "iTerm.app": return tr("%1$s is %2$s", "TERM_PROGRAM", "iTerm.app")
    case "mintty": return tr("%1$s is %2$s", "TERM_PROGRAM", "mintty")
    default: return nil
    }
  }

  /// Which variable says the terminal speaks kitty's graphics protocol, if one does.
  static func kittyEvidence(_ environment: [String: String]) -> String? {
    if environment["KITTY_WINDOW_ID"].map({ !$0.isEmpty }) == true { return tr("%s is set", "KITTY_WINDOW_ID") }
    if environment["TERM"]?.contains("kitty") == true { return tr("TERM names %s", "kitty") }
    if environment["TERM"]?.contains("ghostty") == true { return tr("TERM names %s", "Ghostty") }
    switch environment["TERM_PROGRAM"]?.lowercased() {
    case "ghostty": return tr("%1$s is %2$s", "TERM_PROGRAM", "ghostty")
    case "wezterm": return tr("%1$s is %2$s", "TERM_PROGRAM", "WezTerm")
    default: break
    }
    if environment["GHOSTTY_RESOURCES_DIR"] != nil { return tr("%s is set", "GHOSTTY_RESOURCES_DIR") }
    if environment["WEZTERM_EXECUTABLE"] != nil { return tr("%s is set", "WEZTERM_EXECUTABLE") }
    return nil
  }

  /// The choice at a colour depth: kitty's placeholders need 256 colours (the id is a colour).
  public func fitting(placeholdersFit: Bool) -> ImageChoice {
    guard kind == .kitty, !placeholdersFit else { return self }
    return ImageChoice(kind: .symbols, reason: tr("kitty graphics need 256 colours; symbol art stands in"))
  }

  /// The choice once the terminal has answered (nil: not asked), by the browser's rules.
  ///
  /// In `auto`: kitty placeholders when its version shows them, else sixel when DA1 offers it
  /// outside tmux, else an older kitty placed directly, else symbol art.
  public static func afterReplies(
    _ first: ImageChoice, mode: ImageMode, replies: [TerminalReply]?, placeholdersFit: Bool, tmux: Bool
  ) -> ImageChoice {
    guard mode == .auto, first.kind != .sixel, first.kind != .iterm, first.kind != .off else { return first }
    guard let replies else { return first }
    var version: String?
    var attributes: [Int]?
    for reply in replies {
      if case .version(let name) = reply { version = TextSanitizer.clean(name, limit: 40) }
      if case .deviceAttributes(let list) = reply { attributes = list }
    }
    guard let attributes else {
      return ImageChoice(kind: .symbols, reason: tr("the terminal did not answer"))
    }
    let isKitty = placeholdersFit && (version.map(TerminalReply.showsKittyPlaceholders) ?? false)
    if let version, isKitty { return ImageChoice(kind: .kitty, reason: tr("the terminal is %s", version)) }
    if attributes.dropFirst().contains(4), !tmux {
      return ImageChoice(kind: .sixel, reason: tr("the terminal offers sixel"))
    }
    if let version, version.lowercased().hasPrefix("kitty"), !tmux {
      return ImageChoice(kind: .kitty, reason: tr("the terminal is %s; placed directly", version))
    }
    return ImageChoice(
      kind: .symbols, reason: version.map { tr("the terminal is %s", $0) } ?? tr("no images offered"))
  }

  /// The line `?` and `--version --verbose` show.
  public var line: String {
    Self.line(kind, reason: reason)
  }

  /// The line for a kind of poster and a reason.
  public static func line(_ kind: Kind, reason: String) -> String {
    switch kind {
    case .kitty: return tr("Posters: kitty graphics (%s).", reason)
    case .sixel: return tr("Posters: sixel graphics (%s).", reason)
    case .iterm: return tr("Posters: iTerm2 images (%s).", reason)
    case .symbols: return tr("Posters: symbol art (%s).", reason)
    case .off: return tr("Posters: off (%s).", reason)
    }
  }
}
