import AmodbKit
import Localization

/// A random pick among titles, as values: the filters a title must pass, why it passed, and a
/// seeded choice (the same seed and titles, the same pick). `trending pick` and the browser's
/// "pick" on a list both choose here.
public enum Pick {
  /// A title that may be picked, with what its details say (nil: unknown).
  public struct Candidate: Equatable, Sendable {
    /// The title.
    public var summary: MediaSummary
    /// Its runtime in minutes (a series' episodes'), if known.
    public var runtime: Int?
    /// Its genres' names (English and the interface's), if known.
    public var genres: [String]?
    /// The services it streams on in the region, if known.
    public var services: [String]?

    /// Makes a candidate.
    public init(summary: MediaSummary, runtime: Int? = nil, genres: [String]? = nil, services: [String]? = nil) {
      self.summary = summary
      self.runtime = runtime
      self.genres = genres
      self.services = services
    }
  }

  /// What a pick must pass.
  public struct Filters: Equatable, Sendable {
    /// Films or series only.
    public var kind: MediaKind?
    /// Genres it must have (case-insensitive names).
    public var genres: [String]
    /// The longest runtime.
    public var maxRuntime: Int?
    /// Services it must stream on, one of them (nil: any).
    public var services: [String]?

    /// Makes filters.
    public init(kind: MediaKind? = nil, genres: [String] = [], maxRuntime: Int? = nil, services: [String]? = nil) {
      self.kind = kind
      self.genres = genres
      self.maxRuntime = maxRuntime
      self.services = services
    }

    /// Whether any filter needs the details (runtime or offers).
    public var needsDetails: Bool { maxRuntime != nil || services != nil }
  }

  /// Why a candidate passed, one phrase a filter; nil when it did not pass.
  public static func reasons(_ candidate: Candidate, _ filters: Filters) -> [String]? {
    var reasons: [String] = []
    if let kind = filters.kind {
      guard candidate.summary.kind == kind else { return nil }
    }
    if !filters.genres.isEmpty {
      let known = Set(((candidate.genres ?? []) + candidate.summary.genres).map { $0.lowercased() })
      let wanted = filters.genres.map { $0.lowercased() }
      guard wanted.allSatisfy(known.contains) else { return nil }
      reasons.append(tr("genre %s", filters.genres.joined(separator: ", ")))
    }
    if let most = filters.maxRuntime {
      guard let runtime = candidate.runtime, runtime <= most else { return nil }
      reasons.append(tr("%1$s min, at most %2$s", String(runtime), String(most)))
    }
    if let services = filters.services {
      let mine = Set(services.map { $0.lowercased() })
      guard let offered = candidate.services?.first(where: { mine.contains($0.lowercased()) }) else { return nil }
      reasons.append(tr("on %s", offered))
    }
    return reasons
  }

  /// One of the candidates that pass, chosen by the seed, with why it passed; nil when none pass.
  public static func choose(_ candidates: [Candidate], _ filters: Filters, seed: UInt64) -> (
    candidate: Candidate, reasons: [String], of: Int
  )? {
    let passing = candidates.compactMap { candidate in reasons(candidate, filters).map { (candidate, $0) } }
    guard !passing.isEmpty else { return nil }
    var generator = SeededGenerator(seed: seed)
    let index = Int(generator.next() % UInt64(passing.count))
    return (passing[index].0, passing[index].1, passing.count)
  }

  /// An index among `count` rows, chosen by the seed (nil for no rows).
  public static func index(among count: Int, seed: UInt64) -> Int? {
    guard count > 0 else { return nil }
    var generator = SeededGenerator(seed: seed)
    return Int(generator.next() % UInt64(count))
  }
}

/// SplitMix64: a small generator whose numbers depend only on its seed, on every platform.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator from a seed.
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
