import AmodbKit
import FoundationEssentials

/// Matching a title and year to a search's answer: one exact match is taken, none or several is
/// left for the user.
public enum TitleMatch {
  /// A title folded for comparing: `TextFold`'s folding (lower case, a Latin letter's accents
  /// dropped: file names often lose them, "Amelie" is "Amélie"), `&` as "and", every run of other
  /// than letters and digits one space (so "Crouching Tiger, Hidden Dragon" is "crouching tiger
  /// hidden dragon").
  public static func normalised(_ title: String) -> String {
    TextFold.words(title.replacing("&", with: " and "))
  }

  /// The one film of `candidates` whose title (or original title) is `title` normalised and whose
  /// year is `year` (any year when the row has none); nil when none is, or more than one.
  public static func exact(title: String, year: Int?, in candidates: [MediaSummary]) -> MediaSummary? {
    let distinct = matches(title: title, year: year, kind: .film, in: candidates)
    return distinct.count == 1 ? distinct[0] : nil
  }

  /// Every title of `kind` in `candidates` (each once) whose title or original title is `title`
  /// normalised and whose year is `year` (any year when nil): one is a match, several a choice.
  public static func matches(title: String, year: Int?, kind: MediaKind, in candidates: [MediaSummary])
    -> [MediaSummary]
  {
    let wanted = normalised(title)
    let matches = candidates.filter { candidate in
      candidate.kind == kind && (year == nil || candidate.year == year)
        && (normalised(candidate.title) == wanted || candidate.originalTitle.map(normalised) == wanted)
    }
    var seen: Set<Int> = []
    return matches.filter { seen.insert($0.id).inserted }
  }
}
