import FoundationEssentials

/// Any request the app makes of amodb, as one value: what a fetch effect carries and its answer names.
public enum APIRequest: Hashable, Sendable {
  /// A page of this week's or today's trending films.
  case trending(TrendingRequest)
  /// A page of one of amodb's film lists.
  case movieList(MovieListRequest)
  /// A page of a film search.
  case search(SearchRequest)
  /// A film with every appended part.
  case movie(MovieDetailsRequest)
  /// A person with their films.
  case person(PersonRequest)

  /// The page asked for, for a list request.
  public var page: Int? {
    switch self {
    case .trending(let request): return request.page
    case .movieList(let request): return request.page
    case .search(let request): return request.page
    case .movie, .person: return nil
    }
  }
}

/// An answer to an `APIRequest`, of the kind the request asks for.
public enum APIAnswer: Equatable, Sendable {
  /// A page of films.
  case page(MoviePage)
  /// A film.
  case movie(MovieDetails)
  /// A person.
  case person(PersonDetails)

  /// The page, when the answer is one.
  public var page: MoviePage? {
    if case .page(let page) = self { return page }
    return nil
  }

  /// The film, when the answer is one.
  public var movie: MovieDetails? {
    if case .movie(let movie) = self { return movie }
    return nil
  }

  /// The person, when the answer is one.
  public var person: PersonDetails? {
    if case .person(let person) = self { return person }
    return nil
  }
}

extension AmodbClient {
  /// Performs a request: the answer kept, however old, when `keptFirst` and there is one (the caller
  /// decides on its own clock whether that is stale), else the network's (or a fresh kept one,
  /// unless `forceRefresh`).
  public func answer(
    _ request: APIRequest, keptFirst: Bool = false, forceRefresh: Bool = false, onWait: (@Sendable (Int) -> Void)? = nil
  ) async -> Result<Fetched<APIAnswer>, AmodbError> {
    let policy = (keptFirst, forceRefresh)
    switch request {
    case .trending(let endpoint): return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.page)
    case .movieList(let endpoint):
      return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.page)
    case .search(let endpoint): return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.page)
    case .movie(let endpoint): return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.movie)
    case .person(let endpoint):
      return await answer(endpoint, policy, onWait: onWait, as: APIAnswer.person)
    }
  }

  /// Performs one endpoint and wraps its answer.
  private func answer<E: Endpoint>(
    _ endpoint: E, _ policy: (keptFirst: Bool, forceRefresh: Bool), onWait: (@Sendable (Int) -> Void)?,
    as wrap: (E.Response) -> APIAnswer
  ) async -> Result<Fetched<APIAnswer>, AmodbError> {
    let result: Result<Fetched<E.Response>, AmodbError>
    if policy.keptFirst, let cached = cached(endpoint) {
      result = .success(cached)
    } else {
      result = await self.result(endpoint, forceRefresh: policy.forceRefresh, onWait: onWait)
    }
    return result.map { $0.map(wrap) }
  }
}
