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
  /// The entries served on the pages loaded: the next page's ranks follow them (a page merged of
  /// two, a search of every kind, holds 40).
  private var served: Int

  /// Makes a listing from its first page (with no film in it, the whole list).
  public init(firstPage page: MediaPage) {
    movies = page.results
    ranks = page.places.map { $0 + 1 }
    served = page.servedCount
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
    ranks += added.map { served + page.places[$0] + 1 }
    served += page.servedCount
    pagesLoaded = max(pagesLoaded, number)
    totalPages = added.isEmpty ? pagesLoaded : max(page.totalPages, pagesLoaded)
    skippedEntries += page.skippedEntries
  }
}
