import AmodbKit
import FoundationEssentials
import LibraryKit

extension TrendingCommand {
  /// The most titles kept by their id one listing asks amodb's network for (kept answers are free).
  static let namesAskedAtMost = 20

  /// Asks for the titles the library keeps by their id alone ("Film #551", marked while amodb could
  /// not be asked), the cache first, and keeps what comes, before a listing prints them. Without a
  /// key nothing is asked; a round with no answer (offline) ends the asking, and the listing goes
  /// on with what the library holds.
  static func fillNames(
    _ library: Library, invocation: Invocation, environment: [String: String], today: String
  ) throws(LibraryError) {
    var waiting = try library.titlesWithoutName(atMost: 200)[...]
    guard !waiting.isEmpty, let services = try? Setup.services(for: invocation, environment: environment),
      services.client.configuration.missingKeyError == nil
    else { return }
    let client = services.client
    let language = client.configuration.language
    var asked = 0
    while !waiting.isEmpty, asked < namesAskedAtMost {
      let batch = waiting.prefix(min(4, namesAskedAtMost - asked))
      waiting = waiting.dropFirst(batch.count)
      let requests = batch.map { APIRequest.details($0, language: language) }
      var answered = false
      for (media, answer) in zip(batch, blocking({ await client.answers(requests, background: false) })) {
        guard case .success(let fetched) = answer else {
          asked += 1
          // A title amodb does not know is an answer (the network is up); it stays by its id.
          if case .failure(.notFound) = answer { answered = true }
          continue
        }
        asked += fetched.fromCache ? 0 : 1
        answered = true
        let info = fetched.value.series.map(TitleInfo.init) ?? fetched.value.movie.map(TitleInfo.init)
        // An answer about another title is no answer (as `titleInfo` reads it). A library that
        // cannot be changed (a newer version's, a read-only file) is listed as it is.
        if let info, info.media == media, !info.title.isEmpty { try? library.update(info, day: today) }
      }
      guard answered else { break }
    }
  }
}
