import AmodbKit
import Localization

/// The orders a list can be shown in: the list's own (rank), by score, by year, by title.
public enum ListSort: String, Sendable, CaseIterable {
  case rank, score, year, title

  /// How the header names the order: "by score".
  public var label: String {
    switch self {
    case .rank: return tr("by rank")
    case .score: return tr("by score")
    case .year: return tr("by year")
    case .title: return tr("by title")
    }
  }

  /// The next order of `orders`, as `s` cycles them (the first after the last, or after one not among them).
  public func next(among orders: [ListSort] = allCases) -> ListSort {
    guard let index = orders.firstIndex(of: self) else { return orders.first ?? self }
    return orders[(index + 1) % orders.count]
  }

  /// The films in this order; ties keep the list's own order.
  public func apply(_ movies: [MediaSummary]) -> [MediaSummary] {
    switch self {
    case .rank: return movies
    case .score: return stable(movies) { ($0.score ?? -1) > ($1.score ?? -1) }
    case .year:
      return stable(movies) { left, right in
        guard let leftDate = left.releaseDate else { return false }
        guard let rightDate = right.releaseDate else { return true }
        return leftDate > rightDate
      }
    case .title: return stable(movies) { $0.title.lowercased() < $1.title.lowercased() }
    }
  }

  private func stable(_ movies: [MediaSummary], by before: (MediaSummary, MediaSummary) -> Bool) -> [MediaSummary] {
    movies.enumerated().sorted {
      before($0.element, $1.element) || (!before($1.element, $0.element) && $0.offset < $1.offset)
    }
    .map(\.element)
  }
}
