/// A title the user liked or saw lately: a possible seed of the recommendations.
public struct TasteSeed: Equatable, Sendable {
  /// The title.
  public var media: MediaID
  /// Its name as the library knows it.
  public var title: String
  /// The user's rating of the title itself, if any.
  public var rating: Int?
  /// The day of its latest watch (any episode of a series), if seen.
  public var lastSeen: String?

  /// Makes a seed.
  public init(media: MediaID, title: String, rating: Int? = nil, lastSeen: String? = nil) {
    self.media = media
    self.title = title
    self.rating = rating
    self.lastSeen = lastSeen
  }
}
