/// A JSON object key known only at run time: a country code, for example.
struct DynamicKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// An ISO 3166-1 country code, checked: two ASCII capital letters.
public enum CountryCode {
  /// Returns the code when it is two letters A–Z, else nil.
  public static func validated(_ code: String) -> String? {
    let scalars = Array(code.unicodeScalars)
    guard scalars.count == 2, scalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
    return code
  }
}

/// A film's video on a public host: a trailer, a teaser, a clip.
public struct Video: Sendable, Hashable, Decodable {
  /// Where the video lives: "YouTube" or "Vimeo".
  public var site: String
  /// The host's id of the video, checked to be URL-safe.
  public var key: String
  /// "Trailer", "Teaser", "Clip", …
  public var type: String?
  /// The video's name.
  public var name: String?
  /// Whether the studio published it.
  public var official: Bool

  /// Makes a video from its parts.
  public init(site: String, key: String, type: String? = nil, name: String? = nil, official: Bool = false) {
    self.site = site
    self.key = key
    self.type = type
    self.name = name
    self.official = official
  }

  enum CodingKeys: String, CodingKey {
    case site, key, type, name, official
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let site = container.text(.site, limit: 20), ["YouTube", "Vimeo"].contains(site),
      let key = container.lenient(String.self, .key), Video.isSafeKey(key)
    else {
      throw DecodingError.dataCorruptedError(forKey: .key, in: container, debugDescription: "no usable video")
    }
    self.site = site
    self.key = key
    type = container.text(.type, limit: 40)
    name = container.text(.name, limit: 200)
    official = container.lenient(Bool.self, .official) ?? false
  }

  /// Whether a key can go into a URL as it is: 1–40 ASCII letters, digits, `-` and `_`.
  static func isSafeKey(_ key: String) -> Bool {
    (1...40).contains(key.unicodeScalars.count)
      && key.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
      }
  }

  /// The video's web page.
  public var page: WebPage { .video(site: site, key: key) }

  /// The trailer worth showing: an official trailer first, then any trailer, then a teaser.
  public static func best(in videos: [Video]) -> Video? {
    videos.first { $0.type == "Trailer" && $0.official } ?? videos.first { $0.type == "Trailer" }
      ?? videos.first { $0.type == "Teaser" }
  }

  /// The video's address.
  public var url: String { page.url }
}

/// Where a film can be watched in one country, by JustWatch: subscription, rent, buy and free.
public struct WatchProviders: Sendable, Hashable, Decodable {
  /// Included in a subscription.
  public var subscription: [String]
  /// To rent.
  public var rent: [String]
  /// To buy.
  public var buy: [String]
  /// Free, with or without adverts.
  public var free: [String]

  /// Makes the providers of one country.
  public init(subscription: [String] = [], rent: [String] = [], buy: [String] = [], free: [String] = []) {
    self.subscription = subscription
    self.rent = rent
    self.buy = buy
    self.free = free
  }

  /// Whether there is nothing to show.
  public var isEmpty: Bool { subscription.isEmpty && rent.isEmpty && buy.isEmpty && free.isEmpty }

  enum CodingKeys: String, CodingKey {
    case flatrate, rent, buy, ads, free
  }

  private struct Provider: Decodable {
    let name: String
    let priority: Int

    enum CodingKeys: String, CodingKey {
      case name = "provider_name"
      case priority = "display_priority"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard let name = container.text(.name, limit: 60) else {
        throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "no name")
      }
      self.name = name
      priority = container.integer(.priority) ?? Int.max
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func names(_ key: CodingKeys) -> [String] {
      let providers = container.lossyArray(Provider.self, key).prefix(40)
      var seen = Set<String>()
      return providers.sorted { $0.priority < $1.priority }.map(\.name).filter { seen.insert($0).inserted }
    }
    subscription = names(.flatrate)
    rent = names(.rent)
    buy = names(.buy)
    free = names(.free) + names(.ads).filter { !names(.free).contains($0) }
  }
}

/// The series a film belongs to.
public struct CollectionReference: Sendable, Hashable, Decodable {
  /// The collection's id.
  public var id: Int
  /// Its name, e.g. "The Matrix Collection".
  public var name: String

  /// Makes a reference from its parts.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }

  enum CodingKeys: String, CodingKey {
    case id, name
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let id = container.integer(.id), id > 0, let name = container.text(.name, limit: 200) else {
      throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "no usable collection")
    }
    self.id = id
    self.name = name
  }
}

/// `release_dates`: the certification each country gives a film.
struct Certifications: Decodable {
  /// Certification by country code, e.g. `["US": "R"]`; countries without one are left out.
  var byCountry: [String: String] = [:]

  private struct Country: Decodable {
    let code: String
    let certification: String?

    enum CodingKeys: String, CodingKey {
      case code = "iso_3166_1"
      case dates = "release_dates"
    }

    struct Dated: Decodable {
      let certification: String?
      let type: Int?

      enum CodingKeys: String, CodingKey {
        case certification, type
      }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        certification = container.text(.certification, limit: 20)
        type = container.integer(.type)
      }
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard let code = container.lenient(String.self, .code).flatMap(CountryCode.validated) else {
        throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: "no country")
      }
      self.code = code
      let dates = container.lossyArray(Dated.self, .dates).filter { $0.certification != nil }
      // The theatrical release's (type 3) certification first, then the earliest type given.
      certification = (dates.first { $0.type == 3 } ?? dates.min { ($0.type ?? 9) < ($1.type ?? 9) })?.certification
    }
  }

  enum CodingKeys: String, CodingKey {
    case results
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    for country in container.lossyArray(Country.self, .results).prefix(300) {
      if let certification = country.certification { byCountry[country.code] = certification }
    }
  }
}

/// `videos`: a film's videos on the hosts we can link.
struct Videos: Decodable {
  /// The usable videos, in the order given.
  var results: [Video] = []

  enum CodingKeys: String, CodingKey {
    case results
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    results = Array(container.lossyArray(Video.self, .results).prefix(60))
  }
}

/// `watch/providers`: where to watch, by country.
struct ProvidersByCountry: Decodable {
  /// Providers by country code; countries with none are left out.
  var byCountry: [String: WatchProviders] = [:]

  enum CodingKeys: String, CodingKey {
    case results
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let countries = try? container.nestedContainer(keyedBy: DynamicKey.self, forKey: .results) else { return }
    for key in countries.allKeys.prefix(300) {
      guard let code = CountryCode.validated(key.stringValue),
        let providers = countries.lenient(WatchProviders.self, key), !providers.isEmpty
      else { continue }
      byCountry[code] = providers
    }
  }
}
