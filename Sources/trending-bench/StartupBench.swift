// Start-up to the first complete list, against a bare Swift binary's start-up.
import Foundation

/// Start-ups: the app's to its first frame (demo, warm cache, loopback), `--version`'s and a JSON binary's, each
/// against a bare Swift binary's; the demo's first frame against its parts alone, and the loopback
/// server's against its own (Scripts/bench-floors). The programs take turns, run by run, so a slow
/// moment of this shared machine falls on all of them alike rather than on one figure.
enum StartupBench {
  /// How many times each program starts in the other sections' start-ups (the library's, the import's).
  static let runs = 15
  /// How many times each program of this section starts: with 15, the demo's ratio moved by up to
  /// 0.15 from one run of the bench to the next on a busy machine; 31 medians move less.
  static let sectionRuns = 31
  /// The most a first frame may take, as a multiple of the bare binary's start-up (demo data, warm cache).
  static let budget = 1.3

  static func run(_ bench: Bench) {
    let warmHome = temporaryDirectory()
    let warm = bench.with(["XDG_CACHE_HOME": warmHome], over: bench.live)
    _ = bench.startup([], environment: warm, marker: "1/20")
    let base = bench.baseEnvironment
    let startups: [(name: String, budget: Double?, run: () -> Double?)] = [
      ("bare", nil, { bench.startup([], environment: base, marker: "trending ", program: bench.bareFloor) }),
      (
        "start-up, FoundationEssentials JSON binary", nil,
        { bench.startup([], environment: base, marker: "decoded", program: bench.jsonFloor) }
      ),
      ("start-up, --version", nil, { bench.startup(["--version"], environment: base, marker: "trending ") }),
      (
        "start-up to the first frame, demo data", budget,
        {
          bench.startup(
            ["--demo"], environment: bench.with(["XDG_CACHE_HOME": temporaryDirectory()]), marker: "1/20")
        }
      ),
      (
        "start-up to the first frame, warm disk cache", budget,
        { bench.startup([], environment: warm, marker: "1/20") }
      ),
      (
        "start-up to the first frame, loopback server", nil,
        {
          bench.startup(
            [], environment: bench.with(["XDG_CACHE_HOME": temporaryDirectory()], over: bench.live), marker: "1/20")
        }
      ),
    ]
    // The parts of a first frame alone take their turn too: beside them, the demo's first frame says
    // what the app's own code adds (the bare binary's floor says what the whole start-up costs).
    let parts = { bench.startup([], environment: base, marker: "1/20", program: bench.firstFrameFloor) }
    // And the loopback start's own parts: libcurl's request, the decode and ncurses' rows.
    let network = {
      bench.startup(
        [], environment: bench.with(["XDG_CACHE_HOME": temporaryDirectory()], over: bench.live), marker: "1/20",
        program: bench.loopbackFloor)
    }
    var times = Array(repeating: [Double](), count: startups.count)
    var partsTimes: [Double] = []
    var networkTimes: [Double] = []
    for _ in 0..<sectionRuns {
      for (index, entry) in startups.enumerated() {
        if let time = entry.run() { times[index].append(time) }
      }
      if let time = parts() { partsTimes.append(time) }
      if let time = network() { networkTimes.append(time) }
    }
    let floor = median(times[0])
    for (index, entry) in startups.enumerated().dropFirst() {
      bench.record(
        Measurement(
          name: entry.name, value: median(times[index]) * 1000, unit: "ms", floor: floor * 1000,
          floorName: "bare Swift binary", budget: entry.budget))
    }
    if let demo = startups.firstIndex(where: { $0.name == "start-up to the first frame, demo data" }),
      !partsTimes.isEmpty
    {
      bench.record(
        Measurement(
          name: "start-up to the first frame, demo data, against its parts", value: median(times[demo]) * 1000,
          unit: "ms", floor: median(partsTimes) * 1000, floorName: "first frame's parts"))
    }
    if let loopback = startups.firstIndex(where: { $0.name == "start-up to the first frame, loopback server" }) {
      guard !networkTimes.isEmpty else {
        print("start-up: the loopback floor (\(bench.loopbackFloor)) did not draw its rows; its line is left out")
        return
      }
      bench.record(
        Measurement(
          name: "start-up to the first frame, loopback server, against its parts",
          value: median(times[loopback]) * 1000, unit: "ms", floor: median(networkTimes) * 1000,
          floorName: "libcurl's GET and ncurses' rows", budget: 1.3))
    }
  }
}
