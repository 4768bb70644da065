import AmodbKit
import Localization
import TrendingCore
import TrendingViews

/// What `trending for-you` and `trending pick` print.
extension Output {
  /// A recommendation in `trending for-you --json`.
  struct ForYouEntry: Encodable {
    let rank: Int
    let id: Int
    let mediaType: String
    let title: String
    let year: Int?
    let score: Double?
    let reason: String
    let seeds: [SeedEntry]

    enum CodingKeys: String, CodingKey {
      case rank, id, title, year, score, reason, seeds
      case mediaType = "media_type"
    }
  }

  /// A seed a recommendation came from.
  struct SeedEntry: Encodable {
    let id: Int
    let mediaType: String
    let title: String
    let rating: Int?
    let lastSeen: String?

    enum CodingKeys: String, CodingKey {
      case id, title, rating
      case mediaType = "media_type"
      case lastSeen = "last_seen"
    }
  }

  /// The recommendations as a JSON array, best first.
  static func forYou(_ ranked: [ForYou.Ranked]) -> String {
    encode(
      ranked.enumerated().map { offset, entry in
        let title = entry.summary
        return ForYouEntry(
          rank: offset + 1, id: title.id, mediaType: title.kind.rawValue, title: title.title, year: title.year,
          score: title.score.map(rounded), reason: ForYou.reason(entry),
          seeds: entry.seeds.map {
            SeedEntry(
              id: $0.media.id, mediaType: $0.media.kind.rawValue, title: $0.title, rating: $0.rating,
              lastSeen: $0.lastSeen)
          })
      })
  }

  /// The recommendations for people and scripts alike: `rank id title year score reason`, by tabs.
  static func forYouText(_ ranked: [ForYou.Ranked]) -> String {
    ranked.enumerated().map { offset, entry in
      let title = entry.summary
      let year = title.year.map(String.init) ?? Formatters.missing
      let score = Formatters.plainScore(title.voteAverage, votes: title.voteCount)
      let id = title.media?.description ?? String(title.id)
      return [String(offset + 1), id, title.title, year, score, ForYou.reason(entry)]
        .map { $0.replacing("\t", with: " ") }.joined(separator: "\t")
    }.joined(separator: "\n")
  }

  /// Why a pick's source qualified it.
  static func pickSource(_ source: PickSource) -> String {
    switch source {
    case .watchlist: return tr("on your watchlist")
    case .list(let name): return tr("on your list %s", name)
    case .trending: return tr("trending this week")
    case .forYou: return tr("recommended for you")
    }
  }

  /// A pick as `show` begins: the title and year, its kind, runtime, genres and score, why it
  /// qualified, and the start of its overview.
  static func pickText(_ candidate: Pick.Candidate, reasons: [String], of count: Int, width: Int) -> String {
    let title = candidate.summary
    var facts = [Vocabulary.kind(title.kind)]
    if let runtime = candidate.runtime { facts.append(Formatters.runtime(runtime)) }
    // Named as the interface names them, as `stats` and the browser do.
    let genres = GenreNames.shown(candidate.genres ?? title.genres, media: title.kind)
    if !genres.isEmpty { facts.append(genres.joined(separator: ", ")) }
    facts.append(Formatters.score(title.voteAverage, votes: title.voteCount))
    // A title kept by its id alone (saved while amodb could not be asked) is named as `watchlist` names it.
    let name = title.title.isEmpty ? untitled(MediaID(title.kind, title.id)) : title.title
    var lines = [name + (title.year.map { " (\($0))" } ?? ""), facts.joined(separator: " · ")]
    lines.append(tr("Why: %s", reasons.joined(separator: "; ")) + " " + tr("(one of %s)", String(count)))
    if let overview = title.overview, !overview.isEmpty {
      lines.append("")
      lines += TextLayout.wrap(overview, width: width).prefix(4)
    }
    let id = title.media?.description ?? String(title.id)
    lines.append("")
    lines.append(tr("More: %s", title.kind == .series ? "trending tv \(title.id)" : "trending show \(id)"))
    return lines.joined(separator: "\n")
  }

  /// A pick in `trending pick --json`.
  struct PickEntry: Encodable {
    let id: Int
    let mediaType: String
    let title: String
    let year: Int?
    let runtime: Int?
    let genres: [String]
    let score: Double?
    /// Where it was picked from, the same in every language: `watchlist`, `list`, `trending`, `for-you`.
    let source: String
    /// The list's name, with `list`.
    let list: String?
    /// Why, in the interface's language, for people.
    let reasons: [String]
    let candidates: Int
    let seed: String

    enum CodingKeys: String, CodingKey {
      case id, title, year, runtime, genres, score, source, list, reasons, candidates, seed
      case mediaType = "media_type"
    }
  }

  /// A pick as JSON, with its seed (as text: it may exceed what JSON numbers hold exactly).
  static func pickJSON(
    _ candidate: Pick.Candidate, from source: PickSource, reasons: [String], of count: Int, seed: UInt64
  ) -> String {
    let title = candidate.summary
    let (code, list): (String, String?) =
      switch source {
      case .watchlist: ("watchlist", nil)
      case .list(let name): ("list", name)
      case .trending: ("trending", nil)
      case .forYou: ("for-you", nil)
      }
    return encode(
      PickEntry(
        id: title.id, mediaType: title.kind.rawValue, title: title.title, year: title.year, runtime: candidate.runtime,
        genres: candidate.genres ?? title.genres, score: title.score.map(rounded), source: code, list: list,
        reasons: reasons, candidates: count, seed: String(seed)))
  }
}

extension Output {
  /// A piece of news in `trending new --json`.
  struct NewsEntry: Encodable {
    let day: String
    let id: Int
    let mediaType: String
    let title: String
    let kind: String
    let detail: String?
    /// An episode's season and number, for scripts (`detail` says them in words).
    let season: Int?
    let episode: Int?

    enum CodingKeys: String, CodingKey {
      case day, id, title, kind, detail, season, episode
      case mediaType = "media_type"
    }
  }

  /// The body of `new --notify`'s notification: the first ten pieces of news, a line each, as
  /// notification servers read it: markup, so titles have `&`, `<`, `>`, `"` and `'` escaped and
  /// a title's `<a href>` or `<img src>` is shown as text, never followed or loaded.
  static func notificationBody(_ items: [WhatIsNew.Item]) -> String {
    items.prefix(10).map { escapingMarkup($0.line) }.joined(separator: "\n")
  }

  /// The text with the five characters markup gives meaning to written as entities.
  static func escapingMarkup(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// The news as a JSON array, oldest first.
  static func whatIsNew(_ items: [WhatIsNew.Item]) -> String {
    encode(newsEntries(items))
  }

  /// `new`'s items as its JSON gives them (also `--push`'s).
  static func newsEntries(_ items: [WhatIsNew.Item]) -> [NewsEntry] {
    items.map {
      NewsEntry(
        day: $0.day.description, id: $0.media.id, mediaType: $0.media.kind.rawValue, title: $0.title,
        kind: $0.kind.rawValue, detail: $0.detail, season: $0.episode?.season, episode: $0.episode?.number)
    }
  }
}
