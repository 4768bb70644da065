import AmodbKit
import Foundation
import TrendingCore

/// One drawn frame: the screen, and what drawing learned that the reducer needs.
public struct Frame: Equatable, Sendable {
  /// The cells to show.
  public var screen: Screen
  /// How far the detail screen can scroll, when it is showing.
  public var detailMaxScroll: Int?
}

/// Draws the app's state into a screen: a pure function of the state.
public enum Renderer {
  /// Renders `state` at its size.
  public static func render(_ state: AppState) -> Frame {
    var screen = Screen(width: state.size.width, height: state.size.height)
    let minimum = ListLayout.minimumSize
    guard state.size.width >= minimum.width, state.size.height >= minimum.height else {
      TooSmallView.draw(into: &screen, size: state.size)
      return Frame(screen: screen, detailMaxScroll: nil)
    }
    var detailMaxScroll: Int?
    switch state.screen {
    case .list:
      ListView.draw(state, into: &screen)
    case .detail(let id):
      detailMaxScroll = DetailView.draw(state, id: id, into: &screen)
    }
    if state.showsHelp { HelpOverlay.draw(into: &screen) }
    return Frame(screen: screen, detailMaxScroll: detailMaxScroll)
  }

  /// The spinner frame for a moment in time (ten frames a second).
  static func spinner(at date: Date) -> String {
    let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    let index = Int((date.timeIntervalSinceReferenceDate * 10).rounded(.down)) % frames.count
    return frames[max(0, index)]
  }

  /// Draws a bar across a row with text on the left and, when it fits, on the right.
  static func bar(_ left: String, right: String?, row: Int, into screen: inout Screen, tone: Tone = .bar) {
    let style = Style(tone, bold: true)
    screen.fill(row: row, style: style)
    let rightText = right.map { " \($0) " } ?? ""
    let rightWidth = TextWidth.width(of: rightText)
    let leftLimit = screen.width - (rightWidth + 1 + 12 <= screen.width ? rightWidth : 0)
    let used = screen.put(TextLayout.truncate(" " + left, to: leftLimit), row: row, column: 0, style: style)
    if rightWidth > 0, used + rightWidth <= screen.width, leftLimit < screen.width {
      screen.put(rightText, row: row, column: screen.width - rightWidth, style: Style(.barMuted))
    }
  }

  /// Draws wrapped, centred lines in a row range.
  static func centred(_ lines: [(String, Style)], rows: Range<Int>, into screen: inout Screen) {
    var wrapped: [(String, Style)] = []
    for (text, style) in lines {
      wrapped += TextLayout.wrap(text, width: max(1, screen.width - 4)).map { ($0, style) }
    }
    let shown = wrapped.prefix(rows.count)
    var row = rows.lowerBound + max(0, (rows.count - shown.count) / 2)
    for (text, style) in shown {
      let width = TextWidth.width(of: text)
      screen.put(text, row: row, column: max(0, (screen.width - width) / 2), style: style)
      row += 1
    }
  }

  /// The header's title: which list, which window, which language, and the source when not live.
  static func title(for state: AppState) -> String {
    let window = state.window == .week ? "this week" : "today"
    var parts = ["Trending films", window, state.language]
    if let source = state.sourceLabel { parts.append(source) }
    return parts.joined(separator: " · ")
  }
}
