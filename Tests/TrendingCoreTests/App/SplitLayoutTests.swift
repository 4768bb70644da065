import AmodbKit
import Testing

@testable import TrendingCore

/// A split list's pane and poster go by the terminal's size alone (the reducer asks for the poster
/// before the view has measured a row), and grow with it.
@Suite("Split list layout")
struct SplitLayoutTests {
  @Test func thePaneLeavesTheTableRoomForLongTitlesAndTakesTheRest() {
    // At 180 the table may take 116 columns: a title of 68 running on over the genres fits.
    #expect(PosterLayout.splitPaneMinimum(for: Size(width: 180, height: 50)) == 64)
    #expect(PosterLayout.splitPaneMinimum(for: Size(width: 250, height: 70)) == 120)
    #expect(PosterLayout.listPaneWidth(for: Size(width: 250, height: 70), longestTitle: 68) == 120)
    // Below the split the pane still goes by the longest title and the height.
    #expect(PosterLayout.listPaneWidth(for: Size(width: 160, height: 48), longestTitle: 20) == 48)
  }

  @Test func thePosterGrowsWithTheHeight() throws {
    let narrow = try #require(PosterLayout.listBox(for: Size(width: 180, height: 50)))
    let tall = try #require(PosterLayout.listBox(for: Size(width: 250, height: 70)))
    let short = try #require(PosterLayout.listBox(for: Size(width: 250, height: 40)))
    // Over the text in a narrow pane, as before; beside it, two thirds of the rows.
    #expect(narrow == Size(width: 40, height: 30))
    #expect(tall.height >= 40 && tall.height > narrow.height, "\(tall)")
    #expect(short.height < tall.height)
    // Beside the poster the text keeps its columns in the narrowest pane the size allows.
    let pane = PosterLayout.splitPaneMinimum(for: Size(width: 250, height: 70))
    #expect(pane - 2 - tall.width - PosterLayout.besideGap >= PosterLayout.besideTextMinimum, "the area less the gap")
    // A poster's shape: about 4 columns for 3 rows.
    #expect(abs(tall.width * 3 / 4 - tall.height) <= 1)
  }
}
