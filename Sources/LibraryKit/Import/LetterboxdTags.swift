import HTTPKit
import Localization

/// Letterboxd's tags, which an import keeps as the film's note ("Tags: cinema, imax") and an
/// export gives back to the Tags column, never to the Review, which Letterboxd would publish.
public enum LetterboxdTags {
  /// The note a diary row's tags become, in the interface's language.
  static func note(_ tags: String) -> String {
    tr("Tags: %s", tags)
  }

  /// A note's tag lines (in the interface's language or English) as tags, and the rest of it as a
  /// review, nil when nothing else is left.
  public static func split(_ text: String) -> (tags: [String], review: String?) {
    let prefixes = [note("").trimmingSpaces(), "Tags:"].filter { !$0.isEmpty }
    var tags: [String] = []
    var rest: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if let prefix = prefixes.first(where: { line.hasPrefix($0) }) {
        tags += line.dropFirst(prefix.count).split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
      } else {
        rest.append(line)
      }
    }
    let review = rest.joined(separator: "\n").trimmingSpaces()
    return (tags, review.isEmpty ? nil : review)
  }
}
