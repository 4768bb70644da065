import AmodbKit
import CNCurses
import FoundationEssentials
import Glibc
import Localization
import TrendingCore
import TrendingViews

/// The live terminal: ncursesw with wide characters, colour pairs from `alloc_pair`.
public final class NCursesBackend: TerminalBackend {
  var palette: Palette
  private var pairs: [ResolvedStyle: (attributes: attr_t, pair: Int32)] = [:]
  var previous: Screen?
  /// The image drawn over the cells now, if any.
  var shownOverlay: ScreenOverlay?
  /// Whether the last frame wrote cells on the rows of the image shown: ncurses' writes there
  /// (text, spaces, erase to the end of the line) wipe a sixel's pixels, so it is sent again.
  var overlayTouched = false
  /// The cells before the last frame, when it was drawn over them (not a full repaint): which of
  /// an image's cells ncurses wrote, and so wiped, and which still hold its pixels.
  var beforeFrame: [Cell]?
  /// The terminfo strings that move the screen's contents, while they are taken from ncurses
  /// (`allowScrolling`).
  var scrollingKept: [UnsafeMutablePointer<CChar>?]?
  private(set) var isShutDown = false
  /// Whether bytes went to the terminal past ncurses since the cursor was last put (an image, a
  /// question): ncurses' idea of where the cursor is may then be wrong (`placeCursor`).
  var wroteAround = false
  /// Whether the terminal can hide its cursor (a VT100 has no `civis`); ncurses tells only once.
  private(set) var hidesCursor = true
  /// The style last drawn and its ncurses attributes and colour pair.
  private var lastStyle: (style: Style, blank: Bool, colours: (attributes: attr_t, pair: Int32))?
  private let screenPointer: OpaquePointer
  /// The stream ncurses writes to; what goes past ncurses goes to its descriptor after it.
  private let outputStream: UnsafeMutablePointer<FILE>

  /// Takes over the terminal on standard input and output (or the given streams and terminal
  /// type, for headless tests); nil when it cannot be set up.
  public init?(
    noColor: Bool, look: Look = Look(), mouse: Bool = false, glyphs: GlyphMode = .unicode, terminalType: String? = nil,
    output: UnsafeMutablePointer<FILE>? = nil, input: UnsafeMutablePointer<FILE>? = nil
  ) {
    var screen: OpaquePointer?
    // ncurses keeps every cell of the terminal twice: a huge window is set up at the largest size.
    let clamped = Self.terminalSize().map(Self.clamp).flatMap { $0 == Self.terminalSize() ? nil : $0 }
    if let clamped {
      setenv("LINES", String(clamped.height), 1)
      setenv("COLUMNS", String(clamped.width), 1)
    }
    defer {
      if clamped != nil {
        unsetenv("LINES")
        unsetenv("COLUMNS")
      }
    }
    if terminalType == nil, !noColor, let candidate = Self.directColorTerminal() {
      screen = newterm(candidate, shim_stdout(), shim_stdin())
    }
    // A TERM of a known family with no entry here draws as the nearest entry the machine has.
    let type = terminalType ?? Self.standIn()
    if screen == nil { screen = newterm(type, output ?? shim_stdout(), input ?? shim_stdin()) }
    guard let screen else { return nil }
    screenPointer = screen
    outputStream = output ?? shim_stdout()
    set_term(screen)
    // Until ncurses has once come back from `endwin`, it flushes its output after every cursor
    // move (its screen stays in the "initial" state), so a whole frame went out as some fifty
    // writes, a terminal free to show any part of it alone. Out and back once, before anything is
    // drawn, makes each frame one write; before colours start, so coming back leaves the
    // terminal's palette (a theme's) alone rather than resetting it (`oc`).
    endwin()
    doupdate()
    raw()
    noecho()
    nonl()
    // Raw bytes: keys, mouse reports and answers are all read by one decoder with one window
    // (`InputDecoder`); ncurses' own escape delay would split a slow arrow key before it.
    keypad(shim_stdscr(), false)
    nodelay(shim_stdscr(), true)
    // Inserting or deleting characters shifts the rest of a line, an image's pixels with it.
    idcok(shim_stdscr(), false)
    hidesCursor = curs_set(0) != ERR
    var depth = ColorDepth.none
    if !noColor, has_colors() {
      start_color()
      use_default_colors()
      // A direct-colour entry reports 2^24 colours and takes packed RGB colour numbers.
      let colors = Int(shim_colors())
      depth = colors >= 0x1000000 ? .direct : ColorDepth.forTerminal(colors: colors, noColor: false)
    }
    palette = Palette(depth: depth, look: look)
    self.mouse = mouse
    self.glyphs = glyphs
    decoder = InputDecoder(mouse: mouse)
    enableInputModes()
  }

  /// Pasted text arrives marked (`ESC [200~ … ESC [201~`), so it is read as text, never as keys.
  static let bracketedPasteOn = "\u{1B}[?2004h"
  static let bracketedPasteOff = "\u{1B}[?2004l"

  /// Whether the app reads the mouse.
  private let mouse: Bool
  /// Reads keys, reports, pastes and answers across reads.
  private var decoder: InputDecoder

