import FoundationEssentials

/// Any request the app makes of amodb, as one value: what a fetch effect carries and its answer names.
public enum APIRequest: Hashable, Sendable {
  /// A page of this week's or today's trending films or series.
  case trending(TrendingRequest)
  /// A page of one of amodb's lists of films or series.
  case catalogue(CatalogueRequest)
  /// A page of a search.
  case search(SearchRequest)
  /// A film with every appended part.
  case movie(MovieDetailsRequest)
  /// A series with every appended part.
  case series(SeriesRequest)
  /// A season with its episodes.
  case season(SeasonRequest)
  /// A person with their films and series.
  case person(PersonRequest)
  /// A collection with its films.
  case collection(CollectionRequest)
  /// A page of titles matching a filter.
  case discover(DiscoverRequest)
  /// The genre table.
  case genres(GenreListRequest)
  /// A country's streaming services.
  case providers(ProviderListRequest)

  /// The page asked for, for a list request.
  public var page: Int? {
    switch self {
    case .trending(let request): return request.page
    case .catalogue(let request): return request.page
    case .search(let request): return request.page
    case .discover(let request): return request.page
    case .movie, .series, .season, .person, .collection, .genres, .providers: return nil
    }
  }

  /// How long its answer stays fresh.
  public var freshness: TimeInterval {
    switch self {
    case .trending, .catalogue, .search, .discover: return listFreshness
    case .movie, .series, .season, .person, .collection: return detailsFreshness
    case .genres, .providers: return tableFreshness
    }
  }
}

/// An answer to an `APIRequest`, of the kind the request asks for.
public enum APIAnswer: Equatable, Sendable {
  /// A page of films.
  case page(MediaPage)
  /// A film.
  case movie(MovieDetails)
  /// A series.
  case series(SeriesDetails)
  /// A season.
  case season(SeasonDetails)
  /// A person.
  case person(PersonDetails)
  /// A collection.
  case collection(CollectionDetails)
  /// A genre table.
  case genres(GenreTable)
  /// A country's streaming services.
  case providers(ProviderTable)

  /// The page, when the answer is one.
  public var page: MediaPage? {
    if case .page(let page) = self { return page }
    return nil
  }

  /// The film, when the answer is one.
  public var movie: MovieDetails? {
    if case .movie(let movie) = self { return movie }
    return nil
  }

  /// The series, when the answer is one.
  public var series: SeriesDetails? {
    if case .series(let series) = self { return series }
    return nil
  }

  /// The season, when the answer is one.
  public var season: SeasonDetails? {
    if case .season(let season) = self { return season }
    return nil
  }

  /// The genre table, when the answer is one.
  public var genres: GenreTable? {
    if case .genres(let table) = self { return table }
    return nil
  }

  /// The streaming services, when the answer is them.
  public var providers: ProviderTable? {
    if case .providers(let table) = self { return table }
    return nil
  }

  /// The person, when the answer is one.
  public var person: PersonDetails? {
    if case .person(let person) = self { return person }
    return nil
  }

  /// The collection, when the answer is one.
  public var collection: CollectionDetails? {
    if case .collection(let collection) = self { return collection }
    return nil
  }
}

extension AmodbClient {
  /// Performs a request: the answer kept, however old, when `keptFirst` and there is one (the caller
  /// decides on its own clock whether that is stale), else the network's (or a fresh kept one,
  /// unless `forceRefresh`).
  public func answer(
    _ request: APIRequest, keptFirst: Bool = false, forceRefresh: Bool = false, background: Bool = false,
    onWait: (@Sendable (Int) -> Void)? = nil
  ) async -> Result<Fetched<APIAnswer>, AmodbError> {
    await route(request, (keptFirst, forceRefresh, background, keptOnly: false), onWait: onWait)
  }

  /// The answer kept for a request, however old, with no request made; nil when none is kept.
  public func kept(_ request: APIRequest) async -> Fetched<APIAnswer>? {
    try? await route(request, (true, false, false, keptOnly: true), onWait: nil).get()
  }

