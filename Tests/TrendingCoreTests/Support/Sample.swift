import AmodbKit
import Foundation
import TestSupport

@testable import TrendingCore

/// Builds states and answers for reducer tests.
enum Sample {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  static func films(_ count: Int, from first: Int = 1) -> [MediaSummary] {
    (first..<(first + count)).map { MediaSummary(id: $0, title: "Film \($0)", voteAverage: 7, voteCount: 10) }
  }

  static func page(_ count: Int, from first: Int = 1, page: Int = 1, totalPages: Int = 1) -> MediaPage {
    MediaPage(page: page, totalPages: totalPages, results: films(count, from: first))
  }

  static func fetched<T: Sendable>(_ value: T, at date: Date = start) -> Fetched<T> {
    Fetched(value: value, fetchedAt: date, rateLimit: RateLimitStatus(limit: 40, remaining: 30), fromCache: false)
  }

  static func state(size: Size = Size(width: 80, height: 24)) -> AppState {
    AppState(language: "en-US", size: size, now: start)
  }

  /// A state with `count` films loaded on one of `totalPages` pages.
  static func loaded(_ count: Int = 30, totalPages: Int = 1, size: Size = Size(width: 80, height: 24)) -> AppState {
    var state = state(size: size)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(
      &state, .listLoaded(ListPage(), .success(fetched(page(count, totalPages: totalPages)))))
    return state
  }
}
