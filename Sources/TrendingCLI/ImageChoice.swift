import AmodbKit
import Localization
import PosterKit
import TrendingCore

/// How posters are drawn, chosen from `--images` (or `TRENDING_IMAGES`) and the environment, with
/// the reason, for `?` and `--version --verbose`.
public struct ImageChoice: Equatable, Sendable {
  /// What is drawn.
  public typealias Kind = ImageKind

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
    if let term = environment["TERM"], names(term, "kitty") { return tr("TERM names %s", "kitty") }
    if let term = environment["TERM"], names(term, "ghostty") { return tr("TERM names %s", "Ghostty") }
    switch environment["TERM_PROGRAM"]?.lowercased() {
    case "ghostty": return tr("%1$s is %2$s", "TERM_PROGRAM", "ghostty")
    case "wezterm": return tr("%1$s is %2$s", "TERM_PROGRAM", "WezTerm")
    default: break
    }
    if environment["GHOSTTY_RESOURCES_DIR"] != nil { return tr("%s is set", "GHOSTTY_RESOURCES_DIR") }
    if environment["WEZTERM_EXECUTABLE"] != nil { return tr("%s is set", "WEZTERM_EXECUTABLE") }
    return nil
  }

  /// Whether a `TERM` has a word in it, byte for byte: the generic string search costs a tenth of a
  /// millisecond of start-up the first time it runs.
  static func names(_ term: String, _ word: String) -> Bool {
    let (term, word) = (Array(term.utf8), Array(word.utf8))
    guard word.count <= term.count else { return false }
    return (0...(term.count - word.count)).contains { term[$0..<($0 + word.count)].elementsEqual(word) }
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
    // The browser's own reducer of the replies decides: one set of rules.
    var terminal = TerminalCapabilities(asksImages: true, placeholdersFit: placeholdersFit, insideTmux: tmux)
    for reply in replies { _ = terminal.heard(reply) }
    guard let decision = terminal.decision else {
      return ImageChoice(kind: .symbols, reason: tr("the terminal did not answer"))
    }
    return ImageChoice(kind: decision.kind, reason: decision.reason)
  }

  /// The line `?` and `--version --verbose` show.
  public var line: String {
    Self.line(kind, reason: reason)
  }

  /// The line for a kind of poster and a reason.
  public static func line(_ kind: Kind, reason: String) -> String {
    kind.line(reason: reason)
  }
}

/// How posters start out, decided before the terminal has said anything: whether they are drawn
/// at all, in pixels from the start (asked for, or named by the environment), and what is asked
/// of the terminal. Its replies decide the rest (`TerminalCapabilities`).
struct ImageStart: Equatable {
  /// Whether posters are drawn.
  var enabled: Bool
  /// What is known of the terminal, and what will be asked.
  var capabilities: TerminalCapabilities
  /// The help's line until the terminal answers.
  var note: String

  /// Decides from the mode asked for, the environment, the colours and the glyphs the terminal has,
  /// and the cell its window's pixels give.
  init(
    mode: ImageMode, environment: [String: String], posterMode: PosterColorMode?, unicode: Bool, noColor: Bool,
    windowCell: CellSize? = nil
  ) {
    // Symbol art needs Unicode block characters: none on an ASCII or console terminal.
    enabled = mode != .off && posterMode != nil && unicode
    // Kitty's placeholders carry the image id in a colour: 256 colours at least.
    let placeholdersFit = posterMode == .indexed256 || posterMode == .trueColor
    let choice = ImageChoice.choose(mode, environment: environment).fitting(placeholdersFit: placeholdersFit)
    // Asked for: at once. Detected: only once the terminal says it draws placeholders (kitty
    // from 0.28, WezTerm, Ghostty); until then, and if it never answers, symbol art. Sixel and
    // iTerm2 images go over the cells: used at once when asked for or when the environment names
    // iTerm2 or mintty; sixel is otherwise offered by the terminal's DA1.
    var plan: ImagePlan?
    if enabled, choice.kind == .kitty, mode == .kitty { plan = .placeholders(cell: nil) }
    if enabled, choice.kind == .sixel { plan = .pixels(.sixel, cell: nil) }
    if enabled, choice.kind == .iterm { plan = .pixels(.iterm, cell: nil) }
    // Asked whatever the colours: sixel needs none of the terminal's palette (kitty's ids do).
    let asks = mode == .auto && enabled
    // The background is asked when nothing says it (xterm is dark on light by default).
    let asksBackground =
      (environment["TRENDING_THEME"] ?? "auto") == "auto" && environment["COLORFGBG"] == nil && !noColor
    capabilities = TerminalCapabilities(
      asksImages: asks, asksBackground: asksBackground, placeholdersFit: placeholdersFit,
      insideTmux: environment["TMUX"] != nil, chosenLine: choice.line, plan: plan, windowCell: windowCell)
    note =
      !enabled
      ? tr("Posters: off.")
      : plan != nil ? choice.line : ImageChoice.line(.symbols, reason: asks ? tr("asking the terminal") : choice.reason)
  }
}
