import AmodbKit
import FoundationEssentials
import Localization

/// The settings file's discover lines: `set services NAME, NAME` and `tab "TITLE" KEY=VALUE …`.
extension Settings {
  /// The keys a `tab` line takes.
  public static let tabKeys = [
    "genre", "without-genre", "year", "min-score", "min-votes", "runtime", "language", "certification", "on", "sort",
    "kind", "list",
  ]

  /// Whether a line is one of these (its words as split on spaces).
  static func isDiscoverLine(_ words: [String]) -> Bool {
    words.first == "tab" || (words.first == "set" && words.count > 1 && words[1] == "services")
  }

  /// Applies a discover line; returns what is wrong with it, or nil.
  mutating func applyDiscover(_ words: [String], _ line: String, number: Int) -> String? {
    if words.first == "set" {
      let rest = line.drop { $0 == " " || $0 == "\t" }.dropFirst(3).drop { $0 == " " || $0 == "\t" }.dropFirst(8)
      let names = Self.list(String(rest))
      guard !names.isEmpty else { return tr("'set services' takes names, e.g. 'set services Netflix, MUBI'") }
      services = names
      servicesLine = number
      values["services"] = names.joined(separator: ", ")
      return nil
    }
    switch Self.savedTab(line, number: number) {
    case .success(let tab):
      savedTabs.append(tab)
      return nil
    case .failure(let problem):
      return problem.message
    }
  }

  /// Names separated by commas, trimmed, empty ones dropped.
  static func list(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
  }

  /// Reads a `tab "TITLE" KEY=VALUE …` line.
  static func savedTab(_ line: String, number: Int) -> Result<SavedTab, SettingsProblem> {
    let words = SettingsWords.split(line)
    guard words.count >= 2, !words[1].isEmpty else {
      return .failure(
        SettingsProblem(
          tr("'tab' takes a title and criteria, e.g. 'tab \"Korean thrillers\" genre=Thriller language=ko'")))
    }
    let title = TextSanitizer.clean(words[1], limit: 40)
    var pairs: [(key: String, value: String)] = []
    for word in words.dropFirst(2) {
      guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
        return .failure(SettingsProblem(tr("'%s' is not KEY=VALUE", shown(word))))
      }
      let key = String(word[..<equals])
      guard tabKeys.contains(key) else {
        let hint = NameMatch.closest(key, among: tabKeys).map { "; " + tr("did you mean '%s'?", $0) } ?? ""
        return .failure(
          SettingsProblem(tr("unknown key '%1$s'; keys: %2$s", shown(key), tabKeys.joined(separator: ", ")) + hint))
      }
      pairs.append((key, String(word[word.index(after: equals)...])))
    }
    if let list = pairs.first(where: { $0.key == "list" }) {
      guard pairs.count == 1, !list.value.isEmpty else {
        return .failure(SettingsProblem(tr("'list=' names one of your lists and takes no other keys")))
      }
      let name = TextSanitizer.clean(list.value, limit: 200)
      return .success(SavedTab(name: .titled(title), filter: DiscoverFilter(media: .film), line: number, list: name))
    }
    var criteria = DiscoverCriteria()
    // The kind first: genres are named differently for series.
    for (key, value) in pairs where key == "kind" {
      if let problem = criteria.apply(key, value) { return .failure(SettingsProblem(problem)) }
    }
    for (key, value) in pairs where key != "kind" {
      if let problem = criteria.apply(key, value) { return .failure(SettingsProblem(problem)) }
    }
    return .success(
      SavedTab(name: .titled(title), filter: criteria.filter, serviceNames: criteria.services, line: number))
  }
}

/// What is wrong with a line.
struct SettingsProblem: Error {
  /// The message.
  var message: String

  /// Makes one.
  init(_ message: String) {
    self.message = message
  }
}

