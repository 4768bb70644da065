import AmodbKit
import FoundationEssentials
import Localization
import TrendingCore

/// What a list's row says of its title: its name and why it is there, where it streams, its years
/// and its score's colour.
extension ListView {
  /// A row's title: a series with an episode to come says when ("Severance · S02E05 in 4 days"), a
  /// recommendation why ("Arrival · because you rated Dune: Part Two 9").
  static func rowTitle(_ movie: MediaSummary, _ shared: Shared) -> String {
    if let reason = movie.reason { return movie.shownTitle + " · " + reason }
    guard movie.kind == .series,
      let next = movie.nextEpisode ?? shared.series(movie.id).value?.nextEpisode, let date = next.airDate,
      !next.hasAired(by: shared.today)
    else { return movie.shownTitle }
    return movie.shownTitle + " · " + next.code + " " + Formatters.days(from: shared.today, to: date)
  }

  /// The user's services, lower-cased, when `tab` is "On my services" (worked out once a frame).
  static func services(of tab: SavedTab?) -> Set<String>? {
    guard let tab, tab.name == .services else { return nil }
    return Set(tab.serviceNames.map { $0.lowercased() })
  }

  /// " · Netflix" after a row's title where the row streams on the user's services, else "".
  static func serviceNote(_ movie: MediaSummary, services: Set<String>?, _ shared: Shared) -> String {
    streamsOn(movie, services: services, shared).map { " · " + $0 } ?? ""
  }

  /// The fewest columns a run-on title's genres need after it: fewer, and they are left out.
  static let leastGenresAfterRunOn = 6

  /// The fewest columns a title keeps when it is cut to leave where it streams whole beside it.
  static let leastTitleBesideNote = 10

  /// A row's title and where it streams (drawn muted after it), cut to `width`: a long title is cut
  /// to leave the note whole while it keeps `leastTitleBesideNote` columns; narrower, the title alone.
  static func titleAndNote(_ name: String, _ note: String, width: Int) -> (title: String, note: String) {
    guard !note.isEmpty else { return (TextLayout.truncate(name, to: width), "") }
    let noteWidth = TextWidth.width(of: note)
    if TextWidth.width(of: name) + noteWidth <= width { return (name, note) }
    if width - noteWidth >= leastTitleBesideNote { return (TextLayout.truncate(name, to: width - noteWidth), note) }
    return (TextLayout.truncate(name, to: width), "")
  }

  /// Where a row of "On my services" streams: the user's services among the subscriptions its
  /// loaded details name for the region; nothing while they are unknown, rather than a guess.
  static func streamsOn(_ movie: MediaSummary, services mine: Set<String>?, _ shared: Shared) -> String? {
    guard let mine, let region = shared.region else { return nil }
    let byCountry =
      movie.kind == .series ? shared.series(movie.id).value?.providers : shared.film(movie.id).value?.providers
    let streams = (byCountry?[region]?.subscription ?? []).filter { mine.contains($0.lowercased()) }
    return streams.isEmpty ? nil : streams.joined(separator: tr(", "))
  }

  /// A row's year: a film's, the year a series began (every row alike: a list page says no more,
  /// and a span known for some rows only would mix two shapes), nothing for a person.
  static func rowYears(_ movie: MediaSummary, _ shared: Shared) -> String? {
    movie.kind == .person ? nil : movie.year.map(String.init)
  }

  /// The user's own rating of a row as a chip, "★9", from the marks the library sent (nil: unrated).
  static func ratingChip(_ movie: MediaSummary, _ shared: Shared) -> String? {
    guard let media = movie.media, let rating = shared.marks[media]?.rating else { return nil }
    return "★" + String(rating)
  }

  /// Whether any of the rows has the user's rating: the table then keeps a column for its chip.
  static func hasRatings(_ movies: [MediaSummary], _ shared: Shared) -> Bool {
    guard !shared.marks.isEmpty else { return false }
    return movies.contains { movie in movie.media.flatMap { shared.marks[$0]?.rating } != nil }
  }

  /// The colour of a score: its step on the one score scale (`ScoreScale`), muted without votes.
  static func tone(forScore score: Double?, votes: Int) -> Tone {
    ScoreScale.tone(score, votes: votes)
  }
}
