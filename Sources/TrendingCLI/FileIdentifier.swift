import AmodbKit
import LibraryKit
import TrendingCore

/// What a file was taken to be, or why it was not.
enum FileIdentity: Equatable {
  /// One title: the film, or the series with the episode's season and number.
  case title(TitleInfo, season: Int?, episode: Int?)
  /// Several titles fit the name as well as each other.
  case ambiguous([MediaSummary])
  /// Nothing amodb knows fits the name.
  case noMatch
  /// The name says nothing to look for.
  case notMedia
}

/// Identifies a file's guess through amodb with the import's matching: a tag first (a TMDB id
/// through the title's details, an IMDb id through `/find`), else a search with the title and
/// year where one exact match is taken (`TitleMatch`).
struct FileIdentifier {
  /// The import's matcher, for its kept-first answers.
  let matcher: ImportMatcher
  /// The client.
  let client: AmodbClient

  /// Makes one over a client.
  init(client: AmodbClient) {
    self.client = client
    matcher = ImportMatcher(client: client)
  }

  /// What `guess` is; an answer that fails (not a 404) is the error.
  func identify(_ guess: FileGuess) -> Result<FileIdentity, AmodbError> {
    let language = client.configuration.language
    let episode = guess.kind == .episode
    if let id = guess.tmdbID {
      if episode {
        let info = matcher.seriesInfo(id, client)
        return .success(.title(info, season: guess.season, episode: guess.episode))
      }
      switch matcher.answer(MovieDetailsRequest(id: id, language: language), client) {
      case .success(let film): return .success(.title(TitleInfo(film), season: nil, episode: nil))
      case .failure(.notFound): break
      case .failure(let error): return .failure(error)
      }
    }
    if let id = guess.imdbID, let endpoint = FindByIMDbRequest(imdbID: id, language: language) {
      switch matcher.answer(endpoint, client) {
      case .success(let found):
        if let found = byIMDb(found, guess) { return .success(found) }
      case .failure(.notFound): break
      case .failure(let error): return .failure(error)
      }
    }
    guard guess.kind != .unknown, !guess.title.isEmpty else {
      return .success(guess.tmdbID == nil && guess.imdbID == nil ? .notMedia : .noMatch)
    }
    return search(guess, language: language)
  }

  /// Why an identity is not one to record: an episode its series does not have (`episodeAbsence`,
  /// as `seen` says it; the last of several in the file, `through`, too); nil for any other, or
  /// when amodb cannot be asked.
  func absence(of identity: FileIdentity, through last: Int? = nil) -> String? {
    guard case .success(let title) = PlayedTitle.from(identity), let episode = title.episode else { return nil }
    // A file of several episodes: its first and its last are both the series'.
    let ends = [episode] + (last.map { [EpisodeKey(season: episode.season, number: $0)] } ?? [])
    return ends.lazy.compactMap { TrendingCommand.episodeAbsence(title.info, $0, client: client) }.first
  }

  /// The file as `media` (a title chosen or remembered): a film by its details, a series with the
  /// guess's season and episode.
  func identity(of media: MediaID, _ guess: FileGuess) -> Result<FileIdentity, AmodbError> {
    switch media.kind {
    case .series:
      return .success(.title(matcher.seriesInfo(media.id, client), season: guess.season, episode: guess.episode))
    case .film, .person:
      let request = MovieDetailsRequest(id: media.id, language: client.configuration.language)
      return matcher.answer(request, client).map { .title(TitleInfo($0), season: nil, episode: nil) }
    }
  }

  /// A `/find` answer as the file's title: a film, a series (the guess's episode), or an episode.
  private func byIMDb(_ found: FoundByIMDb, _ guess: FileGuess) -> FileIdentity? {
    if let film = found.films.first { return .title(TitleInfo(film), season: nil, episode: nil) }
    if let show = found.series.first {
      return .title(TitleInfo(show), season: guess.season, episode: guess.episode)
    }
    if let episode = found.episodes.first {
      return .title(matcher.seriesInfo(episode.seriesID, client), season: episode.season, episode: episode.number)
    }
    return nil
  }

  /// The film or series search with the title and year: one exact match, several, or none.
  /// `asSeries`: a name no film fits, looked for among series (`Dark (2017).mkv`).
  private func search(_ guess: FileGuess, language: String, asSeries: Bool = false) -> Result<FileIdentity, AmodbError>
  {
    let series = asSeries || guess.kind == .episode
    let answer =
      series
      ? matcher.answer(SearchRequest(scope: .series, query: guess.title, language: language, year: guess.year), client)
      : matcher.answer(FilmMatchRequest(title: guess.title, year: guess.year, language: language), client)
    switch answer {
    case .success(let page):
      let matches = TitleMatch.matches(
        title: guess.title, year: guess.year, kind: series ? .series : .film, in: page.results)
      switch matches.count {
      case 0:
        guard !series else { return .success(.noMatch) }
        // One series of the name is said as a series whose episode the name does not say; several,
        // with no episode to tell them apart by, are no match.
        return search(guess, language: language, asSeries: true).map { found in
          if case .ambiguous = found { return .noMatch }
          return found
        }
      case 1:
        return .success(
          .title(TitleInfo(matches[0]), season: guess.season, episode: series ? guess.episode : nil))
      default: return .success(.ambiguous(Array(matches.prefix(UnresolvedTitle.mostCandidates))))
      }
    case .failure(.notFound): return .success(.noMatch)
    case .failure(let error): return .failure(error)
    }
  }
}
