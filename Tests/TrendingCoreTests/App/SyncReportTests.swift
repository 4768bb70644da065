import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The browser and the sync folder")
struct SyncReportTests {
  @Test func aSyncThatTookRowsInReadsTheMarksAgainAndTheHeaderKnowsIt() {
    var store = TestStore(Sample.loaded(3))
    let at = Sample.start
    // Nothing came in: the header's standing only.
    store.send(.synced(SyncReport(at: at, devices: 2, applied: 0))) {
      $0.shared.sync = SyncStanding(at: at, devices: 2)
    }
    // Rows came in: read again, as when another process changed the library.
    store.send(.synced(SyncReport(at: at, devices: 3, applied: 4)), effects: [.loadMarks]) {
      $0.shared.sync = SyncStanding(at: at, devices: 3)
    }
  }

  @Test func whatASyncPassedOverAndWhyItFailedAreSaid() {
    var state = Sample.loaded(3)
    _ = Reducer.reduce(
      &state,
      .synced(SyncReport(at: Sample.start, devices: 2, applied: 0, problems: ["ab12/x.txt: not a trending sync file"])))
    #expect(state.shared.notice?.text.contains("x.txt: not a trending sync file") == true)
    _ = Reducer.reduce(
      &state, .synced(SyncReport(at: Sample.start, devices: 0, applied: 0, failure: "Sync failed: no room")))
    #expect(state.shared.notice?.text == "Sync failed: no room")
    #expect(state.shared.sync?.devices == 2, "a failed sync leaves the last standing's devices")
    #expect(state.shared.sync?.failed == true, "and the header no longer says it synced")
    _ = Reducer.reduce(&state, .synced(SyncReport(at: Sample.start, devices: 2, applied: 0)))
    #expect(state.shared.sync == SyncStanding(at: Sample.start, devices: 2), "until one runs")
  }

  @Test func rAlsoSyncsWhenTheLibrarySyncs() {
    var state = Sample.loaded(3)
    #expect(!Reducer.reduce(&state, .key(.character("r"))).contains(.syncLibrary), "no folder, no sync")
    state.shared.sync = SyncStanding(at: Sample.start, devices: 2)
    #expect(Reducer.reduce(&state, .key(.character("r"))).contains(.syncLibrary))
  }
}
