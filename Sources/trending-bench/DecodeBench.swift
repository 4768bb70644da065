// Decoding a whole screen's answer into what the screen keeps, against untyped parsing of the same bytes.
import AmodbKit
import Foundation
import TestSupport

/// A film with its appended parts and a series with its 400 KB aggregate_credits, decoded into their models,
/// against Foundation's parser reading the same bytes into untyped objects.
enum DecodeBench {
  static func run(_ bench: Bench) {
    let film = composed(
      "movie-details.json",
      [
        "credits": "movie-credits.json", "videos": "movie-videos.json", "release_dates": "movie-release-dates.json",
        "watch/providers": "movie-watch-providers.json", "recommendations": "movie-recommendations.json",
        "similar": "movie-similar.json",
      ])
    let series = composed(
      "tv-details.json",
      [
        "aggregate_credits": "tv-aggregate-credits.json", "content_ratings": "tv-content-ratings.json",
        "videos": "tv-videos.json", "watch/providers": "tv-watch-providers.json",
        "recommendations": "tv-recommendations.json", "similar": "tv-similar.json",
        "external_ids": "tv-external-ids.json",
      ])
    let decoder = AmodbJSON.decoder()
    for (name, data, decode) in [
      ("a film's whole screen", film, { (data: Data) in _ = try? decoder.decode(MovieDetails.self, from: data) }),
      (
        "a series' whole screen (400 KB aggregate_credits)", series,
        { (data: Data) in _ = try? decoder.decode(SeriesDetails.self, from: data) }
      ),
    ] {
      guard let data else {
        print("skipped decoding \(name): ../shared/fixtures is not beside the package")
        continue
      }
      let typed = median((0..<30).map { _ in seconds { decode(data) } })
      let untyped = median((0..<30).map { _ in seconds { _ = try? JSONSerialization.jsonObject(with: data) } })
      bench.record(
        Measurement(
          name: "decode \(name), \(data.count / 1024) KB", value: typed * 1000, unit: "ms", floor: untyped * 1000,
          floorName: "JSONSerialization, untyped"))
    }
  }

  /// A fixture with other fixtures appended under their keys, as `append_to_response` answers.
  static func composed(_ base: String, _ parts: [String: String]) -> Data? {
    guard let data = try? Fixtures.tmdb(base),
      var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    else { return nil }
    for (key, name) in parts {
      object[key] = (try? Fixtures.tmdb(name)).flatMap { try? JSONSerialization.jsonObject(with: $0) }
    }
    return try? JSONSerialization.data(withJSONObject: object)
  }
}
