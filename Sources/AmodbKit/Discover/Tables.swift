import FoundationEssentials

/// The genres amodb names, in the language asked for.
public struct GenreTable: Hashable, Sendable, Decodable {
  /// The genres, in amodb's order.
  public var genres: [NamedID]

  /// Makes a table.
  public init(genres: [NamedID]) {
    self.genres = genres
  }

  enum CodingKeys: String, CodingKey { case genres }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    genres = Array(container.lossyArray(NamedEntry.self, .genres).map(\.value).prefix(100))
  }
}

/// The streaming services of a country, in its display order.
public struct ProviderTable: Hashable, Sendable, Decodable {
  /// The services, most prominent first.
  public var providers: [NamedID]
  /// Each service's display priority by country (`display_priorities`), by service id.
  public var regionalPriorities: [Int: [String: Int]] = [:]

  /// Makes a table.
  public init(providers: [NamedID], regionalPriorities: [Int: [String: Int]] = [:]) {
    self.providers = providers
    self.regionalPriorities = regionalPriorities
  }

  /// The services in a country's own display order (lower first); those without one for it keep
  /// the table's order after the others.
  public func ordered(in region: String) -> [NamedID] {
    providers.enumerated().sorted { left, right in
      let first = regionalPriorities[left.element.id]?[region] ?? Int.max
      let second = regionalPriorities[right.element.id]?[region] ?? Int.max
      return (first, left.offset) < (second, right.offset)
    }.map(\.element)
  }

  enum CodingKeys: String, CodingKey { case results }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let entries = container.lossyArray(ProviderEntry.self, .results).prefix(1000)
    providers = entries.enumerated().sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
      .map(\.element.value)
    regionalPriorities = entries.reduce(into: [:]) { $0[$1.value.id] = $1.regional }
  }
}

/// One `{id, name}` entry, read leniently.
struct NamedEntry: Decodable {
  /// The entry.
  let value: NamedID

  enum CodingKeys: String, CodingKey { case id, name }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let id = container.integer(.id), id > 0, let name = container.text(.name, limit: 100) else {
      throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "no id or name")
    }
    value = NamedID(id: id, name: name)
  }
}

/// One service of `/watch/providers/movie`, with its place in the display order.
struct ProviderEntry: Decodable {
  /// The service.
  let value: NamedID
  /// Its display priority (lower first); services without one go last.
  let priority: Int
  /// Its display priority by country.
  let regional: [String: Int]

  enum CodingKeys: String, CodingKey {
    case id = "provider_id"
    case name = "provider_name"
    case priority = "display_priority"
    case regional = "display_priorities"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let id = container.integer(.id), id > 0, let name = container.text(.name, limit: 100) else {
      throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "no id or name")
    }
    value = NamedID(id: id, name: name)
    priority = container.integer(.priority) ?? Int.max
    let regional = (try? container.decodeIfPresent([String: Int].self, forKey: .regional)) ?? nil
    self.regional = (regional ?? [:]).filter { $0.key.count == 2 }
  }
}
