import AmodbKit
import Localization

/// TMDB's English words for jobs, departments and release statuses (amodb never translates
/// them), in the interface's language; a word not listed here shows as it came.
public enum Vocabulary {
  /// A crew job: "Director", "Screenplay", "Director of Photography".
  public static func job(_ job: String) -> String {
    switch job {
    case "Director": return trc("job", "Director")
    case "Screenplay": return trc("job", "Screenplay")
    case "Writer": return trc("job", "Writer")
    case "Novel": return trc("job", "Novel")
    case "Book": return trc("job", "Book")
    case "Story": return trc("job", "Story")
    case "Producer": return trc("job", "Producer")
    case "Executive Producer": return trc("job", "Executive Producer")
    case "Original Music Composer": return trc("job", "Original Music Composer")
    case "Director of Photography": return trc("job", "Director of Photography")
    case "Editor": return trc("job", "Editor")
    case "Casting": return trc("job", "Casting")
    case "Creator": return trc("job", "Creator")
    case "Teleplay": return trc("job", "Teleplay")
    case "Showrunner": return trc("job", "Showrunner")
    default: return job
    }
  }

  /// What a person is known for: "Acting", "Directing", "Writing".
  public static func department(_ department: String) -> String {
    switch department {
    case "Acting": return trc("department", "Acting")
    case "Directing": return trc("department", "Directing")
    case "Writing": return trc("department", "Writing")
    case "Production": return trc("department", "Production")
    case "Sound": return trc("department", "Sound")
    case "Camera": return trc("department", "Camera")
    case "Editing": return trc("department", "Editing")
    case "Art": return trc("department", "Art")
    case "Costume & Make-Up": return trc("department", "Costume & Make-Up")
    case "Visual Effects": return trc("department", "Visual Effects")
    case "Crew": return trc("department", "Crew")
    case "Lighting": return trc("department", "Lighting")
    default: return department
    }
  }

  /// How a row names its kind in a list of several: "film", "series", "person".
  public static func kind(_ kind: MediaKind) -> String {
    switch kind {
    case .film: return trc("kind of entry, short", "film")
    case .series: return trc("kind of entry, short", "series")
    case .person: return trc("kind of entry, short", "person")
    }
  }

  /// The kind of an episode's row (Recently rated), beside `kind(_:)`'s.
  static var episodeKind: String { trc("kind of entry, short", "episode") }

  /// A series' status: "returning", "ended", "cancelled".
  public static func seriesStatus(_ status: String) -> String {
    switch status {
    case "Returning Series": return trc("series status", "returning")
    case "Ended": return trc("series status", "ended")
    case "Canceled": return trc("series status", "cancelled")
    case "In Production": return trc("series status", "in production")
    case "Planned": return trc("series status", "planned")
    case "Pilot": return trc("series status", "pilot")
    default: return status.lowercased()
    }
  }

  /// A film's release status when it has no date: "in production".
  public static func status(_ status: String) -> String {
    switch status {
    case "Rumored": return trc("release status", "rumoured")
    case "Planned": return trc("release status", "planned")
    case "In Production": return trc("release status", "in production")
    case "Post Production": return trc("release status", "in post-production")
    case "Released": return trc("release status", "released")
    case "Canceled": return trc("release status", "cancelled")
    default: return status.lowercased()
    }
  }
}
