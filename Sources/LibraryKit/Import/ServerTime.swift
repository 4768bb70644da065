import AmodbKit
import FoundationEssentials

/// Times as the servers write them.
public enum ServerTime {
  /// `2024-03-01T20:15:00.0000000Z` (any fraction; `Z`, an offset such as `+02:00`, or none for UTC).
  public static func iso8601(_ text: String) -> Date? {
    let characters = Array(text.utf8)
    let dayText = String(decoding: characters.prefix(10), as: UTF8.self)
    guard characters.count >= 19, let day = ReleaseDate(dayText), day.description == dayText,
      characters[10] == UInt8(ascii: "T") || characters[10] == UInt8(ascii: " "),
      let hour = number(characters[11..<13]), characters[13] == UInt8(ascii: ":"),
      let minute = number(characters[14..<16]), characters[16] == UInt8(ascii: ":"),
      let second = number(characters[17..<19]), hour < 24, minute < 60, second < 61
    else { return nil }
    var rest = characters[19...]
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst().drop { (0x30...0x39).contains($0) }
    }
    var offset = 0
    if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      let zone = Array(rest.dropFirst())
      guard zone.count == 5, zone[2] == UInt8(ascii: ":"), let hours = number(zone[0..<2]),
        let minutes = number(zone[3..<5])
      else { return nil }
      offset = (hours * 60 + minutes) * 60 * (sign == UInt8(ascii: "+") ? 1 : -1)
    } else if !(rest.isEmpty || Array(rest) == [UInt8(ascii: "Z")]) {
      return nil
    }
    let seconds = day.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// Whether a time names its zone (`Z` or an offset such as `+02:00`): only then is its moment known.
  static func namesZone(_ text: String) -> Bool {
    let characters = Array(text.utf8)
    guard characters.count > 19 else { return false }
    if characters.last == UInt8(ascii: "Z") { return true }
    let sign = characters[characters.count - 6]
    return sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
  }

  /// Unix seconds, as Plex's `viewedAt`: from 1970 to the year 3000.
  public static func unix(_ seconds: Int) -> Date? {
    guard (1...32_503_680_000).contains(seconds) else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// Two ASCII digits.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    guard digits.count == 2, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }
}
