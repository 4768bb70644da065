// What every section of the bench shares: the programs measured, the loopback server, the results.
import AmodbKit
import Foundation
import TestSupport

/// The run's programs, environments and server, and the measurements the sections record.
final class Bench {
  /// The release `trending` binary.
  let binary: String
  /// Floors built by `make bench` from Scripts/bench-floors: a bare Swift `print`, a FoundationEssentials JSON decode,
  /// and our parts (that decode, ncurses, libcurl, TurboJPEG and chafa, each used once, and nothing of ours).
  let bareFloor: String
  let jsonFloor: String
  let partsFloor: String
  /// The parts of a first frame alone, linked as the app is (static runtime): the demo's page decoded,
  /// ncurses started and the rows drawn.
  let firstFrameFloor: String
  /// The parts of a first frame from the network alone, linked as the app is: libcurl loaded with
  /// `dlopen` making the app's first request to the loopback server, the page decoded, the rows drawn.
  let loopbackFloor: String
  /// A plain terminal's environment, no key and no cache named, with a home of its own: empty but for
  /// what the runs make (the library), so no run reads this machine's own settings or library.
  let baseEnvironment: [String: String]
  /// The loopback amodb: pages of 20 films, details, and one poster for every image.
  let server: LoopbackServer
  /// What has been measured so far, in order.
  private(set) var results: [Measurement] = []
  /// The data folder of the library at a lifetime's size, once made (`lifetimeLibrary()`); the
  /// inner nil when it could not be.
  var lifetime: String??

