import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization

/// Matches an export's rows to titles through the client (its rate budget, its 429 waits, its disk
/// cache first): each distinct title and year searched once, each IMDb id found once, each TVDB
/// series found once whatever its episodes; Trakt's ids need nothing asked.
struct ImportMatcher {
  /// The client; nil for an export that carries TMDB ids.
  let client: AmodbClient?

  /// The target of each reference that matched; an answer that fails stops the import, a 404 too:
  /// a search or a find with no match answers with nothing found, so a 404 says the server has no
  /// such request (a base URL mistyped), not that one title is unknown.
  func match(_ rows: ImportRows, progress: ImportProgress) -> Result<[TitleReference: ImportTarget], AmodbError> {
    var first: [TitleReference: ImportRow] = [:]
    for row in rows.rows where first[row.reference] == nil { first[row.reference] = row }
    var targets: [TitleReference: ImportTarget] = [:]
    var series: [Int: TitleInfo] = [:]
    var tvdb = TVDBSeries()
    var done = 0
    for reference in rows.references {
      switch reference {
      case .tmdb(let media, let episode):
        let row = first[reference]
        targets[reference] = ImportTarget(
          info: TitleInfo(media: media, title: row?.title ?? "", year: row?.year), episode: episode, asWritten: true)
      case .search(let title, let year):
        guard let client else { break }
        let endpoint = FilmMatchRequest(title: title, year: year, language: client.configuration.language)
        switch answer(endpoint, client) {
        case .success(let page):
          if let film = TitleMatch.exact(title: title, year: year, in: page.results) {
            targets[reference] = ImportTarget(info: TitleInfo(film))
          }
        case .failure(let error): return .failure(error)
        }
      case .imdb(let id):
        guard let client, let endpoint = FindByIMDbRequest(imdbID: id, language: client.configuration.language) else {
          break
        }
        switch answer(endpoint, client) {
        case .success(let found):
          if let film = found.films.first {
            targets[reference] = ImportTarget(info: TitleInfo(film))
          } else if let show = found.series.first {
            targets[reference] = ImportTarget(info: TitleInfo(show))
          } else if let episode = found.episodes.first {
            let info = series[episode.seriesID] ?? seriesInfo(episode.seriesID, client)
            series[episode.seriesID] = info
            targets[reference] = ImportTarget(
              info: info, episode: EpisodeKey(season: episode.season, number: episode.number))
          }
        case .failure(let error): return .failure(error)
        }
      case .tvdb(let id, let episode):
        guard let client else { break }
        switch tvdb.series(id, client, self) {
        case .success(let info): targets[reference] = info.map { ImportTarget(info: $0, episode: episode) }
        case .failure(let error): return .failure(error)
        }
      case .tvdbEpisode(let id):
        guard let client, let endpoint = FindByTVDBRequest(tvdbID: id, language: client.configuration.language) else {
          break
        }
        switch answer(endpoint, client) {
        case .success(let found):
          guard let episode = found.episodes.first else { break }
          let info = series[episode.seriesID] ?? seriesInfo(episode.seriesID, client)
          series[episode.seriesID] = info
          targets[reference] = ImportTarget(
            info: info, episode: EpisodeKey(season: episode.season, number: episode.number))
        case .failure(let error): return .failure(error)
        }
      }
      done += 1
      progress.update(done)
    }
    return .success(targets)
  }

  /// The answer kept for an endpoint, however old, else the network's.
  func answer<E: Endpoint>(_ endpoint: E, _ client: AmodbClient) -> Result<E.Response, AmodbError> {
    TrendingCommand.blocking {
      if let kept = await client.cached(endpoint) { return .success(kept.value) }
      return await client.result(endpoint).map(\.value)
    }
  }

  /// A series' title for its episodes, from its details (kept first); its id alone when they fail.
  func seriesInfo(_ id: Int, _ client: AmodbClient) -> TitleInfo {
    let request = APIRequest.series(SeriesRequest(id: id, language: client.configuration.language))
    let answer = TrendingCommand.blocking { await client.answer(request, keptFirst: true) }
    guard case .success(let fetched) = answer, let details = fetched.value.series else {
      return TitleInfo(media: .series(id), title: "")
    }
    return TitleInfo(details)
  }

  /// Each title searched and not matched, with the films its search found (the answer kept from
  /// the import, else asked again), in the order first met.
  func unresolved(_ rows: [ImportRow]) -> [UnresolvedTitle] {
    var titles: [UnresolvedTitle] = []
    var index: [TitleReference: Int] = [:]
    for row in rows {
      if let known = index[row.reference] {
        if !titles[known].places.contains(row.place) { titles[known].places.append(row.place) }
        titles[known].day = titles[known].day ?? row.action.day
        titles[known].rating = titles[known].rating ?? row.action.rating
        continue
      }
      var candidates: [MediaSummary] = []
      if case .search(let title, let year) = row.reference, let client {
        let endpoint = FilmMatchRequest(title: title, year: year, language: client.configuration.language)
        if case .success(let page) = answer(endpoint, client) {
          var seen: Set<Int> = []
          candidates = page.results.filter { $0.kind == .film && seen.insert($0.id).inserted }
        }
      }
      candidates = Array(candidates.prefix(UnresolvedTitle.mostCandidates))
      index[row.reference] = titles.count
      titles.append(
        UnresolvedTitle(
          reference: row.reference, places: [row.place], title: row.title, year: row.year, candidates: candidates,
          directors: directors(of: candidates), day: row.action.day, rating: row.action.rating))
    }
    return titles
  }

  /// The directors of the films whose details the disk cache keeps (nothing is asked for them).
  private func directors(of films: [MediaSummary]) -> [Int: String] {
    guard let client else { return [:] }
    var found: [Int: String] = [:]
    for film in films {
      let endpoint = MovieDetailsRequest(id: film.id, language: client.configuration.language)
      let kept = TrendingCommand.blocking { await client.cached(endpoint) }
      if let names = kept?.value.directors, !names.isEmpty { found[film.id] = names.joined(separator: ", ") }
    }
    return found
  }
}

/// The series found by their TVDB ids in one import, each asked once: TV Time's thousands of
/// episodes of a series ask `/find` for it once.
struct TVDBSeries {
  private var found: [Int: TitleInfo] = [:]
  private var missing: Set<Int> = []

  /// The series with the TVDB id `id`, or nil when amodb has none; an answer that fails (a 404 too)
  /// is the failure.
  mutating func series(_ id: Int, _ client: AmodbClient, _ matcher: ImportMatcher) -> Result<TitleInfo?, AmodbError> {
    if let known = found[id] { return .success(known) }
    guard !missing.contains(id), let endpoint = FindByTVDBRequest(tvdbID: id, language: client.configuration.language)
    else { return .success(nil) }
    switch matcher.answer(endpoint, client) {
    case .success(let answer):
      guard let show = answer.series.first else { break }
      let info = TitleInfo(show)
      found[id] = info
      return .success(info)
    case .failure(let error): return .failure(error)
    }
    missing.insert(id)
    return .success(nil)
  }
}
