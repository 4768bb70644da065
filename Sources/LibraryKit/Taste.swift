import AmodbKit

/// What the recommendations are made from: the titles that may seed them, and every title not to
/// recommend (seen, rated, on the watchlist or "not interested").
public struct Taste: Equatable, Sendable {
  /// Every title rated or seen, best rated first, then most recently seen; none the user is not
  /// interested in ("because you saw" a title hidden would say the opposite of what they said).
  public var seeds: [TasteSeed]
  /// The titles never to recommend.
  public var excluded: Set<MediaID>

  /// Makes a taste.
  public init(seeds: [TasteSeed], excluded: Set<MediaID>) {
    self.seeds = seeds
    self.excluded = excluded
  }
}

extension Library {
  /// The user's taste as the library holds it.
  public func taste() throws(LibraryError) -> Taste {
    try read {
      var seeds: [TasteSeed] = []
      try connection.each(
        """
        SELECT t.kind, t.id, t.title, r.rating, s.seen FROM titles t
        LEFT JOIN ratings r ON r.kind = t.kind AND r.title_id = t.id AND r.season = -1 AND r.episode = -1
        LEFT JOIN (SELECT kind, title_id, max(watched) AS seen FROM watch_events GROUP BY kind, title_id) s
          ON s.kind = t.kind AND s.title_id = t.id
        WHERE (r.rating IS NOT NULL OR s.seen IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM hidden h WHERE h.kind = t.kind AND h.title_id = t.id)
        ORDER BY coalesce(r.rating, 0) DESC, coalesce(s.seen, '') DESC, t.kind, t.id
        """
      ) { row in
        guard let kind = row["kind"].string.flatMap(MediaKind.init(rawValue:)), let id = row["id"].int else { return }
        seeds.append(
          TasteSeed(
            media: MediaID(kind, id), title: row["title"].string ?? "", rating: row["rating"].int,
            lastSeen: row["seen"].string))
      }
      var excluded = Set(seeds.map(\.media))
      try connection.each(
        "SELECT kind, title_id FROM list_items WHERE list_id = 1 UNION SELECT kind, title_id FROM hidden"
      ) { row in
        guard let kind = row["kind"].string.flatMap(MediaKind.init(rawValue:)), let id = row["title_id"].int else {
          return
        }
        excluded.insert(MediaID(kind, id))
      }
      return Taste(seeds: seeds, excluded: excluded)
    }
  }
}
