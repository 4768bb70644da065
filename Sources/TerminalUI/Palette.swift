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

/// Maps styles onto a colour depth: the whole look of the app in one table.
public struct Palette: Sendable {
  /// The depth this palette draws in.
  public let depth: ColorDepth

  /// Makes a palette.
  public init(depth: ColorDepth) {
    self.depth = depth
  }

  /// Resolves a style.
  public func resolve(_ style: Style) -> ResolvedStyle {
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
      case .bar: (resolved.foreground, resolved.background) = (0, 6)
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
    case .indexed256:
      switch style.tone {
      case .normal: break
      case .muted: resolved.foreground = 245
      case .accent: resolved.foreground = 80
      case .title: (resolved.foreground, resolved.bold) = (255, true)
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
