// `make bench`: how fast and light `trending` is, each figure beside a floor measured in the same run.
import AmodbKit
import CChafa
import Foundation
import PosterKit
import TestSupport
import TrendingCore
import TrendingViews

let binary = CommandLine.arguments.dropFirst().first ?? ".build/release/trending"
/// Floors built by `make bench` from Scripts/bench-floors: a bare Swift `print`, a FoundationEssentials JSON decode,
/// and our parts (that decode, ncurses, libcurl, TurboJPEG and chafa, each used once, and nothing of ours).
let bareFloor = CommandLine.arguments.dropFirst(2).first ?? ".build/bench-floors/bare"
let jsonFloor = CommandLine.arguments.dropFirst(3).first ?? ".build/bench-floors/essentials-json"
let partsFloor = CommandLine.arguments.dropFirst(4).first ?? ".build/bench-floors/our-parts"
var results: [Measurement] = []
let baseEnvironment: [String: String] = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]

let server = try LoopbackServer { request in
  if request.path.hasPrefix("/img/") {
    return .respond(
      status: 200, body: TestImages.jpeg(width: 185, height: 278, top: (200, 60, 40), bottom: (20, 40, 120)))
  }
  // A plan generous enough that the scripted sessions measure the app, not the request budget.
  let plan = ["X-RateLimit-Limit": "1000", "X-RateLimit-Remaining": "999"]
  if request.path.hasPrefix("/3/movie/"), let id = Int(request.path.split(separator: "/").last ?? "") {
    return .json(TestClients.detailsJSON(id: id), headers: plan)
  }
  let page = Int(request.query("page") ?? "1") ?? 1
  return .json(
    TestClients.pageJSON(count: 20, firstID: (page - 1) * 20 + 1, page: page, totalPages: 10), headers: plan)
}
let live = baseEnvironment.merging([
  "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "bench-key",
  "AMODB_IMAGE_BASE_URL": "http://127.0.0.1:\(server.port)/img",
]) { _, new in new }

// 1. Start-up to the first complete list, against a bare Swift binary's start-up (and `--version`'s, and a
// FoundationEssentials JSON binary's, for comparison). The programs take turns, run by run, so a slow
// moment of this shared machine falls on all of them alike rather than on one figure.
let runs = 15
let warmHome = temporaryDirectory()
_ = startup([], environment: live.merging(["XDG_CACHE_HOME": warmHome]) { _, new in new }, marker: "1/20")
let startups: [(name: String, run: () -> Double?)] = [
  ("bare", { startup([], environment: baseEnvironment, marker: "trending ", program: bareFloor) }),
  (
    "start-up, FoundationEssentials JSON binary",
    {
      startup([], environment: baseEnvironment, marker: "decoded", program: jsonFloor)
    }
  ),
  ("start-up, --version", { startup(["--version"], environment: baseEnvironment, marker: "trending ") }),
  (
    "start-up to the first frame, demo data",
    {
      startup(
        ["--demo"], environment: baseEnvironment.merging(["XDG_CACHE_HOME": temporaryDirectory()]) { _, new in new },
        marker: "1/20")
    }
  ),
  (
    "start-up to the first frame, warm disk cache",
    {
      startup([], environment: live.merging(["XDG_CACHE_HOME": warmHome]) { _, new in new }, marker: "1/20")
    }
  ),
  (
    "start-up to the first frame, loopback server",
    {
      startup([], environment: live.merging(["XDG_CACHE_HOME": temporaryDirectory()]) { _, new in new }, marker: "1/20")
    }
  ),
]
var startupTimes = Array(repeating: [Double](), count: startups.count)
for _ in 0..<runs {
  for (index, entry) in startups.enumerated() {
    if let time = entry.run() { startupTimes[index].append(time) }
  }
}
let floorStart = median(startupTimes[0])
for (index, entry) in startups.enumerated().dropFirst() {
  results.append(
    Measurement(
      name: entry.name, value: median(startupTimes[index]) * 1000, unit: "ms", floor: floorStart * 1000,
      floorName: "bare Swift binary"))
}

