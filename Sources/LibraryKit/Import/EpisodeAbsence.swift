import AmodbKit
import Localization

/// Why a series has no such season or episode, in the one wording `seen`, `season`, the files
/// played and the media servers' imports say it.
public enum EpisodeAbsence {
  /// "Dark (2017) has no season 9".
  public static func noSeason(_ series: String, _ number: Int) -> String {
    tr("%1$s has no season %2$s", series, String(number))
  }

  /// "Dark (2017) has no episode S01E99".
  public static func noEpisode(_ series: String, _ episode: EpisodeKey) -> String {
    tr("%1$s has no episode %2$s", series, episode.code)
  }
}
