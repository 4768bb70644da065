import AmodbKit
import Foundation
import Glibc
import LibraryKit
import Synchronization
import TestSupport
import Testing
import TrendingCore

@testable import TerminalUI

/// The player's command and the IPC watch, with the test standing in for mpv on the socket (the
/// end-to-end tests play real files in a real mpv).
@Suite("mpv's command and its IPC socket, watched")
struct MpvWatchTests {
  /// A folder of mode 0700, as `XDG_RUNTIME_DIR` is.
  private func runtime() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mpvwatch-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
    return folder
  }

  @Test func theSettingIsUsedWhenItIsMpvElseMpvOnThePath() throws {
    let bin = try runtime()
    try ExecutableScript.write("#!/bin/sh\n", to: bin.appendingPathComponent("mpv"))
    let path = ["PATH": bin.path]
    let socket = "/run/s/mpv.sock"
    #expect(
      MpvPlayer(setting: nil, environment: path).command(playing: "/v/a.mkv", socket: socket)
        == [bin.path + "/mpv", "--input-ipc-server=/run/s/mpv.sock", "/v/a.mkv"])
    #expect(
      MpvPlayer(setting: "/opt/mpv --fs --input-ipc-server=/tmp/theirs", environment: path)
        .command(playing: "/v/a.mkv", socket: socket)
        == ["/opt/mpv", "--input-ipc-server=/run/s/mpv.sock", "--fs", "/v/a.mkv"])
    #expect(
      MpvPlayer(setting: "mpv --title %s --fs", environment: path).command(playing: "/v/a.mkv", socket: socket)
        == ["mpv", "--input-ipc-server=/run/s/mpv.sock", "--title", "/v/a.mkv", "--fs"])
    // A player that is not mpv cannot be watched: mpv from PATH plays instead, or nothing.
    #expect(
      MpvPlayer(setting: "vlc --fullscreen", environment: path).command(playing: "/v/a.mkv", socket: socket)?.first
        == bin.path + "/mpv")
    #expect(
      MpvPlayer(setting: "vlc", environment: ["PATH": "/nonexistent"]).command(playing: "x", socket: socket) == nil)
  }

  @Test func theSocketsFolderIsPrivateAndInTheRuntimeFolderWhenItIsOne() throws {
    let folder = try runtime()
    let made = try #require(MpvWatch.privateFolder(["XDG_RUNTIME_DIR": folder.path]))
    #expect(made.hasPrefix(folder.path + "/trending-mpv-"))
    let mode = try FileManager.default.attributesOfItem(atPath: made)[.posixPermissions] as? Int
    #expect(mode == 0o700)
    rmdir(made)
    // A runtime folder others may enter, or a relative one, is passed over for the temporary folder.
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let elsewhere = try #require(MpvWatch.privateFolder(["XDG_RUNTIME_DIR": folder.path, "TMPDIR": "/tmp"]))
    #expect(elsewhere.hasPrefix("/tmp/trending-mpv-"))
    rmdir(elsewhere)
    let relative = try #require(MpvWatch.privateFolder(["XDG_RUNTIME_DIR": "run"]))
    #expect(relative.hasPrefix("/tmp/trending-mpv-"))
    rmdir(relative)
    let long = "/" + String(repeating: "d", count: 100)
    let short = try #require(MpvWatch.privateFolder(["TMPDIR": long]))
    #expect(short.hasPrefix("/tmp/trending-mpv-"), "too long for a socket's path")
    rmdir(short)
  }

  @Test func aTypedPathIsReadFromHomeAndCompletedFromItsFolder() throws {
    let home = try runtime()
    let videos = home.appendingPathComponent("Videos")
    try FileManager.default.createDirectory(
      at: videos.appendingPathComponent("Show"), withIntermediateDirectories: true)
    for name in ["Film.1999.mkv", "Film.2001.mkv", "bad\u{1b}[2Jname.mkv"] {
      #expect(FileManager.default.createFile(atPath: videos.appendingPathComponent(name).path, contents: Data()))
    }
    let files = FilePlayer(setting: nil, threshold: 90, environment: ["HOME": home.path])
    #expect(files.resolve("~/Videos/a.mkv") == home.path + "/Videos/a.mkv")
    #expect(files.resolve("/abs.mkv") == "/abs.mkv")
    #expect(files.resolve("rel.mkv").hasSuffix("/rel.mkv") && files.resolve("rel.mkv").hasPrefix("/"))
    #expect(files.complete("~/Vi") == ("~/Videos/", 1))
    #expect(files.complete("~/Videos/F") == ("~/Videos/Film.", 2))
    #expect(files.complete("~/Videos/Film.2") == ("~/Videos/Film.2001.mkv", 1))
    #expect(files.complete("~/Videos/S") == ("~/Videos/Show/", 1))
    #expect(files.complete("~/Videos/b") == ("~/Videos/b", 0), "a name a terminal cannot show is not offered")
    #expect(files.complete("~/Nowhere/x") == ("~/Nowhere/x", 0))
  }

  @Test func aPlayedFilesChangeIsOneWatchADayForAFilmAndAnEpisode() throws {
    let library = try Library(path: try runtime().appendingPathComponent("library.sqlite3"))
    var film = LibraryChange(
      id: 550, media: .film, title: "Fight Club", year: 1999, kind: .seen(true), day: "2026-03-01")
    film.once = true
    _ = try LibraryChanges.store(film, in: library)
    let after = try LibraryChanges.store(film, in: library)
    #expect(after == .mark(.film(550), try library.annotatedMarks(of: .film(550))[.film(550)]))
    let season = (1...3).map {
      MarkedEpisode(key: EpisodeKey(season: 1, number: $0), name: "E\($0)", airDate: nil, runtime: 50)
    }
    var episode = LibraryChange(
      series: MediaSummary(id: 1396, kind: .series, title: "Breaking Bad"), episodes: [season[1]], seen: true,
      day: "2026-03-01", seasons: season)
    episode.once = true
    _ = try LibraryChanges.store(episode, in: library)
    #expect(
      try LibraryChanges.store(episode, in: library)
        == .episodes(series: 1396, .on("2026-03-01", [EpisodeKey(season: 1, number: 2)])))
    #expect(try library.history().count == 2, "the second of each on the same day added nothing")
  }

  @Test func aListAddOfATitleOnTheListAlreadyIsAnsweredSo() throws {
    let library = try Library(path: try runtime().appendingPathComponent("library.sqlite3"))
    let change = LibraryChange(id: 550, title: "Fight Club", year: 1999, kind: .list("Noir"), day: "2026-03-01")
    let mark = { try library.annotatedMarks(of: .film(550))[.film(550)] }
    // The first add made the list: its undo takes the list away too.
    #expect(try LibraryChanges.store(change, in: library) == .replaced(.film(550), mark(), Replaced(madeList: true)))
    #expect(try LibraryChanges.store(change, in: library) == .listedAlready(.film(550), mark()))
    var heat = change
    (heat.id, heat.title) = (949, "Heat")
    #expect(
      try LibraryChanges.store(heat, in: library)
        == .mark(.film(949), try library.annotatedMarks(of: .film(949))[.film(949)]), "onto a list there already")
  }

  @Test func linesAreCutWhereverTheReadsEndAndOverlongOnesDropped() {
    var buffer = LineBuffer()
    #expect(buffer.take(Array("{\"a\":1}\n{\"b\"".utf8)[...]) == [Array("{\"a\":1}".utf8)])
    #expect(buffer.take(Array(":2}\n\n".utf8)[...]) == [Array("{\"b\":2}".utf8), []])
    #expect(buffer.take(Array(repeating: UInt8(ascii: "x"), count: MpvEvent.longestLine + 1)[...]).isEmpty)
    #expect(buffer.take(Array("xx\nok\n".utf8)[...]) == [Array("ok".utf8)], "the overlong line is dropped whole")
  }

  /// The test as mpv: makes the socket the watch waits for, reads its two requests, then says `lines`.
  private func standIn(at path: String, saying lines: [String]) throws -> [String] {
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    defer { close(listener) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0 && listen(listener, 1) == 0)
    let client = accept(listener, nil, nil)
    try #require(client >= 0)
    defer { close(client) }
    var received = ""
    var chunk = [UInt8](repeating: 0, count: 1024)
    while received.split(separator: "\n").count < 2 {
      let count = read(client, &chunk, chunk.count)
      guard count > 0 else { break }
      received += String(decoding: chunk[..<count], as: UTF8.self)
    }
    for line in lines { _ = line.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) } }
    return received.split(separator: "\n").map(String.init)
  }

  @Test func theWatchAsksForThePositionAndSaysOnceWhenTheThresholdIsPassed() throws {
    let calls = Mutex<[Double]>([])
    let watch = try MpvWatch.start(environment: ["XDG_RUNTIME_DIR": try runtime().path], threshold: 90) {
      progress, _ in calls.withLock { $0.append(progress.furthest) }
    }.get()
    let asked = try standIn(
      at: watch.socket,
      saying: [
        #"{"request_id":0,"error":"success"}"# + "\n",
        #"{"event":"property-change","id":2,"name":"duration","data":100.0}"# + "\n{\"event\":\"property-ch",
        #"ange","id":1,"name":"time-pos","data":50.0}"# + "\n",
        #"{"event":"property-change","id":1,"name":"time-pos","data":91.5}"# + "\n",
        #"{"event":"property-change","id":1,"name":"time-pos","data":95.0}"# + "\n",
        #"{"event":"end-file","reason":"eof"}"# + "\n",
      ])
    #expect(asked == MpvEvent.observeCommands.split(separator: "\n").map(String.init))
    let outcome = watch.finish()
    #expect(outcome.progress.furthest == 95 && outcome.progress.reachedEnd && outcome.reachedAt != nil)
    #expect(calls.withLock { $0 } == [91.5], "said once, when first past 90%")
    #expect(access(watch.socket, F_OK) != 0, "the socket and its folder are gone")
  }

  @Test func aPlayerThatNeverMadeTheSocketEndsTheWatchEmpty() throws {
    let watch = try MpvWatch.start(environment: ["XDG_RUNTIME_DIR": try runtime().path], threshold: 90) { _, _ in
      Issue.record("nothing was played")
    }.get()
    let outcome = watch.finish()
    #expect(outcome.progress == PlaybackProgress() && outcome.reachedAt == nil)
  }
}
