import AmodbKit
import FoundationEssentials
import LibraryKit
import TrendingCore

/// The recommendations from the user's own taste, read: the library's seeds and the titles not to
/// recommend, then each seed's details (their `recommendations` part, the request its own screen
/// makes, so a fresh answer in the cache is used and at most five are asked), ranked by `ForYou`.
/// The browser's For you tab and `trending for-you` both read them here.
public enum Recommendations {
  /// What was read: the ranked titles and the seeds they came from.
  public struct Found: Sendable {
    /// The titles, best first.
    public var ranked: [ForYou.Ranked]
    /// The seeds asked, in seed order.
    public var seeds: [ForYou.Seed]
    /// How many seeds' details could not be read.
    public var failed: Int
  }

  /// The seeds of the taste, of one kind or of both.
  public static func seeds(_ taste: Taste, kind: MediaKind?) -> [ForYou.Seed] {
    ForYou.seeds(taste.seeds, kind: kind)
  }

  /// Reads the library and the seeds' recommendations; a library that cannot be opened, or every
  /// seed's details failing, is an error.
  public static func read(client: AmodbClient, library path: URL?, kind: MediaKind?) async -> Result<
    Found, AmodbError
  > {
    var taste = Taste(seeds: [], excluded: [])
    if let path {
      do {
        taste = try Library(path: path).taste()
      } catch {
        return .failure(.transport(description: error.message))
      }
    }
    let seeds = seeds(taste, kind: kind)
    let language = client.configuration.language
    var recommendations: [(seed: ForYou.Seed, titles: [MediaSummary])] = []
    var lastError: AmodbError?
    for seed in seeds {
      let titles: Result<[MediaSummary], AmodbError> =
        switch seed.media.kind {
        case .series:
          await client.result(SeriesRequest(id: seed.media.id, language: language)).map(\.value.recommendations)
        case .film, .person:
          await client.result(MovieDetailsRequest(id: seed.media.id, language: language)).map(\.value.recommendations)
        }
      switch titles {
      case .success(let found):
        recommendations.append((seed, found))
      case .failure(let error): lastError = error
      }
    }
    if recommendations.isEmpty, let lastError { return .failure(lastError) }
    return .success(
      Found(
        ranked: ForYou.rank(recommendations, excluding: taste.excluded), seeds: seeds,
        failed: seeds.count - recommendations.count))
  }

}
