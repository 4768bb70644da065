import PosterKit
import TrendingCore
import TrendingViews

/// How many colours the terminal can show, as the app uses them.
public enum ColorDepth: Sendable, Equatable {
  /// No colour: attributes only (also under `NO_COLOR`).
  case none
  /// The eight ANSI colours.
  case eight
  /// Sixteen colours: the eight and their bright variants.
  case sixteen
  /// The xterm 256-colour palette.
  case indexed256
  /// 24-bit colour through a `-direct` terminfo entry: colour numbers are packed RGB.
  case direct

  /// The depth for a terminal that reports `colors` colours.
  public static func forTerminal(colors: Int, noColor: Bool) -> ColorDepth {
    if noColor || colors < 8 { return .none }
    if colors >= 256 { return .indexed256 }
    return colors >= 16 ? .sixteen : .eight
  }
}

/// A style resolved for the terminal: colour numbers (-1 is the default) and attributes.
public struct ResolvedStyle: Hashable, Sendable {
  /// Foreground colour, -1 for the terminal's default.
  public var foreground: Int
  /// Background colour, -1 for the terminal's default.
  public var background: Int
  /// Bold.
  public var bold: Bool
  /// Underlined.
  public var underline: Bool
  /// Reverse video.
  public var reverse: Bool
  /// Dimmed (faint): the default colour made quieter, muted text where there is no grey.
  public var dim = false
}

/// The user's part in the look: a light or dark terminal, and colours by role from the settings file.
public struct Look: Sendable, Equatable {
  /// Whether the terminal's background is light.
  public var light: Bool
  /// Colours by role (`selected`, `muted`, …), terminal colour numbers with -1 for the default.
  public var colors: [String: Settings.Color]
  /// Whether faint text is too dark to read: the Linux console draws it in dark grey (#555555,
  /// 2.8:1 on black), so muted text there is the default colour.
  public var faintUnreadable = false

  /// Makes a look.
  public init(light: Bool = false, colors: [String: Settings.Color] = [:], term: String? = nil) {
    self.light = light
    self.colors = colors
    faintUnreadable = term.map { $0 == "linux" || $0.hasPrefix("linux-") } ?? false
  }

  /// Whether a terminal's background is light, from `TRENDING_THEME` (`light`, `dark`, `auto`), else
  /// `COLORFGBG` ("15;0" is light on dark; a background of 7 or 15 is light), else dark.
  public static func isLight(environment: [String: String]) -> Bool {
    switch environment["TRENDING_THEME"] {
    case "light": return true
    case "dark": return false
    default:
      guard let background = environment["COLORFGBG"]?.split(separator: ";").last.flatMap({ Int($0) }) else {
        return false
      }
      return background == 7 || background == 15
    }
  }
}

/// Maps styles onto a colour depth: the whole look of the app in one table.
public struct Palette: Sendable {
  /// The depth this palette draws in.
  public let depth: ColorDepth
  /// The theme and the user's colours.
  public let look: Look

  /// Makes a palette.
  public init(depth: ColorDepth, look: Look = Look()) {
    self.depth = depth
    self.look = look
  }

  /// Applies the user's colour for a role, within what the depth can show.
  private func override(_ resolved: inout ResolvedStyle, role: String) {
    guard depth != .none, let color = look.colors[role] else { return }
    let limit = depth == .eight ? 8 : depth == .sixteen ? 16 : 256
    func fit(_ number: Int) -> Int {
      guard number >= 0 else { return -1 }
      let index = number < limit ? number : number % 8
      return depth == .direct ? Xterm256.direct(index) : index
    }
    resolved.foreground = fit(color.foreground)
    resolved.background = fit(color.background)
    resolved.bold = resolved.bold || color.bold
  }

  /// Resolves the style of a cell showing `text`: a blank cell is never underlined, so an
  /// underline runs under text alone, not under padding or an empty mark column.
  public func resolve(_ style: Style, text: String) -> ResolvedStyle {
    var resolved = resolve(style)
    if resolved.underline, text.allSatisfy(\.isWhitespace), !text.isEmpty { resolved.underline = false }
    return resolved
  }

  /// Resolves a style, then applies the user's colours for its role and for the selection.
  public func resolve(_ style: Style) -> ResolvedStyle {
    var resolved = base(style)
    guard style.foreground == nil, style.background == nil else { return resolved }
    override(&resolved, role: style.tone.rawValue)
    if style.isSelected { override(&resolved, role: ColorRole.selected.rawValue) }
    return resolved
  }

  /// How posters are rendered at this depth, or nil when they are not drawn.
  public var posterMode: PosterColorMode? {
    switch depth {
    case .none: return nil
    case .eight: return .indexed8
    case .sixteen: return .indexed16
    case .indexed256: return .indexed256
    case .direct: return .trueColor
    }
  }

