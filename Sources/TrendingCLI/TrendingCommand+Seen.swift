import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore

/// `trending seen` and `unseen`: a title's watches, or its episodes', and what was done, named.
extension TrendingCommand {
  /// What `trending unseen` took away, named: the title, and whether it is still seen.
  static func unseenReport(
    _ media: MediaID, episodes: Bool, removed: Int, library: Library
  ) throws(LibraryError) -> String {
    let name = Output.named(try library.title(media) ?? TitleInfo(media: media, title: ""), episode: nil)
    if episodes {
      guard removed > 0 else { return tr("%s: none of those episodes has a watch to take away", name) }
      return trn(
        "took away the latest watch of %1$s episode of %2$s", "took away the latest watch of %1$s episodes of %2$s",
        removed, String(removed), name)
    }
    // A series seen episode by episode has no watch as a whole: its episodes' are named.
    let episodesSeen = media.kind == .series ? try library.seenEpisodes(media.id).count : 0
    guard removed > 0 else {
      guard episodesSeen == 0 else {
        return tr("%s has no watch as a whole: --season and --episode take its episodes' away", name)
      }
      return tr("%s has no watch to take away", name)
    }
    if let last = try library.annotatedMarks(of: media)[media]?.seen {
      return tr("took away the latest watch of %1$s; it is still seen, last on %2$s", name, last)
    }
    guard episodesSeen == 0 else {
      return trn(
        "took away the watch of %1$s as a whole; %2$s of its episodes is still seen",
        "took away the watch of %1$s as a whole; %2$s of its episodes are still seen", episodesSeen, name,
        String(episodesSeen))
    }
    return tr("took away the watch of %s; it is not seen now", name)
  }

  static func subject(_ media: MediaID, _ episode: EpisodeChoice?) -> Subject {
    guard case .one(let season, let number)? = episode else { return Subject(media) }
    return Subject(media, episode: EpisodeKey(season: season, number: number))
  }

  /// `trending seen`: a film or series as a whole, or its aired episodes from the season's answer.
  static func seen(
    _ media: MediaID, episodes: EpisodeChoice?, day: String, library: Library, invocation: Invocation,
    environment: [String: String]
  ) throws(LibraryError) -> Int32 {
    let today = WatchlistFormat.day(Date())
    guard let episodes else {
      guard
        case .success(let info) = titleInfo(media, invocation: invocation, environment: environment, library: library)
      else {
        return unknown(media)
      }
      let before = try library.annotatedMarks(of: media)[media]?.seen
      let replaced = try library.watch(info, on: day, recorded: today)
      let name = Output.named(info, episode: nil)
      if let replaced {
        // The watch an import knew only to be by a day was this one: one watch, now dated.
        return emit(tr("marked %1$s seen on %2$s, the watch known only to be by %3$s", name, day, replaced))
      }
      guard let before else { return emit(tr("marked %1$s seen on %2$s", name, day)) }
      // A watch dated before the latest is an earlier one, not "again".
      return emit(
        day < before
          ? tr("marked %1$s seen on %2$s too, before its watch of %3$s", name, day, before)
          : tr("marked %1$s seen again on %2$s", name, day))
    }
    // Episodes need their season's answer: which exist, and which have aired.
    let client: AmodbClient
    switch ready(invocation, environment: environment) {
    case .services(let services): client = services.client
    case .refused(let code): return code
    }
    let language = client.configuration.language
    var season: SeasonDetails
    switch blocking({
      await client.answer(
        .season(SeasonRequest(seriesID: media.id, number: episodes.season, language: language)), keptFirst: true)
    }) {
    case .success(let fetched):
      guard let value = fetched.value.season else { return unknown(media) }
      season = value
    case .failure(let error):
      // A season amodb does not have is said of the series, when the series is known.
      guard case .notFound = error else {
        printError(error.message)
        return ExitCode(error).rawValue
      }
      guard
        case .success(let info) = titleInfo(media, invocation: invocation, environment: environment, library: library)
      else { return unknown(media) }
      return noSeason(info, episodes.season)
    }
    guard case .success(let info) = titleInfo(media, invocation: invocation, environment: environment, library: library)
    else {
      return unknown(media)
    }
    let date = ReleaseDate(today) ?? ReleaseDate(localDay: Date())
    // Episodes with no date count as aired once a later season began (the series' kept answer,
    // asked only for a regular season with such an episode).
    if season.waitsForALaterSeason,
      case .success(let series) = blocking({
        await client.answer(.series(SeriesRequest(id: media.id, language: language)), keptFirst: true)
      })
    {
      season = season.knowing(laterSeasonBegan: series.value.series?.laterSeasonBegan(after: season.number))
    }
    let chosen: [Episode]
    switch episodes {
    case .one(_, let number):
      guard let episode = season.episodes.first(where: { $0.number == number }) else {
        return noEpisode(info, EpisodeKey(season: season.number, number: number))
      }
      chosen = [episode]
    case .through(_, let last): chosen = season.episodes.filter { $0.number <= last }
    case .season: chosen = season.episodes
    }
    guard !chosen.isEmpty else {
      let name = Output.named(info, episode: nil)
      if case .through(_, let last) = episodes {
        printError(tr("%1$s has no episode up to %2$s", name, EpisodeKey(season: season.number, number: last).code))
      } else {
        printError(tr("%1$s has no episodes in season %2$s", name, String(season.number)))
      }
      return ExitCode.notFound.rawValue
    }
    let aired = chosen.filter { $0.hasAired(by: date) }
    if aired.count < chosen.count {
      printError(
        trn(
          "left %s episode that has not aired unmarked", "left %s episodes that have not aired unmarked",
          chosen.count - aired.count))
    }
    // Nothing aired to mark: the command was right, the episodes are not there yet (not a usage error).
    guard let last = aired.last else { return ExitCode.failure.rawValue }
    // One episode named is watched again if seen; a run of them (up to one, a season) marks only
    // those not seen yet, as the browser's "mark up to here" does.
    let marked: [Episode]
    switch episodes {
    case .one: marked = aired
    case .through, .season:
      let seen = try library.seenEpisodes(media.id)
      marked = aired.filter { !seen.contains($0.key) }
    }
    try library.store(series: info, episodes: season.episodes.map(EpisodeInfo.init), day: today)
    guard !marked.isEmpty else { return emit(tr("Every aired episode up to %s was already seen.", last.key.code)) }
    try library.watch(series: info, episodes: marked.map(EpisodeInfo.init), on: day, recorded: today)
    return emit(
      trn(
        "marked %1$s episode of %2$s seen on %3$s", "marked %1$s episodes of %2$s seen on %3$s", marked.count,
        String(marked.count), Output.named(info, episode: nil), day))
  }

