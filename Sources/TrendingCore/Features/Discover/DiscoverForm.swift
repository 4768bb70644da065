import AmodbKit
import FoundationEssentials
import Localization

/// One line of the `f` form: a setting, a genre, a service, or the line that applies it.
public enum FormField: Hashable, Sendable {
  case sort, yearFrom, yearTo, score, votes, runtimeFrom, runtimeTo, language, certification
  case genre(NamedID)
  case service(NamedID)
  case apply
}

/// The `f` form over a list: a discover filter being edited. Nothing is asked until it is applied.
public struct DiscoverForm: Equatable, Sendable {
  /// The filter as edited so far.
  public var filter: DiscoverFilter
  /// Whether it edits the discover list below, which applying replaces (else a list opens on top).
  public var replaces: Bool
  /// The selected line, an index into `fields`.
  public var selection = 0

  /// Makes a form over a filter.
  public init(filter: DiscoverFilter = DiscoverFilter(), replaces: Bool = false) {
    self.filter = filter
    self.replaces = replaces
  }

  /// The lines, in order: the settings, the genres, the region's services, then "show films".
  public func fields(_ shared: Shared) -> [FormField] {
    var fields: [FormField] = [
      .yearFrom, .yearTo, .score, .votes, .runtimeFrom, .runtimeTo, .language, .certification, .sort,
    ]
    fields += DiscoverTables.genres(shared).map(FormField.genre)
    fields += DiscoverTables.services(shared, chosen: filter.services).map(FormField.service)
    return fields + [.apply]
  }

  /// The selected line.
  func selected(_ shared: Shared) -> FormField {
    let fields = fields(shared)
    return fields[min(max(selection, 0), fields.count - 1)]
  }

  /// The line's name.
  public static func label(_ field: FormField) -> String {
    switch field {
    case .sort: return tr("Sort")
    case .yearFrom: return tr("From year")
    case .yearTo: return tr("To year")
    case .score: return tr("Score at least")
    case .votes: return tr("With votes")
    case .runtimeFrom: return tr("Runtime from")
    case .runtimeTo: return tr("Runtime to")
    case .language: return tr("Language")
    case .certification: return tr("Rated up to")
    case .genre(let genre): return genre.name
    case .service(let service): return service.name
    case .apply: return tr("Show the films")
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
    case .language: return filter.originalLanguage.map(Languages.name) ?? any
    case .certification: return filter.certification ?? any
    case .genre(let genre):
      return filter.genres.contains(genre) ? tr("with") : filter.withoutGenres.contains(genre) ? tr("without") : ""
    case .service(let service): return filter.services.contains(service) ? "✓" : ""
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
    case .genre(let genre): return filter.genres.contains(genre) || filter.withoutGenres.contains(genre)
    case .service(let service): return filter.services.contains(service)
    case .apply: return false
    }
  }

  /// Changes the selected line one step up (`→`, Space) or down (`←`); clears it with `clear`.
  mutating func change(_ field: FormField, by step: Int, _ shared: Shared) {
    let year = CivilDay(shared.now).year
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
    case .runtimeFrom: filter.runtime.lower = Self.minutes(filter.runtime.lower, step, start: 90)
    case .runtimeTo: filter.runtime.upper = Self.minutes(filter.runtime.upper, step, start: 120)
    case .language:
      filter.originalLanguage = Self.cycle([nil] + Languages.offered, filter.originalLanguage, step) ?? nil
    case .certification:
      filter.certification =
        Self.cycle([nil] + Certifications.ladder(shared.region), filter.certification, step) ?? nil
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
    case .apply: break
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
    case .genre(let genre):
      filter.genres.removeAll { $0 == genre }
      filter.withoutGenres.removeAll { $0 == genre }
    case .service(let service): filter.services.removeAll { $0 == service }
    case .apply: break
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

/// The genre and service tables the form offers, from amodb when they came, else the built-in names.
public enum DiscoverTables {
  /// The film genres TMDB has, by id, as the built-in table names them.
  static let builtInGenreIDs = [
    28, 12, 16, 35, 80, 99, 18, 10751, 14, 36, 27, 10402, 9648, 10749, 878, 10770, 53, 10752, 37,
  ]
  /// The most services the form lists (the region's most prominent).
  static let serviceLimit = 30

  /// The genres in the interface's language.
  public static func genres(_ shared: Shared) -> [NamedID] {
    if let table = shared.answers[shared.genresRequest]?.value?.genres, !table.genres.isEmpty {
      return table.genres
    }
    return builtInGenreIDs.compactMap { id in Genres.name(id).map { NamedID(id: id, name: $0) } }
  }

  /// The region's services, the chosen ones first; none without a region.
  public static func services(_ shared: Shared, chosen: [NamedID]) -> [NamedID] {
    let table = shared.providersRequest.flatMap { shared.answers[$0]?.value?.providers?.providers } ?? []
    return chosen + table.filter { !chosen.contains($0) }.prefix(max(0, serviceLimit - chosen.count))
  }
}

extension Shared {
  /// The request for the film genre table in the interface's language.
  public var genresRequest: APIRequest { .genres(GenreListRequest(language: language)) }

  /// The request for the region's film services, when the region is known.
  public var providersRequest: APIRequest? {
    region.map { .providers(ProviderListRequest(region: $0, language: language)) }
  }
}

/// The form's box on screen, shared by its view and its mouse.
public enum DiscoverFormLayout {
  /// The box over the list at a size.
  public static func box(for size: Size, fieldCount: Int) -> Rect {
    // Narrow screens give the form their whole width (a sliver of the list beside it only confuses).
    let width = size.width < 60 ? size.width : 56
    let height = min(size.height - 2, fieldCount + 4)
    return Rect(row: 1, column: (size.width - width) / 2, width: width, height: height)
  }

  /// How many lines show inside the box (its border and the help line take four rows).
  public static func lineCount(for size: Size, fieldCount: Int) -> Int {
    max(1, box(for: size, fieldCount: fieldCount).height - 4)
  }

  /// The first line shown, keeping the selection in view.
  public static func top(selection: Int, lines: Int) -> Int { max(0, selection - lines + 1) }
}

/// A day of the Gregorian calendar in UTC, from a `Date`, without Foundation's calendars.
public struct CivilDay: Hashable, Sendable, Comparable {
  /// The year.
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The day of the month.
  public var day: Int

  /// The day a moment falls on, in UTC.
  public init(_ date: Date) {
    let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    self.init(daysSince1970: days)
  }

  /// The day so many days after 1970-01-01 (Howard Hinnant's civil-from-days).
  public init(daysSince1970 days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Makes a day from its parts.
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Days since 1970-01-01 (days-from-civil).
  public var daysSince1970: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day `count` days later.
  public func adding(days count: Int) -> CivilDay { CivilDay(daysSince1970: daysSince1970 + count) }

  /// The weekday, 0 Monday to 6 Sunday.
  public var weekday: Int { ((daysSince1970 + 3) % 7 + 7) % 7 }

  /// `YYYY-MM-DD`.
  public var iso: String {
    let pad = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(pad(month))-\(pad(day))"
  }

  public static func < (lhs: CivilDay, rhs: CivilDay) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }
}
