import AmodbKit

/// What `trending new` reads and keeps: the titles followed, each title's last known offers, and
/// the day of the last `--since-last` run.
extension Library {
  /// The titles on the watchlist, and the series with an episode seen that the user is not
  /// uninterested in (a series dropped), each saying whether it is on the watchlist.
  public func followed() throws(LibraryError) -> [(title: TitleInfo, onWatchlist: Bool)] {
    try read {
      try connection.rows(
        """
        SELECT \(Titles.columns), EXISTS (SELECT 1 FROM list_items l
          WHERE l.list_id = 1 AND l.kind = t.kind AND l.title_id = t.id) AS listed
        FROM titles t WHERE listed OR (t.kind = 'tv' AND EXISTS (SELECT 1 FROM watch_events e
          WHERE e.kind = 'tv' AND e.title_id = t.id AND e.season IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM hidden h WHERE h.kind = 'tv' AND h.title_id = t.id))
        ORDER BY t.kind, t.id
        """
      ).compactMap { row in Titles.info(from: row).map { ($0, row["listed"].int == 1) } }
    }
  }

  /// The most series in progress the calendar follows off the watchlist.
  public static let seriesAheadAtMost = 50

  /// The series with a seen episode and more to watch as the library knows them (Up next's rows),
  /// newest activity first, at most `seriesAheadAtMost`: the calendar's own beside the watchlist,
  /// never every series ever watched.
  public func seriesAhead(today: String) throws(LibraryError) -> [Int] {
    Array(try progress(today: today).map(\.title.media.id).prefix(Self.seriesAheadAtMost))
  }

  /// A title's offers in a region as last stored (name → kinds of offer), or nil when never checked.
  public func lastKnownOffers(_ media: MediaID, region: String) throws(LibraryError) -> [String: Set<String>]? {
    try read {
      let key: [SQLValue] = [.text(media.kind.rawValue), .integer(Int64(media.id)), .text(region)]
      guard
        try connection.scalar(
          "SELECT value FROM facts WHERE name = ?", [.text(Self.checkedFact(media, region: region))]) != nil
      else { return nil }
      var offers: [String: Set<String>] = [:]
      try connection.each(
        "SELECT provider_name, offer FROM title_providers WHERE kind = ? AND title_id = ? AND region = ?", key
      ) { row in
        guard let name = row["provider_name"].string, let offer = row["offer"].string else { return }
        offers[name, default: []].insert(offer)
      }
      return offers
    }
  }

  /// Stores a title's offers in a region as seen on `day`, in place of the last known ones.
  public func storeOffers(_ info: TitleInfo, region: String, _ providers: WatchProviders, day: String)
    throws(LibraryError)
  {
    try write {
      try Titles.upsert(connection, info, day: day)
      let key: [SQLValue] = [.text(info.media.kind.rawValue), .integer(Int64(info.media.id)), .text(region)]
      try connection.rows("DELETE FROM title_providers WHERE kind = ? AND title_id = ? AND region = ?", key)
      let offers = [
        ("flatrate", providers.subscription), ("free", providers.free), ("rent", providers.rent),
        ("buy", providers.buy),
      ]
      for (offer, names) in offers {
        for name in Set(names) {
          try connection.rows(
            """
            INSERT OR REPLACE INTO title_providers (kind, title_id, region, provider_id, provider_name, offer, checked)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, key + [.integer(Self.providerKey(name)), .text(name), .text(offer), .text(day)])
        }
      }
      try connection.rows(
        "INSERT OR REPLACE INTO facts (name, value) VALUES (?, ?)",
        [.text(Self.checkedFact(info.media, region: region)), .text(day)])
    }
  }

  /// The fact of the day `trending new --since-last` last ran: this machine's own, never synced.
  public static let newsMarkerFact = "new.since-last"
  /// The fact of what that run said of its own day (one key a line): this machine's own too.
  public static let newsSaidFact = "new.said"
  /// The start of a fact naming the title a folder's files were played as: this machine's own.
  public static let playFolderFact = "play.folder:"

  /// A fact's value (`new.since-last`), if recorded.
  public func fact(_ name: String) throws(LibraryError) -> String? {
    try read { try connection.scalar("SELECT value FROM facts WHERE name = ?", [.text(name)])?.string }
  }

  /// Records a fact.
  public func record(_ name: String, _ value: String) throws(LibraryError) {
    try write {
      try connection.rows("INSERT OR REPLACE INTO facts (name, value) VALUES (?, ?)", [.text(name), .text(value)])
    }
  }

  /// Gives every folder's chosen title the name this version writes (`//` between the folder and
  /// the title; versions before December 2026 wrote 0x1F, which `library check` takes for a control
  /// character): one transaction, none when there is nothing to move.
  public func moveEarlierFolderChoices() throws(LibraryError) {
    let earlier = "name >= ? AND name < ? AND instr(name, char(31)) > 0"
    // Every name that starts `play.folder:` (`;` follows `:`), read by the key's order.
    let range: [SQLValue] = [.text(Self.playFolderFact), .text("play.folder;")]
    guard try read({ try connection.scalar("SELECT 1 FROM facts WHERE \(earlier) LIMIT 1", range) }) != nil else {
      return
    }
    try write {
      try connection.rows("UPDATE OR REPLACE facts SET name = replace(name, char(31), '//') WHERE \(earlier)", range)
    }
  }

  /// The fact that a title's offers in a region were checked (so "none" and "never checked" differ).
  static func checkedFact(_ media: MediaID, region: String) -> String { "offers-checked:\(media):\(region)" }

  /// A provider's key in the table when only its name is known: the name's FNV-1a hash, positive.
  static func providerKey(_ name: String) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return Int64(hash >> 11)
  }
}
