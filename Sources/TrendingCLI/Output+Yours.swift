import AmodbKit

extension Output {
  /// What the library holds of a title, in `show --json` and `tv --json` as `yours` (left out when
  /// it holds nothing): what `show` prints for people under the title.
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
  }

  /// The library's record of a title as `yours`; nil when it holds nothing of it.
  static func yours(_ mark: Mark?, episodesSeen: Int? = nil) -> YoursEntry? {
    guard mark != nil || (episodesSeen ?? 0) > 0 else { return nil }
    return YoursEntry(
      watchlist: mark?.onWatchlist ?? false, seen: mark?.seen, rating: mark?.rating, note: mark?.note,
      notInterested: mark?.hidden ?? false, episodesSeen: episodesSeen)
  }
}
