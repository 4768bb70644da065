import AmodbKit

/// How posters are drawn, chosen from `--images` (or `TRENDING_IMAGES`) and the environment, with
/// the reason, for `?` and `--version --verbose`.
public struct ImageChoice: Equatable, Sendable {
  /// What is drawn.
  public enum Kind: String, Equatable, Sendable {
    case kitty, symbols, off
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
    case .sixel, .iterm:
      return ImageChoice(
        kind: .symbols, reason: "\(mode.rawValue) is not drawn yet; symbol art stands in")
    case .auto:
      if let why = kittyEvidence(environment) { return ImageChoice(kind: .kitty, reason: why) }
      return ImageChoice(kind: .symbols, reason: "no terminal with images detected")
    }
  }

  /// Which variable says the terminal speaks kitty's graphics protocol, if one does.
  static func kittyEvidence(_ environment: [String: String]) -> String? {
    if environment["KITTY_WINDOW_ID"].map({ !$0.isEmpty }) == true { return "KITTY_WINDOW_ID is set" }
    if environment["TERM"]?.contains("kitty") == true { return "TERM names kitty" }
    if environment["TERM"]?.contains("ghostty") == true { return "TERM names Ghostty" }
    switch environment["TERM_PROGRAM"]?.lowercased() {
    case "ghostty": return "TERM_PROGRAM is ghostty"
    case "wezterm": return "TERM_PROGRAM is WezTerm"
    default: break
    }
    if environment["GHOSTTY_RESOURCES_DIR"] != nil { return "GHOSTTY_RESOURCES_DIR is set" }
    if environment["WEZTERM_EXECUTABLE"] != nil { return "WEZTERM_EXECUTABLE is set" }
    return nil
  }

  /// The line `?` and `--version --verbose` show.
  public var line: String {
    "Posters: \(kind == .kitty ? "kitty graphics" : kind == .symbols ? "symbol art" : "off") (\(reason))."
  }
}