/// A line split into words: spaces separate them except inside double quotes, which are dropped.
enum SettingsWords {
  /// The words of a line.
  static func split(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    var started = false
    for character in line {
      if character == "\"" {
        quoted.toggle()
        started = true
      } else if !quoted, character == " " || character == "\t" || character == "\r" {
        if started { words.append(current) }
        (current, started) = ("", false)
      } else {
        current.append(character)
        started = true
      }
    }
    if started { words.append(current) }
    return words
  }
}

/// Discover criteria by name and value, as a `tab` line and `trending discover` give them: checked
/// and resolved one at a time (genres by name; services kept as names until the provider table is known).
public struct DiscoverCriteria: Sendable {
  /// The filter so far.
  public var filter = DiscoverFilter()
  /// The services named, not yet resolved.
  public var services: [String] = []
  /// amodb's genre table, when known (else the built-in names).
  public var genreTable: [NamedID] = []

  /// An empty filter of films.
  public init(genreTable: [NamedID] = []) {
    self.genreTable = genreTable
  }

  /// Applies one criterion; returns what is wrong with it, naming the value, or nil. The criterion
  /// is named `name` there (the command line's option), else by its key as a settings line writes it.
  public mutating func apply(_ key: String, _ value: String, name: String? = nil) -> String? {
    let shown = Settings.shown(value)
    let name = name ?? key
    switch key {
    case "kind":
      switch value {
      case "film", "movie": filter.media = .film
      case "tv", "series": filter.media = .series
      default: return tr("%1$s must be film or tv, not '%2$s'", name, shown)
      }
    case "genre", "without-genre":
      switch GenreNames.resolve(Settings.list(value), media: filter.media, table: genreTable) {
      case .success(let genres):
        if key == "genre" {
          filter.genres += genres.filter { !filter.genres.contains($0) }
        } else {
          filter.withoutGenres += genres.filter { !filter.withoutGenres.contains($0) }
        }
      case .failure(let unknown):
        return unknown.message(tr("no genre '%s'", Settings.shown(unknown.name)))
      }
    case "year":
      guard let years = OpenRange(parsing: value), (years.lower ?? 1874) >= 1874, (years.upper ?? 2200) <= 2200 else {
        return tr("%1$s must be a year such as 1999 or a range such as 2015..2024, not '%2$s'", name, shown)
      }
      filter.years = years
    case "min-score":
      guard let score = Double(value), (0...10).contains(score) else {
        return tr("%1$s must be a number from 0 to 10, not '%2$s'", name, shown)
      }
      filter.minimumScore = score
    case "min-votes":
      guard let votes = Int(value), votes >= 0 else {
        return tr("%1$s must be a whole number, not '%2$s'", name, shown)
      }
      filter.minimumVotes = votes
    case "runtime":
      guard let runtime = OpenRange(parsing: value), (runtime.lower ?? 0) >= 0 else {
        return tr("%1$s must be minutes such as 90..120, not '%2$s'", name, shown)
      }
      filter.runtime = runtime
    case "language":
      guard value.count == 2, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        return tr("%1$s must be a two-letter code such as ko, not '%2$s'", name, shown)
      }
      filter.originalLanguage = value.lowercased()
    case "certification":
      guard !value.isEmpty, value.count <= 10 else {
        return tr("%1$s must be one such as PG-13, not '%2$s'", name, shown)
      }
      filter.certification = value
    case "on":
      let names = Settings.list(value)
      guard !names.isEmpty else { return tr("%1$s must name a service, not '%2$s'", name, shown) }
      services += names.filter { !services.contains($0) }
    case "sort":
      guard let sort = DiscoverSort(rawValue: value) else {
        return tr("%1$s must be popularity, score, date or title, not '%2$s'", name, shown)
      }
      filter.sort = sort
    default:
      return tr("unknown key '%1$s'; keys: %2$s", Settings.shown(key), Settings.tabKeys.joined(separator: ", "))
    }
    return nil
  }
}
