import AmodbKit
import Foundation
import Testing

@Suite("The watchlist file's format")
struct WatchlistFormatTests {
  @Test func todaysSixFieldLinesStillRead() {
    let text = "# trending watchlist\n550\tw\t2026-11-01\t\tFight Club\t1999\n"
    let parsed = WatchlistFormat.parse(text)
    #expect(parsed.badLines == 0)
    #expect(parsed.marks[550] == Mark(id: 550, title: "Fight Club", year: 1999, onWatchlist: true, added: "2026-11-01"))
    #expect(parsed.marks[550]?.entry.score == nil, "nothing kept: no score")
  }

  @Test func theSummaryKeptReadsAndShowsAsARow() {
    let text = "# trending watchlist\n550\tw\t2026-11-01\t\tFight Club\t1999\t/abc.jpg\t8.4\t31000\t18,53\n"
    let read = WatchlistFormat.parse(text)
    #expect(read.badLines == 0)
    #expect(read.marks[550]?.summary?.posterPath == "/abc.jpg")
    #expect(read.marks[550]?.summary?.voteAverage == 8.4)
    let row = read.marks[550]?.entry
    #expect(row?.posterPath == "/abc.jpg" && row?.score == 8.4 && row?.voteCount == 31_000)
    #expect(row?.genres == ["Drama", "Thriller"])
  }

  @Test func aHostileSummaryCostsTheSummaryNotTheFilm() {
    let lines = [
      "1\tw\t2026-11-01\t\tOne\t2001\t../../etc/passwd\tnan\t-5\t1,x",
      "2\tw\t2026-11-02\t\tTwo\t2002\t/\u{1B}[2J.jpg\t99\t7\t",
      "3\tw\t2026-11-03\t\tThree\t2003\t/ok.jpg\t11\t999999999999\t4",
    ]
    let read = WatchlistFormat.parse(lines.joined(separator: "\n"))
    #expect(read.badLines == 0 && read.marks.count == 3, "every film is kept")
    #expect(read.marks[1]?.summary == nil, "unreadable fields: no summary")
    #expect(read.marks[2]?.summary?.posterPath == nil, "a path with an escape is dropped")
    #expect(read.marks[2]?.summary?.voteAverage == nil, "a score past 10 is dropped")
    #expect(read.marks[3]?.summary?.posterPath == "/ok.jpg")
    #expect(read.marks[3]?.summary?.voteCount == 1_000_000_000, "votes are bounded")
  }
}

/// The user's day: a moment's day where the clock is ahead of or behind UTC.
@Suite("The user's day")
struct LocalDayTests {
  /// 2026-12-05 01:30 UTC: evening of the 4th in New York, morning of the 5th in Tokyo.
  let moment = Date(timeIntervalSince1970: 1_796_434_200)

  @Test func aMomentFallsOnTheDayOfTheClockThatSeesIt() {
    #expect(ReleaseDate(day: moment).description == "2026-12-05")
    #expect(ReleaseDate(day: moment, utcOffset: -5 * 3_600).description == "2026-12-04")
    #expect(ReleaseDate(day: moment, utcOffset: 9 * 3_600).description == "2026-12-05")
    #expect(ReleaseDate(day: moment, utcOffset: 14 * 3_600).description == "2026-12-05")
    #expect(ReleaseDate(day: moment, utcOffset: -11 * 3_600).description == "2026-12-04")
  }

  @Test func theDayTurnsAtTheLocalMidnight() {
    let justBefore = Date(timeIntervalSince1970: 1_796_432_399)  // 2026-12-05 00:59:59 UTC
    let atMidnight = Date(timeIntervalSince1970: 1_796_432_400)  // 2026-12-05 01:00 UTC, 00:00 at UTC−1
    #expect(ReleaseDate(day: justBefore, utcOffset: -3_600).description == "2026-12-04")
    #expect(ReleaseDate(day: atMidnight, utcOffset: -3_600).description == "2026-12-05")
  }

  @Test func theMachinesOffsetIsWithinTheClocksOfTheWorld() {
    let offset = ReleaseDate.utcOffset(at: moment)
    #expect((-12 * 3_600...14 * 3_600).contains(offset), "\(offset)")
    #expect(ReleaseDate(localDay: moment) == ReleaseDate(day: moment, utcOffset: offset))
  }
}
