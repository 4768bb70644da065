import AmodbKit
import Localization
import TrendingCore

/// A styled run of text.
public struct Span: Equatable, Sendable {
  /// The text.
  public var text: String
  /// How it looks.
  public var style: Style

  /// Makes a span.
  public init(_ text: String, _ style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

/// A line of a document: spans laid left to right.
public typealias DocumentLine = [Span]

/// Lines of text at a width, some of them links: a film's or a person's screen, and what
/// `trending show` and `trending person` print.
public struct Document: Equatable, Sendable {
  /// The lines, top to bottom.
  public var lines: [DocumentLine] = []
  /// The selectable lines.
  public var links: [DocumentLink] = []
  /// The line the focus starts at while no link is selected: a failure's, where a screen reader's
  /// cursor reads why the page is empty.
  public var attention: Int?

  /// Makes an empty document.
  public init() {}

  /// Adds a line, selectable when it has a target.
  public mutating func append(_ line: DocumentLine, link: LinkTarget? = nil) {
    if let link { links.append(DocumentLink(line: lines.count, target: link)) }
    lines.append(line)
  }

  /// Adds two entries side by side on one line, each its own link: the left padded to
  /// `leftWidth` columns, a gutter, then the right (the right may be nil on the last line).
  public mutating func append(
    _ left: (line: DocumentLine, link: LinkTarget?), beside right: (line: DocumentLine, link: LinkTarget?)?,
    leftWidth: Int, gutter: Int = 2
  ) {
    let used = left.line.reduce(0) { $0 + TextWidth.width(of: $1.text) }
    var line = left.line
    line.append(Span(String(repeating: " ", count: max(0, leftWidth - used) + gutter)))
    if let link = left.link { links.append(DocumentLink(line: lines.count, target: link, columns: 0..<leftWidth)) }
    if let right {
      line += right.line
      if let link = right.link {
        let start = leftWidth + gutter
        let width = right.line.reduce(0) { $0 + TextWidth.width(of: $1.text) }
        links.append(DocumentLink(line: lines.count, target: link, columns: start..<(start + width)))
      }
    }
    lines.append(line)
  }

  /// Orders the links from `start` on down their columns, as `j` reads side-by-side sections: the
  /// left ones (from column 0), then the others, each in line order.
  public mutating func orderLinksByColumn(from start: Int) {
    let block = links[start...]
    let left = block.filter { ($0.columns?.lowerBound ?? 0) == 0 }
    let right = block.filter { ($0.columns?.lowerBound ?? 0) != 0 }
    links.replaceSubrange(start..., with: left + right)
  }

  /// Adds lines that are not links.
  public mutating func append(contentsOf more: [DocumentLine]) {
    lines += more
  }

  /// Adds why the page could not be loaded, with what to do (retry or go back), the focus on it.
  public mutating func appendFailure(_ title: String, _ error: AmodbError, width: Int) {
    lines.append([])
    attention = lines.count
    lines += TextLayout.wrap("\(title) \(error.message)", width: width).map { [Span($0, Style(.error, bold: true))] }
    lines.append([
      Span(error.isRetryable ? tr("Press r to retry, Esc to go back.") : tr("Press Esc to go back."), Style(.muted))
    ])
  }

  /// Adds a blank line, unless the document is empty or already ends in one.
  public mutating func gap() {
    if let last = lines.last, !last.isEmpty { lines.append([]) }
  }

  /// Adds a section heading after a gap.
  public mutating func heading(_ title: String) {
    gap()
    lines.append([Span(title, Style(.title, bold: true))])
  }

  /// Puts `side` to the right of this document as a second column, line by line: this one's lines
  /// padded to `width` and a gutter; links keep their columns (a whole-line link takes its
  /// column's), in reading order: down this column, then down the side's (`j` never zigzags).
  public mutating func place(beside side: Document, width: Int, gutter: Int = 3) {
    let start = width + gutter
    var merged: [DocumentLine] = []
    for index in 0..<max(lines.count, side.lines.count) {
      var line = lines.indices.contains(index) ? lines[index] : []
      if side.lines.indices.contains(index), !side.lines[index].isEmpty {
        let used = line.reduce(0) { $0 + TextWidth.width(of: $1.text) }
        line.append(Span(String(repeating: " ", count: max(0, start - used))))
        line += side.lines[index]
      }
      merged.append(line)
    }
    let own = links.map { DocumentLink(line: $0.line, target: $0.target, columns: $0.columns ?? 0..<width) }
    let theirs = side.links.map { link in
      let columns = link.columns ?? 0..<(side.lines[link.line].reduce(0) { $0 + TextWidth.width(of: $1.text) })
      return DocumentLink(
        line: link.line, target: link.target, columns: (columns.lowerBound + start)..<(columns.upperBound + start))
    }
    lines = merged
    links = own + theirs
  }

  /// Moves every line (and link) down by `count` blank lines.
  public mutating func indent(top count: Int) {
    lines = Array(repeating: [], count: count) + lines
    links = links.map { DocumentLink(line: $0.line + count, target: $0.target, columns: $0.columns) }
    attention = attention.map { $0 + count }
  }

  /// The text for a page that is read, not browsed (`trending show`, `person`): the lines whose
  /// link only opens or folds the text ("… more", "less") left out.
  public var printedText: String {
    let toggles = Set(links.filter { $0.target == .expand }.map(\.line))
    var printed = self
    printed.lines = lines.enumerated().filter { !toggles.contains($0.offset) }.map(\.element)
    printed.links = []
    return printed.plainText
  }

  /// The document as plain text, trailing spaces trimmed, for non-terminal output.
  public var plainText: String {
    lines.map { line in
      var text = line.map(\.text).joined()
      while text.hasSuffix(" ") { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }
}