  /// Resolves a style by the built-in table.
  private func base(_ style: Style) -> ResolvedStyle {
    if style.foreground != nil || style.background != nil {
      return ResolvedStyle(
        foreground: style.foreground.map(number) ?? -1, background: style.background.map(number) ?? -1, bold: false,
        underline: false, reverse: false)
    }
    guard depth != .direct else {
      var resolved = Palette(depth: .indexed256, look: Look(light: look.light)).base(style)
      resolved.foreground = Xterm256.direct(resolved.foreground)
      resolved.background = Xterm256.direct(resolved.background)
      return resolved
    }
    // Faint only for muted text at eight colours, which has no grey (decision *muted-is-dim*).
    var resolved = ResolvedStyle(foreground: -1, background: -1, bold: style.isBold, underline: false, reverse: false)
    switch depth {
    case .none: noColor(style, &resolved)
    case .eight where look.light, .sixteen where look.light: lightANSI(style, &resolved)
    case .eight, .sixteen: darkANSI(style, &resolved)
    case .indexed256 where look.light, .direct where look.light: light256(style, &resolved)
    case .indexed256, .direct: dark256(style, &resolved)
    }
    return resolved
  }

  /// Without colour: the selection in reverse, the header bold, the active tab bold and underlined,
  /// the words found underlined.
  private func noColor(_ style: Style, _ resolved: inout ResolvedStyle) {
    if [.title, .error, .warning].contains(style.tone) { resolved.bold = true }
    // A match is bold as its row may be: underlined, so it shows on the selection too; a link is
    // underlined as it is in colour.
    if style.tone == .match || style.tone == .link { resolved.underline = true }
    guard style.isSelected else { return }
    // The title on the selection is the active tab: underlined, so it is not taken for the selected row.
    if style.tone == .title { resolved.underline = true } else { resolved.reverse = true }
  }

  /// Eight and sixteen colours on a dark background; bold colours are drawn bright (xterm).
  private func darkANSI(_ style: Style, _ resolved: inout ResolvedStyle) {
    let bright = depth == .sixteen ? 8 : 0
    switch style.tone {
    case .normal, .title: break
    // Eight colours have no grey: the default colour dimmed, never a hue of its own.
    // The Linux console's grey and faint are both #555555: muted is the default colour there.
    case .muted where look.faintUnreadable: break
    case .muted where depth == .sixteen: resolved.foreground = 8
    case .muted: resolved.dim = !style.isSelected
    case .accent, .match: resolved.foreground = 6 + bright
    case .link: (resolved.foreground, resolved.underline) = (6 + bright, true)
    // Magenta is 4.5:1 on black only bright: bold where there are eight.
    case .yours: (resolved.foreground, resolved.bold) = (5 + bright, resolved.bold || depth == .eight)
    case .score1, .score2: (resolved.foreground, resolved.bold) = (1 + bright, resolved.bold || depth == .eight)
    case .score3: resolved.foreground = 3 + bright
    case .score4, .score5: resolved.foreground = 2 + bright
    case .good: resolved.foreground = 2 + bright
    case .fair, .warning: resolved.foreground = 3 + bright
    case .poor, .error:
      // Red is 3.6:1 on black; bold draws it bright (5.3:1) where there are only eight.
      resolved.foreground = 1 + bright
      resolved.bold = resolved.bold || depth == .eight
    case .bar:
      (resolved.foreground, resolved.background) = (0, 6)
      // Bold black is drawn as grey by terminals that brighten bold colours: unreadable on cyan.
      resolved.bold = false
    case .barMuted: resolved.foreground = depth == .sixteen ? 8 : -1
    }
    if style.isSelected { select(&resolved, background: 4, fallback: 7 + bright) }
  }

  /// Eight and sixteen colours on a light background: only colours that read on white (black,
  /// red, blue, magenta), never bold with a colour (xterm brightens it); emphasis is bold or underline.
  private func lightANSI(_ style: Style, _ resolved: inout ResolvedStyle) {
    switch style.tone {
    case .normal, .title: break
    // Grey reads 4:1 on white: the default colour dimmed, never a hue of its own.
    case .muted: resolved.dim = !style.isSelected
    case .accent, .match: resolved.foreground = 5
    // Blue is the link, underlined as links are.
    case .link: (resolved.foreground, resolved.underline) = (4, true)
    // The user's own rating: its star carries it; the weight sets it apart from the public score.
    case .yours: break
    case .score1, .score2: resolved.foreground = 1
    case .score3, .score4, .score5: break
    case .good, .fair: break
    case .poor, .error: resolved.foreground = 1
    case .warning: resolved.foreground = 5
    case .bar: (resolved.foreground, resolved.background, resolved.bold) = (0, 6, false)
    case .barMuted: (resolved.foreground, resolved.background) = (0, 7)
    }
    // Bold with a colour is drawn bright (unreadable on white): an error or warning is underlined
    // instead, a score never (a good score must not read as a link).
    if resolved.foreground != -1, resolved.bold {
      resolved.bold = false
      resolved.underline = resolved.underline || !ScoreScale.tones.contains(style.tone)
    }
    // The selection in blue with light text: grey (7) on a white terminal barely shows.
    if style.isSelected { select(&resolved, background: 4, fallback: 7) }
  }