  /// The exit code, said on standard error, when the episode a rating or note names is not in its
  /// season's answer (a kept one first), or the season is not there, as `seen` says it; nil when it
  /// is there, or when nothing can be asked (no key, offline: the user's word is taken).
  static func missingEpisode(
    _ media: MediaID, _ choice: EpisodeChoice?, _ info: TitleInfo, _ invocation: Invocation,
    _ environment: [String: String]
  ) -> Int32? {
    guard let episode = subject(media, choice).episode, media.kind == .series,
      let services = try? Setup.services(for: invocation, environment: environment),
      let absence = episodeAbsence(info, episode, client: services.client)
    else { return nil }
    printError(absence)
    return ExitCode.notFound.rawValue
  }

  /// Why a series has no `episode`: not in its season's answer (a kept one first, asked anew when
  /// it lacks the episode, as it may be older than it), or no such season; nil when it is there,
  /// or when nothing can be asked (no key, offline: the user's word is taken).
  static func episodeAbsence(_ info: TitleInfo, _ episode: EpisodeKey, client: AmodbClient) -> String? {
    guard client.configuration.missingKeyError == nil else { return nil }
    let request = SeasonRequest(
      seriesID: info.media.id, number: episode.season, language: client.configuration.language)
    let named = Output.named(info, episode: nil)
    var answer = blocking { await client.answer(.season(request), keptFirst: true) }
    let lacks = { (fetched: Fetched<APIAnswer>) in
      fetched.value.season.map { !$0.episodes.contains { $0.number == episode.number } } ?? false
    }
    if case .success(let kept) = answer, kept.fromCache, lacks(kept) {
      answer = blocking { await client.answer(.season(request), forceRefresh: true) }
    }
    switch answer {
    case .success(let fetched):
      guard lacks(fetched) else { return nil }
      return EpisodeAbsence.noEpisode(named, episode)
    case .failure(.notFound):
      return EpisodeAbsence.noSeason(named, episode.season)
    case .failure:
      return nil
    }
  }

  /// Says the series has no such season; not found.
  private static func noSeason(_ info: TitleInfo, _ number: Int) -> Int32 {
    printError(EpisodeAbsence.noSeason(Output.named(info, episode: nil), number))
    return ExitCode.notFound.rawValue
  }

  /// Says the series has no such episode; not found, as a season amodb does not have is.
  private static func noEpisode(_ info: TitleInfo, _ episode: EpisodeKey) -> Int32 {
    printError(EpisodeAbsence.noEpisode(Output.named(info, episode: nil), episode))
    return ExitCode.notFound.rawValue
  }
}
