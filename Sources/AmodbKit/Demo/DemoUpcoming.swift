import FoundationEssentials

/// A demo device, not data: made-up films that exist only in the demo, each dated a number of
/// days from today (the demo's clock is the real one), so the calendar and the cinema releases
/// have something to show offline. They are answered only by discover with release dates
/// (`release_date.gte`/`.lte`, as the calendar asks) and by their own `/movie/{id}`; real films
/// keep their real dates.
enum DemoUpcoming {
  /// One made-up film: its id (from 990001, far from TMDB's ids of the demo), title, story, genres
  /// and the days from today of its cinema and digital releases.
  struct Entry {
    let id: Int
    let title: String
    let overview: String
    let genres: [Int]
    let cinemaOffset: Int
    let digitalOffset: Int?
  }

  /// The made-up films.
  static let entries: [Entry] = [
    Entry(
      id: 990_001, title: "The Lighthouse Ledger (demo)",
      overview: "A made-up film for the demo's calendar: a keeper counts ships that never arrive.",
      genres: [18, 9648], cinemaOffset: 3, digitalOffset: 45),
    Entry(
      id: 990_002, title: "Northbound Static (demo)",
      overview: "A made-up film for the demo's calendar: a radio operator hears tomorrow's news.",
      genres: [878, 53], cinemaOffset: 9, digitalOffset: nil),
    Entry(
      id: 990_003, title: "Paper Orchard (demo)",
      overview: "A made-up film for the demo's calendar: two sisters inherit a farm that grows letters.",
      genres: [35, 18], cinemaOffset: 16, digitalOffset: 40),
    Entry(
      id: 990_004, title: "Kettle & Crown (demo)",
      overview: "A made-up film for the demo's calendar: a tea shop becomes a kingdom's last embassy.",
      genres: [14, 12], cinemaOffset: 24, digitalOffset: nil),
    Entry(
      id: 990_005, title: "The Quiet Derby (demo)",
      overview: "A made-up film for the demo's calendar: a horse race run entirely at night.",
      genres: [18], cinemaOffset: 33, digitalOffset: nil),
    Entry(
      id: 990_006, title: "Small Hours, Big City (demo)",
      overview: "A made-up film for the demo's calendar: one night shift, six strangers.",
      genres: [10749, 35], cinemaOffset: 47, digitalOffset: nil),
  ]

  /// The countries the made-up films open in: the demo's languages' and a few more.
  static let countries = [
    "US", "GB", "CA", "AU", "IE", "NZ", "RU", "UA", "BY", "DE", "FR", "ES", "IT", "PT", "BR", "PL", "CZ", "BG", "RO",
    "IL", "CN",
  ]

  /// A day `offset` days from the user's day at `now`, `YYYY-MM-DD`.
  static func day(_ offset: Int, from now: Date) -> String {
    let later = now.addingTimeInterval(TimeInterval(offset) * 86_400)
    return ReleaseDate(day: later, utcOffset: ReleaseDate.utcOffset(at: now)).description
  }

  /// A made-up film's list entry.
  static func summary(_ entry: Entry, now: Date) -> JSONValue {
    .object([
      "id": .number(Double(entry.id)), "title": .string(entry.title), "original_title": .string(entry.title),
      "release_date": .string(day(entry.cinemaOffset, from: now)), "overview": .string(entry.overview),
      "genre_ids": .array(entry.genres.map { .number(Double($0)) }), "vote_average": .number(0),
      "vote_count": .number(0), "popularity": .number(Double(100 - entry.cinemaOffset)),
      "original_language": .string("en"), "poster_path": .null, "media_type": .string("movie"),
    ])
  }

  /// A made-up film's details, with its regional releases.
  static func details(_ entry: Entry, now: Date) -> JSONValue {
    var releases: [JSONValue] = [
      .object([
        "type": .number(3), "certification": .string(""),
        "release_date": .string(day(entry.cinemaOffset, from: now) + "T00:00:00.000Z"),
      ])
    ]
    if let digital = entry.digitalOffset {
      releases.append(
        .object([
          "type": .number(4), "certification": .string(""),
          "release_date": .string(day(digital, from: now) + "T00:00:00.000Z"),
        ]))
    }
    guard case .object(var fields) = summary(entry, now: now) else { return .null }
    fields["genres"] = .array(
      entry.genres.map { .object(["id": .number(Double($0)), "name": .string(Genres.name($0) ?? "")]) })
    fields["status"] = .string("Post Production")
    fields["tagline"] = .string("Not a real film: the demo's calendar needs something coming soon.")
    fields["release_dates"] = .object([
      "results": .array(countries.map { .object(["iso_3166_1": .string($0), "release_dates": .array(releases)]) })
    ])
    return .object(fields)
  }

  /// The made-up films as the demo's discover filters them.
  static func films(now: Date) -> [DemoDiscover.Film] {
    entries.map { DemoDiscover.Film(summary: summary($0, now: now), details: details($0, now: now)) }
  }

  /// The details answering `/movie/{id}` for a made-up film, else nil.
  static func answer(_ key: String, now: Date) -> JSONValue? {
    guard key.hasPrefix("/movie/"), let id = Int(key.dropFirst("/movie/".count)),
      let entry = entries.first(where: { $0.id == id })
    else { return nil }
    return details(entry, now: now)
  }
}
