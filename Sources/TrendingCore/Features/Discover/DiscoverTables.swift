import AmodbKit

/// The genre and service tables the form offers, from amodb when they came, else the built-in names.
public enum DiscoverTables {
  /// The film genres TMDB has, by id, as the built-in table names them.
  static let builtInGenreIDs = [
    28, 12, 16, 35, 80, 99, 18, 10751, 14, 36, 27, 10402, 9648, 10749, 878, 10770, 53, 10752, 37,
  ]
  /// The most services the form lists (the region's most prominent).
  static let serviceLimit = 30

  /// The genres of films or series in the interface's language.
  public static func genres(_ shared: Shared, media: MediaKind = .film) -> [NamedID] {
    if let table = shared.answers[shared.genresRequest(media)]?.value?.genres, !table.genres.isEmpty {
      return table.genres
    }
    let ids = media == .series ? GenreNames.seriesIDs : builtInGenreIDs
    return ids.compactMap { id in
      (media == .series ? Genres.seriesName(id) : Genres.name(id)).map { NamedID(id: id, name: $0) }
    }
  }

  /// The region's services for films or series, in the region's order, the chosen ones it does not
  /// list first; none without a region. Choosing one leaves it where it is, under the selection.
  public static func services(_ shared: Shared, chosen: [NamedID], media: MediaKind = .film) -> [NamedID] {
    let table = shared.providersRequest(media).flatMap { shared.answers[$0]?.value?.providers?.providers } ?? []
    let listed = table.prefix(serviceLimit)
    return chosen.filter { !listed.contains($0) } + listed
  }
}

extension Shared {
  /// The request for the film genre table in the interface's language.
  public var genresRequest: APIRequest { genresRequest(.film) }

  /// The request for the genre table of films or series in the interface's language.
  public func genresRequest(_ media: MediaKind) -> APIRequest {
    .genres(GenreListRequest(media: media, language: language))
  }

  /// The request for the region's film services, when the region is known.
  public var providersRequest: APIRequest? { providersRequest(.film) }

  /// The request for the region's services of films or series, when the region is known.
  public func providersRequest(_ media: MediaKind) -> APIRequest? {
    region.map { .providers(ProviderListRequest(media: media, region: $0, language: language)) }
  }
}