  /// Draws for a light (or dark) background from the next frame on: every colour pair again.
  public func useLightBackground(_ light: Bool) {
    guard palette.look.light != light else { return }
    var look = palette.look
    look.light = light
    palette = Palette(depth: palette.depth, look: look)
    pairs = [:]
    lastStyle = nil
    redraw()
  }

  /// Asks the terminal its name and version and its device attributes; the answers come as input.
  public func askTerminal() {
    decoder.asked(at: Date())
    writeTerminal(TerminalReply.questions)
  }
  /// What the terminal can show.
  private let glyphs: GlyphMode

  /// Turns on bracketed paste and, when the app reads the mouse, press and wheel reports in the
  /// SGR form (1006), which works past column 223 and in tmux (ncurses decodes them when its
  /// terminfo entry knows the form, the app does otherwise): one write for both.
  private func enableInputModes() {
    var modes = Self.bracketedPasteOn
    if mouse {
      mouseinterval(0)
      mousemask(shim_button1_pressed() | shim_button4_pressed() | shim_button5_pressed(), nil)
      modes = "\u{1B}[?1000h\u{1B}[?1006h" + modes
    }
    writeTerminal(modes)
  }

  private func disableMouse() {
    writeTerminal("\u{1B}[?1006l\u{1B}[?1000l")
    mousemask(0, nil)
  }