  /// The programs from the command line's positional arguments, each with its default; starts the server.
  init(paths: [String]) throws {
    func path(_ index: Int, _ fallback: String) -> String { paths.count > index ? paths[index] : fallback }
    binary = path(0, ".build/release/trending")
    bareFloor = path(1, ".build/bench-floors/bare")
    jsonFloor = path(2, ".build/bench-floors/essentials-json")
    partsFloor = path(3, ".build/bench-floors/our-parts")
    firstFrameFloor = path(4, ".build/bench-floors/first-frame")
    loopbackFloor = path(5, ".build/bench-floors/loopback-frame")
    let home = temporaryDirectory()
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    // The demo's libraries for every run, `--demo` or not: the bench fills a library with plain
    // commands and SQLite, then browses it on the demo's data (decision the-demo-keeps-its-own-library).
    baseEnvironment = [
      "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": home,
      "TRENDING_DEMO_LIBRARY": "1",
    ]
    server = try LoopbackServer { request in
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
  }

  /// The environment of a run against the loopback server.
  var live: [String: String] {
    with([
      "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "bench-key",
      "AMODB_IMAGE_BASE_URL": "http://127.0.0.1:\(server.port)/img",
    ])
  }

  /// The base environment with some variables added or replaced.
  func with(_ variables: [String: String], over environment: [String: String]? = nil) -> [String: String] {
    (environment ?? baseEnvironment).merging(variables) { _, new in new }
  }

  /// Records one line of the report.
  func record(_ measurement: Measurement) {
    results.append(measurement)
  }

  /// Records a memory figure in MiB against a floor's, both given in KiB.
  func recordMemory(_ name: String, kib: Double, floorKiB: Double, floorName: String) {
    record(Measurement(name: name, value: kib / 1024, unit: "MiB", floor: floorKiB / 1024, floorName: floorName))
  }

  /// Seconds from spawn to `marker` on screen at 80×24 (the app's binary unless `program` is given), then quits.
  func startup(_ arguments: [String], environment: [String: String], marker: String, program: String? = nil)
    -> Double?
  {
    guard
      let terminal = try? PseudoTerminal(
        [program ?? binary] + arguments, environment: environment, width: 80, height: 24)
    else { return nil }
    let time = terminal.read(until: marker)
    terminal.type("q")
    _ = terminal.waitForExit()
    return time
  }

  /// A floor's own report of its memory: "peak-kib N" (peak resident) and "dirty-kib N" (its own pages).
  func floorMemoryKB(_ program: [String], marker: String) -> (peak: Double, dirty: Double) {
    guard let terminal = try? PseudoTerminal(program, environment: baseEnvironment, width: 80, height: 24) else {
      return (0, 0)
    }
    terminal.read(until: marker)
    _ = terminal.waitForExit()
    let text = String(decoding: terminal.output, as: UTF8.self)
    func figure(_ label: String) -> Double {
      guard let range = text.range(of: label) else { return 0 }
      return Double(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }
    return (figure("peak-kib "), figure("dirty-kib "))
  }
}

/// One part of the bench: a name `--only` picks it by, and what it measures.
struct BenchSection {
  /// The name on the command line, e.g. "render".
  let name: String
  /// Measures, recording into the bench.
  let run: (Bench) throws -> Void

  /// Makes a section.
  init(_ name: String, _ run: @escaping (Bench) throws -> Void) {
    self.name = name
    self.run = run
  }
}

/// One line of the report: a figure beside its floor, and the ratio it should stay under, if any.
struct Measurement: Encodable {
  let name: String
  let value: Double
  let unit: String
  let floor: Double
  let floorName: String
  /// The ratio this figure is held to (the issue's budget line); the report says when it is over.
  var budget: Double?
  /// Why the figure does not stand for what it names (a burst of marks that did not all land): the
  /// report says so in capitals, and counts it over budget.
  var failure: String?
  var ratio: Double { floor > 0 ? value / floor : 0 }
  /// Whether the ratio is above its budget line, or the measurement failed.
  var overBudget: Bool { failure != nil || (budget.map { ratio > $0 } ?? false) }

  init(
    name: String, value: Double, unit: String, floor: Double, floorName: String, budget: Double? = nil,
    failure: String? = nil
  ) {
    self.name = name
    self.value = value
    self.unit = unit
    self.floor = floor
    self.floorName = floorName
    self.budget = budget
    self.failure = failure
  }

  enum CodingKeys: String, CodingKey {
    case name, value, unit, floor, floorName = "floor_name", ratio, budget, overBudget = "over_budget", failure
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(value, forKey: .value)
    try container.encode(unit, forKey: .unit)
    try container.encode(floor, forKey: .floor)
    try container.encode(floorName, forKey: .floorName)
    try container.encode(ratio, forKey: .ratio)
    try container.encodeIfPresent(budget, forKey: .budget)
    try container.encode(overBudget, forKey: .overBudget)
    try container.encodeIfPresent(failure, forKey: .failure)
  }
}

/// The report: a Markdown table, budget lines marked, and the same figures as JSON.
enum Report {
  /// The table's lines: a figure over its budget says so beside its ratio.
  static func table(_ results: [Measurement]) -> [String] {
    var lines = ["| measurement | value | floor | ratio | budget |", "| --- | ---: | ---: | ---: | ---: |"]
    for result in results {
      let value = String(format: "%.2f %@", result.value, result.unit)
      let floor = String(format: "%.2f (%@)", result.floor, result.floorName)
      let ratio =
        String(format: "%.2f", result.ratio)
        + (result.failure.map { " FAILED: \($0.uppercased())" } ?? (result.overBudget ? " over budget" : ""))
      let budget = result.budget.map { String(format: "%.2f", $0) } ?? ""
      lines.append("| \(result.name) | \(value) | \(floor) | \(ratio) | \(budget) |")
    }
    return lines
  }

  /// Prints the table and writes bench-results/bench.json.
  static func write(_ results: [Measurement]) throws {
    for line in table(results) { print(line) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try FileManager.default.createDirectory(atPath: "bench-results", withIntermediateDirectories: true)
    try encoder.encode(results).write(to: URL(fileURLWithPath: "bench-results/bench.json"))
    print("\nwritten to bench-results/bench.json")
  }
}