  /// 256 colours on a light background: darker colours that read on white and on the selection.
  private func light256(_ style: Style, _ resolved: inout ResolvedStyle) {
    let selected = style.isSelected
    switch style.tone {
    case .normal: break
    case .muted: resolved.foreground = selected ? 239 : 243
    case .accent, .match: resolved.foreground = 23
    case .title: (resolved.foreground, resolved.bold) = (232, true)
    case .link: (resolved.foreground, resolved.underline) = (selected ? 18 : 25, true)
    case .yours: resolved.foreground = selected ? 53 : 90
    case .score1: resolved.foreground = selected ? 124 : 160
    case .score2: resolved.foreground = selected ? 94 : 130
    case .score3: resolved.foreground = selected ? 58 : 94
    case .score4: resolved.foreground = selected ? 22 : 58
    case .score5: resolved.foreground = selected ? 22 : 28
    case .good: resolved.foreground = selected ? 22 : 28
    case .fair, .warning: resolved.foreground = selected ? 58 : 130
    case .poor, .error: resolved.foreground = selected ? 124 : 160
    case .bar: (resolved.foreground, resolved.background) = (255, 24)
    case .barMuted: (resolved.foreground, resolved.background) = (236, 252)
    }
    if selected { select(&resolved, background: 153, fallback: 232) }
  }

  /// 256 colours on a dark background.
  private func dark256(_ style: Style, _ resolved: inout ResolvedStyle) {
    let selected = style.isSelected
    switch style.tone {
    case .normal: break
    case .muted: resolved.foreground = selected ? 250 : 245
    case .accent, .match: resolved.foreground = 80
    case .title: resolved.bold = true  // the default colour: readable on dark and light backgrounds
    case .link: (resolved.foreground, resolved.underline) = (117, true)
    case .yours: resolved.foreground = 213
    case .score1: resolved.foreground = selected ? 217 : 203
    case .score2: resolved.foreground = 215
    case .score3: resolved.foreground = 221
    case .score4: resolved.foreground = 150
    case .score5: resolved.foreground = 114
    case .good: resolved.foreground = 114
    case .fair: resolved.foreground = 221
    case .poor, .error: resolved.foreground = selected ? 217 : 203
    case .warning: resolved.foreground = 214
    case .bar: (resolved.foreground, resolved.background) = (255, 24)
    case .barMuted: (resolved.foreground, resolved.background) = (250, 236)
    }
    if selected { select(&resolved, background: 238, fallback: 255) }
  }

  /// Puts a style on the selection's background; a foreground that does not read there (under
  /// 4.5:1, as the terminal draws it) becomes `fallback`.
  private func select(_ resolved: inout ResolvedStyle, background: Int, fallback: Int) {
    resolved.background = background
    let colours = TerminalColours(light: look.light)
    if resolved.foreground == -1 || colours.contrast(of: resolved, depth: depth) < 4.5 {
      resolved.foreground = fallback
    }
  }
}

extension Palette {
  /// The terminal's colour number for a poster colour at this depth.
  func number(_ color: PosterColor) -> Int {
    switch color {
    case .indexed(let index):
      return depth == .direct ? Xterm256.direct(Int(index)) : Int(index)
    case .rgb(let red, let green, let blue):
      return depth == .direct
        ? Int(red) << 16 | Int(green) << 8 | Int(blue) : Xterm256.nearest(red: red, green: green, blue: blue)
    }
  }
}

/// The xterm 256-colour palette as RGB, for direct-colour terminals and the reverse lookup.
enum Xterm256 {
  /// The six levels of the colour cube.
  static let levels = [0, 95, 135, 175, 215, 255]

  /// A palette index as a direct-colour number (packed RGB); the first eight stay ANSI, -1 stays default.
  static func direct(_ index: Int) -> Int {
    guard index >= 8, index < 256 else { return index }
    let (red, green, blue) = rgb(index)
    return red << 16 | green << 8 | blue
  }

  /// The RGB of a palette index from 16 up (the first 16 are the terminal's own; approximations are used).
  static func rgb(_ index: Int) -> (Int, Int, Int) {
    switch index {
    case 16..<232:
      let value = index - 16
      return (levels[value / 36], levels[(value / 6) % 6], levels[value % 6])
    case 232..<256:
      let grey = 8 + (index - 232) * 10
      return (grey, grey, grey)
    default:
      let base = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
      ]
      return base[max(0, min(15, index))]
    }
  }

  /// The nearest index in the cube and grey ramp (16–255) to an RGB colour.
  static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    func level(_ value: UInt8) -> Int {
      levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) } ?? 0
    }
    let cube = 16 + 36 * level(red) + 6 * level(green) + level(blue)
    let average = (Int(red) + Int(green) + Int(blue)) / 3
    let grey = 232 + min(23, max(0, (average - 8) / 10))
    func distance(_ index: Int) -> Int {
      let (r, g, b) = rgb(index)
      return (r - Int(red)) * (r - Int(red)) + (g - Int(green)) * (g - Int(green)) + (b - Int(blue)) * (b - Int(blue))
    }
    return distance(grey) < distance(cube) ? grey : cube
  }
}
