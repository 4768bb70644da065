/// One name (a file's or a folder's) read on its own.
struct ParsedName: Equatable {
  /// The title's words, joined by spaces.
  var title = ""
  /// The year.
  var year: Int?
  /// The season.
  var season: Int?
  /// The episode.
  var episode: Int?
  /// The last of several episodes in one file.
  var lastEpisode: Int?
  /// A daily show's air date, `YYYY-MM-DD`.
  var airDate: String?
  /// The ids the name carries.
  var tags = NameTags()
  /// A number the name starts with (`02 - Title`), for a file in a season's folder.
  var leadingNumber: Int?
  /// Whether the name had nothing but release words (`1080p.BluRay`).
  var onlyJunk = false

  /// Whether the name says it is an episode.
  var isEpisode: Bool { episode != nil || season != nil || airDate != nil }
}

/// The ids a name carries as tags.
struct NameTags: Equatable {
  /// A TMDB id.
  var tmdb: Int?
  /// An IMDb id.
  var imdb: String?
}

/// A word of a name, and whether a dash standing alone (` - `) came before it.
struct NameToken {
  /// The word as written.
  var text: String
  /// Whether a lone dash came before it.
  var afterDash: Bool
}

extension MediaFileName {
  /// The words that end a title: resolutions, sources, codecs, editions and the like.
  static let releaseWords: Set<String> = [
    "480p", "576p", "720p", "1080p", "1080i", "2160p", "4k", "uhd", "hd", "sd", "web", "webrip", "web-dl", "webdl",
    "web-rip", "bluray", "blu-ray", "bdrip", "brrip", "bdremux", "remux", "hdtv", "hdtvrip", "pdtv", "dvdrip", "dvd",
    "dvdscr", "dvd5", "dvd9", "hdrip", "hdcam", "cam", "ts", "telesync", "x264", "x265", "h264", "h265", "hevc", "avc",
    "xvid", "divx", "10bit", "8bit", "hdr", "hdr10", "dv", "aac", "ac3", "dts", "ddp", "ddp5", "dd5", "atmos", "truehd",
    "flac", "mp3", "proper", "repack", "extended", "unrated", "remastered", "internal", "limited", "multi", "dubbed",
    "subbed", "imax", "amzn", "nf", "dsnp", "hmax", "atvp", "hulu", "itunes", "complete", "rus", "eng",
  ]

  /// The words that name a season, in the languages' folders people use.
  static let seasonWords: Set<String> = ["season", "series", "сезон", "saison", "staffel", "temporada", "stagione"]
  /// The words that name an episode.
  static let episodeWords: Set<String> = ["episode", "ep", "серия", "эпизод", "épisode", "folge", "episodio"]

