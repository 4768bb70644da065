import AmodbKit

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

/// A line of the detail document: spans laid left to right.
public typealias DocumentLine = [Span]

/// Lays a film's details out as lines at a width: the detail screen's content and `trending show`'s text.
public enum DetailDocument {
  /// How many cast members are listed.
  static let castLimit = 12

  /// The lines for a film: everything known of it, wrapped to `width` columns.
  public static func lines(summary: MovieSummary?, details: MovieDetails?, width: Int) -> [DocumentLine] {
    let width = max(10, width)
    var lines: [DocumentLine] = []
    let title = details?.title ?? summary?.title ?? "Film"
    let year = details?.year ?? summary?.year
    let heading = year.map { "\(title) (\($0))" } ?? title
    lines += TextLayout.wrap(heading, width: width).map { [Span($0, Style(.title, bold: true))] }
    if let original = details?.originalTitle ?? summary?.originalTitle {
      lines += TextLayout.wrap(original, width: width).map { [Span($0, Style(.muted))] }
    }
    if let tagline = details?.tagline {
      lines += TextLayout.wrap(tagline, width: width).map { [Span($0, Style(.accent))] }
    }
    if let details {
      lines += facts(details, width: width)
      lines.append([])
      lines += ratings(details, width: width)
    } else if let summary {
      let score = Formatters.score(summary.voteAverage, votes: summary.voteCount)
      lines.append([Span("TMDB \(score)", Style(.muted))])
    }
    if let overview = details?.overview ?? summary?.overview {
      lines.append([])
      lines.append([Span("Overview", Style(.title, bold: true))])
      lines += TextLayout.wrap(overview, width: width - 2).map { [Span("  " + $0)] }
    }
    if let details {
      lines += people(details, width: width)
    }
    return lines
  }

  private static func facts(_ details: MovieDetails, width: Int) -> [DocumentLine] {
    var parts: [String] = []
    if let runtime = details.runtime { parts.append(Formatters.runtime(runtime)) }
    if !details.genres.isEmpty { parts.append(details.genres.joined(separator: ", ")) }
    if let date = details.releaseDate {
      parts.append("released \(date)")
    } else if let status = details.status {
      parts.append(status.lowercased())
    }
    guard !parts.isEmpty else { return [] }
    return TextLayout.wrap(parts.joined(separator: " · "), width: width).map { [Span($0, Style(.muted))] }
  }

  private static func ratings(_ details: MovieDetails, width: Int) -> [DocumentLine] {
    var lines: [DocumentLine] = [[Span("Ratings", Style(.title, bold: true))]]
    let nameWidth = 16
    for service in RatingService.allCases {
      let rating = service.rating(in: details)
      let value = Formatters.rating(rating, scale: service.scale)
      let votes = rating?.votes.map { "  \(Formatters.votes($0)) votes" } ?? ""
      let tone: Tone = rating == nil ? .muted : toneFor(rating, scale: service.scale)
      lines.append([
        Span("  " + TextLayout.fit(service.name, to: min(nameWidth, width - 10))),
        Span(TextLayout.fit(value, to: 7, alignRight: true), Style(tone, bold: rating != nil)),
        Span(votes, Style(.muted)),
      ])
    }
    return lines
  }

  private static func toneFor(_ rating: Rating?, scale: RatingScale) -> Tone {
    guard let rating else { return .muted }
    let outOfTen = scale == .outOfTen ? rating.value : rating.value / 10
    return outOfTen >= 7.5 ? .good : outOfTen >= 6 ? .fair : .poor
  }

  private static func people(_ details: MovieDetails, width: Int) -> [DocumentLine] {
    var lines: [DocumentLine] = []
    let labelWidth = 13
    let crew: [(String, [String])] = [
      (details.directors.count > 1 ? "Directors" : "Director", details.directors),
      (details.writers.count > 1 ? "Writers" : "Writer", details.writers),
    ]
    let present = crew.filter { !$0.1.isEmpty }
    if !present.isEmpty { lines.append([]) }
    for (label, names) in present {
      let wrapped = TextLayout.wrap(names.joined(separator: ", "), width: max(1, width - labelWidth))
      for (index, text) in wrapped.enumerated() {
        let prefix = index == 0 ? TextLayout.fit(label, to: labelWidth) : String(repeating: " ", count: labelWidth)
        lines.append([Span(prefix, Style(.muted)), Span(text)])
      }
    }
    let cast = details.cast.prefix(castLimit)
    guard !cast.isEmpty else { return lines }
    lines.append([])
    lines.append([Span("Cast", Style(.title, bold: true))])
    let nameWidth = min(24, max(8, (width - 4) / 2))
    for member in cast {
      let name = TextLayout.fit(member.name, to: nameWidth)
      let character = TextLayout.truncate(member.character ?? "", to: max(0, width - nameWidth - 4))
      lines.append([Span("  " + name + "  "), Span(character, Style(.muted))])
    }
    return lines
  }

  /// The document as plain text, trailing spaces trimmed, for non-terminal output.
  public static func plainText(_ lines: [DocumentLine]) -> String {
    lines.map { line in
      var text = line.map(\.text).joined()
      while text.hasSuffix(" ") { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }
}
