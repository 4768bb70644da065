import Testing

@testable import TrendingCore

/// One name as people write it and what it is taken to be.
private struct Named: Sendable, CustomTestStringConvertible {
  var path: String
  var guess: FileGuess
  var testDescription: String { path }

  init(
    _ path: String, _ kind: FileGuess.Kind, _ title: String, year: Int? = nil, season: Int? = nil,
    episode: Int? = nil, last: Int? = nil, date: String? = nil, tmdb: Int? = nil, imdb: String? = nil
  ) {
    self.path = path
    guess = FileGuess(
      kind: kind, title: title, year: year, season: season, episode: episode, airDate: date, tmdbID: tmdb,
      imdbID: imdb)
    guess.lastEpisode = last
  }
}

/// Real-world names: scene, Plex and Jellyfin, anime, tags, Cyrillic and CJK.
private let names: [Named] = [
  // Scene series.
  Named("Show.Name.S01E02.720p.WEB.mkv", .episode, "Show Name", season: 1, episode: 2),
  Named(
    "Breaking.Bad.S05E14.Ozymandias.1080p.WEB-DL.DD5.1.H.264-BS.mkv", .episode, "Breaking Bad", season: 5, episode: 14),
  Named("game.of.thrones.s08e03.720p.hdtv.x264-avs.mkv", .episode, "game of thrones", season: 8, episode: 3),
  Named("The.Office.US.S02E01.The.Dundies.mkv", .episode, "The Office US", season: 2, episode: 1),
  Named("Doctor.Who.2005.S13E01.1080p.HDTV.mkv", .episode, "Doctor Who", year: 2005, season: 13, episode: 1),
  Named("Chernobyl.S01E01E02.1080p.AMZN.WEB-DL.mkv", .episode, "Chernobyl", season: 1, episode: 1, last: 2),
  Named("Severance.S02E01-E02.2160p.ATVP.WEB-DL.mkv", .episode, "Severance", season: 2, episode: 1, last: 2),
  Named("Mr.Robot.S04E13.720p.mkv", .episode, "Mr Robot", season: 4, episode: 13),
  Named("Sherlock_S03_E02_The_Sign_of_Three.mp4", .episode, "Sherlock", season: 3, episode: 2),
  Named("Marvels.Agents.of.S.H.I.E.L.D.S07E01.mkv", .episode, "Marvels Agents of S H I E L D", season: 7, episode: 1),
  // Kodi and others.
  Named("Show Name - 1x02 - Title.mkv", .episode, "Show Name", season: 1, episode: 2),
  Named("Fawlty Towers - 02x06 - Basil the Rat.avi", .episode, "Fawlty Towers", season: 2, episode: 6),
  // Plex and Jellyfin folders.
  Named("Show Name/Season 01/Show Name - S01E02.mkv", .episode, "Show Name", season: 1, episode: 2),
  Named(
    "TV/The Wire (2002)/Season 03/The Wire (2002) - s03e11 - Middle Ground.mkv", .episode, "The Wire", year: 2002,
    season: 3, episode: 11),
  Named("Lost/Season 2/S02E05.mkv", .episode, "Lost", season: 2, episode: 5),
  Named(
    "Friends/Season 10/05 - The One with Rachel's Going Away Party.mkv", .episode, "Friends", season: 10, episode: 5),
  Named(
    "Doctor Who (1963)/Specials/Doctor Who - S00E01.mkv", .episode, "Doctor Who", year: 1963, season: 0, episode: 1),
  Named(
    "Dark (2017) [tmdbid-70523]/Season 1/Dark - S01E03.mkv", .episode, "Dark", year: 2017, season: 1, episode: 3,
    tmdb: 70523),
  Named("Fargo/Season 2/Episode 7.mkv", .episode, "Fargo", season: 2, episode: 7),
  // Scene films.
  Named("Film.Title.1999.1080p.BluRay.mkv", .film, "Film Title", year: 1999),
  Named("The.Matrix.1999.1080p.BluRay.x264-SPARKS.mkv", .film, "The Matrix", year: 1999),
  Named("Blade.Runner.2049.2017.2160p.UHD.BluRay.REMUX.mkv", .film, "Blade Runner 2049", year: 2017),
  Named("1917.2019.1080p.WEBRip.x265.mkv", .film, "1917", year: 2019),
  Named("2001.A.Space.Odyssey.1968.REMASTERED.1080p.mkv", .film, "2001 A Space Odyssey", year: 1968),
  Named("Spider-Man.Into.the.Spider-Verse.2018.720p.mkv", .film, "Spider-Man Into the Spider-Verse", year: 2018),
  Named("Amelie.2001.FRENCH.DVDRip.XviD.avi", .film, "Amelie", year: 2001),
  Named("Inception_2010_BDRip_720p.mkv", .film, "Inception", year: 2010),
  Named("Crouching Tiger, Hidden Dragon (2000).mkv", .film, "Crouching Tiger, Hidden Dragon", year: 2000),
  // Plex and Jellyfin films, tags.
  Named("Film Title (1999)/Film Title (1999).mkv", .film, "Film Title", year: 1999),
  Named("Movies/Fight Club (1999)/Fight Club (1999) {tmdb-550}.mkv", .film, "Fight Club", year: 1999, tmdb: 550),
  Named("Fight Club (1999) [imdbid-tt0137523].mkv", .film, "Fight Club", year: 1999, imdb: "tt0137523"),
  Named("Heat (1995) [tmdbid-949]/Heat (1995) - 1080p.mkv", .film, "Heat", year: 1995, tmdb: 949),
  Named("Alien.1979.tt0078748.1080p.mkv", .film, "Alien", year: 1979, imdb: "tt0078748"),
  Named("Arrival (2016)/1080p.BluRay.mkv", .film, "Arrival", year: 2016),
  Named("Arrival (2016)/sample.mkv", .film, "sample"),
  Named("Parasite (2019) {imdb-tt6751668}/Parasite.mkv", .film, "Parasite", year: 2019, imdb: "tt6751668"),
  // Anime.
  Named(
    "[SubsPlease] Sousou no Frieren - 12 (1080p) [ABCDEF12].mkv", .episode, "Sousou no Frieren", season: 1, episode: 12),
  Named("[Erai-raws] One Piece - 1089 [1080p][Multiple Subtitle].mkv", .episode, "One Piece", season: 1, episode: 1089),
  Named("[HorribleSubs] Mob Psycho 100 - 05v2 [720p].mkv", .episode, "Mob Psycho 100", season: 1, episode: 5),
  // A later season's number, then the episode's after a dash or alone (not a year).
  Named("[SubsPlease] Spy x Family S2 - 05 (1080p).mkv", .episode, "Spy x Family", season: 2, episode: 5),
  Named("Show Name S03 07.mkv", .episode, "Show Name", season: 3, episode: 7),
  // Cyrillic.
  Named("Игра.престолов.S01E02.720p.mkv", .episode, "Игра престолов", season: 1, episode: 2),
  Named("Брат.1997.BDRip.avi", .film, "Брат", year: 1997),
  Named("Кухня - 1 сезон 5 серия.avi", .episode, "Кухня", season: 1, episode: 5),
  Named("Слово пацана/Сезон 1/Слово пацана - S01E04.mkv", .episode, "Слово пацана", season: 1, episode: 4),
  Named("Ирония судьбы, или С лёгким паром! (1975).mkv", .film, "Ирония судьбы, или С лёгким паром!", year: 1975),
  // CJK.
  Named("千と千尋の神隠し (2001).mkv", .film, "千と千尋の神隠し", year: 2001),
  Named("进击的巨人 第01集.mp4", .episode, "进击的巨人", season: 1, episode: 1),
  Named("[字幕组][进击的巨人][12][1080P].mp4", .episode, "进击的巨人", season: 1, episode: 12),
  Named("鬼滅の刃/第2季/鬼滅の刃 第3話.mkv", .episode, "鬼滅の刃", season: 2, episode: 3),
  Named("기생충.2019.1080p.mkv", .film, "기생충", year: 2019),
  // Daily shows, and names that say nothing.
  Named("The.Daily.Show.2024.03.05.Guest.720p.WEB.mkv", .episode, "The Daily Show", date: "2024-03-05"),
  Named("1080p.BluRay.x264.mkv", .unknown, ""),
  Named("notes.txt", .unknown, ""),
  Named("Fight Club (1999)/poster.JPG", .unknown, ""),
]

