import Foundation
import Testing

@testable import TestSupport

/// The loopback amodb of the import suites: the films it knows by the title searched.
enum ImportStandIn {
  /// The films the loopback amodb knows, by the title searched: TMDB's `/search/movie` results.
  static let films: [String: [(id: Int, title: String, date: String)]] = [
    "Dune: Part Two": [(693134, "Dune: Part Two", "2024-02-27")],
    "Oppenheimer": [(872585, "Oppenheimer", "2023-07-19")],
    "Crouching Tiger, Hidden Dragon": [(146, "Crouching Tiger, Hidden Dragon", "2000-07-06")],
    "Dune": [(438631, "Dune", "2021-09-15"), (841, "Dune", "1984-12-14")],
    "Solaris": [(593, "Solaris", "1972-02-05"), (2103, "Solaris", "2002-11-27")],
    "Fight Club": [(550, "Fight Club", "1999-10-15")],
    "Spirited Away": [(129, "Spirited Away", "2001-07-20")],
    "The Third Man": [(1092, "The Third Man", "1949-08-31")],
    "Chinatown": [(829, "Chinatown", "1974-06-20")],
    "Hamlet": [(10549, "Hamlet", "1996-12-25"), (64001, "Hamlet", "1996-03-01")],
    "Macbeth": [(225728, "Macbeth", "2015-10-01"), (330001, "Macbeth", "2015-12-01")],
  ]

  /// One film as a search result in TMDB's shape.
  static func result(_ film: (id: Int, title: String, date: String)) -> String {
    #"{"adult":false,"backdrop_path":null,"genre_ids":[18],"id":\#(film.id),"original_language":"en","original_title":"\#(film.title)","overview":"","popularity":9.1,"poster_path":"/p\#(film.id).jpg","release_date":"\#(film.date)","title":"\#(film.title)","video":false,"vote_average":7.9,"vote_count":1000}"#
  }
}

/// The set-up the import suites share: the loopback amodb, a home of their own, its environment.
protocol ImportEndToEnd {}

extension ImportEndToEnd {
  func server(refuseFirstFind: Bool = false) throws -> LoopbackServer {
    let finds = Counter()
    let poster = TestImages.jpeg(width: 92, height: 138, top: (200, 40, 40), bottom: (30, 30, 160))
    return try LoopbackServer { request in
      // Posters on the image host; Macbeth's first has none to give.
      if request.path.hasPrefix("/img/"), !request.path.hasSuffix("/p225728.jpg") {
        return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: poster)
      }
      if request.path.hasPrefix("/3/movie/"), let id = Int(request.path.dropFirst("/3/movie/".count)) {
        return .json(TestClients.detailsJSON(id: id))
      }
      if request.path == "/3/search/movie" {
        let films = ImportStandIn.films[request.query("query") ?? ""] ?? []
        return .json(
          #"{"page":1,"results":[\#(films.map(ImportStandIn.result).joined(separator: ","))],"total_pages":1,"total_results":\#(films.count)}"#
        )
      }
      if request.path.hasPrefix("/3/find/") {
        guard request.query("external_source") == "imdb_id" else { return .json("{}", status: 422) }
        if refuseFirstFind, finds.next() == 1 {
          return .json(#"{"status_code":25,"status_message":"Slow down."}"#, status: 429, headers: ["Retry-After": "1"])
        }
        var movies: [String] = []
        var series: [String] = []
        switch request.path.dropFirst("/3/find/".count) {
        case "tt0137523": movies = [ImportStandIn.result((550, "Fight Club", "1999-10-15"))]
        case "tt15398776": movies = [ImportStandIn.result((872585, "Oppenheimer", "2023-07-19"))]
        case "tt0041959": movies = [ImportStandIn.result((1092, "The Third Man", "1949-08-31"))]
        case "tt0903747":
          series = [
            #"{"id":1396,"name":"Breaking Bad","first_air_date":"2008-01-20","vote_average":8.9,"vote_count":12000}"#
          ]
        case "tt0959621":
          return .json(
            #"{"movie_results":[],"tv_results":[],"tv_episode_results":[{"id":62085,"name":"Pilot","season_number":1,"episode_number":1,"show_id":1396}]}"#
          )
        case "tt0944947":
          series = [
            #"{"id":1399,"name":"Game of Thrones","first_air_date":"2011-04-17","vote_average":8.4,"vote_count":22000}"#
          ]
        default: break
        }
        return .json(
          #"{"movie_results":[\#(movies.joined(separator: ","))],"person_results":[],"tv_results":[\#(series.joined(separator: ","))],"tv_episode_results":[],"tv_season_results":[]}"#
        )
      }
      return .json(
        #"{"status_code":34,"status_message":"The resource you requested could not be found."}"#, status: 404)
    }
  }

  func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  func environment(_ server: LoopbackServer, _ home: URL) -> [String: String] {
    [
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "import-secret-key",
      "AMODB_IMAGE_BASE_URL": "http://127.0.0.1:\(server.port)/img",
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
    ]
  }

  func json(_ text: String) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
  }
}