// 2. One frame, state to screen grid, with 500 rows.
TextWidth.prepareLocale()
let films = (1...500).map {
  MediaSummary(
    id: $0, title: "Film number \($0) 卧虎藏龙", releaseDate: ReleaseDate("2020-01-01"), voteAverage: 7.5, voteCount: 10)
}
for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
  var state = AppState(language: "en-US", size: size, now: Date())
  state.rootList.list = Loadable(value: Listing(firstPage: MediaPage(results: films)), fetchedAt: Date())
  // The 250th film selected, on the last visible row.
  state.rootList.selection = 250
  state.rootList.top = 250 - state.shared.visibleRows + 1
  let render = median((0..<300).map { _ in seconds { _ = Renderer.render(state) } })
  let blank = median(
    (0..<300).map { _ in
      seconds {
        var screen = Screen(width: size.width, height: size.height)
        screen.fill(row: 0, style: .plain)
      }
    })
  results.append(
    Measurement(
      name: "render one frame \(size.width)x\(size.height), 500 rows", value: render * 1e6, unit: "µs",
      floor: blank * 1e6, floorName: "blank screen"))
}

// 3. Bytes written to the terminal, against one full screen of cells.
for (label, images) in [("with poster", "auto"), ("without poster", "off")] {
  let home = temporaryDirectory()
  let environment = live.merging(["XDG_CACHE_HOME": home]) { _, new in new }
  guard
    let terminal = try? PseudoTerminal([binary, "--images", images], environment: environment, width: 120, height: 30)
  else { continue }
  terminal.read(until: "1/20")
  let first = terminal.output.count + terminal.drain(quiet: 0.5)
  terminal.type("j")
  let move = terminal.drain(quiet: 0.5)
  terminal.type("\u{1B}[6~")
  let page = terminal.drain(quiet: 0.5)
  terminal.type("\r")
  let detail = terminal.drain(quiet: 0.6)
  terminal.type("q")
  terminal.type("q")
  _ = terminal.waitForExit()
  let cells = Double(120 * 30)
  for (name, bytes) in [("first frame", first), ("move one row", move), ("page down", page), ("open detail", detail)] {
    results.append(
      Measurement(
        name: "bytes: \(name), 120x30 \(label)", value: Double(bytes), unit: "B", floor: cells,
        floorName: "cells on screen"))
  }
}

// 4. Peak memory: the floors' whole runs, then the app after a scripted session of 10 pages, 50 details, 50 posters.
let (barePeakKB, bareDirtyKB) = floorMemoryKB([bareFloor], marker: "trending ")
let (jsonPeakKB, jsonDirtyKB) = floorMemoryKB([jsonFloor], marker: "decoded")
// The parts' floor decodes one of the demo's posters, as the app's first poster is decoded.
let (partsPeakKB, partsDirtyKB) = floorMemoryKB([partsFloor, "Demo/posters/demo-146.jpg"], marker: "our-parts")
/// Records a memory figure in MiB against a floor's, both given in KiB.
@MainActor func recordMemory(_ name: String, kib: Double, floorKiB: Double, floorName: String) {
  results.append(Measurement(name: name, value: kib / 1024, unit: "MiB", floor: floorKiB / 1024, floorName: floorName))
}
let bareName = "bare Swift binary"
let jsonName = "FoundationEssentials JSON binary"
recordMemory("peak memory, \(jsonName)", kib: jsonPeakKB, floorKiB: barePeakKB, floorName: bareName)
recordMemory("own memory (private dirty), \(jsonName)", kib: jsonDirtyKB, floorKiB: bareDirtyKB, floorName: bareName)
let partsName = "our parts' floor"
recordMemory(
  "peak memory, \(partsName) (JSON, ncurses, libcurl, TurboJPEG, chafa)", kib: partsPeakKB, floorKiB: barePeakKB,
  floorName: bareName)
