/// How far apart two words are, for "did you mean": the settings file's names and the command line's.
public enum EditDistance {
  /// The most characters of each word compared, so a long mistyped word costs a bounded table.
  static let longest = 60

  /// The Levenshtein distance between two short words (their first 60 characters), case as given.
  public static func between(_ left: String, _ right: String) -> Int {
    let a = Array(left.prefix(longest))
    let b = Array(right.prefix(longest))
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, cb) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
