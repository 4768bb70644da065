import AmodbKit
import Localization
import TrendingCore

/// What a search result's row shows of the search: the words typed found in its title (drawn in
/// the accent), and for a person, their department and known titles after their name rather
/// than under the genres.
enum SearchMatch {
  /// The words of a typed query that a title may contain (its year left out), lower-cased; "" for none.
  static func needle(_ typed: String) -> String {
    SearchQuery(parsing: typed).text.lowercased()
  }

  /// The columns of `title` that hold `needle` (lower-cased), the first place it occurs, ignoring
  /// case and accents (`TextFold`).
  static func columns(of needle: String, in title: String) -> Range<Int>? {
    let characters = Array(title)
    return columns(of: TextFold.folded(needle), count: needle.count, in: characters, folded: fold(characters))
  }

  /// Each character of a title folded (`TextFold`), once for every needle matched in it.
  static func fold(_ characters: [Character]) -> [String] {
    characters.map { TextFold.folded(String($0)) }
  }

  /// The columns of a needle already folded (`folded`, `count` characters long) in a title's
  /// `characters`, each folded as `fold` folds them.
  private static func columns(of folded: String, count: Int, in characters: [Character], folded each: [String])
    -> Range<Int>?
  {
    guard count > 0, count <= characters.count else { return nil }
    var column = 0
    for start in 0...(characters.count - count) {
      if each[start..<(start + count)].joined() == folded {
        let width = TextWidth.width(of: String(characters[start..<(start + count)]))
        return column..<(column + width)
      }
      column += TextWidth.width(of: String(characters[start]))
    }
    return nil
  }

  /// Draws each of `needles` again over the title drawn at `column` (only where the title showing
  /// holds it whole), marked as found; the title's characters are folded once for all of them.
  static func highlight(
    _ needles: [String], in shown: String, row: Int, column: Int, limit: Int, selected: Bool, into screen: inout Screen
  ) {
    guard !needles.isEmpty else { return }
    let characters = Array(shown)
    let each = fold(characters)
    for needle in needles {
      guard
        let found = columns(of: TextFold.folded(needle), count: needle.count, in: characters, folded: each),
        found.upperBound <= limit
      else { continue }
      var skipped = 0
      var text = ""
      for character in characters {
        let width = TextWidth.width(of: String(character))
        if skipped >= found.lowerBound, skipped < found.upperBound { text.append(character) }
        skipped += width
      }
      screen.put(
        text, row: row, column: column + found.lowerBound, style: Style(.match, bold: true, selected: selected),
        limit: found.count)
    }
  }

  /// A row's note after its title: a person's department and known titles, else where it
  /// streams (`ListView.serviceNote`).
  static func rowNote(_ movie: MediaSummary, services: Set<String>?, comma: String, _ shared: Shared) -> String {
    movie.kind == .person
      ? personNote(movie, comma: comma) : ListView.serviceNote(movie, services: services, shared)
  }

  /// What a person's row says after their name: " · " and their department, then the titles they
  /// are known for ("" for anyone else).
  static func personNote(_ movie: MediaSummary, comma: String) -> String {
    guard movie.kind == .person, let known = movie.knownFor else { return "" }
    let titles = known.titles.isEmpty ? nil : known.titles.joined(separator: comma)
    let words = [known.department.map(Vocabulary.department), titles].compactMap { $0 }
    return words.isEmpty ? "" : " · " + words.joined(separator: " · ")
  }
}
