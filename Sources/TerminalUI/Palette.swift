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
  /// Dim.
  public var dim: Bool
  /// Reverse video.
  public var reverse: Bool
}

/// The user's part in the look: a light or dark terminal, and colours by role from the settings file.
public struct Look: Sendable, Equatable {
  /// Whether the terminal's background is light.
  public var light: Bool
  /// Colours by role (`selected`, `muted`, …), terminal colour numbers with -1 for the default.
  public var colors: [String: Settings.Color]

  /// Makes a look.
  public init(light: Bool = false, colors: [String: Settings.Color] = [:]) {
    self.light = light
    self.colors = colors
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
    resolved.dim = false
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
        dim: false, reverse: false)
    }
    guard depth != .direct else {
      var resolved = Palette(depth: .indexed256, look: Look(light: look.light)).base(style)
      resolved.foreground = Xterm256.direct(resolved.foreground)
      resolved.background = Xterm256.direct(resolved.background)
      return resolved
    }
    var resolved = ResolvedStyle(foreground: -1, background: -1, bold: style.isBold, dim: false, reverse: false)
    switch depth {
    case .none:
      switch style.tone {
      case .muted, .barMuted: resolved.dim = !style.isSelected
      case .title, .error, .warning: resolved.bold = true
      case .bar: resolved.reverse = true
      default: break
      }
      if style.isSelected { resolved.reverse = true }
    case .eight, .sixteen:
      let bright = depth == .sixteen ? 8 : 0
      switch style.tone {
      case .normal: break
      case .muted:
        resolved.dim = depth == .eight && !style.isSelected
        if depth == .sixteen { resolved.foreground = 8 }
      case .accent: resolved.foreground = 6 + bright
      case .title: resolved.bold = true
      case .good: resolved.foreground = 2 + bright
      case .fair: resolved.foreground = 3 + bright
      case .poor, .error: resolved.foreground = 1 + bright
      case .warning: resolved.foreground = 3 + bright
      case .bar:
        (resolved.foreground, resolved.background) = (0, 6)
        // Bold black is drawn as grey by terminals that brighten bold colours: unreadable on cyan.
        resolved.bold = false
      case .barMuted:
        resolved.dim = depth == .eight
        if depth == .sixteen { resolved.foreground = 8 }
      }
      if style.isSelected {
        resolved.background = 4
        if resolved.foreground == -1 || resolved.foreground == 4 || resolved.foreground == 8 {
          resolved.foreground = 7 + bright
        }
        resolved.dim = false
      }
    case .indexed256 where look.light, .direct where look.light:
      // Darker colours that read on a light background.
      switch style.tone {
      case .normal: break
      case .muted: resolved.foreground = 243
      case .accent: resolved.foreground = 30
      case .title: (resolved.foreground, resolved.bold) = (232, true)
      case .good: resolved.foreground = 28
      case .fair: resolved.foreground = 130
      case .poor, .error: resolved.foreground = 160
      case .warning: resolved.foreground = 166
      case .bar: (resolved.foreground, resolved.background) = (255, 24)
      case .barMuted: (resolved.foreground, resolved.background) = (236, 252)
      }
      if style.isSelected {
        resolved.background = 153
        if resolved.foreground == -1 { resolved.foreground = 232 }
      }
    case .indexed256, .direct:
      switch style.tone {
      case .normal: break
      case .muted: resolved.foreground = 245
      case .accent: resolved.foreground = 80
      case .title: resolved.bold = true  // the default colour: readable on dark and light backgrounds
      case .good: resolved.foreground = 114
      case .fair: resolved.foreground = 221
      case .poor, .error: resolved.foreground = 203
      case .warning: resolved.foreground = 214
      case .bar: (resolved.foreground, resolved.background) = (255, 24)
      case .barMuted: (resolved.foreground, resolved.background) = (250, 236)
      }
      if style.isSelected {
        resolved.background = 238
        if resolved.foreground == -1 { resolved.foreground = 255 }
      }
    }
    return resolved
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
