import AmodbKit
import FoundationEssentials
import Localization
import PosterKit

/// A reply to one of the questions asked of the terminal at start-up.
public enum TerminalReply: Equatable, Sendable {
  /// `DCS > | name(version) ST`.
  case version(String)
  /// `CSI ? attributes c`; 4 means sixel.
  case deviceAttributes([Int])
  /// `OSC 11 ; rgb:RRRR/GGGG/BBBB`: the background colour, each channel 0…1.
  case background(red: Double, green: Double, blue: Double)
  /// `CSI 6 ; height ; width t`: one cell's size in pixels.
  case cellSize(width: Int, height: Int)

  /// Whether a background colour is light (relative luminance above one half).
  public static func isLight(red: Double, green: Double, blue: Double) -> Bool {
    0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5
  }

  /// Whether a terminal's name and version (`kitty(0.35.2)`, `WezTerm 20240203`, `ghostty 1.1`)
  /// says it draws kitty's Unicode placeholders (kitty from 0.28).
  public static func showsKittyPlaceholders(version: String) -> Bool {
    let lower = version.lowercased()
    if lower.hasPrefix("wezterm") || lower.hasPrefix("ghostty") { return true }
    guard lower.hasPrefix("kitty(") else { return false }
    let numbers = lower.dropFirst(6).prefix { $0 != ")" }.split(separator: ".").compactMap { Int($0) }
    guard numbers.count >= 2 else { return false }
    return (numbers[0], numbers[1]) >= (0, 28)
  }
}

/// How posters are drawn.
public enum ImageKind: String, Equatable, Sendable {
  case kitty, sixel, iterm, symbols, off

  /// The help's line saying how posters are drawn and why.
  public func line(reason: String) -> String {
    switch self {
    case .kitty: return tr("Posters: kitty graphics (%s).", reason)
    case .sixel: return tr("Posters: sixel graphics (%s).", reason)
    case .iterm: return tr("Posters: iTerm2 images (%s).", reason)
    case .symbols: return tr("Posters: symbol art (%s).", reason)
    case .off: return tr("Posters: off (%s).", reason)
    }
  }
}

/// How posters are drawn from now on, in pixels: kitty's placeholders, or images over the cells.
public enum ImagePlan: Equatable, Sendable {
  /// Kitty graphics shown through Unicode placeholders, sized to the cell when known.
  case placeholders(cell: CellSize?)
  /// Images drawn over blank cells (sixel, iTerm2, kitty placed at the cursor).
  case pixels(PixelPoster.Kind, cell: CellSize?)
}

extension ImagePlan {
  /// The cell it sizes posters to, when known.
  public var cell: CellSize? {
    switch self {
    case .placeholders(let cell), .pixels(_, let cell): return cell
    }
  }

  /// The same plan at `cell` (unchanged when `cell` is nil: a known cell is never forgotten).
  func sized(_ cell: CellSize?) -> ImagePlan {
    guard let cell else { return self }
    switch self {
    case .placeholders: return .placeholders(cell: cell)
    case .pixels(let kind, _): return .pixels(kind, cell: cell)
    }
  }
}

/// One cell's size in pixels.
public struct CellSize: Equatable, Sendable {
  /// Pixels across.
  public var width: Int
  /// Pixels down.
  public var height: Int

  /// Makes a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// A cell of a window `pixels` big holding `cells` (what `TIOCGWINSZ` reports), or nil when
  /// either is unknown (zero pixels: the terminal does not fill them in).
  public init?(window pixels: (width: Int, height: Int), cells: (columns: Int, rows: Int)) {
    guard pixels.width > 0, pixels.height > 0, cells.columns > 0, cells.rows > 0 else { return nil }
    let width = pixels.width / cells.columns
    let height = pixels.height / cells.rows
    guard width > 0, height > 0 else { return nil }
    self.init(width: width, height: height)
  }
}

/// How posters are drawn, as decided from the terminal's replies, and why.
public struct ImageDecision: Equatable, Sendable {
  /// How posters are drawn.
  public var kind: ImageKind
  /// Why, as the help and `trending doctor` say it.
  public var reason: String

  /// The help's line for it.
  public var line: String { kind.line(reason: reason) }
}

/// What the terminal said of itself, and what that decides: how posters are drawn, and the theme.
public struct TerminalCapabilities: Equatable, Sendable {
  /// Whether the terminal is asked what it draws (`--images auto`, with posters on).
  public var asksImages: Bool
  /// Whether the background colour is asked (no theme set, nothing in `COLORFGBG`, colours on).
  public var asksBackground: Bool
  /// Whether kitty's placeholders can carry their id (256 colours or more).
  public var placeholdersFit: Bool
  /// Whether the app runs inside tmux (images over the cells do not pass through it).
  public var insideTmux: Bool
  /// The line the help shows once pixels are in use as chosen at start-up.
  public var chosenLine: String
  /// How posters are drawn in pixels now, if they are.
  public var plan: ImagePlan?
  /// The terminal's name and version, when it said.
  public var version: String?
  /// One cell's size, when the terminal said.
  public var cell: CellSize?
  /// One cell's size from the window's pixels, used when the terminal does not say.
  public var windowCell: CellSize?
  /// What its replies decided, once the last one came.
  public var decision: ImageDecision?