@Suite("Media file names")
struct MediaFileNameTests {
  @Test func theTableHoldsFortyNames() {
    #expect(names.count >= 40)
  }

  @Test(arguments: names)
  fileprivate func aNameIsReadAsPeopleMeanIt(_ named: Named) {
    #expect(MediaFileName.guess(path: named.path) == named.guess)
  }

  @Test func extensionsGoOnlyWhenTheyAreAVideosOrSubtitles() {
    #expect(MediaFileName.withoutExtension("Film.mkv") == "Film")
    #expect(MediaFileName.withoutExtension("Mr. Robot") == "Mr. Robot")
    #expect(MediaFileName.guess(path: "").kind == .unknown)
  }

  /// A file of two episodes or more names its last: in its word or as a word of its own.
  @Test func aFileOfSeveralEpisodesNamesItsLast() {
    for (path, last) in [
      ("Dark.S01E01E02.1080p.mkv", 2), ("Dark.S01E03-E04.mkv", 4), ("Dark.S01E03.E04.mkv", 4),
      ("Dark - S01E03-04 - Title.mkv", 4), ("Dark.S01E01E02E03.mkv", 3),
    ] {
      let guess = MediaFileName.guess(path: path)
      #expect(guess.kind == .episode && guess.title == "Dark", "\(path)")
      #expect(guess.lastEpisode == last && guess.episode != nil, "\(path): \(guess)")
    }
    for one in ["Dark.S01E03.mkv", "Dark.S01E03.2017.mkv", "Dark.S01E09-E02.mkv", "Dark.S01E01.E40.mkv"] {
      #expect(MediaFileName.guess(path: one).lastEpisode == nil, "\(one)")
    }
  }

  @Test func seasonFoldersInTheirLanguages() {
    #expect(MediaFileName.seasonNumber(ofFolder: "Season 01") == 1)
    #expect(MediaFileName.seasonNumber(ofFolder: "S3") == 3)
    #expect(MediaFileName.seasonNumber(ofFolder: "2 сезон") == 2)
    #expect(MediaFileName.seasonNumber(ofFolder: "Staffel 4") == 4)
    #expect(MediaFileName.seasonNumber(ofFolder: "Specials") == 0)
    #expect(MediaFileName.seasonNumber(ofFolder: "Seasoned") == nil)
  }
}
