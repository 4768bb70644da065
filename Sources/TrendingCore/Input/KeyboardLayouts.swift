/// The Latin key in the same place as a letter of another keyboard layout: a key pressed with the
/// Russian, Ukrainian, Belarusian or Hebrew layout on means the command of the key in its place
/// (`о` is `j`, `й` is `q`), so one need not switch layouts to move or quit after typing a search.
public enum KeyboardLayouts {
  /// The Latin key in the place of `typed` on a standard layout, or nil for a key of its own.
  public static func latin(for typed: Character) -> Character? {
    places[typed]
  }

  /// Each layout's rows against QWERTY's, in order: ЙЦУКЕН (and its Ukrainian and Belarusian
  /// letters) and the Hebrew standard (SI 1452), whose keys for `q` and `w` are `/` and `'`, keys
  /// of their own here.
  private static let places: [Character: Character] = {
    let rows: [(String, String)] = [
      ("йцукенгшщзхъфывапролджэячсмитьбюё", "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"),
      ("ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ", "QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>~"),
      ("іїєўІЇЄЎ", "s]'oS}\"O"),
      ("קראטוןםפשדגכעיחלךףזסבהנמצתץ", "ertyuiopasdfghjkl;zxcvbnm,."),
    ]
    var places: [Character: Character] = [:]
    for (letters, keys) in rows {
      for (letter, key) in zip(letters, keys) { places[letter] = key }
    }
    return places
  }()
}
