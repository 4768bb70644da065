import Glibc

/// The colours a terminal shows for colour numbers, as xterm draws them out of the box, and the
/// WCAG contrast between them: what the palette's choices are checked against.
struct TerminalColours: Sendable {
  /// Whether the terminal's background is light (xterm's black on white) or dark (white-ish on black).
  var light: Bool

  /// The default foreground (-1 as a foreground).
  var defaultForeground: RGB { light ? RGB(0, 0, 0) : RGB(229, 229, 229) }
  /// The default background (-1 as a background).
  var defaultBackground: RGB { light ? RGB(255, 255, 255) : RGB(0, 0, 0) }

  /// The colour shown for a colour number at a depth; -1 is the default, direct colour is packed
  /// RGB above the eight ANSI colours.
  func rgb(_ number: Int, depth: ColorDepth, foreground: Bool) -> RGB {
    guard number >= 0 else { return foreground ? defaultForeground : defaultBackground }
    if depth == .direct, number >= 8 { return RGB(number >> 16 & 0xFF, number >> 8 & 0xFF, number & 0xFF) }
    let (red, green, blue) = Xterm256.rgb(number)
    return RGB(red, green, blue)
  }

  /// The foreground and background a resolved style shows: bold makes the eight ANSI colours
  /// bright (xterm's `boldColors`), faint takes the foreground two thirds of the way from black
  /// (measured in xterm: #E5E5E5 is drawn #999999), reverse swaps them.
  func shown(_ style: ResolvedStyle, depth: ColorDepth) -> (foreground: RGB, background: RGB) {
    var foreground = style.foreground
    if style.bold, (0..<8).contains(foreground) { foreground += 8 }
    var shown = rgb(foreground, depth: depth, foreground: true)
    if style.dim { shown = RGB(shown.red * 2 / 3, shown.green * 2 / 3, shown.blue * 2 / 3) }
    let pair = (shown, rgb(style.background, depth: depth, foreground: false))
    return style.reverse ? (pair.1, pair.0) : pair
  }

  /// The WCAG contrast ratio of a resolved style's text on its background, 1 to 21.
  func contrast(of style: ResolvedStyle, depth: ColorDepth) -> Double {
    let (foreground, background) = shown(style, depth: depth)
    return Self.contrast(foreground, background)
  }

  /// The WCAG 2 contrast ratio of two colours: (L1 + 0.05) / (L2 + 0.05), the lighter on top.
  static func contrast(_ first: RGB, _ second: RGB) -> Double {
    let (a, b) = (first.luminance, second.luminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

/// An sRGB colour, 0–255 a channel.
struct RGB: Hashable, Sendable, CustomStringConvertible {
  /// Red.
  var red: Int
  /// Green.
  var green: Int
  /// Blue.
  var blue: Int

  /// Makes a colour.
  init(_ red: Int, _ green: Int, _ blue: Int) {
    (self.red, self.green, self.blue) = (red, green, blue)
  }

  /// WCAG 2 relative luminance: each channel linearised from sRGB, weighted 0.2126, 0.7152, 0.0722.
  var luminance: Double {
    func linear(_ channel: Int) -> Double {
      let value = Double(channel) / 255
      return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// The colour as `#RRGGBB`.
  var description: String {
    "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
  }
}
