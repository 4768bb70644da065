import AmodbKit
import Localization

/// The recommendations from the user's own taste, as values: which titles seed them, how their
/// recommendations are merged and ranked, and why each row is there. No I/O: the runner and
/// `trending for-you` read the library and the seeds' details and hand them here.
public enum ForYou {
  /// A title the user liked or saw lately, as the library holds it (the library's own type).
  public typealias Seed = TasteSeed

  /// A recommended title and the seeds that name it, best seed first.
  public struct Ranked: Equatable, Sendable {
    /// The title as the seeds' recommendations list it.
    public var summary: MediaSummary
    /// The seeds naming it, in seed order.
    public var seeds: [Seed]

    /// Makes one.
    public init(summary: MediaSummary, seeds: [Seed]) {
      self.summary = summary
      self.seeds = seeds
    }
  }

  /// The most seeds asked a refresh: with the tab's own request, at most six.
  public static let seedLimit = 5
  /// The most seeds chosen by their rating, so the latest watches get a say too.
  static let ratedShare = 3
  /// The lowest rating that makes a seed.
  public static let likedRating = 8

  /// The seeds of one kind (of both when nil): up to three of the best rated (8 or more), then the most recently seen
  /// (never one rated below 8), then more of the rated, five at most.
  public static func seeds(_ all: [Seed], kind: MediaKind?) -> [Seed] {
    let mine = all.filter { kind == nil || $0.media.kind == kind }
    let liked = mine.filter(\.isLiked).sorted { left, right in
      (left.rating ?? 0, left.lastSeen ?? "") > (right.rating ?? 0, right.lastSeen ?? "")
    }
    let recent = mine.filter { $0.lastSeen != nil && ($0.rating == nil || $0.isLiked) }
      .sorted { ($0.lastSeen ?? "") > ($1.lastSeen ?? "") }
    var chosen: [Seed] = []
    for seed in Array(liked.prefix(ratedShare)) + recent + liked where chosen.count < seedLimit {
      if !chosen.contains(where: { $0.media == seed.media }) { chosen.append(seed) }
    }
    return chosen
  }

  /// The seeds' recommendations merged: titles of the kind, none excluded nor a seed, ranked by how
  /// many seeds name them, then their score, then their id.
  public static func rank(_ recommendations: [(seed: Seed, titles: [MediaSummary])], excluding excluded: Set<MediaID>)
    -> [Ranked]
  {
    let seeds = Set(recommendations.map(\.seed.media))
    var ranked: [MediaID: Ranked] = [:]
    for (seed, titles) in recommendations {
      for title in titles {
        guard let media = title.media, !excluded.contains(media), !seeds.contains(media) else { continue }
        var entry = ranked[media] ?? Ranked(summary: title, seeds: [])
        if !entry.seeds.contains(where: { $0.media == seed.media }) { entry.seeds.append(seed) }
        ranked[media] = entry
      }
    }
    return ranked.values.sorted { left, right in
      if left.seeds.count != right.seeds.count { return left.seeds.count > right.seeds.count }
      let (a, b) = (left.summary.score ?? 0, right.summary.score ?? 0)
      if a != b { return a > b }
      return left.summary.id < right.summary.id
    }
  }

  /// Why a title is recommended: its first seed, and how many more name it.
  public static func reason(_ ranked: Ranked) -> String {
    guard let first = ranked.seeds.first else { return "" }
    let main =
      if let rating = first.rating, first.isLiked {
        tr("because you rated %1$s %2$s", first.title, String(rating))
      } else {
        tr("because you saw %s", first.title)
      }
    let more = ranked.seeds.count - 1
    return more > 0 ? trn("%2$s, and %1$s more", "%2$s, and %1$s more", more, String(more), main) : main
  }

  /// The tab's page: the ranked titles, each with its reason.
  public static func page(_ ranked: [Ranked]) -> MediaPage {
    MediaPage(
      page: 1, totalPages: 1,
      results: ranked.map { entry in
        var summary = entry.summary
        summary.reason = reason(entry)
        return summary
      })
  }
}

extension TasteSeed {
  /// Whether it was rated well enough to seed by its rating.
  var isLiked: Bool { (rating ?? 0) >= ForYou.likedRating }
}
