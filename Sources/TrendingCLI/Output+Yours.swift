import AmodbKit

extension Output {
  /// What the library holds of a title, in `show --json` and `tv --json` as `yours`, every key
  /// always there (`null` for what is not set), so a script reads `.yours.rating` the same way
  /// before and after: what `show` prints for people under the title.
  struct YoursEntry: Encodable, Equatable {
    /// On the watchlist.
    let watchlist: Bool
    /// The day of its latest watch as a whole, `YYYY-MM-DD`.
    let seen: String?
    /// The user's rating, 1–10.
    let rating: Int?
    /// The user's note.
    let note: String?
    /// Not interested: hidden from every list but the watchlist.
    let notInterested: Bool
    /// A series' episodes with a watch.
    let episodesSeen: Int?

    enum CodingKeys: String, CodingKey {
      case watchlist, seen, rating, note
      case notInterested = "not_interested"
      case episodesSeen = "episodes_seen"
    }

    /// Every key, those not set as `null` (a series' `episodes_seen` only for a series).
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(watchlist, forKey: .watchlist)
      try container.encode(seen, forKey: .seen)
      try container.encode(rating, forKey: .rating)
      try container.encode(note, forKey: .note)
      try container.encode(notInterested, forKey: .notInterested)
      try container.encodeIfPresent(episodesSeen, forKey: .episodesSeen)
    }
  }

  /// The library's record of a title as `yours` (all false and null when it holds nothing of it).
  static func yours(_ mark: Mark?, episodesSeen: Int? = nil) -> YoursEntry {
    YoursEntry(
      watchlist: mark?.onWatchlist ?? false, seen: mark?.seen, rating: mark?.rating, note: mark?.note,
      notInterested: mark?.hidden ?? false, episodesSeen: episodesSeen)
  }
}