  /// Writes control text straight to the terminal, after what ncurses has sent.
  func writeTerminal(_ text: String) {
    wroteAround = true
    fflush(outputStream)
    let descriptor = fileno(outputStream)
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      written += count
    }
  }

  /// Sends control bytes (an image) straight to the terminal.
  public func writeGraphics(_ bytes: String) {
    writeTerminal(bytes)
  }

  /// Puts text on the clipboard through the terminal: OSC 52, which tmux takes when its
  /// `set-clipboard` is on and which reaches the local clipboard over SSH.
  public func copyToClipboard(_ text: String) {
    let encoded = Data(text.utf8).base64EncodedString()
    writeTerminal("\u{1B}]52;c;\(encoded)\u{07}")
  }

  deinit {
    shutdown()
  }

  /// The colour depth in use.
  public var depth: ColorDepth { palette.depth }

  public var size: Size { Self.clamp(Size(width: Int(shim_cols()), height: Int(shim_lines()))) }

  /// The largest screen drawn: a larger terminal shows this much of it (each cell costs memory
  /// here and in ncurses, and 10000x10000 cells would be gigabytes).
  public static let largestSize = Size(width: 1000, height: 500)

  /// A size within `largestSize`.
  static func clamp(_ size: Size) -> Size {
    Size(width: min(size.width, largestSize.width), height: min(size.height, largestSize.height))
  }

  /// The terminal's own size, when it is larger than what is drawn.
  public var oversize: Size? {
    guard let real = Self.terminalSize(), real != Self.clamp(real) else { return nil }
    return real
  }

  /// The window's size in cells as the terminal reports it.
  private static func terminalSize() -> Size? {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return nil }
    return Size(width: Int(window.ws_col), height: Int(window.ws_row))
  }

  /// One cell's size from the window's pixels (`TIOCGWINSZ`), when the terminal fills them in.
  public var windowCell: CellSize? {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0 else { return nil }
    return CellSize(
      window: (Int(window.ws_xpixel), Int(window.ws_ypixel)), cells: (Int(window.ws_col), Int(window.ws_row)))
  }

  public var inputDescriptor: Int32 { STDIN_FILENO }

  public func draw(_ screen: Screen) {
    guard !isShutDown else { return }
    let full = previous.map { $0.width != screen.width || $0.height != screen.height } ?? true
    if full {
      werase(shim_stdscr())
      // A full repaint clears the terminal, images included (cleared, not drawn over, while one is up).
      if shownOverlay != nil { clearok(shim_stdscr(), true) }
      shownOverlay = nil
    }
    allowScrolling(shownOverlay == nil)
    let shown = full ? nil : previous?.cells
    let width = screen.width
    let glyphs = glyphs
    let palette = palette
    let normal = shim_a_normal()
    // Local state for the loop: a class's stored properties are checked for exclusive access
    // on every use, which costs more than drawing a cell.
    var last = lastStyle
    withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: Self.cellCapacity) { wide in
      for (index, cell) in screen.cells.enumerated() {
        if let shown, shown[index] == cell { continue }
        if cell.text.isEmpty, glyphs != .ascii { continue }
        // Neighbouring cells mostly share a style: the last one's attributes are kept at hand.
        let colours: (attributes: attr_t, pair: Int32)
        let blank = cell.isSpace
        if let last, last.style == cell.style, last.blank == blank {
          colours = last.colours
        } else {
          colours = self.colours(for: palette.resolve(cell.style, text: cell.text))
          last = (cell.style, blank, colours)
        }
        // A whole frame starts from an erased window: a blank in the terminal's own colours is there.
        if full, blank, colours.pair == 0, colours.attributes == normal { continue }
        Self.write(cell.text, as: glyphs, into: wide)
        shim_put_cell(Int32(index / width), Int32(index % width), wide.baseAddress, colours.attributes, colours.pair)
      }
    }
    lastStyle = last
    if let image = shownOverlay, image.poster.erase == nil, let shown {
      overlayTouched = OverlayDamage.touches(image, from: shown, to: screen.cells, width: width)
    }
    beforeFrame = shown
    previous = screen
    wnoutrefresh(shim_stdscr())
    doupdate()
  }

  /// A cell's code points: a character and up to four combining marks, and the terminating zero.
  private static let cellCapacity = 6

  /// Writes the code points a cell's text draws as, zero-terminated, into `wide`.
  private static func write(_ text: String, as glyphs: GlyphMode, into wide: UnsafeMutableBufferPointer<wchar_t>) {
    // Most cells are one ASCII character, drawn as it is in every glyph mode.
    let utf8 = text.utf8
    if utf8.count == 1, let byte = utf8.first, byte < 0x80 {
      wide[0] = wchar_t(byte)
      wide[1] = 0
      return
    }
    var count = 0
    for scalar in glyphs.draw(text).unicodeScalars {
      guard count < wide.count - 1 else { break }
      wide[count] = wchar_t(bitPattern: scalar.value)
      count += 1
    }
    wide[count] = 0
  }

  func colours(for style: ResolvedStyle) -> (attr_t, Int32) {
    if let known = pairs[style] { return known }
    var attributes = shim_a_normal()
    if style.bold { attributes |= shim_a_bold() }
    if style.underline { attributes |= shim_a_underline() }
    if style.reverse { attributes |= shim_a_reverse() }
    if style.dim { attributes |= shim_a_dim() }
    var pair: Int32 = 0
    if style.foreground != -1 || style.background != -1 {
      pair = max(0, alloc_pair(Int32(style.foreground), Int32(style.background)))
    }
    pairs[style] = (attributes, pair)
    return (attributes, pair)
  }

  public func adoptNewSize() -> Size {
    if let real = Self.terminalSize() {
      let drawn = Self.clamp(real)
      resizeterm(Int32(drawn.height), Int32(drawn.width))
    }
    previous = nil
    return size
  }

  public var inputDeadline: Date? { decoder.deadline }

  public func pendingInput() -> [TerminalInput] {
    // Read everything waiting first, then decode: a report is a run of characters after ESC.
    var raw: [RawInput] = []
    var code: wint_t = 0
    while raw.count < 1024 {
      let status = wget_wch(shim_stdscr(), &code)
      if status == ERR { break }
      guard status == KEY_CODE_YES else {
        raw.append(.code(UInt32(code)))
        continue
      }
      if Int32(code) == KEY_RESIZE {
        previous = nil
        raw.append(.decoded(.resize(size)))
      } else if Int32(code) == shim_key_mouse() {
        var event = MEVENT()
        if getmouse(&event) == OK, let mouse = Self.event(event) { raw.append(.decoded(.mouse(mouse))) }
      } else if let key = KeyDecoder.functionKey(UInt32(code)) {
        raw.append(.decoded(.key(key)))
      }
    }
    return decoder.decode(raw, now: Date())
  }

  /// A mouse event from ncurses' own decoding.
  private static func event(_ event: MEVENT) -> MouseEvent? {
    let row = Int(event.y)
    let column = Int(event.x)
    if event.bstate & shim_button1_pressed() != 0 || event.bstate & shim_button1_clicked() != 0 {
      return MouseEvent(.press, row: row, column: column)
    }
    if event.bstate & shim_button4_pressed() != 0 { return MouseEvent(.wheelUp, row: row, column: column) }
    if event.bstate & shim_button5_pressed() != 0 { return MouseEvent(.wheelDown, row: row, column: column) }
    return nil
  }

  public func suspend() {
    giveTerminalBack()
    SignalGuard.stopJob()
    takeTerminalBack()
  }

  public func resumeAfterOutsideStop() {
    // As after our own stop: ncurses' shell modes, then its program modes and screen again.
    giveTerminalBack()
    takeTerminalBack()
  }

  public func runInTerminal(_ command: [String]) -> String? {
    giveTerminalBack()
    let problem = ForegroundProgram.run(command)
    takeTerminalBack()
    return problem
  }

  /// Puts the terminal as the shell had it: no pasting or mouse modes, ncurses' shell modes.
  private func giveTerminalBack() {
    writeTerminal(Self.bracketedPasteOff)
    if mouse { disableMouse() }
    endwin()
  }

  /// Takes the terminal again after the shell or a program had it, and repaints all of it: they
  /// may have drawn over it or cleared it.
  private func takeTerminalBack() {
    enableInputModes()
    previous = nil
    clearok(shim_stdscr(), true)
    doupdate()
  }

  public func redraw() {
    previous = nil
    clearok(shim_stdscr(), true)
  }

  public func shutdown() {
    guard !isShutDown else { return }
    isShutDown = true
    writeTerminal(Self.bracketedPasteOff)
    if mouse { disableMouse() }
    curs_set(1)
    endwin()
    delscreen(screenPointer)
  }
}
