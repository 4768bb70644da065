import AmodbKit
import FoundationEssentials
import Localization

/// One line of the `f` form: a setting, a genre, a service, a heading over them, or the line that applies it.
public enum FormField: Hashable, Sendable {
  case sort, yearFrom, yearTo, score, votes, runtimeFrom, runtimeTo, language, certification, status
  /// The heading over the genres (never selected).
  case genresHeading
  case genre(NamedID)
  /// The heading over the services (never selected).
  case servicesHeading
  case service(NamedID)
  case apply

  /// Whether the line is a heading, which the selection steps over.
  public var isHeading: Bool { self == .genresHeading || self == .servicesHeading }
}

/// The `f` form over a list: a discover filter being edited. Nothing is asked until it is applied.
public struct DiscoverForm: Equatable, Sendable {
  /// The filter as edited so far.
  public var filter: DiscoverFilter
  /// Whether it edits the discover list below, which applying replaces (else a list opens on top).
  public var replaces: Bool
  /// The selected line, an index into `fields`.
  public var selection = 0
  /// The digits being typed into the selected line, until the selection moves.
  public var typed: String?

  /// Makes a form over a filter.
  public init(filter: DiscoverFilter = DiscoverFilter(), replaces: Bool = false) {
    self.filter = filter
    self.replaces = replaces
  }

  /// Films or series.
  public var media: MediaKind { filter.media }

  /// The lines, in order: the settings (a certification for films, a status for series), the
  /// genres, the region's services, then "show films".
  public func fields(_ shared: Shared) -> [FormField] {
    var fields: [FormField] = [
      .yearFrom, .yearTo, .score, .votes, .runtimeFrom, .runtimeTo, .language,
      media == .series ? .status : .certification, .sort,
    ]
    let genres = DiscoverTables.genres(shared, media: media)
    if !genres.isEmpty { fields += [.genresHeading] + genres.map(FormField.genre) }
    let services = DiscoverTables.services(shared, chosen: filter.services, media: media)
    if !services.isEmpty { fields += [.servicesHeading] + services.map(FormField.service) }
    return fields + [.apply]
  }

  /// The form's title: "Filter films", "Filter series".
  public var title: String { media == .series ? tr("Filter series") : tr("Filter films") }

  /// The selected line.
  func selected(_ shared: Shared) -> FormField {
    let fields = fields(shared)
    return fields[min(max(selection, 0), fields.count - 1)]
  }

  /// The line's name, as films' or series' form names it.
  public static func label(_ field: FormField, media: MediaKind = .film) -> String {
    let series = media == .series
    switch field {
    case .sort: return tr("Sort")
    case .yearFrom: return series ? tr("First aired from") : tr("From year")
    case .yearTo: return series ? tr("First aired to") : tr("To year")
    case .score: return tr("Score at least")
    case .votes: return tr("With votes")
    case .runtimeFrom: return series ? tr("Episode length from") : tr("Runtime from")
    case .runtimeTo: return series ? tr("Episode length to") : tr("Runtime to")
    case .language: return tr("Language")
    case .certification: return tr("Rated up to")
    case .status: return tr("Status")
    case .genresHeading: return tr("Genres")
    case .servicesHeading: return tr("Services")
    case .genre(let genre): return genre.name
    case .service(let service): return service.name
    case .apply: return series ? tr("Show the series") : tr("Show the films")
    }
  }

  /// The line's value as the form shows it ("any" when unset).
  public func value(_ field: FormField) -> String {
    let any = tr("any")
    switch field {
    case .sort: return filter.sort.label
    case .yearFrom: return filter.years.lower.map(String.init) ?? any
    case .yearTo: return filter.years.upper.map(String.init) ?? any
    case .score: return filter.minimumScore.map { "≥ " + DiscoverFilter.oneDecimal($0) } ?? any
    case .votes: return String(filter.minimumVotes)
    case .runtimeFrom: return filter.runtime.lower.map { tr("%s min", String($0)) } ?? any
    case .runtimeTo: return filter.runtime.upper.map { tr("%s min", String($0)) } ?? any
    case .language: return filter.originalLanguage.map { Languages.name($0) } ?? any
    case .certification: return filter.certification ?? any
    case .status: return filter.status.map(\.label) ?? any
    case .genresHeading, .servicesHeading: return ""
    // Genres and services say it with their marks (`mark`).
    case .genre, .service: return ""
    case .apply: return "⏎"
    }
  }

