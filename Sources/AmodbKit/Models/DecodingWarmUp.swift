import FoundationEssentials

/// Reads a one-entry page on another thread as the program starts, so that the one-time costs of a
/// process's first decode (type metadata, conformance look-ups, code read in from the binary: about
/// half of the first page's decoding) are paid on an idle core while the settings are read, rather
/// than on the way to the first frame.
public enum DecodingWarmUp {
  /// A page of one entry with every field a list row reads.
  static let page = Data(
    utf8Of: #"""
      {"page":1,"total_pages":1,"total_results":1,"results":[{"id":1,"media_type":"movie","title":"A",
      "original_title":"B","release_date":"2000-01-01","poster_path":"/a.jpg","vote_average":7.5,
      "vote_count":10,"overview":"C","genre_ids":[18]}]}
      """#)

  /// Starts the reading on a thread of its own and the concurrency pool's first thread, and
  /// returns at once: the pool is then idle when the first request comes, not busy with this.
  public static func start() {
    Task.detached(priority: .userInitiated) {}
    PlainThread.start { _ = read() }
  }

  /// Reads the page: its entries, or nil when it cannot be read.
  static func read() -> [MediaSummary]? {
    guard JSONDensity.isParseable(page) else { return nil }
    return (try? AmodbJSON.decoder().decode(MediaPage.self, from: page))?.results
  }
}
