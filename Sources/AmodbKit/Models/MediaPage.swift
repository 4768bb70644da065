/// One page of a film list: trending, popular, search results and the like.
public struct MediaPage: Sendable, Hashable, Decodable {
  /// The page number, from 1.
  public var page: Int
  /// How many pages the list has, at most 500.
  public var totalPages: Int
  /// How many films the list has in all.
  public var totalResults: Int
  /// The films on this page that could be read.
  public var results: [MediaSummary]
  /// How many entries of the page could not be read and were left out.
  public var skippedEntries: Int
  /// Where each of `results` stood in the page as served, from 0: an entry left out (unreadable,
  /// or hidden by the user) leaves its place empty, so the others keep their ranks.
  public var places: [Int]

  /// Makes a page from its parts.
  public init(
    page: Int = 1, totalPages: Int = 1, totalResults: Int? = nil, results: [MediaSummary], skippedEntries: Int = 0
  ) {
    self.page = page
    self.totalPages = totalPages
    self.totalResults = totalResults ?? results.count
    self.results = results
    self.skippedEntries = skippedEntries
    places = Array(results.indices)
  }

  enum CodingKeys: String, CodingKey {
    case page, results
    case totalPages = "total_pages"
    case totalResults = "total_results"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // At most 100 entries are kept from a page (TMDB sends 20); the rest are left out. Results
    // missing, null or of another type make no page (TMDB sends `[]` for an empty list), so "nothing
    // listed" is never said, nor kept, of a broken answer.
    guard let entries = container.lenient(CappedArray<MediaSummary>.self, .results) else {
      throw DecodingError.dataCorruptedError(forKey: .results, in: container, debugDescription: "results is not a list")
    }
    // Entries of which none reads are a broken answer, not an empty list: the last good one stays.
    guard !entries.values.isEmpty || entries.unreadable == 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .results, in: container, debugDescription: "no entry of the page could be read")
    }
    // An entry listed twice shows once, at its first place, as one repeated on a later page does.
    var listed = Set<MediaSummary.Key>()
    let unique = zip(entries.values, entries.places).filter { listed.insert($0.0.key).inserted }
    results = unique.map(\.0)
    places = unique.map(\.1)
    skippedEntries = entries.unreadable
    page = max(container.integer(.page) ?? 1, 1)
    // A page past the last keeps the list's own count (never below 1), so it can be said to be past it.
    totalPages = min(max(container.integer(.totalPages) ?? page, 1), 500)
    totalResults = max(container.integer(.totalResults) ?? results.count, results.count)
  }

  /// How many entries the page was served with, as far as they show: read, unreadable, or listed
  /// before a result's place (a repeat left out).
  public var servedCount: Int {
    max((places.last ?? -1) + 1, results.count + skippedEntries)
  }

  /// The rank of the result at `offset` in the whole list, from 1 (TMDB serves 20 a page).
  public func rank(at offset: Int) -> Int {
    (page - 1) * 20 + 1 + (offset < places.count ? places[offset] : offset)
  }

  /// The page with only the results `keep` keeps, each at its place.
  public func filtered(_ keep: (MediaSummary) -> Bool) -> MediaPage {
    var kept = self
    let pairs = zip(results, places).filter { keep($0.0) }
    kept.results = pairs.map(\.0)
    kept.places = pairs.map(\.1)
    return kept
  }

  /// Two pages as one: their entries taken in turn, the larger page count and both totals; each
  /// entry's place is its place in the merged page (a search across kinds ranks what it shows).
  public static func interleaving(_ first: MediaPage, _ second: MediaPage) -> MediaPage {
    var results: [MediaSummary] = []
    for index in 0..<max(first.results.count, second.results.count) {
      if index < first.results.count { results.append(first.results[index]) }
      if index < second.results.count { results.append(second.results[index]) }
    }
    return MediaPage(
      page: max(first.page, second.page), totalPages: max(first.totalPages, second.totalPages),
      totalResults: first.totalResults + second.totalResults, results: results,
      skippedEntries: first.skippedEntries + second.skippedEntries)
  }
}
