import AmodbKit
import FoundationEssentials
import Localization

/// The calendar as an iCalendar file (RFC 5545) that calendar apps import or subscribe to:
/// CRLF line endings, lines folded at 75 octets, all-day events, stable UIDs.
public enum ICalendar {
  /// The product identifier every file carries.
  public static let productID = "-//trending//film calendar//EN"

  /// The whole file: a `VCALENDAR` with one `VEVENT` an event, stamped with `now`.
  public static func document(_ events: [CalendarEvent], name: String, now: Date) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + productID, "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
      "X-WR-CALNAME:" + text(name),
    ]
    let stamp = timestamp(now)
    for event in events {
      lines += [
        "BEGIN:VEVENT",
        "UID:" + event.uid,
        "DTSTAMP:" + stamp,
        "DTSTART;VALUE=DATE:" + date(event.day),
        "DTEND;VALUE=DATE:" + date(event.day.adding(days: 1)),
        "SUMMARY:" + text(event.summary),
        "DESCRIPTION:" + text(description(event)),
        "URL:" + event.page.url,
        "CATEGORIES:" + text(event.kind.rawValue),
        "TRANSP:TRANSPARENT",
        "END:VEVENT",
      ]
    }
    lines.append("END:VCALENDAR")
    return lines.map(fold).joined(separator: "\r\n") + "\r\n"
  }

  /// The event's description: what, where, and whether it is on the watchlist.
  static func description(_ event: CalendarEvent) -> String {
    var parts = [event.title, event.what]
    if let region = event.region { parts.append(tr("region %s", region)) }
    if event.onWatchlist { parts.append(tr("on your watchlist")) }
    return parts.joined(separator: "\n")
  }

  /// A TEXT value escaped: `\` `;` `,` and newlines (RFC 5545 3.3.11); other control characters dropped.
  public static func text(_ value: String) -> String {
    var out = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case ";": out += "\\;"
      case ",": out += "\\,"
      case "\n": out += "\\n"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A content line folded so no line is longer than 75 octets, never inside a UTF-8 sequence:
  /// each continuation starts with a space.
  public static func fold(_ line: String) -> String {
    var lines: [String] = []
    var current = ""
    var octets = 0
    for scalar in line.unicodeScalars {
      let size = String(scalar).utf8.count
      // The first line holds 75 octets; a continuation's leading space leaves 74.
      let room = lines.isEmpty ? 75 : 74
      if octets + size > room {
        lines.append(current)
        current = ""
        octets = 0
      }
      current.unicodeScalars.append(scalar)
      octets += size
    }
    lines.append(current)
    return lines.joined(separator: "\r\n ")
  }

  /// A day as `YYYYMMDD`.
  static func date(_ day: CivilDay) -> String { day.iso.replacing("-", with: "") }

  /// A moment in UTC as `YYYYMMDDTHHMMSSZ`.
  static func timestamp(_ moment: Date) -> String {
    let seconds = Int(moment.timeIntervalSince1970.rounded(.down))
    let day = CivilDay(moment)
    let inDay = ((seconds % 86_400) + 86_400) % 86_400
    let pad = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return date(day) + "T" + pad(inDay / 3600) + pad(inDay / 60 % 60) + pad(inDay % 60) + "Z"
  }
}
