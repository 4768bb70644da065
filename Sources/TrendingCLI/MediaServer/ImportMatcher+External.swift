import AmodbKit
import FoundationEssentials
import LibraryKit

extension ImportMatcher {
  /// The film or series each outside id names, found as the import finds its rows (`/find`, answers
  /// kept first, the client's budget and 429 waits): an id that names nothing, an episode, or a
  /// title of another kind than the play's is left out; an answer that fails (not a 404) stops.
  func titles(for ids: [ExternalID], progress: ImportProgress) -> Result<[ExternalID: TitleInfo], AmodbError> {
    var rows = ImportRows()
    for id in ids {
      guard let reference = id.reference else { continue }
      rows.rows.append(
        ImportRow(
          place: RowPlace(file: id.source.rawValue, line: rows.rows.count + 1), reference: reference, title: id.id,
          year: nil, action: .watch(day: "")))
    }
    return match(rows, progress: progress).map { targets in
      var found: [ExternalID: TitleInfo] = [:]
      for id in ids {
        guard let reference = id.reference, let target = targets[reference], target.episode == nil,
          target.info.media.kind == id.kind
        else { continue }
        found[id] = target.info
      }
      return found
    }
  }
}

extension ImportMatcher {
  /// Each series' details (the cache while fresh, or asked anew when `fresh`), for the seasons and
  /// episodes it holds; the ids amodb has no series for (404) apart; another failure is the error.
  func seriesDetails(_ ids: [Int], fresh: Bool = false, progress: ImportProgress? = nil)
    -> Result<([Int: SeriesDetails], Set<Int>), AmodbError>
  {
    guard let client else { return .success(([:], [])) }
    var found: [Int: SeriesDetails] = [:]
    var missing: Set<Int> = []
    for (done, id) in ids.enumerated() {
      let request = APIRequest.series(SeriesRequest(id: id, language: client.configuration.language))
      switch TrendingCommand.blocking({ await client.answer(request, forceRefresh: fresh) }) {
      case .success(let fetched):
        if let details = fetched.value.series { found[id] = details }
      case .failure(.notFound): missing.insert(id)
      case .failure(let error): return .failure(error)
      }
      progress?.update(done + 1)
    }
    return .success((found, missing))
  }
}
