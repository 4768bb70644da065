import AmodbKit
import Foundation
import Testing
import TrendingCore

@testable import TrendingViews

@Suite("One score colour: season rows, screens known by their row alone and the wide pane")
struct ScoreToneTests {
  /// The tone of the span that reads `text` in a document.
  static func tone(of text: String, in document: Document) -> Tone? {
    document.lines.joined().first { $0.text.trimmingCharacters(in: .whitespaces) == text }?.style.tone
  }

  @Test func aSeasonsScoreTakesTheListsTone() {
    let document = SeriesDocument.document(
      summary: nil, details: SeriesScenes.details, region: nil, today: ReleaseDate(day: Scenes.now), width: 80)
    #expect(Self.tone(of: "8.3", in: document) == ListView.tone(forScore: 8.3, votes: 1))
    #expect(Self.tone(of: "8.3", in: document) == .score5)
  }

  @Test func aScreenKnownByItsRowAloneColoursItsScore() {
    let poor = MediaSummary(id: 1, kind: .film, title: "Poor", voteAverage: 4.2, voteCount: 30)
    let film = FilmDocument.document(summary: poor, details: nil, region: nil, width: 80)
    #expect(Self.tone(of: "4.2/10", in: film) == .score1)
  }

  @Test func theWidePanesScoresTakeTheListsTone() {
    var shared = Scenes.base(Size(width: 160, height: 48)).shared
    let fair = MediaSummary(id: 2, kind: .film, title: "Fair", voteAverage: 6.4, voteCount: 30)
    #expect(ListPane.scores(fair, shared).map(\.tone) == [.score3])
    shared[series: 95396] = Loadable(value: SeriesScenes.details, fetchedAt: Scenes.now)
    let series = SeriesScenes.series[0]
    #expect(ListPane.scores(series, shared).first?.tone == .score5)
  }
}
