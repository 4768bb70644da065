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

  /// Makes a listing from its first page (with no film in it, the whole list).
  public init(firstPage page: MediaPage) {
    movies = page.results
    pagesLoaded = 1
    totalPages = page.results.isEmpty ? 1 : page.totalPages
    skippedEntries = page.skippedEntries
  }

  /// Whether more pages remain.
  public var hasMore: Bool { pagesLoaded < totalPages }

  /// Adds page `number` as asked (never the number the answer says it is), dropping films already
  /// listed (trending lists shift between pages). A page that adds nothing new ends the list: a
  /// server that says it has more and gives nothing is never asked on and on.
  public mutating func append(_ page: MediaPage, number: Int) {
    let known = Set(movies.map(\.key))
    let added = page.results.filter { !known.contains($0.key) }
    movies += added
    pagesLoaded = max(pagesLoaded, number)
    totalPages = added.isEmpty ? pagesLoaded : max(page.totalPages, pagesLoaded)
    skippedEntries += page.skippedEntries
  }
}
