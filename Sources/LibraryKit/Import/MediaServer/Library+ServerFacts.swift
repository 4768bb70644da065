import AmodbKit
import FoundationEssentials

/// What the library remembers of each media server it imported from, in its facts (so it travels
/// with sync): the items an import matched (`jellyfin.played:BASE ITEM`, naming the title), the day
/// each play was taken as (`jellyfin.day:BASE ITEM@SECONDS`, so a play read again in another time
/// zone, or at another address, is the same watch), and the time of the last `--since-last` run
/// (`jellyfin.last-run:BASE`).
extension Library {
  /// The items earlier imports from the server at `base` matched, with the title each named.
  public func serverPlayed(_ server: MediaServer, base: String) throws(LibraryError) -> [String: String] {
    try facts(prefixed: Self.playedPrefix(server, base: base))
  }

  /// The day each play earlier imports took from the server, by `ServerPlay.key`: those read at
  /// `base`, and those read at any other address of the server's kind (the same server under
  /// another spelling of its address, `localhost` for `127.0.0.1`, would else date a play anew in
  /// another time zone, a second watch). A key is the item and the second it was played, which
  /// another server's play does not share; of two days of one key, `base`'s, else the earlier.
  public func serverDays(_ server: MediaServer, base: String) throws(LibraryError) -> [String: String] {
    var days: [String: String] = [:]
    for (name, day) in try facts(prefixed: "\(server.rawValue).day:") {
      guard let space = name.lastIndex(of: " ") else { continue }
      let key = String(name[name.index(after: space)...])
      days[key] = min(days[key] ?? day, day)
    }
    return days.merging(try facts(prefixed: Self.dayPrefix(server, base: base))) { _, own in own }
  }

  /// The facts whose names start with `prefix`, by the rest of their names.
  func facts(prefixed prefix: String) throws(LibraryError) -> [String: String] {
    try read {
      var found: [String: String] = [:]
      let rows = try connection.rows(
        "SELECT name, value FROM facts WHERE substr(name, 1, ?) = ?",
        [.integer(Int64(prefix.utf8.count)), .text(prefix)])
      for row in rows {
        guard let name = row["name"].string, let value = row["value"].string else { continue }
        found[String(name.utf8.dropFirst(prefix.utf8.count)) ?? ""] = value
      }
      return found
    }
  }

  /// Remembers the items newly matched and the days of plays newly taken, and forgets the items no
  /// longer played, in one write (none when there is nothing to change). Their plays' days stay:
  /// an item played again (or a server that answered with nothing for a while) keeps its plays on
  /// the days they were first taken as, in any time zone.
  public func recordServerPlayed(
    _ server: MediaServer, base: String, adding: [String: String], days: [String: String] = [:],
    removing: [String]
  ) throws(LibraryError) {
    guard !adding.isEmpty || !days.isEmpty || !removing.isEmpty else { return }
    let prefix = Self.playedPrefix(server, base: base)
    let dayPrefix = Self.dayPrefix(server, base: base)
    try write("import") {
      let facts = adding.map { (prefix + $0.key, $0.value) } + days.map { (dayPrefix + $0.key, $0.value) }
      for (name, value) in facts.sorted(by: { $0.0 < $1.0 }) {
        try connection.rows("INSERT OR REPLACE INTO facts (name, value) VALUES (?, ?)", [.text(name), .text(value)])
      }
      for item in removing.sorted() {
        try connection.rows("DELETE FROM facts WHERE name = ?", [.text(prefix + item)])
      }
    }
  }

  /// When the last `--since-last` import from the server at `base` started; nil before the first.
  public func serverLastRun(_ server: MediaServer, base: String) throws(LibraryError) -> Date? {
    guard let text = try fact(Self.lastRunFact(server, base: base)), let seconds = Int(text) else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// Records when this `--since-last` import started.
  public func recordServerRun(_ server: MediaServer, base: String, at moment: Date) throws(LibraryError) {
    try record(Self.lastRunFact(server, base: base), String(Int(moment.timeIntervalSince1970)))
  }

  /// The facts' names of a server's matched items start with this.
  static func playedPrefix(_ server: MediaServer, base: String) -> String {
    "\(server.rawValue).played:\(base) "
  }

  /// The facts' names of the days a server's plays were taken as start with this.
  static func dayPrefix(_ server: MediaServer, base: String) -> String {
    "\(server.rawValue).day:\(base) "
  }

  /// The fact of a server's last `--since-last` run.
  static func lastRunFact(_ server: MediaServer, base: String) -> String {
    "\(server.rawValue).last-run:\(base)"
  }
}
