import AmodbKit

extension ForYou {
  /// What was read: the ranked titles and the seeds they came from.
  public struct Found: Sendable {
    /// The titles, best first.
    public var ranked: [Ranked]
    /// The seeds asked, in seed order.
    public var seeds: [Seed]
    /// How many seeds' details could not be read.
    public var failed: Int
  }

  /// The recommendations of a taste: its seeds of the kind (`seeds(_:kind:)`), each seed's titles
  /// asked in turn through `titles` (the caller reads its details), ranked by `rank`; every seed
  /// failing is the last failure. No I/O of its own: the browser's runner and `trending for-you`
  /// read the library and amodb and hand them here.
  public static func recommend(
    seeds all: [Seed], excluding excluded: Set<MediaID>, kind: MediaKind?,
    titles: (MediaID) async -> Result<[MediaSummary], AmodbError>
  ) async -> Result<Found, AmodbError> {
    let seeds = seeds(all, kind: kind)
    var recommendations: [(seed: Seed, titles: [MediaSummary])] = []
    var lastError: AmodbError?
    for seed in seeds {
      switch await titles(seed.media) {
      case .success(let found): recommendations.append((seed, found))
      case .failure(let error): lastError = error
      }
    }
    if recommendations.isEmpty, let lastError { return .failure(lastError) }
    return .success(
      Found(
        ranked: rank(recommendations, excluding: excluded), seeds: seeds, failed: seeds.count - recommendations.count))
  }
}