  /// Whether a line's value narrows the filter (the form highlights those).
  public func isSet(_ field: FormField) -> Bool {
    switch field {
    case .sort: return filter.sort != .popularity
    case .yearFrom: return filter.years.lower != nil
    case .yearTo: return filter.years.upper != nil
    case .score: return filter.minimumScore != nil
    case .votes: return filter.minimumVotes != DiscoverFilter.defaultMinimumVotes
    case .runtimeFrom: return filter.runtime.lower != nil
    case .runtimeTo: return filter.runtime.upper != nil
    case .language: return filter.originalLanguage != nil
    case .certification: return filter.certification != nil
    case .status: return filter.status != nil
    case .genre(let genre): return filter.genres.contains(genre) || filter.withoutGenres.contains(genre)
    case .service(let service): return filter.services.contains(service)
    case .genresHeading, .servicesHeading, .apply: return false
    }
  }

  /// The mark before a genre or service: ✓ with it, ✗ without it, blank for neither; nil for other lines.
  public func mark(_ field: FormField) -> String? {
    switch field {
    case .genre(let genre):
      return filter.genres.contains(genre) ? "✓" : filter.withoutGenres.contains(genre) ? "✗" : " "
    case .service(let service): return filter.services.contains(service) ? "✓" : " "
    default: return nil
    }
  }

  /// Changes the selected line one step up (`→`, Space) or down (`←`); clears it with `clear`.
  mutating func change(_ field: FormField, by step: Int, _ shared: Shared) {
    let year = shared.today.year
    switch field {
    case .sort: filter.sort = Self.cycle(DiscoverSort.allCases, filter.sort, step) ?? .popularity
    case .yearFrom:
      filter.years.lower = filter.years.lower.map { min(max($0 + step, 1874), year + 5) } ?? year - 10
    case .yearTo: filter.years.upper = filter.years.upper.map { min(max($0 + step, 1874), year + 5) } ?? year
    case .score:
      // From "any", up starts at 7; down stays at "any".
      guard let score = filter.minimumScore else {
        filter.minimumScore = step > 0 ? 7 : nil
        return
      }
      let next = score + Double(step) * 0.5
      filter.minimumScore = next < 0.5 ? nil : min(next, 10)
    case .votes: filter.minimumVotes = max(0, filter.minimumVotes + step * 50)
    case .runtimeFrom:
      filter.runtime.lower = Self.minutes(filter.runtime.lower, step, start: media == .series ? 20 : 90)
    case .runtimeTo: filter.runtime.upper = Self.minutes(filter.runtime.upper, step, start: media == .series ? 60 : 120)
    case .language:
      filter.originalLanguage = Self.cycle([nil] + Languages.offered, filter.originalLanguage, step) ?? nil
    case .certification:
      filter.certification =
        Self.cycle([nil] + CertificationLadder.of(shared.region), filter.certification, step) ?? nil
    case .status: filter.status = Self.cycle([nil] + SeriesStatus.allCases, filter.status, step) ?? nil
    case .genre(let genre):
      // Neither, with, without, in turn.
      let state = filter.genres.contains(genre) ? 1 : filter.withoutGenres.contains(genre) ? 2 : 0
      let next = (state + (step > 0 ? 1 : 2)) % 3
      filter.genres.removeAll { $0 == genre }
      filter.withoutGenres.removeAll { $0 == genre }
      if next == 1 { filter.genres.append(genre) }
      if next == 2 { filter.withoutGenres.append(genre) }
    case .service(let service):
      if filter.services.contains(service) {
        filter.services.removeAll { $0 == service }
      } else {
        filter.services.append(service)
      }
    case .genresHeading, .servicesHeading, .apply: break
    }
  }