recordMemory("own memory (private dirty), \(partsName)", kib: partsDirtyKB, floorKiB: bareDirtyKB, floorName: bareName)
do {
  let environment = live.merging(["XDG_CACHE_HOME": temporaryDirectory()]) { _, new in new }
  let requestsBefore = server.requests.count
  if let terminal = try? PseudoTerminal([binary], environment: environment, width: 120, height: 30) {
    terminal.read(until: "1/20")
    _ = terminal.drain(quiet: 0.3)
    let floorKB = Double(terminal.peakMemoryKB() ?? 0)
    let firstDirtyKB = Double(terminal.privateDirtyKB() ?? 0)
    for _ in 0..<10 {
      terminal.type("G")
      _ = terminal.drain(quiet: 0.25)
    }
    terminal.type("g")
    for _ in 0..<50 {
      terminal.type("\r")
      _ = terminal.drain(quiet: 0.05)
      terminal.type("\u{1B}")
      terminal.type("j")
      _ = terminal.drain(quiet: 0.2)
    }
    let peakKB = Double(terminal.peakMemoryKB() ?? 0)
    let dirtyKB = Double(terminal.privateDirtyKB() ?? 0)
    recordMemory("peak memory after the first frame", kib: floorKB, floorKiB: barePeakKB, floorName: bareName)
    // What the session really fetched, so the name is checked rather than assumed.
    let requests = server.requests.dropFirst(requestsBefore)
    let pages = Set(requests.filter { $0.path.hasPrefix("/3/trending/") }.compactMap { $0.query("page") }).count
    let details = Set(requests.filter { $0.path.hasPrefix("/3/movie/") }.map(\.path)).count
    let posters = Set(requests.filter { $0.path.hasPrefix("/img/") }.map(\.path)).count
    let session = "\(pages) pages, \(details) details, \(posters) posters"
    recordMemory("peak memory after \(session)", kib: peakKB, floorKiB: jsonPeakKB, floorName: jsonName)
    // Most of the resident figure is clean pages of code (the binary, libcurl's thirty libraries)
    // that the kernel maps in 64 KiB blocks and can drop at will; this is the memory the app makes.
    recordMemory(
      "own memory (private dirty) after the first frame", kib: firstDirtyKB, floorKiB: bareDirtyKB, floorName: bareName)
    recordMemory(
      "own memory (private dirty) after the session", kib: dirtyKB, floorKiB: jsonDirtyKB, floorName: jsonName)
    // The same four against what our parts cost by themselves: the ratio is what is ours.
    recordMemory(
      "peak memory after the first frame, over our parts", kib: floorKB, floorKiB: partsPeakKB, floorName: partsName)
    recordMemory(
      "peak memory after \(session), over our parts", kib: peakKB, floorKiB: partsPeakKB, floorName: partsName)
    recordMemory(
      "own memory (private dirty) after the first frame, over our parts", kib: firstDirtyKB, floorKiB: partsDirtyKB,
      floorName: partsName)
    recordMemory(
      "own memory (private dirty) after the session, over our parts", kib: dirtyKB, floorKiB: partsDirtyKB,
      floorName: partsName)
    terminal.type("q")
    _ = terminal.waitForExit()
  }
}

// 5. Requests in a scripted session, against the minimum it needs.
do {
  let before = server.requests.count
  let environment = live.merging(["XDG_CACHE_HOME": temporaryDirectory()]) { _, new in new }
  if let terminal = try? PseudoTerminal([binary], environment: environment, width: 80, height: 24) {
    terminal.read(until: "1/20")
    terminal.type("jjj")
    _ = terminal.drain(quiet: 0.2)
    terminal.type("rrrrrrrrrr")
    _ = terminal.drain(quiet: 0.5)
    terminal.type("\r")
    _ = terminal.drain(quiet: 0.3)
    terminal.type("\u{1B}")
    _ = terminal.drain(quiet: 0.2)
    terminal.type("\r")
    _ = terminal.drain(quiet: 0.3)
    terminal.type("\u{1B}q")
    _ = terminal.waitForExit()
  }
  let made = Double(server.requests.count - before)
  // The minimum: the first list, one refresh, one detail.
  results.append(
    Measurement(
      name: "requests: start, browse, r x10, same detail twice", value: made, unit: "requests", floor: 3,
      floorName: "minimum"))
}

// 6. Quitting while a request hangs, against quitting when idle.
do {
  let stalled = try LoopbackServer { _ in .stall }
  func quitLatency(_ environment: [String: String], arguments: [String], marker: String) -> Double? {
    guard let terminal = try? PseudoTerminal([binary] + arguments, environment: environment, width: 80, height: 24)
    else {
      return nil
    }
    guard terminal.read(until: marker) != nil else { return nil }
    _ = terminal.drain(quiet: 0.2)
    let start = DispatchTime.now().uptimeNanoseconds
    terminal.type("q")
    _ = terminal.waitForExit()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }
  let hanging = baseEnvironment.merging([
    "AMODB_BASE_URL": stalled.baseURL.absoluteString, "AMODB_KEY": "bench-key", "XDG_CACHE_HOME": temporaryDirectory(),
  ]) { _, new in new }
  let hung = median((0..<5).compactMap { _ in quitLatency(hanging, arguments: [], marker: "Loading") })
  let idle = median((0..<5).compactMap { _ in quitLatency(baseEnvironment, arguments: ["--demo"], marker: "1/20") })
  results.append(
    Measurement(name: "quit while a request hangs", value: hung, unit: "ms", floor: idle, floorName: "quit when idle"))
  // CPU while a request waits on a silent server, per 10 s, against `sleep` waiting as long.
  func waitingCPU(_ program: [String], environment: [String: String]) -> Double? {
    guard let terminal = try? PseudoTerminal(program, environment: environment, width: 80, height: 24) else {
      return nil
    }
    Thread.sleep(forTimeInterval: 1)
    let first = terminal.cpuSeconds()
    Thread.sleep(forTimeInterval: 5)
    let last = terminal.cpuSeconds()
    kill(terminal.pid, SIGTERM)
    _ = terminal.waitForExit()
    guard let first, let last else { return nil }
    return (last - first) * 2
  }
  let waiting = waitingCPU([binary, "list"], environment: hanging) ?? -1
  let sleeping = waitingCPU(["/bin/sleep", "10"], environment: baseEnvironment) ?? -1
  results.append(
    Measurement(
      name: "CPU per 10 s while a request waits", value: waiting, unit: "s", floor: max(sleeping, 0.01),
      floorName: "sleep, or one tick"))
  stalled.stop()
}

