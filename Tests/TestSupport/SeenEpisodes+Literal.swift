import AmodbKit
import TrendingCore

/// Episodes seen written as a list of keys in tests: each seen on 2027-01-15, the day the reducer's
/// tests run on (`Sample.start`), so a mark made in them is written the same way.
extension SeenEpisodes: ExpressibleByArrayLiteral {
  public init(arrayLiteral keys: EpisodeKey...) {
    self.init(days: Dictionary(keys.map { ($0, "2027-01-15") }, uniquingKeysWith: { first, _ in first }))
  }
}

extension SeenEpisodes {
  /// Episodes each seen last on one day.
  public static func on(_ day: String, _ keys: [EpisodeKey]) -> SeenEpisodes {
    SeenEpisodes(days: Dictionary(keys.map { ($0, day) }, uniquingKeysWith: { first, _ in first }))
  }
}
