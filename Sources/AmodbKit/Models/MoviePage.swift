/// One page of a film list: trending, popular, search results and the like.
public struct MoviePage: Sendable, Hashable, Decodable {
  /// The page number, from 1.
  public var page: Int
  /// How many pages the list has, at most 500.
  public var totalPages: Int
  /// How many films the list has in all.
  public var totalResults: Int
  /// The films on this page that could be read.
  public var results: [MovieSummary]
  /// How many entries of the page could not be read and were left out.
  public var skippedEntries: Int

  /// Makes a page from its parts.
  public init(
    page: Int = 1, totalPages: Int = 1, totalResults: Int? = nil, results: [MovieSummary], skippedEntries: Int = 0
  ) {
    self.page = page
    self.totalPages = totalPages
    self.totalResults = totalResults ?? results.count
    self.results = results
    self.skippedEntries = skippedEntries
  }

  enum CodingKeys: String, CodingKey {
    case page, results
    case totalPages = "total_pages"
    case totalResults = "total_results"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // At most 100 entries are kept from a page (TMDB sends 20); the rest count as skipped.
    let entries = container.lenient(CappedArray<MovieSummary>.self, .results) ?? CappedArray()
    results = entries.values
    skippedEntries = entries.skipped
    page = max(container.integer(.page) ?? 1, 1)
    totalPages = min(max(container.integer(.totalPages) ?? page, page), 500)
    totalResults = max(container.integer(.totalResults) ?? results.count, results.count)
  }
}
