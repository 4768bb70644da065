/// What a file's path says it is, before anything is asked: a film or an episode, the title's
/// words, a year, a season and episode, an air date, and the ids its name carries as tags.
public struct FileGuess: Sendable, Equatable {
  /// What kind of title the name looks like.
  public enum Kind: String, Sendable, Equatable {
    /// A film: a year, a film's tag, or a title alone.
    case film
    /// An episode of a series: a season and episode, an air date, or a season's folder.
    case episode
    /// Nothing to go on: no title words.
    case unknown
  }

  /// The kind.
  public var kind: Kind
  /// The title's words joined by spaces (the series' title for an episode); empty when none.
  public var title: String
  /// The year (a series' first year for an episode), when the name has one.
  public var year: Int?
  /// The season (1 for an anime's bare episode number, 0 for specials).
  public var season: Int?
  /// The episode's number in the season (the first of several).
  public var episode: Int?
  /// The last of several episodes one file holds (`S01E01E02`, `S01E03-E04`); nil for one.
  public var lastEpisode: Int?
  /// A daily show's air date, `YYYY-MM-DD`.
  public var airDate: String?
  /// A TMDB id from a `{tmdb-550}` or `[tmdbid-550]` tag: a film's, or a series' for an episode.
  public var tmdbID: Int?
  /// An IMDb id, `tt` and digits, from an `[imdbid-tt0137523]` tag or bare in the name.
  public var imdbID: String?

  /// Makes one from its parts.
  public init(
    kind: Kind, title: String, year: Int? = nil, season: Int? = nil, episode: Int? = nil, airDate: String? = nil,
    tmdbID: Int? = nil, imdbID: String? = nil
  ) {
    self.kind = kind
    self.title = title
    self.year = year
    self.season = season
    self.episode = episode
    self.airDate = airDate
    self.tmdbID = tmdbID
    self.imdbID = imdbID
  }
}

/// Reads a media file's path the ways media servers teach people to name files: scene names
/// (`Show.Name.S01E02.720p.WEB.mkv`), `Show Name - 1x02 - Title.mkv`, Plex and Jellyfin folders
/// (`Show Name/Season 01/…`, `Film Title (1999)/…`), anime (`[Group] Show - 12 [1080p].mkv`), tags
/// (`{tmdb-550}`, `[imdbid-tt0137523]`), in any script. Pure: nothing is read from the disk.
public enum MediaFileName {
  /// The extensions taken off a file's name (anything else is kept as part of the name).
  static let extensions: Set<String> = [
    "mkv", "mp4", "m4v", "avi", "mov", "wmv", "mpg", "mpeg", "ts", "m2ts", "webm", "flv", "ogm", "ogv", "divx",
    "iso", "vob", "rmvb", "3gp", "srt", "ass", "ssa", "sub", "idx", "nfo",
  ]

  /// The extensions of files that are no film or episode (text, pictures, music, archives): such a
  /// file is no media name, never searched for.
  static let otherExtensions: Set<String> = [
    "txt", "md", "pdf", "doc", "docx", "odt", "rtf", "epub", "csv", "json", "xml", "html", "htm", "log", "jpg",
    "jpeg", "png", "gif", "webp", "bmp", "svg", "zip", "rar", "7z", "tar", "gz", "xz", "bz2", "exe", "sh", "py",
    "mp3", "flac", "ogg", "wav", "m4a", "aac", "opus", "torrent", "part",
  ]

  /// What `path` (slashes between folders) is taken to be.
  public static func guess(path: String) -> FileGuess {
    var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    guard let last = parts.popLast() else { return FileGuess(kind: .unknown, title: "") }
    if let dot = last.lastIndex(of: "."), dot != last.startIndex,
      otherExtensions.contains(last[last.index(after: dot)...].lowercased())
    {
      return FileGuess(kind: .unknown, title: "")
    }
    let file = parse(withoutExtension(last))
    var guess = FileGuess(
      kind: .unknown, title: file.title, year: file.year, season: file.season, episode: file.episode,
      airDate: file.airDate, tmdbID: file.tags.tmdb, imdbID: file.tags.imdb)
    guess.lastEpisode = file.lastEpisode
    // The folders: a season's folder, then the title's.
    var folders = Array(parts.reversed().prefix(3))
    var seasonFolder: Int?
    if let first = folders.first, let season = seasonNumber(ofFolder: first) {
      seasonFolder = season
      folders.removeFirst()
    }
    var titleFromFolder = file.title.isEmpty && (file.isEpisode || file.onlyJunk)
    if let season = seasonFolder {
      if guess.season == nil { guess.season = season }
      if !file.isEpisode {
        // `02 - Title.mkv` or `Title.mkv` in a season's folder: the episode's, not the series'.
        guess.episode = file.leadingNumber
        titleFromFolder = true
      }
    }
    if let folder = folders.first {
      let parent = parse(folder)
      let sameTitle = !parent.title.isEmpty && folded(parent.title) == folded(guess.title)
      if titleFromFolder {
        guess.title = parent.title
        guess.year = parent.year
      } else if sameTitle {
        guess.year = guess.year ?? parent.year
      }
      if titleFromFolder || sameTitle || seasonFolder != nil {
        guess.tmdbID = guess.tmdbID ?? parent.tags.tmdb
        guess.imdbID = guess.imdbID ?? parent.tags.imdb
      }
    }
    let isEpisode = file.isEpisode || seasonFolder != nil
    if isEpisode {
      guess.kind = .episode
      if guess.episode != nil, guess.season == nil { guess.season = 1 }
    } else if !guess.title.isEmpty || guess.tmdbID != nil || guess.imdbID != nil {
      guess.kind = .film
    }
    if guess.title.isEmpty, guess.tmdbID == nil, guess.imdbID == nil { guess.kind = .unknown }
    return guess
  }

  /// A name without its extension, when the extension is a video's or subtitle's.
  static func withoutExtension(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    let suffix = name[name.index(after: dot)...].lowercased()
    return extensions.contains(suffix) ? String(name[..<dot]) : name
  }

  /// The season a folder's name is (`Season 01`, `S1`, `Specials`, `Сезон 2`, `2 сезон`, `第1季`), if it is one.
  static func seasonNumber(ofFolder name: String) -> Int? {
    let words = name.lowercased().split { $0 == " " || $0 == "." || $0 == "_" || $0 == "-" }.map(String.init)
    if words == ["specials"] || words == ["special"] { return 0 }
    if words.count == 1, let only = words.first {
      if let season = prefixedNumber(only, prefix: "s") { return season }
      return cjkNumber(only, suffixes: ["季"])
    }
    guard words.count == 2 else { return nil }
    if seasonWords.contains(words[0]), let number = smallNumber(words[1]) { return number }
    if seasonWords.contains(words[1]), let number = smallNumber(words[0]) { return number }
    return nil
  }

  /// A title folded for comparing: lower case, letters and digits only, words one space apart.
  static func folded(_ title: String) -> String {
    title.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
  }
}
