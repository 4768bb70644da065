import AmodbKit
import Localization

extension DiscoverFilter {
  /// The films with a keyword, most popular first: where a film's keyword leads.
  public static func keyword(_ keyword: NamedID) -> DiscoverFilter {
    var filter = DiscoverFilter(media: .film)
    filter.keywords = [keyword]
    return filter
  }

  /// The films of a production company, most popular first: where a film's studio leads.
  public static func company(_ company: NamedID) -> DiscoverFilter {
    var filter = DiscoverFilter(media: .film)
    filter.companies = [company]
    return filter
  }

  /// The header of a list opened from a keyword or a studio ("Keyword: time travel", "Studio: A24"),
  /// nil for any other filter.
  public var linkHeading: String? {
    if let keyword = keywords.first, self == .keyword(keyword) { return tr("Keyword: %s", keyword.name) }
    if let company = companies.first, self == .company(company) { return tr("Studio: %s", company.name) }
    return nil
  }
}

extension MovieDetails {
  /// The film's web pages, TMDB's first, then IMDb's and its own site when known: what `o` offers.
  public var webPages: [WebPage] {
    [.film(id)] + [imdbID.map(WebPage.imdb), homepage.map(WebPage.homepage)].compactMap { $0 }
  }
}
