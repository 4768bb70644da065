import Synchronization

/// What this process's reads asked amodb for and need not ask again for a while, and when: the
/// series Up next filled in, the seasons Recently rated found gone. A read after each mark then
/// asks nothing of them, even where no answer is kept (the demo, `--no-cache`, a small cache).
final class AskedLately<Key: Hashable & Sendable>: Sendable {
  /// How long a key is left out: a season aired since, or a title come back, is asked for by a read
  /// after it.
  static var fresh: Duration { .seconds(6 * 60 * 60) }

  /// Each key, and when it was noted.
  private let noted = Mutex<[Key: ContinuousClock.Instant]>([:])

  /// The keys noted less than `fresh` ago.
  func fresh() -> Set<Key> {
    let since = ContinuousClock.now - Self.fresh
    return noted.withLock { Set($0.filter { $0.value > since }.keys) }
  }

  /// Notes `keys` now.
  func insert(_ keys: some Sequence<Key>) {
    let now = ContinuousClock.now
    noted.withLock { table in
      for key in keys { table[key] = now }
    }
  }
}
