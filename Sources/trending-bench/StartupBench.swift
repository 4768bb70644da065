// Start-up to the first complete list, against a bare Swift binary's start-up.
import Foundation

/// Start-ups: the app's to its first frame (demo, warm cache, loopback), `--version`'s and a JSON binary's, each
/// against a bare Swift binary's. The programs take turns, run by run, so a slow moment of this shared machine
/// falls on all of them alike rather than on one figure.
enum StartupBench {
  /// How many times each program starts.
  static let runs = 15
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
    var times = Array(repeating: [Double](), count: startups.count)
    for _ in 0..<runs {
      for (index, entry) in startups.enumerated() {
        if let time = entry.run() { times[index].append(time) }
      }
    }
    let floor = median(times[0])
    for (index, entry) in startups.enumerated().dropFirst() {
      bench.record(
        Measurement(
          name: entry.name, value: median(times[index]) * 1000, unit: "ms", floor: floor * 1000,
          floorName: "bare Swift binary", budget: entry.budget))
    }
  }
}
