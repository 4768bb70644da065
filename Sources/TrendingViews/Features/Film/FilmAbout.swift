import AmodbKit
import Localization
import TrendingCore

/// The film screen's further facts: language, money, studios and keywords (links to discover
/// lists), the first review (clamped until expanded) and the film's web pages.
extension FilmDocument {
  /// How many lines of the first review show before it is expanded.
  static let reviewLines = 4

  /// The label column of the "About" lines: the page's one label column, so their values start
  /// where the credits' do.
  static var aboutColumn: Int { labelColumn }

  /// The original language, budget, revenue, studios (each a link) and keywords (links side by side).
  static func about(_ details: MovieDetails, width: Int, into document: inout Document) {
    let column = aboutColumn
    var lines: [(DocumentLine, LinkTarget?)] = []
    if let language = details.originalLanguage {
      lines.append((labelled(tr("Language"), Languages.name(language), column: column, width: width), nil))
    }
    if let budget = details.budget {
      lines.append((labelled(tr("Budget"), Formatters.money(budget), column: column, width: width), nil))
    }
    if let revenue = details.revenue {
      lines.append((labelled(tr("Revenue"), Formatters.money(revenue), column: column, width: width), nil))
    }
    for (index, company) in details.companies.prefix(8).enumerated() {
      let label = index == 0 ? (details.companies.count > 1 ? tr("Studios") : tr("Studio")) : ""
      lines.append((labelled(label, company.name, column: column, width: width), .discover(.company(company))))
    }
    guard !lines.isEmpty || !details.keywords.isEmpty else { return }
    document.heading(trc("the heading of what is known of a film: its genres, runtime, budget…", "About"))
    for (line, link) in lines { document.append(line, link: link) }
    keywords(details.keywords, column: column, width: width, into: &document)
  }

  /// Keywords as links packed into lines after a label: `time travel · dystopia · …`.
  static func keywords(_ keywords: [NamedID], column: Int, width: Int, into document: inout Document) {
    guard !keywords.isEmpty else { return }
    let room = max(4, width - column)
    let separator = " · "
    var line: DocumentLine = [Span(TextLayout.fit(tr("Keywords"), to: column), Style(.muted))]
    var used = 0
    var pending: [DocumentLink] = []
    /// Ends the line being packed, with its links.
    func flush() {
      document.links += pending.map { DocumentLink(line: document.lines.count, target: $0.target, columns: $0.columns) }
      document.lines.append(line)
      line = [Span(String(repeating: " ", count: column))]
      used = 0
      pending = []
    }
    for keyword in keywords {
      let name = TextLayout.truncate(keyword.name, to: room)
      let nameWidth = TextWidth.width(of: name)
      let gap = used == 0 ? 0 : TextWidth.width(of: separator)
      if used > 0, used + gap + nameWidth > room { flush() }
      if used > 0 {
        line.append(Span(separator, Style(.muted)))
        used += TextWidth.width(of: separator)
      }
      let start = column + used
      line.append(Span(name, Style(.accent)))
      pending.append(
        DocumentLink(line: 0, target: .discover(.keyword(keyword)), columns: start..<(start + nameWidth)))
      used += nameWidth
    }
    if used > 0 { flush() }
  }

  /// How many reviews, and the first one: its author, score and day, then its opening lines.
  static func reviews(_ reviews: Reviews?, expanded: Bool, width: Int, into document: inout Document) {
    guard let reviews, let first = reviews.first.first else { return }
    document.heading(trn("Reviews (%s)", "Reviews (%s)", reviews.total))
    var byline = [first.author]
    if let rating = first.rating { byline.append(tr("%s/10", Formatters.decimal(rating))) }
    if let written = first.written { byline.append(Dates.written(written)) }
    document.append(
      contentsOf: TextLayout.wrap(facts: byline, width: width - 2).map {
        [Span("  " + $0, Style(.muted))]
      })
    let lines = first.text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
      $0.isEmpty ? [""] : TextLayout.wrap(String($0), width: width - 2)
    }
    let clamped = !expanded && lines.count > reviewLines + 1
    document.append(contentsOf: lines.prefix(clamped ? reviewLines : lines.count).map { [Span("  " + $0)] })
    if clamped {
      document.append(
        [Span("  " + trn("… more (%s line)", "… more (%s lines)", lines.count - reviewLines), Style(.link))],
        link: .expand)
    } else if lines.count > reviewLines + 1 {
      document.append([Span("  " + tr("less"), Style(.link))], link: .expand)
    }
  }

  /// The film's pages on TMDB and IMDb and its own site, each a link, when there is more than TMDB's.
  static func webLinks(_ details: MovieDetails, width: Int, into document: inout Document) {
    let pages = details.webPages
    guard pages.count > 1 else { return }
    let column = labelColumn
    for page in pages {
      document.append(linked(page.siteName, page, column: column, width: width), link: .web(page))
    }
  }
}

extension WebPage {
  /// The site's name, as the film screen labels its link and `o` offers it.
  public var siteName: String {
    switch self {
    case .imdb: return "IMDb"
    case .video(let site, _): return site
    case .homepage: return tr("Website")
    // Every other page is TMDB's own (a new kind of screen's page needs no line here).
    default: return "TMDB"
    }
  }
}

extension Formatters {
  /// US dollars in a few characters, as the interface's language writes them: "$850", "$6.5M",
  /// "$1.2B"; "190 млн $" in Russian, "1.9亿美元" in Chinese.
  public static func money(_ dollars: Int) -> String { money(dollars, language: Translator.current.language) }

  /// The languages that write the currency's sign after the amount ("190 млн $", "190 M $").
  static let signAfter: Set<String> = ["ru", "uk", "be", "bg", "cs", "pl", "fr", "it", "es", "pt", "ro"]

  /// US dollars as `language` writes them: in ten thousands and hundred millions with the
  /// currency's name after in Chinese and Japanese, else the catalogue's K/M/B with the sign
  /// before or after, as the language puts it.
  static func money(_ dollars: Int, language: String) -> String {
    if language == "zh" { return myriads(dollars, hundredMillions: "亿") + "美元" }
    if language == "ja" { return myriads(dollars, hundredMillions: "億") + "ドル" }
    let value = Double(dollars)
    let amount: String
    switch dollars {
    case ..<1_000: amount = "\(dollars)"
    case ..<1_000_000: amount = trc("thousands", "%sK", compact(value / 1_000))
    case ..<1_000_000_000: amount = trc("millions", "%sM", compact(value / 1_000_000))
    default: amount = trc("billions", "%sB", compact(value / 1_000_000_000))
    }
    return signAfter.contains(language) ? amount + " $" : "$" + amount
  }

  /// A number with one decimal under ten ("6.5"), else whole ("63", "101").
  private static func compact(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded < 10 && rounded != rounded.rounded() ? decimal(rounded) : String(Int(value.rounded()))
  }
}
