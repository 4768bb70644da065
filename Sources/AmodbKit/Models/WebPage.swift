/// A web page the app links to, as a value: the one place every address is built.
public enum WebPage: Hashable, Sendable {
  /// A film's page on TMDB.
  case film(Int)
  /// A film's videos on TMDB.
  case filmVideos(Int)
  /// A series' page on TMDB.
  case series(Int)
  /// A season's page on TMDB: the series' id and the season's number.
  case season(Int, Int)
  /// An episode's page on TMDB: the series' id, the season's and the episode's numbers.
  case episode(Int, Int, Int)
  /// A person's page on TMDB.
  case person(Int)
  /// A collection's page on TMDB.
  case collection(Int)
  /// A film's page on IMDb, by its `tt` id.
  case imdb(String)
  /// A video on YouTube or Vimeo, by the site's key (checked safe when decoded).
  case video(site: String, key: String)
  /// A film's own web site (checked by `WebAddress.validated` when decoded).
  case homepage(String)

  /// The TMDB id of the film, series, person or collection the page is about, when it is one.
  public var tmdbID: Int? {
    switch self {
    case .film(let id), .filmVideos(let id), .person(let id), .series(let id), .season(let id, _),
      .episode(let id, _, _), .collection(let id):
      return id
    case .imdb, .video, .homepage: return nil
    }
  }

  /// The page's address.
  public var url: String {
    switch self {
    case .film(let id): return "https://www.themoviedb.org/movie/\(id)"
    case .filmVideos(let id): return "https://www.themoviedb.org/movie/\(id)/videos"
    case .series(let id): return "https://www.themoviedb.org/tv/\(id)"
    case .season(let id, let season): return "https://www.themoviedb.org/tv/\(id)/season/\(season)"
    case .episode(let id, let season, let episode):
      return "https://www.themoviedb.org/tv/\(id)/season/\(season)/episode/\(episode)"
    case .person(let id): return "https://www.themoviedb.org/person/\(id)"
    case .collection(let id): return "https://www.themoviedb.org/collection/\(id)"
    case .imdb(let id): return "https://www.imdb.com/title/\(id)/"
    case .homepage(let address): return address
    case .video(let site, let key):
      return site == "Vimeo" ? "https://vimeo.com/\(key)" : "https://www.youtube.com/watch?v=\(key)"
    }
  }
}
