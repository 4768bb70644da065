extension AmodbClient {
  /// A title's recommendations, from the request its own screen makes (a series' details for a
  /// series, a film's otherwise), so a fresh answer in the cache is used.
  public func recommendations(of media: MediaID) async -> Result<[MediaSummary], AmodbError> {
    let language = configuration.language
    switch media.kind {
    case .series:
      return await result(SeriesRequest(id: media.id, language: language)).map(\.value.recommendations)
    case .film, .person:
      return await result(MovieDetailsRequest(id: media.id, language: language)).map(\.value.recommendations)
    }
  }
}
