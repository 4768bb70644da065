/// A web page the app links to, as a value: the one place every address is built.
public enum WebPage: Hashable, Sendable {
  /// A film's page on TMDB.
  case film(Int)
  /// A film's videos on TMDB.
  case filmVideos(Int)
  /// A person's page on TMDB.
  case person(Int)
  /// A film's page on IMDb, by its `tt` id.
  case imdb(String)
  /// A video on YouTube or Vimeo, by the site's key (checked safe when decoded).
  case video(site: String, key: String)

  /// The TMDB id of the film or person the page is about, when it is one.
  public var tmdbID: Int? {
    switch self {
    case .film(let id), .filmVideos(let id), .person(let id): return id
    case .imdb, .video: return nil
    }
  }

  /// The page's address.
  public var url: String {
    switch self {
    case .film(let id): return "https://www.themoviedb.org/movie/\(id)"
    case .filmVideos(let id): return "https://www.themoviedb.org/movie/\(id)/videos"
    case .person(let id): return "https://www.themoviedb.org/person/\(id)"
    case .imdb(let id): return "https://www.imdb.com/title/\(id)/"
    case .video(let site, let key):
      return site == "Vimeo" ? "https://vimeo.com/\(key)" : "https://www.youtube.com/watch?v=\(key)"
    }
  }
}
