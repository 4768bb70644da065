import Testing

@testable import TrendingCore

@Suite("mpv's events and how far a file was played")
struct PlaybackTests {
  private func event(_ line: String) -> MpvEvent { MpvEvent(line: Array(line.utf8)) }

  @Test func mpvLinesAreReadForThePositionTheDurationAndTheEnd() {
    #expect(event(#"{"event":"property-change","id":1,"name":"time-pos","data":12.5}"#) == .position(12.5))
    #expect(event(#"{"event":"property-change","id":2,"name":"duration","data":4.023}"#) == .duration(4.023))
    #expect(event(#"{"event":"end-file","reason":"eof","playlist_entry_id":1}"#) == .endFile(reason: "eof"))
    #expect(event(#"{"event":"end-file","reason":"quit"}"#) == .endFile(reason: "quit"))
    #expect(event(#"{"event":"start-file","playlist_entry_id":2}"#) == .startFile)
    // A property not yet known has no data; replies, other events and junk are nothing.
    #expect(event(#"{"event":"property-change","id":1,"name":"time-pos"}"#) == .other)
    #expect(event(#"{"event":"property-change","id":1,"name":"time-pos","data":-3}"#) == .other)
    #expect(event(#"{"event":"property-change","id":3,"name":"volume","data":100}"#) == .other)
    #expect(event(#"{"request_id":0,"error":"success"}"#) == .other)
    #expect(event("not json") == .other)
    #expect(event(#"{"event":"property-change","name":"time-pos","data":"12"}"#) == .other)
    let long =
      #"{"event":"end-file","reason":"eof","x":""# + String(repeating: "a", count: MpvEvent.longestLine) + #""}"#
    #expect(event(long) == .other, "a line longer than mpv's longest is not read")
    #expect(MpvEvent.observeCommands.split(separator: "\n").count == 2)
  }

  @Test func theFurthestPointCountsAndTheEndIsAWatch() {
    var progress = PlaybackProgress()
    #expect(!progress.isWatched(threshold: 90) && progress.percent == nil)
    progress.take(.duration(100))
    progress.take(.position(0))
    progress.take(.position(50))
    #expect(progress.percent == 50 && !progress.isWatched(threshold: 90))
    progress.take(.position(92))
    progress.take(.position(10))  // a seek back: the furthest point stays
    #expect(progress.furthest == 92 && progress.isWatched(threshold: 90) && !progress.isWatched(threshold: 95))
    #expect(progress.percent == 92)

    var short = PlaybackProgress()
    short.take(.duration(100))
    short.take(.position(30))
    short.take(.endFile(reason: "quit"))
    #expect(!short.isWatched(threshold: 90) && short.ended && !short.reachedEnd)
    short.take(.startFile)
    short.take(.position(99))  // another file after the first: not ours
    #expect(short.furthest == 30)

    var ended = PlaybackProgress()
    ended.take(.position(3))
    ended.take(.endFile(reason: "eof"))
    #expect(ended.isWatched(threshold: 100), "played to its end, even with no duration known")
    #expect(PlaybackProgress(position: 5400, duration: 6000).isWatched(threshold: 90))
    #expect(!PlaybackProgress(position: 5399, duration: 6000).isWatched(threshold: 90))
    #expect(PlaybackProgress(position: 7000, duration: 6000).percent == 100)
  }

  /// A file resumed where a finished watch left it (mpv's saved place, `--start=92%`): played on
  /// to its end it is still that watch, not another.
  @Test func aFileBegunPastTheThresholdIsNoNewWatch() {
    var resumed = PlaybackProgress()
    resumed.take(.position(92))
    resumed.take(.duration(100))
    resumed.take(.position(99))
    resumed.take(.endFile(reason: "eof"))
    #expect(resumed.began(pastThreshold: 90) && !resumed.isWatched(threshold: 90))
    #expect(!resumed.began(pastThreshold: 95) && resumed.isWatched(threshold: 95), "begun before 95%: counts")
    // Resumed in the credits, then started over from the top and watched: a watch.
    var again = PlaybackProgress()
    again.take(.duration(100))
    again.take(.position(95))
    again.take(.position(0))
    again.take(.position(50))
    #expect(again.start == 0 && again.furthest == 50 && !again.isWatched(threshold: 90))
    again.take(.position(91))
    #expect(again.isWatched(threshold: 90))
  }

  @Test func watchedAtIsAPercentageFromOneToAHundred() {
    #expect(WatchedAt.parse("90") == 90 && WatchedAt.parse("1") == 1 && WatchedAt.parse("100") == 100)
    for bad in ["0", "101", "-5", "90%", "ninety", "", "9 0", "٩٠"] { #expect(WatchedAt.parse(bad) == nil, "\(bad)") }
    #expect(WatchedAt.threshold([:]) == 90)
    #expect(WatchedAt.threshold(["watched-at": "75"]) == 75)
    var settings = Settings(parsing: "set watched-at 80\nset watched-at 150\n")
    #expect(settings.values["watched-at"] == "80")
    #expect(settings.problems.count == 1 && settings.problems[0].line == 2)
    #expect(settings.problems[0].message.contains("1 to 100"))
    settings = Settings(parsing: "set watched-at 95%\n")
    #expect(settings.values["watched-at"] == nil && settings.problems.count == 1)
    #expect(Settings.names.contains { $0.name == "watched-at" })
  }
}
