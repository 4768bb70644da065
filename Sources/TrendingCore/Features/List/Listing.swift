import AmodbKit

/// The films of a list, page by page.
public struct Listing: Equatable, Sendable {
  /// The films, in rank order, without repeats.
  public var movies: [MediaSummary]
  /// How many pages are loaded.
  public var pagesLoaded: Int
  /// How many pages the list has.
  public var totalPages: Int
  /// How many entries could not be read, over all loaded pages.
  public var skippedEntries: Int

  /// Makes a listing from its first page.
  public init(firstPage page: MediaPage) {
    movies = page.results
    pagesLoaded = 1
    totalPages = page.totalPages
    skippedEntries = page.skippedEntries
  }

  /// Whether more pages remain.
  public var hasMore: Bool { pagesLoaded < totalPages }

  /// Adds the next page, dropping films already listed (trending lists shift between pages).
  public mutating func append(_ page: MediaPage) {
    let known = Set(movies.map(\.id))
    movies += page.results.filter { !known.contains($0.id) }
    pagesLoaded = max(pagesLoaded, page.page)
    totalPages = max(page.totalPages, pagesLoaded)
    skippedEntries += page.skippedEntries
  }
}
