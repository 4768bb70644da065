import AmodbKit
import Synchronization

/// The last answer of a pure computation and what it was computed from, so that a frame drawing
/// what the last one drew measures nothing again.
///
/// It holds one entry: the key is compared whole with `==` (an array or a table still held by the
/// state compares by identity first, so a hit is cheap), and a miss replaces the entry. A key must
/// therefore name everything the value depends on: that is what keeps it from going stale.
public final class Memo<Key: Equatable & Sendable, Value: Sendable>: Sendable {
  @usableFromInline let last = Mutex<(key: Key, value: Value)?>(nil)

  /// Makes an empty memo.
  public init() {}

  /// The value for `key`: the one kept when the key is the last one asked, else `make()`'s, kept.
  /// Inlinable, so each caller's key and value types get a specialized copy (a generic entry point
  /// from another module runs unspecialized, looking up its types' metadata every call).
  @inlinable
  public func value(for key: Key, _ make: () -> Value) -> Value {
    if let kept = last.withLock({ entry in entry.flatMap { $0.key == key ? $0.value : nil } }) { return kept }
    let value = make()
    last.withLock { $0 = (key, value) }
    return value
  }
}

extension ListScreen {
  /// What the longest title depends on: the films loaded and the filter's text (a sort only
  /// reorders them, and the filter keeps or drops each film by itself).
  struct TitlesKey: Equatable, Sendable {
    let movies: [MediaSummary]
    let filter: String?
  }

  /// The longest title's width for the last list and filter measured.
  static let longestTitles = Memo<TitlesKey, Int>()

  /// The longest title's width, measured once a change of the films or the filter, not once a frame.
  var measuredLongestTitle: Int {
    let key = TitlesKey(movies: list.value?.movies ?? [], filter: filter.map(\.text))
    return Self.longestTitles.value(for: key) { movies.map { TextWidth.width(of: $0.title) }.max() ?? 0 }
  }
}
