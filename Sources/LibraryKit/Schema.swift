/// The library's tables, as a list of migrations: migration N takes a file at `user_version` N-1
/// to N. A migration is only ever appended, never edited, so a file of any earlier version reaches
/// the current one by the same steps a new file takes.
enum Schema {
  /// The version this build writes.
  static var current: Int { migrations.count }

  /// A database in memory made by the migrations up to `version`: what a file of that version holds.
  static func made(upTo version: Int) throws(SQLiteFailure) -> SQLiteConnection {
    let made = try SQLiteConnection(path: ":memory:", readOnly: false, create: true)
    for step in 0..<min(max(version, 0), current) {
      for statement in migrations[step] { try made.rows(statement) }
    }
    return made
  }

  /// The columns of each table a file of each version (1 to the current) holds, worked out once a
  /// process, as every opening asks; nil when SQLite could not make them.
  static let columnsByVersion: [Int: [String: Set<String>]]? = {
    var result: [Int: [String: Set<String>]] = [:]
    for version in 1...current {
      guard let made = try? made(upTo: version),
        let tables = try? made.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap({
          $0["name"].string
        })
      else { return nil }
      var columns: [String: Set<String>] = [:]
      for table in tables {
        guard let names = try? made.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]) else { return nil }
        columns[table] = Set(names.compactMap { $0["name"].string })
      }
      result[version] = columns
    }
    return result
  }()

  /// The name of the list the watchlist is (`trending watchlist` shows it).
  static let watchlistName = "watchlist"

  /// Each migration's statements, in order.
  static let migrations: [[String]] = [
    // 1: titles, the watchlist and named lists, watch events, episodes as last asked, ratings,
    // notes, not-interested titles, and a few facts about the file itself.
    [
      """
      CREATE TABLE titles (
        kind TEXT NOT NULL CHECK (kind IN ('movie', 'tv')),
        id INTEGER NOT NULL CHECK (id > 0),
        title TEXT NOT NULL DEFAULT '',
        year INTEGER,
        poster_path TEXT,
        vote_average REAL,
        vote_count INTEGER NOT NULL DEFAULT 0,
        genre_ids TEXT NOT NULL DEFAULT '',
        genres TEXT NOT NULL DEFAULT '',
        imdb_id TEXT,
        runtime INTEGER,
        updated TEXT NOT NULL,
        PRIMARY KEY (kind, id)
      ) WITHOUT ROWID
      """,
      """
      CREATE TABLE lists (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 100),
        created TEXT NOT NULL
      )
      """,
      "INSERT INTO lists (id, name, created) VALUES (1, 'watchlist', date('now'))",
      """
      CREATE TABLE list_items (
        list_id INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        title_id INTEGER NOT NULL,
        position INTEGER NOT NULL,
        added TEXT NOT NULL,
        PRIMARY KEY (list_id, kind, title_id),
        FOREIGN KEY (kind, title_id) REFERENCES titles (kind, id)
      ) WITHOUT ROWID
      """,
      """
      CREATE TABLE watch_events (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        title_id INTEGER NOT NULL,
        season INTEGER CHECK (season IS NULL OR season >= 0),
        episode INTEGER CHECK (episode IS NULL OR episode >= 0),
        watched TEXT NOT NULL CHECK (watched GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        recorded TEXT NOT NULL,
        CHECK ((season IS NULL) = (episode IS NULL)),
        CHECK (season IS NULL OR kind = 'tv'),
        FOREIGN KEY (kind, title_id) REFERENCES titles (kind, id)
      )
      """,
      "CREATE INDEX watch_events_by_title ON watch_events (kind, title_id, season, episode)",
      "CREATE INDEX watch_events_by_day ON watch_events (watched)",
      """
      CREATE TABLE episodes (
        series_id INTEGER NOT NULL,
        season INTEGER NOT NULL,
        episode INTEGER NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        air_date TEXT,
        runtime INTEGER,
        PRIMARY KEY (series_id, season, episode)
      ) WITHOUT ROWID
      """,
      """
      CREATE TABLE ratings (
        kind TEXT NOT NULL,
        title_id INTEGER NOT NULL,
        season INTEGER NOT NULL DEFAULT -1,
        episode INTEGER NOT NULL DEFAULT -1,
        rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 10),
        rated TEXT NOT NULL,
        PRIMARY KEY (kind, title_id, season, episode),
        FOREIGN KEY (kind, title_id) REFERENCES titles (kind, id)
      ) WITHOUT ROWID
      """,
      """
      CREATE TABLE notes (
        kind TEXT NOT NULL,
        title_id INTEGER NOT NULL,
        season INTEGER NOT NULL DEFAULT -1,
        episode INTEGER NOT NULL DEFAULT -1,
        text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 10000),
        noted TEXT NOT NULL,
        PRIMARY KEY (kind, title_id, season, episode),
        FOREIGN KEY (kind, title_id) REFERENCES titles (kind, id)
      ) WITHOUT ROWID
      """,
      """
      CREATE TABLE hidden (
        kind TEXT NOT NULL,
        title_id INTEGER NOT NULL,
        hidden TEXT NOT NULL,
        PRIMARY KEY (kind, title_id),
        FOREIGN KEY (kind, title_id) REFERENCES titles (kind, id)
      ) WITHOUT ROWID
      """,
      "CREATE TABLE facts (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
    ],
    // 2: each title's streaming offers as last seen, by region, so "came to one of your services"
    // can be told later; and the whole-title watches indexed apart, so the marks the browser reads
    // at start do not scan a lifetime of episode watches.
    [
      "CREATE INDEX watch_events_of_titles ON watch_events (kind, title_id, watched) WHERE season IS NULL",
      """
      CREATE TABLE title_providers (
        kind TEXT NOT NULL,
        title_id INTEGER NOT NULL,
        region TEXT NOT NULL,
        provider_id INTEGER NOT NULL,
        provider_name TEXT NOT NULL DEFAULT '',
        offer TEXT NOT NULL CHECK (offer IN ('flatrate', 'free', 'ads', 'rent', 'buy')),
        checked TEXT NOT NULL,
        PRIMARY KEY (kind, title_id, region, provider_id, offer),
        FOREIGN KEY (kind, title_id) REFERENCES titles (kind, id)
      ) WITHOUT ROWID
      """,
    ],
    // 3: the duplicate check of an import (the same title or episode on the same day) as one
    // index seek: with only (kind, title_id, season, episode) it read every rewatch of the title,
    // so an import's time grew with the square of one title's rewatches. The old index is this
    // one's prefix.
    [
      "CREATE INDEX watch_events_by_day_of_title ON watch_events (kind, title_id, season, episode, watched)",
      "DROP INDEX watch_events_by_title",
    ],
    // 4: the change log (docs/change-log.md): this library's device id and the clock of its last
    // change, every write transaction as a changeset, and a stable id for each watch, the same on
    // every machine it reaches. A file that had rows writes them as the log's first entry
    // (`ChangeLog.writeExisting`, run by `Library.migrate`).
    [
      """
      CREATE TABLE device (
        one INTEGER PRIMARY KEY CHECK (one = 1),
        id TEXT NOT NULL,
        clock_wall INTEGER NOT NULL DEFAULT 0,
        clock_counter INTEGER NOT NULL DEFAULT 0
      )
      """,
      "INSERT INTO device (one, id) VALUES (1, lower(hex(randomblob(16))))",
      """
      CREATE TABLE changes (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        device TEXT NOT NULL,
        clock_wall INTEGER NOT NULL,
        clock_counter INTEGER NOT NULL,
        kind TEXT NOT NULL,
        format INTEGER NOT NULL,
        changeset TEXT NOT NULL
      )
      """,
      "ALTER TABLE watch_events ADD COLUMN uid TEXT",
      "UPDATE watch_events SET uid = lower(hex(randomblob(16)))",
      "CREATE UNIQUE INDEX watch_events_by_uid ON watch_events (uid)",
    ],
    // 5: sync through a folder (docs/sync.md): the clock of each row as it now is, by its key on
    // every machine (`sync_rows`, filled only once the library is a member); this library's place
    // in a sync folder; the other devices it reads, and how far it has read each file of theirs.
    [
      """
      CREATE TABLE sync_rows (
        tbl TEXT NOT NULL,
        key TEXT NOT NULL,
        wall INTEGER NOT NULL,
        counter INTEGER NOT NULL,
        device TEXT NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tbl, key)
      ) WITHOUT ROWID
      """,
      "CREATE INDEX sync_rows_by_clock ON sync_rows (device, wall, counter)",
      """
      CREATE TABLE sync_member (
        one INTEGER PRIMARY KEY CHECK (one = 1),
        folder TEXT NOT NULL,
        name TEXT NOT NULL,
        segment INTEGER NOT NULL DEFAULT 0,
        stamped INTEGER NOT NULL DEFAULT 0,
        sent_wall INTEGER NOT NULL DEFAULT 0,
        sent_counter INTEGER NOT NULL DEFAULT 0,
        sent_name TEXT,
        synced TEXT
      )
      """,
      """
      CREATE TABLE sync_devices (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        last_wall INTEGER NOT NULL DEFAULT 0,
        records INTEGER NOT NULL DEFAULT 0,
        forgotten INTEGER NOT NULL DEFAULT 0
      ) WITHOUT ROWID
      """,
      """
      CREATE TABLE sync_files (
        device TEXT NOT NULL,
        file TEXT NOT NULL,
        size INTEGER NOT NULL,
        records INTEGER NOT NULL DEFAULT 0,
        complete INTEGER NOT NULL DEFAULT 0,
        problem TEXT,
        PRIMARY KEY (device, file)
      ) WITHOUT ROWID
      """,
      // Records about a title not here yet (its row comes from another device's file): kept and
      // tried again at the end of every sync.
      "CREATE TABLE sync_waiting (device TEXT NOT NULL, line TEXT NOT NULL, PRIMARY KEY (device, line)) WITHOUT ROWID",
    ],
    // 6: the moment a rating was made (milliseconds since 1970), so one day's ratings go newest
    // first; none for those made before, or imported with their day alone.
    ["ALTER TABLE ratings ADD COLUMN rated_at INTEGER"],
    // 7: a sync folder's file is known by its time as well as its size (a damaged copy replaced by
    // the real file of the same size is read), and by the sync format of the trending that read it
    // (a file written by a newer trending is read again once this one is upgraded).
    [
      "ALTER TABLE sync_files ADD COLUMN modified INTEGER",
      "ALTER TABLE sync_files ADD COLUMN reader INTEGER",
    ],
    // 8: a list's name is lowered in any script in the sync keys ("Été" is "été"), as the library
    // tells lists apart: the stamps kept under the ASCII-lowered keys of before are keyed again
    // (`SyncTable.rekeyListNames`, run by `Library.migrate`); no table changes.
    [],
  ]
}