  /// Puts a line back to its default.
  mutating func clear(_ field: FormField) {
    switch field {
    case .sort: filter.sort = .popularity
    case .yearFrom: filter.years.lower = nil
    case .yearTo: filter.years.upper = nil
    case .score: filter.minimumScore = nil
    case .votes: filter.minimumVotes = DiscoverFilter.defaultMinimumVotes
    case .runtimeFrom: filter.runtime.lower = nil
    case .runtimeTo: filter.runtime.upper = nil
    case .language: filter.originalLanguage = nil
    case .certification: filter.certification = nil
    case .status: filter.status = nil
    case .genre(let genre):
      filter.genres.removeAll { $0 == genre }
      filter.withoutGenres.removeAll { $0 == genre }
    case .service(let service): filter.services.removeAll { $0 == service }
    case .genresHeading, .servicesHeading, .apply: break
    }
  }

  /// Minutes stepped by ten from a starting value; none below ten.
  static func minutes(_ value: Int?, _ step: Int, start: Int) -> Int? {
    guard let value else { return step > 0 ? start : nil }
    let next = value + step * 10
    return next < 10 ? nil : min(next, 600)
  }

  /// The value `step` places along `values` from `current`, wrapping around.
  static func cycle<Value: Equatable>(_ values: [Value], _ current: Value, _ step: Int) -> Value? {
    guard !values.isEmpty else { return nil }
    let index = values.firstIndex(of: current) ?? 0
    return values[((index + step) % values.count + values.count) % values.count]
  }

  /// The list the filter shows: replacing the discover list below, or opened over the tab.
  func applied() -> Reaction {
    let list = ListScreen(source: .discover(filter))
    return Reaction(go: .replace(.list(list), popping: replaces ? 2 : 1))
  }
}

/// The form's box on screen, shared by its view and its mouse.
public enum DiscoverFormLayout {
  /// What the keys do, under the lines.
  public static var keysHelp: String { tr("Space/←→ change · digits type · ⌫ clears · ⏎ shows · Esc closes") }

  /// The box over the list at a size: wide enough for its help line in any language where it fits.
  public static func box(for size: Size, fieldCount: Int) -> Rect {
    let width = boxWidth(for: size)
    let height = min(size.height - 2, fieldCount + 3 + helpLines(width: width - 4).count)
    return Rect(row: 1, column: (size.width - width) / 2, width: width, height: height)
  }

  /// The box's width: the whole of a narrow screen (a sliver of the list beside it only confuses).
  static func boxWidth(for size: Size) -> Int {
    let wanted = max(56, TextWidth.width(of: keysHelp) + 4)
    return size.width < 60 ? size.width : min(wanted, size.width)
  }

  /// The help line, packed by its " · " parts onto two lines where one is too narrow, never cut
  /// between words (a part wider than the line is cut by the view).
  public static func helpLines(width: Int) -> [String] {
    var lines: [String] = []
    for part in keysHelp.components(separatedBy: " · ") {
      guard let last = lines.last else {
        lines.append(part)
        continue
      }
      let joined = last + " · " + part
      if TextWidth.width(of: joined) <= width || lines.count == 2 {
        lines[lines.count - 1] = joined
      } else {
        lines.append(part)
      }
    }
    return lines
  }

  /// How many lines show inside the box (its border, the filter and the help take the rest).
  public static func lineCount(for size: Size, fieldCount: Int) -> Int {
    let box = box(for: size, fieldCount: fieldCount)
    return max(1, box.height - 3 - helpLines(width: box.width - 4).count)
  }

  /// The first line shown, keeping the selection in view.
  public static func top(selection: Int, lines: Int) -> Int { max(0, selection - lines + 1) }
}