  /// Makes the capabilities known at start-up, before any reply.
  public init(
    asksImages: Bool = false, asksBackground: Bool = false, placeholdersFit: Bool = false, insideTmux: Bool = false,
    chosenLine: String = "", plan: ImagePlan? = nil, windowCell: CellSize? = nil
  ) {
    self.asksImages = asksImages
    self.asksBackground = asksBackground
    self.placeholdersFit = placeholdersFit
    self.insideTmux = insideTmux
    self.chosenLine = chosenLine
    self.windowCell = windowCell
    self.plan = plan?.sized(windowCell)
  }

  /// The cell posters are sized to: the terminal's word, else the window's pixels, else unknown.
  public var bestCell: CellSize? { cell ?? windowCell }

  /// Whether anything is asked of the terminal.
  public var asksAnything: Bool {
    asksImages || asksBackground || plan.map { if case .pixels = $0 { true } else { false } } == true
  }

  /// The terminal's name as the help may show it.
  /// The terminal's name and version as the help says them: XTVERSION's `kitty(0.26.5)` reads
  /// "kitty 0.26.5".
  var terminalName: String? {
    version.map { version in
      var name = TextSanitizer.clean(version, limit: 40)
      if name.hasSuffix(")"), let open = name.firstIndex(of: "("), open > name.startIndex {
        name = name[..<open] + " " + name[name.index(after: open)..<name.index(before: name.endIndex)]
      }
      return name
    }
  }

  /// Takes a reply; returns the effects it decides and, when posters are drawn another way from
  /// now on, the help's new line.
  public mutating func heard(_ reply: TerminalReply) -> (effects: [Effect], note: String?) {
    switch reply {
    case .background(let red, let green, let blue):
      // Only when nothing else said the theme: a theme set by the user stays.
      guard asksBackground else { return ([], nil) }
      return ([.useLightBackground(TerminalReply.isLight(red: red, green: green, blue: blue))], nil)
    case .version(let name):
      version = name
      return ([], nil)
    case .cellSize(let width, let height):
      // Posters are sized to the real cell from now on.
      cell = CellSize(width: width, height: height)
      return resized()
    case .deviceAttributes(let attributes):
      // Every terminal answers this last: what it said before is all it will say.
      guard asksImages, plan == nil else { return ([], nil) }
      return decide(offersSixel: attributes.dropFirst().contains(4))
    }
  }

  /// Takes the cell the window's pixels give (read again after a resize); returns the effects and
  /// the help's line when posters are drawn at another size from now on.
  public mutating func measured(_ window: CellSize?) -> (effects: [Effect], note: String?) {
    let before = bestCell
    windowCell = window
    guard bestCell != before else { return ([], nil) }
    return resized()
  }

  /// Sizes the plan to the best cell known; the effects that draw every poster again at it.
  private mutating func resized() -> (effects: [Effect], note: String?) {
    guard let sized = plan?.sized(bestCell), sized != plan else { return ([], nil) }
    plan = sized
    // The help keeps saying what decided the plan: the replies, else the start-up choice.
    return ([.drawImages(sized)], decision?.line ?? chosenLine)
  }

  /// Decides how posters are drawn once the terminal has said all it will.
  private mutating func decide(offersSixel: Bool) -> (effects: [Effect], note: String?) {
    let isKitty = placeholdersFit && (version.map(TerminalReply.showsKittyPlaceholders) ?? false)
    if !isKitty, offersSixel, !insideTmux {
      let reason = tr("the terminal offers sixel")
      return decided(.pixels(.sixel, cell: bestCell), ImageDecision(kind: .sixel, reason: reason))
    }
    // kitty before 0.28: no placeholders, but images placed at the cursor over blank cells.
    if !isKitty, let terminal = terminalName, terminal.lowercased().hasPrefix("kitty"), !insideTmux {
      let reason = tr("the terminal is %s; placed directly", terminal)
      return decided(.pixels(.kitty, cell: bestCell), ImageDecision(kind: .kitty, reason: reason))
    }
    guard isKitty, let terminal = terminalName else {
      let heard = terminalName.map { tr("the terminal is %s", $0) } ?? tr("no images offered")
      return decided(nil, ImageDecision(kind: .symbols, reason: heard))
    }
    let reason = tr("the terminal is %s", terminal)
    return decided(.placeholders(cell: bestCell), ImageDecision(kind: .kitty, reason: reason))
  }

  /// Records a decision: the plan it draws by (none for symbol art) and the help's new line.
  private mutating func decided(_ plan: ImagePlan?, _ decision: ImageDecision) -> (effects: [Effect], note: String?) {
    self.plan = plan
    self.decision = decision
    return (plan.map { [.drawImages($0)] } ?? [], decision.line)
  }
}
