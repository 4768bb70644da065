import Foundation
import Testing

@testable import AmodbKit

@Suite("The embedded demo data through the real client")
struct DemoDataTests {
  private let client = AmodbClient(configuration: DemoTransport.configuration(), transport: DemoTransport())

  @Test func twoWeekPagesAndADayPage() async throws {
    let first = try await client.fetch(TrendingRequest(window: .week, page: 1, language: "en-US")).value
    let second = try await client.fetch(TrendingRequest(window: .week, page: 2, language: "en-US")).value
    let day = try await client.fetch(TrendingRequest(window: .day, page: 1, language: "en-US")).value
    #expect(first.results.count == 20)
    #expect(first.totalPages == 2)
    #expect(!second.results.isEmpty)
    #expect(!day.results.isEmpty)
    #expect(first.skippedEntries + second.skippedEntries + day.skippedEntries == 0)
  }

  @Test func everyListedFilmHasFullDetails() async throws {
    var ids = Set<Int>()
    for (window, page) in [(TimeWindow.week, 1), (.week, 2), (.day, 1)] {
      let listing = try await client.fetch(TrendingRequest(window: window, page: page, language: "en-US")).value
      ids.formUnion(listing.results.map(\.id))
    }
    for id in ids {
      let details = try await client.fetch(MovieDetailsRequest(id: id, language: "en-US")).value
      #expect(details.id == id)
      #expect(details.credits != nil)
    }
  }

  @Test func theEdgeCasesAreThere() async throws {
    var films: [MediaSummary] = []
    for page in [1, 2] {
      films += try await client.fetch(TrendingRequest(window: .week, page: page, language: "en-US")).value.results
    }
    #expect(films.contains { $0.posterPath == nil })
    #expect(films.contains { $0.releaseDate == nil })
    #expect(films.contains { $0.voteCount == 0 })
    #expect(films.contains { $0.title.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } })
    #expect(films.contains { $0.title.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
    #expect(films.contains { $0.title.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) } })
    #expect(films.contains { $0.title.count > 60 })
    var withoutRatings = 0
    for film in films {
      let details = try await client.fetch(MovieDetailsRequest(id: film.id, language: "en-US")).value
      if details.ratings == nil { withoutRatings += 1 }
    }
    #expect(withoutRatings >= 1)
  }

  @Test func unknownFilmsAreNotFound() async {
    let result = await client.result(MovieDetailsRequest(id: 999_999_999, language: "en-US"))
    guard case .failure(.notFound) = result else {
      Issue.record("expected not found, got \(result)")
      return
    }
  }

  @Test func searchMatchesTitles() async throws {
    let page = try await client.fetch(SearchRequest(query: "matrix", language: "en-US")).value
    #expect(page.results.map(\.title) == ["The Matrix"])
  }
}
