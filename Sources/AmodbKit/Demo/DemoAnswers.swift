// The demo's answers, looked up by binary search over the keys the build sorted.

extension DemoResources {
  /// The demo's answers by key, as a dictionary would give them.
  static let files = DemoAnswers()
}

/// The embedded demo answers, read by key: a binary search over `DemoResources.keys`, which the
/// build wrote sorted, so a start-up that reads one answer hashes none of the others.
struct DemoAnswers: Sendable {
  /// Every key, in ascending order.
  var keys: [String] { DemoResources.keys }

  /// The JSON text of the answer for `key`, if the demo has one.
  subscript(key: String) -> String? {
    let keys = DemoResources.keys
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low < keys.count && keys[low] == key ? DemoResources.texts[low] : nil
  }
}
