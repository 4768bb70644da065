import AmodbKit
import FoundationEssentials

/// A list's deletion and a list's name gone (renamed elsewhere), as another device's records say.
extension SyncApply {
  /// A list's name gone at `clock` (renamed elsewhere): the list goes once it holds nothing, its
  /// items going by their own records; one another machine added to meanwhile stays with it.
  func nameGone(_ key: [SQLValue], at clock: HybridClock) throws -> Taken {
    if let stamp = try SyncStamp.stampOf(connection, "lists", key), stamp.clock >= clock { return .already }
    try SyncStamp.stamp(connection, "lists", key, clock, deleted: true)
    if let name = try SyncTable.byName["lists"]?.spelled(key, connection).first {
      try Lists.dropIfNameGone(connection, name)
    }
    return .applied
  }

  /// A list deleted at `clock`: every item added to it before goes; the list itself goes unless it
  /// was made again (an item added) after.
  func deleteList(_ key: [SQLValue], at clock: HybridClock) throws -> Taken {
    let before = try SyncStamp.stampOf(connection, "list_deletions", key)
    if let before, before.clock >= clock { return .already }
    try SyncStamp.stamp(connection, "list_deletions", key, clock, deleted: true)
    var items: [(SQLValue, SQLValue)] = []
    // The list as this library spells it (the key is lowered in any script).
    let named = try SyncTable.byName["lists"]?.spelled(key, connection) ?? key
    try connection.each(
      "SELECT kind, title_id FROM list_items WHERE list_id = (SELECT id FROM lists WHERE name = ?)", named
    ) { items.append(($0["kind"], $0["title_id"])) }
    for (kind, title) in items {
      let itemKey = [key[0], kind, title]
      if let stamp = try SyncStamp.stampOf(connection, "list_items", itemKey), stamp.clock > clock { continue }
      try connection.rows(SyncTable.byName["list_items"]?.delete ?? "", [named[0], kind, title])
      try SyncStamp.stamp(connection, "list_items", itemKey, clock, deleted: true)
    }
    if let stamp = try SyncStamp.stampOf(connection, "lists", key), stamp.clock > clock { return .applied }
    try connection.rows("DELETE FROM lists WHERE name = ?", named)
    try SyncStamp.stamp(connection, "lists", key, clock, deleted: true)
    return .applied
  }
}