  /// Each request's endpoint, answered under `policy`.
  private func route(
    _ request: APIRequest, _ policy: Policy, onWait: (@Sendable (Int) -> Void)?
  ) async -> Result<Fetched<APIAnswer>, AmodbError> {
    switch request {
    case .trending(let endpoint): return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.page)
    case .catalogue(let endpoint):
      return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.page)
    case .search(let endpoint) where endpoint.scope == .all && endpoint.year != nil:
      return await yearSearch(endpoint, policy, onWait: onWait)
    case .search(let endpoint): return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.page)
    case .movie(let endpoint): return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.movie)
    case .series(let endpoint): return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.series)
    case .season(let endpoint): return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.season)
    case .person(let endpoint):
      return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.person)
    case .collection(let endpoint):
      return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.collection)
    case .discover(let endpoint): return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.page)
    case .genres(let endpoint): return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.genres)
    case .providers(let endpoint): return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.providers)
    }
  }

  /// A search of everything in one year: `/search/multi` takes no year, so the film search and the
  /// series search are asked, each with its own year parameter, and their pages interleaved.
  private func yearSearch(
    _ endpoint: SearchRequest, _ policy: Policy,
    onWait: (@Sendable (Int) -> Void)?
  ) async -> Result<Fetched<APIAnswer>, AmodbError> {
    async let films = answer(endpoint.scoped(.film), policy, onWait: onWait, as: APIAnswer.page)
    async let series = answer(endpoint.scoped(.series), policy, onWait: onWait, as: APIAnswer.page)
    let (filmAnswer, seriesAnswer) = await (films, series)
    switch (filmAnswer, seriesAnswer) {
    case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
    case (.success(let films), .success(let series)):
      let pages = (films.value.page ?? MediaPage(results: []), series.value.page ?? MediaPage(results: []))
      return .success(films.map { _ in .page(MediaPage.interleaving(pages.0, pages.1)) })
    }
  }

  /// Performs one endpoint and wraps its answer.
  private func answer<E: Endpoint>(
    _ endpoint: E, _ policy: Policy,
    onWait: (@Sendable (Int) -> Void)?,
    as wrap: (E.Response) -> APIAnswer
  ) async -> Result<Fetched<APIAnswer>, AmodbError> {
    let result: Result<Fetched<E.Response>, AmodbError>
    if policy.keptFirst, let cached = cached(endpoint) {
      result = .success(cached)
    } else if policy.keptOnly {
      result = .failure(.notFound(message: nil))
    } else {
      result = await self.result(
        endpoint, forceRefresh: policy.forceRefresh, background: policy.background, onWait: onWait)
    }
    return result.map { $0.map(wrap) }
  }
}

extension AmodbClient {
  /// How a request is answered: the kept answer first, the network asked even when a fresh answer
  /// is kept, behind the user's own asks, or only what is kept.
  fileprivate typealias Policy = (keptFirst: Bool, forceRefresh: Bool, background: Bool, keptOnly: Bool)

  /// Performs requests at once, the kept answer first, and gives their answers in the requests'
  /// order. `background`: they wait behind the user's own asks in the rate budget.
  public func answers(_ requests: [APIRequest], background: Bool) async -> [Result<Fetched<APIAnswer>, AmodbError>] {
    await withTaskGroup(of: (Int, Result<Fetched<APIAnswer>, AmodbError>).self) { group in
      for (index, request) in requests.enumerated() {
        group.addTask { (index, await self.answer(request, keptFirst: true, background: background)) }
      }
      var answered = [Result<Fetched<APIAnswer>, AmodbError>?](repeating: nil, count: requests.count)
      for await (index, answer) in group { answered[index] = answer }
      return answered.map { $0 ?? .failure(.transport(description: "not asked")) }
    }
  }
}

extension APIRequest {
  /// A film's or a series' details, by the title's id.
  public static func details(_ media: MediaID, language: String) -> APIRequest {
    media.kind == .series
      ? .series(SeriesRequest(id: media.id, language: language))
      : .movie(MovieDetailsRequest(id: media.id, language: language))
  }
}
