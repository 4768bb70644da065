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
  /// Each film's rank as the service listed it, from 1: an entry that could not be read keeps its
  /// number, so the films after it keep theirs.
  public var ranks: [Int]

  /// Makes a listing from its first page (with no film in it, the whole list).
  public init(firstPage page: MediaPage) {
    movies = page.results
    ranks = page.results.indices.map { Self.rank(page, at: $0, number: 1) }
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
    let added = page.results.indices.filter { !known.contains(page.results[$0].key) }
    movies += added.map { page.results[$0] }
    ranks += added.map { Self.rank(page, at: $0, number: number) }
    pagesLoaded = max(pagesLoaded, number)
    totalPages = added.isEmpty ? pagesLoaded : max(page.totalPages, pagesLoaded)
    skippedEntries += page.skippedEntries
  }

  /// The rank of a page's result at `offset`, the page being number `number` as asked.
  private static func rank(_ page: MediaPage, at offset: Int, number: Int) -> Int {
    var asked = page
    asked.page = number
    return asked.rank(at: offset)
  }
}
