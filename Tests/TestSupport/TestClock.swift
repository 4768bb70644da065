import AmodbKit
import Foundation
import Synchronization

/// A clock for tests: time moves only when told, and sleeps are recorded instead of waited.
public final class TestClock: Sendable {
  private let current: Mutex<Date>
  private let slept = Mutex<[Int]>([])

  /// Makes a clock at a fixed moment.
  public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
    current = Mutex(now)
  }

  /// Moves time forward.
  public func advance(by seconds: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(seconds) }
  }

  /// The sleeps asked for, in seconds, in order.
  public var sleeps: [Int] { slept.withLock { $0 } }

  /// The clock as the client takes it.
  public var clientClock: ClientClock {
    ClientClock(
      now: { self.current.withLock { $0 } },
      sleep: { seconds in
        self.slept.withLock { $0.append(seconds) }
        self.advance(by: TimeInterval(seconds))
      })
  }
}

/// Builds clients pointed at a loopback server.
public enum TestClients {
  /// A client for `server` with a key, a short timeout and the test clock.
  public static func client(
    for server: LoopbackServer, key: String? = "test-key-123", clock: TestClock = TestClock(),
    timeout: TimeInterval = 5,
    language: String = "en-US", maxBodyBytes: Int = 8_000_000
  ) -> AmodbClient {
    let configuration = ClientConfiguration(
      baseURL: server.baseURL, apiKey: key.flatMap(APIKey.init), language: language, timeout: timeout,
      maxBodyBytes: maxBodyBytes)
    return AmodbClient(configuration: configuration, transport: CurlTransport(), clock: clock.clientClock)
  }

  /// A list page with `count` films, ids from `firstID`.
  public static func pageJSON(count: Int = 3, firstID: Int = 1, page: Int = 1, totalPages: Int = 1) -> String {
    let films = (0..<count).map { index in
      #"{"id": \#(firstID + index), "title": "Film \#(firstID + index)", "release_date": "2024-01-0\#(index % 9 + 1)", "vote_average": 7.\#(index % 10), "vote_count": \#(100 + index), "poster_path": "/p\#(firstID + index).jpg"}"#
    }
    return
      #"{"page": \#(page), "total_pages": \#(totalPages), "total_results": \#(count * totalPages), "results": [\#(films.joined(separator: ","))]}"#
  }

  /// A page of series, as `/trending/tv/week` and `/tv/popular` answer (`name`, `first_air_date`).
  public static func seriesPageJSON(count: Int = 3, firstID: Int = 1) -> String {
    let series = (0..<count).map { index in
      #"{"id": \#(firstID + index), "name": "Series \#(firstID + index)", "first_air_date": "2019-0\#(index % 9 + 1)-01", "vote_average": 8.\#(index % 10), "vote_count": \#(200 + index), "poster_path": "/s\#(firstID + index).jpg"}"#
    }
    return #"{"page": 1, "total_pages": 1, "total_results": \#(count), "results": [\#(series.joined(separator: ","))]}"#
  }

  /// A series with one season (or `seasons`, each a year after the one before) of two episodes and
  /// its people, as `/tv/{id}?append_to_response=…` answers.
  public static func seriesJSON(id: Int, seasons: Int = 1) -> String {
    let listed = (1...max(1, seasons)).map { number in
      #"{"season_number": \#(number), "name": "Season \#(number)", "episode_count": 2, "air_date": "\#(2018 + number)-01-01"}"#
    }
    return """
      {"id": \(id), "name": "Details of series \(id)", "first_air_date": "2019-01-01", "last_air_date": "2021-05-02",
       "status": "Ended", "in_production": false, "networks": [{"name": "Loopback TV"}], "number_of_seasons": \(max(1, seasons)),
       "number_of_episodes": 2, "episode_run_time": [50], "genres": [{"id": 18, "name": "Drama"}],
       "overview": "A series.", "vote_average": 8.2, "vote_count": 900,
       "last_episode_to_air": {"season_number": 1, "episode_number": 2, "name": "Second", "air_date": "2019-01-08"},
       "seasons": [\(listed.joined(separator: ", "))],
       "aggregate_credits": {"cast": [{"id": 5, "name": "Series Lead", "order": 0, "total_episode_count": 2,
         "roles": [{"character": "Lead", "episode_count": 2}]}], "crew": []},
       "content_ratings": {"results": [{"iso_3166_1": "US", "rating": "TV-14"}]}}
      """
  }

  /// A season of two episodes; the first has a guest star (person 77), as `/tv/{id}/season/{n}` answers.
  public static func seasonJSON(seriesID: Int, number: Int) -> String {
    """
    {"season_number": \(number), "name": "Season \(number)", "air_date": "2019-01-01", "episodes": [
      {"season_number": \(number), "episode_number": 1, "name": "Episode one of \(seriesID)", "air_date": "2019-01-01",
       "runtime": 50, "vote_average": 8.0, "vote_count": 40, "overview": "It begins.",
       "crew": [{"id": 6, "name": "Episode Director", "job": "Director", "department": "Directing"}],
       "guest_stars": [{"id": 77, "name": "Guest Star", "character": "Visitor", "order": 0}]},
      {"season_number": \(number), "episode_number": 2, "name": "Second", "air_date": "2019-01-08",
       "runtime": 51, "vote_average": 8.4, "vote_count": 35, "overview": "It ends.", "crew": [], "guest_stars": []}]}
    """
  }

  /// A details record for one film with credits and ratings.
  public static func detailsJSON(id: Int, title: String = "Details Film") -> String {
    """
    {"id": \(id), "title": "\(title)", "release_date": "2001-02-03", "runtime": 101, "genres": [{"id": 1, "name": "Drama"}],
     "tagline": "A tagline.", "overview": "An overview.", "vote_average": 7.7, "vote_count": 1234,
     "credits": {"cast": [{"id": 1, "name": "Lead Actor", "character": "Hero", "order": 0}],
                 "crew": [{"id": 2, "name": "Some Director", "job": "Director", "department": "Directing"}]},
     "ratings": {"imdb": {"value": 8.1, "votes": 5000}, "kinopoisk": null, "metacritic": {"value": 75, "votes": null},
                 "rotten_tomatoes": {"value": 88, "votes": null}, "tmdb": {"value": 7.7, "votes": 1234}}}
    """
  }
}

/// Compressed bodies for tests, made by the system's gzip.
public enum Gzip {
  /// `data` compressed with gzip.
  public static func compress(_ data: Data) throws -> Data {
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)")
    try data.write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    return try run("gzip -c < '\(input.path)'")
  }

  /// A gzip bomb: `inflated` zero bytes (a JSON-looking run of spaces) in a small body.
  public static func bomb(inflated: Int) throws -> Data {
    try run("head -c \(inflated) /dev/zero | tr '\\000' ' ' | gzip -c -1")
  }

  private static func run(_ script: String) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    let output = try PrivatePipe()
    process.standardOutput = output.writing
    try process.run()
    try output.writing.close()
    let data = output.reading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
  }
}
