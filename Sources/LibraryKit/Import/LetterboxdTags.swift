import HTTPKit
import Localization

/// Letterboxd's tags, which an import keeps as the film's note ("Tags: cinema, imax") and an
/// export gives back to the Tags column, never to the Review, which Letterboxd would publish.
public enum LetterboxdTags {
  /// The note a diary row's tags become, in the interface's language.
  static func note(_ tags: String) -> String {
    tr("Tags: %s", tags)
  }

  /// What a tag line starts with in every language the interface speaks ("Tags:", "Étiquettes :"),
  /// spaces made plain: a note imported in one language is read back in any other.
  private static let prefixes: [String] = {
    let all = Translator.languages.map { Translator.catalogue(for: $0).text("Tags: %s") }
    return Set(all.map { plain(String($0.prefix { $0 != "%" })).trimmingSpaces() }).filter { !$0.isEmpty }
      .sorted { $0.count > $1.count }
  }()

  /// `text` with its spaces of any kind (French's no-break one before a colon) as plain ones.
  private static func plain(_ text: String) -> String {
    String(text.map { $0.isWhitespace && !$0.isNewline ? " " : $0 })
  }

  /// A note's tag lines (in any language the interface speaks) as tags, and the rest of it as a
  /// review, nil when nothing else is left.
  public static func split(_ text: String) -> (tags: [String], review: String?) {
    var tags: [String] = []
    var rest: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let read = plain(String(line))
      if let prefix = prefixes.first(where: { read.hasPrefix($0) }) {
        tags += read.dropFirst(prefix.count).split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
      } else {
        rest.append(line)
      }
    }
    let review = rest.joined(separator: "\n").trimmingSpaces()
    return (tags, review.isEmpty ? nil : review)
  }
}