// 3a. Memory for an answer of a million tiny objects (valid JSON, 7 MB), against the answer's size:
// the multiple of its size that reading it costs (the goal is 10 at most).
do {
  let dense = "{\"page\":1,\"total_pages\":1,\"results\":[" + String(repeating: "{\"i\":1},", count: 900_000) + "{}]}"
  let denseServer = try LoopbackServer { _ in .json(dense) }
  let environment = ["AMODB_BASE_URL": denseServer.baseURL.absoluteString, "AMODB_KEY": "bench-key"]
  let peaks = (0..<3).compactMap { _ in
    try? BinaryRunner.measure(["list"], environment: environment, program: binary).peakKiB
  }
  let answerKiB = Double(dense.utf8.count) / 1024
  recordMemory(
    "peak memory reading a 7 MB answer of a million tiny objects", kib: median(peaks.map(Double.init)),
    floorKiB: answerKiB, floorName: "the answer's size")
  denseServer.stop()
}

// 3b. Posters per protocol (demo data): bytes and time for a selection move to a film not seen
// yet, and back to one already shown, against symbol art.
do {
  var symbols: [String: (bytes: Int, seconds: Double)] = [:]
  for images in ["symbols", "kitty", "sixel", "iterm"] {
    let home = temporaryDirectory()
    let environment = baseEnvironment.merging([
      "XDG_CACHE_HOME": home, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home, "HOME": home,
    ]) { _, new in new }
    guard
      let terminal = try? PseudoTerminal(
        [binary, "--demo", "--images", images], environment: environment, width: 120, height: 30)
    else { continue }
    terminal.read(until: "Dune")
    _ = terminal.drain(quiet: 0.8)
    var first: [(bytes: Int, seconds: Double)] = []
    var back: [(bytes: Int, seconds: Double)] = []
    for _ in 0..<4 {
      terminal.type("j")
      first.append(terminal.drainTimed(quiet: 0.4))
      terminal.type("k")
      back.append(terminal.drainTimed(quiet: 0.4))
      terminal.type("j")
      _ = terminal.drain(quiet: 0.4)
    }
    terminal.type("q")
    _ = terminal.waitForExit()
    let firstVisit = (median(first.map { Double($0.bytes) }), median(first.map(\.seconds)))
    let returning = (median(back.map { Double($0.bytes) }), median(back.map(\.seconds)))
    if images == "symbols" {
      symbols["first"] = (Int(firstVisit.0), firstVisit.1)
      symbols["back"] = (Int(returning.0), returning.1)
    }
    for (name, figures, floor) in [
      ("first visit", firstVisit, symbols["first"]), ("return", returning, symbols["back"]),
    ] {
      results.append(
        Measurement(
          name: "poster \(images), move to a \(name): bytes", value: figures.0, unit: "B",
          floor: Double(floor?.bytes ?? 1), floorName: "symbol art"))
      results.append(
        Measurement(
          name: "poster \(images), move to a \(name): time to last byte", value: figures.1 * 1000, unit: "ms",
          floor: (floor?.seconds ?? 0.001) * 1000, floorName: "symbol art"))
    }
  }
}

