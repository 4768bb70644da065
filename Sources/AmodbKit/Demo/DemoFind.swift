import FoundationEssentials

/// `/find/{imdb id}?external_source=imdb_id` on the demo data: the embedded films and series with
/// that IMDb id, as TMDB answers it, so `trending --demo import imdb` matches what the demo holds.
enum DemoFind {
  /// The answer for an IMDb id (`tt0137523`): its film or series among the results, none when the
  /// demo does not hold it.
  static func answer(_ imdb: String, prefix: String) -> HTTPResponse {
    let films = ["/trending/movie/week?page=1", "/trending/movie/week?page=2"]
      .flatMap { DemoTransport.results($0, prefix: prefix) }
      .filter { film in details("/movie/", film)?["imdb_id"]?.string == imdb }
    let series = DemoTransport.results("/tv/popular?page=1", prefix: prefix)
      .filter { show in details("/tv/", show)?["external_ids"]?["imdb_id"]?.string == imdb }
    return DemoDiscover.json(
      .object([
        "movie_results": .array(Array(films.prefix(1))), "tv_results": .array(Array(series.prefix(1))),
        "tv_episode_results": .array([]), "person_results": .array([]),
      ]))
  }

  /// The embedded details of a list row, by the row's id under `path` (`/movie/`, `/tv/`).
  private static func details(_ path: String, _ row: JSONValue) -> JSONValue? {
    guard case .number(let id)? = row["id"], let text = DemoResources.files["\(path)\(Int(id))"] else { return nil }
    return try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
  }
}
