import FoundationEssentials
import Localization
import TrendingCore
import TrendingViews

/// The terminal as the run loop uses it; ncurses in the app, memory in tests.
public protocol TerminalBackend: AnyObject {
  /// The current size in cells.
  var size: Size { get }
  /// The descriptor the loop polls for input, or -1 when input never comes from a descriptor.
  var inputDescriptor: Int32 { get }
  /// Shows a screen, sending only what changed.
  func draw(_ screen: Screen)
  /// Reads the terminal's size again after a resize and adapts to it.
  func adoptNewSize() -> Size
  /// Everything typed (or resized) since the last call, without waiting.
  func pendingInput() -> [TerminalInput]
  /// When input needs reading again though nothing more arrives (a report whose rest is awaited).
  var inputDeadline: Date? { get }
  /// The terminal's size when it is larger than the screen drawn (which is then its top-left part).
  var oversize: Size? { get }
  /// Gives the terminal back to the shell for a job-control stop, and takes it again after.
  func suspend()
  /// Takes the terminal back after a stop the app did not make (an outside SIGSTOP, then `fg`):
  /// the shell's modes on it replaced by the app's, and all of it repainted.
  func resumeAfterOutsideStop()
  /// Gives the terminal to a program until it exits (as for a stop), then repaints all of it;
  /// nil when it exited 0, else what went wrong.
  func runInTerminal(_ command: [String]) -> String?
  /// Forgets what the terminal shows and repaints all of it at the next draw (Ctrl-L).
  func redraw()
  /// Restores the terminal; safe to call more than once.
  func shutdown()
  /// Puts text on the clipboard through the terminal.
  func copyToClipboard(_ text: String)
  /// Sends control bytes (an image) to the terminal, after what the screen has sent.
  func writeGraphics(_ bytes: String)
  /// Draws the frame's image over its cells (sixel, iTerm2), erasing the one shown before when
  /// it changed; nil erases it.
  func showOverlay(_ overlay: ScreenOverlay?)
  /// Draws for a light (or dark) background from the next frame on.
  func useLightBackground(_ light: Bool)
  /// Shows the terminal's cursor at a position, after everything else of the frame (a screen
  /// reader reads the line under it), or hides it (not `shown`; a cursor that cannot be hidden rests there).
  func placeCursor(_ position: Position?, shown: Bool)
  /// One cell's size from the window's size in pixels, when the terminal reports them.
  var windowCell: CellSize? { get }
}

extension TerminalBackend {
  /// A terminal of no process (tests in memory) runs nothing.
  public func runInTerminal(_ command: [String]) -> String? { tr("No terminal to play in.") }
  /// Terminals in tests await nothing unless they say so.
  public var inputDeadline: Date? { nil }
  /// Terminals in tests are drawn whole unless they say so.
  public var oversize: Size? { nil }
  /// Terminals in tests have no clipboard unless they say so.
  public func copyToClipboard(_ text: String) {}
  /// Terminals in tests show no images unless they say so.
  public func writeGraphics(_ bytes: String) {}
  /// Terminals in tests have no pixels unless they say so.
  public var windowCell: CellSize? { nil }
  /// Terminals in tests draw no images over their cells unless they say so.
  public func showOverlay(_ overlay: ScreenOverlay?) {}
  /// Terminals in tests have no cursor unless they say so.
  public func placeCursor(_ position: Position?, shown: Bool) {}

  /// Backends with one set of colours keep it.
  public func useLightBackground(_ light: Bool) {}
}