// 6b. Decoding a whole screen's answer into what the screen keeps, against Foundation's parser reading
// the same bytes into untyped objects: a film with its appended parts, a series with its 400 KB
// aggregate_credits.
do {
  func composed(_ base: String, _ parts: [String: String]) -> Data? {
    guard let data = try? Fixtures.tmdb(base),
      var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    else { return nil }
    for (key, name) in parts {
      object[key] = (try? Fixtures.tmdb(name)).flatMap { try? JSONSerialization.jsonObject(with: $0) }
    }
    return try? JSONSerialization.data(withJSONObject: object)
  }
  let film = composed(
    "movie-details.json",
    [
      "credits": "movie-credits.json", "videos": "movie-videos.json", "release_dates": "movie-release-dates.json",
      "watch/providers": "movie-watch-providers.json", "recommendations": "movie-recommendations.json",
      "similar": "movie-similar.json",
    ])
  let series = composed(
    "tv-details.json",
    [
      "aggregate_credits": "tv-aggregate-credits.json", "content_ratings": "tv-content-ratings.json",
      "videos": "tv-videos.json", "watch/providers": "tv-watch-providers.json",
      "recommendations": "tv-recommendations.json", "similar": "tv-similar.json",
      "external_ids": "tv-external-ids.json",
    ])
  let decoder = AmodbJSON.decoder()
  for (name, data, decode) in [
    ("a film's whole screen", film, { (data: Data) in _ = try? decoder.decode(MovieDetails.self, from: data) }),
    (
      "a series' whole screen (400 KB aggregate_credits)", series,
      { (data: Data) in
        _ = try? decoder.decode(SeriesDetails.self, from: data)
      }
    ),
  ] {
    guard let data else {
      print("skipped decoding \(name): ../shared/fixtures is not beside the package")
      continue
    }
    let typed = median((0..<30).map { _ in seconds { decode(data) } })
    let untyped = median((0..<30).map { _ in seconds { _ = try? JSONSerialization.jsonObject(with: data) } })
    results.append(
      Measurement(
        name: "decode \(name), \(data.count / 1024) KB", value: typed * 1000, unit: "ms", floor: untyped * 1000,
        floorName: "JSONSerialization, untyped"))
  }
}

// 7. One poster: decode and render, against decoding alone.
do {
  let jpeg = TestImages.jpeg(width: 185, height: 278, top: (200, 60, 40), bottom: (20, 40, 120))
  let decode = median((0..<60).map { _ in seconds { _ = try? JPEGDecoder.decode(jpeg, covering: (136, 208)) } })
  let both = median(
    (0..<60).map { _ in seconds { _ = try? PosterPipeline.art(from: jpeg, columns: 34, rows: 26, mode: .indexed256) } })
  results.append(
    Measurement(
      name: "poster decode + render, 34x26 cells", value: both * 1000, unit: "ms", floor: decode * 1000,
      floorName: "decode only"))
}

// 7b. A sixel poster as xterm at 120x36 shows it (34x27 cells of 8x15 pixels): bytes, encode time and the mean
// colour error of its pixels decoded back against the JPEG, chafa's adaptive palette with diffusion dithering
// against the fixed xterm palette undithered that was used before.
do {
  let cell = (width: 8, height: 15)
  if let jpeg = DemoTransport.poster("/demo-693134.jpg"),
    let image = try? JPEGDecoder.decode(jpeg, covering: (34 * cell.width, 27 * cell.height)),
    let adaptive = PixelEncoder.sixel(image, columns: 34, rows: 27, cell: cell),
    let fixed = fixedPaletteSixel(image, columns: 34, rows: 27, cell: cell)
  {
    let adaptiveTime = median(
      (0..<30).map { _ in seconds { _ = PixelEncoder.sixel(image, columns: 34, rows: 27, cell: cell) } })
    let fixedTime = median(
      (0..<30).map { _ in seconds { _ = fixedPaletteSixel(image, columns: 34, rows: 27, cell: cell) } })
    let name = "sixel poster 34x27 cells of 8x15"
    results.append(
      Measurement(
        name: "\(name): bytes", value: Double(adaptive.utf8.count), unit: "B", floor: Double(fixed.utf8.count),
        floorName: "fixed palette"))
    results.append(
      Measurement(
        name: "\(name): encode time", value: adaptiveTime * 1000, unit: "ms", floor: fixedTime * 1000,
        floorName: "fixed palette"))
    results.append(
      Measurement(
        name: "\(name): mean colour error", value: colourError(adaptive, against: image), unit: "/255",
        floor: colourError(fixed, against: image), floorName: "fixed palette"))
  }
}

results += libraryMeasurements(environment: baseEnvironment, runs: runs)
try writeReport(results)
server.stop()