  /// Reads one name: its tags, then its words up to the first marker as the title, then the markers.
  static func parse(_ name: String) -> ParsedName {
    var parsed = ParsedName()
    parsed.tags = tags(in: name)
    let tokens = tokenise(cleaned(name))
    var titleEnd: Int?
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      let word = token.text.lowercased()
      let next = index + 1 < tokens.count ? tokens[index + 1].text.lowercased() : nil
      var marker = true
      var used = 1
      if let (season, episode) = seasonEpisode(word) {
        if parsed.season == nil {
          parsed.season = season
          parsed.episode = episode
          parsed.lastEpisode = episode.flatMap { lastEpisode(in: word, first: $0) }
        }
        if episode == nil, let next, let number = episodeNumber(next) ?? bareEpisode(tokens[index + 1]) {
          parsed.episode = parsed.episode ?? number
          used = 2
        } else if let episode, parsed.lastEpisode == nil, let next, let number = episodeNumber(next),
          isLastEpisode(number, first: episode)
        {
          // `S01E03.E04`: the file's second episode as a word of its own.
          parsed.lastEpisode = number
          used = 2
        }
      } else if let number = cjkNumber(word, suffixes: ["集", "話", "话", "回"]) {
        parsed.episode = parsed.episode ?? number
      } else if let number = cjkNumber(word, suffixes: ["季"]) {
        parsed.season = parsed.season ?? number
      } else if episodeWords.contains(word), let next, let number = smallNumber(next) {
        parsed.episode = parsed.episode ?? number
        used = 2
      } else if seasonWords.contains(word), let next, let number = smallNumber(next) {
        parsed.season = parsed.season ?? number
        used = 2
      } else if let number = smallNumber(word), let next, seasonWords.contains(next) {
        parsed.season = parsed.season ?? number
        used = 2
      } else if let number = smallNumber(word), let next, episodeWords.contains(next) {
        parsed.episode = parsed.episode ?? number
        used = 2
      } else if let date = airDate(tokens, at: index) {
        parsed.airDate = parsed.airDate ?? date
        used = 3
      } else if let year = year(word), index > 0, !(next.flatMap(self.year) != nil && titleEnd == nil) {
        parsed.year = parsed.year ?? year
      } else if token.afterDash, titleEnd == nil, parsed.episode == nil, let number = absoluteEpisode(word) {
        parsed.episode = number
      } else if releaseWords.contains(word)
        || releaseWords.contains(word.split(separator: "-").first.map(String.init) ?? "")
      {
        if titleEnd == nil { titleEnd = index }
        break
      } else {
        marker = false
      }
      if marker, titleEnd == nil { titleEnd = index }
      index += used
    }
    let words = tokens[..<(titleEnd ?? tokens.count)].map(\.text)
    parsed.title = words.joined(separator: " ")
    parsed.onlyJunk = words.isEmpty && titleEnd != nil && parsed.year == nil && !parsed.isEpisode
    if let first = tokens.first, year(first.text) == nil { parsed.leadingNumber = smallNumber(first.text) }
    return parsed
  }

  /// `S01E02`, `s1e2`, `S01E01E02`, `S01E01-E02` (season, first episode); `S01` alone (season, nil);
  /// `1x02`, `01x02`.
  static func seasonEpisode(_ word: String) -> (Int, Int?)? {
    let characters = Array(word)
    if characters.first == "s", characters.count >= 2 {
      let digits = characters.dropFirst().prefix { $0.isASCII && $0.isNumber }
      guard (1...3).contains(digits.count), let season = Int(String(digits)) else { return nil }
      let rest = characters.dropFirst(1 + digits.count)
      if rest.isEmpty { return (season, nil) }
      guard rest.first == "e" else { return nil }
      let episode = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
      guard (1...4).contains(episode.count), let number = Int(String(episode)) else { return nil }
      return (season, number)
    }
    let halves = word.split(separator: "x", omittingEmptySubsequences: false)
    guard halves.count == 2, (1...2).contains(halves[0].count), (1...3).contains(halves[1].count),
      halves.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), let season = Int(halves[0]),
      let episode = Int(halves[1])
    else { return nil }
    return (season, episode)
  }

  /// The last of several episodes in one word after its first (`s01e01e02`, `s01e03-e04`,
  /// `s01e03-04`); nil for one episode.
  static func lastEpisode(in word: String, first: Int) -> Int? {
    guard word.first == "s", let marker = word.firstIndex(of: "e") else { return nil }
    var rest = word[word.index(after: marker)...].drop { $0.isASCII && $0.isNumber }
    var last: Int?
    while !rest.isEmpty {
      if rest.first == "-" { rest = rest.dropFirst() }
      if rest.first == "e" { rest = rest.dropFirst() }
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard (1...4).contains(digits.count), let number = Int(digits) else { return nil }
      last = number
      rest = rest.dropFirst(digits.count)
    }
    return last.flatMap { isLastEpisode($0, first: first) ? $0 : nil }
  }

  /// Whether `number` can end a run of episodes in one file that starts at `first`: after it, and
  /// not so far that it reads as something else.
  static func isLastEpisode(_ number: Int, first: Int) -> Bool {
    number > first && number - first <= 10
  }

  /// `E02` or `EP02`.
  static func episodeNumber(_ word: String) -> Int? {
    if let number = prefixedNumber(word, prefix: "ep") { return number }
    return prefixedNumber(word, prefix: "e")
  }

  /// A number after a prefix (`s01`, `e2`), up to 4 digits.
  static func prefixedNumber(_ word: String, prefix: String) -> Int? {
    guard word.hasPrefix(prefix) else { return nil }
    return smallNumber(String(word.dropFirst(prefix.count)))
  }

  /// A number of 1 to 4 ASCII digits.
  static func smallNumber(_ word: String) -> Int? {
    guard (1...4).contains(word.count), word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(word)
  }

  /// A bare episode number after a season's `S2`: after a lone dash as an anime's (`S2 - 05`),
  /// else of 1 to 3 digits (`S03 07`, not a resolution's `2160`).
  static func bareEpisode(_ token: NameToken) -> Int? {
    let word = token.text.lowercased()
    return token.afterDash ? absoluteEpisode(word) : word.count <= 3 ? smallNumber(word) : nil
  }

  /// An anime's episode after a lone dash: 1 to 4 digits, `12v2` too; not a year.
  static func absoluteEpisode(_ word: String) -> Int? {
    let digits = word.prefix { $0.isASCII && $0.isNumber }
    let rest = word.dropFirst(digits.count)
    guard (1...4).contains(digits.count), rest.isEmpty || (rest.first == "v" && rest.count == 2) else { return nil }
    if digits.count == 4, year(String(digits)) != nil { return nil }
    return Int(digits)
  }

  /// `第01集`, `第1話`, `第2季`: the number between `第` (which may be left out) and a suffix.
  static func cjkNumber(_ word: String, suffixes: [Character]) -> Int? {
    guard let last = word.last, suffixes.contains(last) else { return nil }
    var inner = word.dropLast()
    if inner.first == "第" { inner = inner.dropFirst() }
    return smallNumber(String(inner))
  }

  /// A year from 1900 to 2099.
  static func year(_ word: String) -> Int? {
    guard word.count == 4, let number = smallNumber(word), (1900...2099).contains(number) else { return nil }
    return number
  }

  /// `2024.03.05` at `index`: a year, a month and a day, as `2024-03-05`.
  static func airDate(_ tokens: [NameToken], at index: Int) -> String? {
    guard index > 0, index + 2 < tokens.count, let year = year(tokens[index].text),
      tokens[index + 1].text.count == 2, let month = smallNumber(tokens[index + 1].text), (1...12).contains(month),
      tokens[index + 2].text.count == 2, let day = smallNumber(tokens[index + 2].text), (1...31).contains(day)
    else { return nil }
    return "\(year)-\(tokens[index + 1].text)-\(tokens[index + 2].text)"
  }
}
