import FoundationEssentials

/// A demo device, not data: one made-up series airing now, its episodes dated a number of days
/// from today (the demo's clock is the real one), so "what is new", the next episode and the
/// series' progress have something aired and something to come offline. Like the calendar's
/// made-up films (`DemoUpcoming`) its name says "(demo)"; it answers `/tv/{id}`, its season, and
/// is added to the demo's "on the air" page and its series search.
enum DemoAiring {
  /// The made-up series' id (far from TMDB's ids of the demo).
  static let id = 990_101
  /// Its name, marked as made up.
  static let name = "The Night Ferry (demo)"

  /// One episode: its title and the days from today it airs.
  struct Episode {
    let name: String
    let offset: Int
  }

  /// The first season: five aired, three to come, a week apart.
  static let episodes: [Episode] = [
    Episode(name: "Last Crossing", offset: -32),
    Episode(name: "Fog Bell", offset: -25),
    Episode(name: "The Purser's Ledger", offset: -18),
    Episode(name: "Starboard Lights", offset: -11),
    Episode(name: "Harbour Master", offset: -4),
    Episode(name: "Low Tide", offset: 3),
    Episode(name: "The Stowaway", offset: 10),
    Episode(name: "Dawn Landing", offset: 17),
  ]

  /// The series' list entry.
  static func summary(now: Date) -> JSONValue {
    .object([
      "id": .number(Double(id)), "name": .string(name), "original_name": .string(name),
      "first_air_date": .string(DemoUpcoming.day(episodes[0].offset, from: now)),
      "overview": .string("A made-up series for the demo: a night ferry whose passengers never quite arrive."),
      "genre_ids": .array([.number(18), .number(9648)]), "vote_average": .number(7.4), "vote_count": .number(40),
      "popularity": .number(90), "original_language": .string("en"), "origin_country": .array([.string("GB")]),
      "poster_path": .null, "backdrop_path": .null, "adult": .bool(false),
    ])
  }

  /// One episode as season answers and `last_episode_to_air` have it.
  static func episode(_ number: Int, now: Date) -> JSONValue {
    let entry = episodes[number - 1]
    return .object([
      "air_date": .string(DemoUpcoming.day(entry.offset, from: now)), "episode_number": .number(Double(number)),
      "episode_type": .string(number == episodes.count ? "finale" : "standard"),
      "id": .number(Double(id * 10_000 + 100 + number)), "name": .string(entry.name),
      "overview": .string("A made-up episode for the demo, dated from today."), "production_code": .string(""),
      "runtime": .number(44), "season_number": .number(1), "show_id": .number(Double(id)),
      "still_path": .null, "vote_average": .number(0), "vote_count": .number(0),
      "crew": .array([]), "guest_stars": .array([]),
    ])
  }

  /// The number of the last episode aired by `now`, and of the next one to air.
  static func lastAndNext(now: Date) -> (last: Int?, next: Int?) {
    let aired = episodes.filter { $0.offset <= 0 }.count
    return (aired > 0 ? aired : nil, aired < episodes.count ? aired + 1 : nil)
  }

  /// The series' details: its one season, the last and next episodes, and real series it recommends.
  static func details(now: Date) -> JSONValue {
    guard case .object(var fields) = summary(now: now) else { return .null }
    let (last, next) = lastAndNext(now: now)
    fields["genres"] = .array([
      .object(["id": .number(18), "name": .string(Genres.seriesName(18) ?? "Drama")]),
      .object(["id": .number(9648), "name": .string(Genres.seriesName(9648) ?? "Mystery")]),
    ])
    fields["status"] = .string("Returning Series")
    fields["in_production"] = .bool(true)
    fields["tagline"] = .string("Not a real series: the demo needs episodes airing now.")
    fields["type"] = .string("Scripted")
    fields["episode_run_time"] = .array([.number(44)])
    fields["number_of_seasons"] = .number(1)
    fields["number_of_episodes"] = .number(Double(episodes.count))
    fields["last_air_date"] = last.map { .string(DemoUpcoming.day(episodes[$0 - 1].offset, from: now)) } ?? .null
    fields["last_episode_to_air"] = last.map { episode($0, now: now) } ?? .null
    fields["next_episode_to_air"] = next.map { episode($0, now: now) } ?? .null
    fields["networks"] = .array([
      .object(["id": .number(990_001), "name": .string("Demo Channel"), "origin_country": .string("GB")])
    ])
    fields["seasons"] = .array([
      .object([
        "air_date": fields["first_air_date"] ?? .null, "episode_count": .number(Double(episodes.count)),
        "id": .number(Double(id * 100 + 1)), "name": .string("Season 1"), "overview": .string(""),
        "poster_path": .null, "season_number": .number(1), "vote_average": .number(7.4),
      ])
    ])
    fields["videos"] = .object(["results": .array([])])
    fields["recommendations"] = recommended()
    return .object(fields)
  }

  /// The real demo series it recommends (Dark and Silo), as the details' page.
  static func recommended() -> JSONValue {
    let wanted: Set<Int> = [70523, 125988]
    let found = DemoDiscover.series(prefix: "").filter { entry in
      entry["id"]?.number.map { wanted.contains(Int($0)) } ?? false
    }
    return .object([
      "page": .number(1), "results": .array(found), "total_pages": .number(1),
      "total_results": .number(Double(found.count)),
    ])
  }

  /// Its first season, every episode dated from today.
  static func season(now: Date) -> JSONValue {
    .object([
      "_id": .string("demo-\(id)-1"), "air_date": .string(DemoUpcoming.day(episodes[0].offset, from: now)),
      "episodes": .array((1...episodes.count).map { episode($0, now: now) }), "name": .string("Season 1"),
      "overview": .string(""), "id": .number(Double(id * 100 + 1)), "poster_path": .null,
      "season_number": .number(1), "vote_average": .number(7.4),
    ])
  }

  /// The answer for the made-up series' own resources, else nil.
  static func answer(_ key: String, now: Date) -> JSONValue? {
    switch key {
    case "/tv/\(id)": return details(now: now)
    case "/tv/\(id)/season/1": return season(now: now)
    default: return nil
    }
  }

  /// A list page with the made-up series added at its end, for the pages that hold it.
  static func adding(to key: String, page: JSONValue, now: Date) -> JSONValue {
    guard key == "/tv/on_the_air?page=1", case .object(var fields) = page, var results = fields["results"]?.array
    else { return page }
    results.append(summary(now: now))
    fields["results"] = .array(results)
    fields["total_results"] = .number(Double(results.count))
    return .object(fields)
  }
}
