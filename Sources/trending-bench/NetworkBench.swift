// Requests a scripted session makes, quitting while a request hangs, and CPU while one waits.
import Foundation
import TestSupport

/// The app against the network: the requests it makes against the minimum, how fast it quits with a request
/// hanging against quitting idle, and the CPU it spends waiting against `sleep`.
enum NetworkBench {
  static func run(_ bench: Bench) throws {
    requests(bench)
    try hanging(bench)
  }

  /// Requests in a scripted session, against the minimum it needs: the first list, one refresh, one detail.
  static func requests(_ bench: Bench) {
    let before = bench.server.requests.count
    let environment = bench.with(["XDG_CACHE_HOME": temporaryDirectory()], over: bench.live)
    if let terminal = try? PseudoTerminal([bench.binary], environment: environment, width: 80, height: 24) {
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
    bench.record(
      Measurement(
        name: "requests: start, browse, r x10, same detail twice",
        value: Double(bench.server.requests.count - before), unit: "requests", floor: 3, floorName: "minimum"))
  }

  /// Quitting while a request hangs, against quitting when idle; CPU per 10 s while it waits, against `sleep`.
  static func hanging(_ bench: Bench) throws {
    let stalled = try LoopbackServer { _ in .stall }
    func quitLatency(_ environment: [String: String], arguments: [String], marker: String) -> Double? {
      guard
        let terminal = try? PseudoTerminal(
          [bench.binary] + arguments, environment: environment, width: 80, height: 24)
      else { return nil }
      guard terminal.read(until: marker) != nil else { return nil }
      _ = terminal.drain(quiet: 0.2)
      let start = DispatchTime.now().uptimeNanoseconds
      terminal.type("q")
      _ = terminal.waitForExit()
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
    let hanging = bench.with([
      "AMODB_BASE_URL": stalled.baseURL.absoluteString, "AMODB_KEY": "bench-key",
      "XDG_CACHE_HOME": temporaryDirectory(),
    ])
    let hung = median((0..<5).compactMap { _ in quitLatency(hanging, arguments: [], marker: "Loading") })
    let idle = median(
      (0..<5).compactMap { _ in quitLatency(bench.baseEnvironment, arguments: ["--demo"], marker: "1/20") })
    bench.record(
      Measurement(name: "quit while a request hangs", value: hung, unit: "ms", floor: idle, floorName: "quit when idle")
    )
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
    let waiting = waitingCPU([bench.binary, "list"], environment: hanging) ?? -1
    let sleeping = waitingCPU(["/bin/sleep", "10"], environment: bench.baseEnvironment) ?? -1
    bench.record(
      Measurement(
        name: "CPU per 10 s while a request waits", value: waiting, unit: "s", floor: max(sleeping, 0.01),
        floorName: "sleep, or one tick"))
    stalled.stop()
  }
}
