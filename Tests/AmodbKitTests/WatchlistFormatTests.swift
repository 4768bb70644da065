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
