import Foundation
import TestSupport
import Testing

/// The real binary's memory, CPU and libraries against hostile servers on loopback.
@Suite("The transport, measured in the process", .serialized)
struct TransportEndToEndTests {
  private func environment(_ server: LoopbackServer) -> [String: String] {
    ["AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "transport-secret-key"]
  }

  /// `trending list`'s peak memory against a well-behaved server, for comparison.
  private func baselinePeak() throws -> Int {
    let server = try LoopbackServer { _ in .json(TestClients.pageJSON(count: 20)) }
    let run = try BinaryRunner.measure(["list"], environment: environment(server))
    #expect(run.status == 0)
    return run.peakKiB
  }

  @Test func hostileBodiesNeverGrowTheProcessPastTheLimit() throws {
    let baseline = try baselinePeak()
    let bomb = try Gzip.bomb(inflated: 400_000_000)
    let replies: [(String, LoopbackServer.Reply)] = [
      ("gzip bomb", .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb)),
      ("endless chunks", .endlessChunks),
      ("no length, 300 MB", .huge(count: 300_000_000)),
      ("2 GB declared", .truncated(status: 200, declaredLength: 2_147_483_648, body: Data("{".utf8))),
    ]
    for (name, reply) in replies {
      let server = try LoopbackServer { _ in reply }
      defer { server.stop() }
      let run = try BinaryRunner.measure(["list"], environment: environment(server))
      #expect(run.status == 5, "\(name): exit \(run.status)")
      // The 8 MB limit, the buffer's growth and a little: never hundreds of megabytes.
      #expect(run.peakKiB < baseline + 40_000, "\(name): peak \(run.peakKiB) KiB against \(baseline) KiB")
    }
  }

  @Test func waitingOnASilentServerCostsNoCPU() throws {
    let server = try LoopbackServer { _ in .stall }
    defer { server.stop() }
    var ticks: (first: Int, last: Int) = (0, 0)
    _ = try BinaryRunner.measure(["list"], environment: environment(server)) { pid in
      func cpu() -> Int {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : -1
      }
      Thread.sleep(forTimeInterval: 1)
      ticks.first = cpu()
      Thread.sleep(forTimeInterval: 5)
      ticks.last = cpu()
      kill(pid, SIGTERM)
    }
    #expect(ticks.first >= 0 && server.requests.count == 1, "the request reached the server and the process was read")
    // ≤ 0.05 s per 10 s: at most 2 ticks (of 10 ms) in 5 s.
    #expect(ticks.last - ticks.first <= 2, "\(ticks.last - ticks.first) ticks of CPU in 5 s of waiting")
  }

  @Test func theProxyFromTheEnvironmentIsUsed() throws {
    let proxy = try LoopbackServer { _ in .json(TestClients.pageJSON(count: 4)) }
    // A name under .invalid is never looked up here: the proxy is given the whole URL.
    let outcome = try BinaryRunner.run(
      ["list"],
      environment: [
        "AMODB_BASE_URL": "http://api.amodb.invalid/3", "http_proxy": "http://127.0.0.1:\(proxy.port)",
        "no_proxy": "", "NO_PROXY": "",
      ])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Film 4"))
    #expect(proxy.requests.first?.target.hasPrefix("http://api.amodb.invalid/3/trending/movie/week") == true)
  }

  @Test func theBrowserMapsNeitherICUNorFoundationNetworking() throws {
    let amodb = try FakeAmodb()
    let session = try TmuxSession([], environment: amodb.environment)
    try session.waitFor("1/20")
    let status = try session.waitForIdle()
    let pid = try #require(status["pid"])
    // Read to the end by cat: /proc files report a size of 0, and a sized read stops short.
    let maps = try BinaryRunner.shell("cat /proc/\(pid)/maps").stdout
    #expect(maps.contains("libFoundationEssentials"), "the maps were read")
    for library in [
      "libFoundationInternationalization", "lib_FoundationICU", "libFoundationNetworking", "libFoundation.so",
    ] {
      #expect(!maps.contains(library), "\(library) is mapped")
    }
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test func posterAndNetworkLibrariesAreLoadedOnlyWhenUsed() throws {
    // The demo at 80 columns draws no poster and makes no request: none of the four is mapped.
    let narrow = try TmuxSession(["--demo"], width: 80, height: 24)
    try narrow.waitFor("1/20")
    let quiet = try narrow.waitForIdle()
    let maps = try BinaryRunner.shell("cat /proc/\(try #require(quiet["pid"]))/maps").stdout
    #expect(maps.contains("libncursesw"), "the maps were read")
    for library in ["libchafa", "libglib-2.0", "libturbojpeg", "libcurl"] {
      #expect(!maps.contains(library), "\(library) is mapped before it is needed")
    }
    try narrow.send("q")
    #expect(try narrow.waitForExit().status == 0)
    // At 120 columns the list has a poster pane: the first poster brings TurboJPEG and chafa.
    let wide = try TmuxSession(["--demo"], width: 120, height: 30)
    try wide.waitFor("Dune")
    let deadline = Date().addingTimeInterval(10)
    var posterMaps = ""
    while Date() < deadline {
      let status = try wide.waitForIdle()
      posterMaps = try BinaryRunner.shell("cat /proc/\(try #require(status["pid"]))/maps").stdout
      if posterMaps.contains("libchafa") { break }
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(posterMaps.contains("libturbojpeg") && posterMaps.contains("libchafa"), "a poster was drawn")
    #expect(!posterMaps.contains("libcurl"), "the demo makes no request")
    try wide.send("q")
    #expect(try wide.waitForExit().status == 0)
  }

  @Test func aPosterBombLeavesTheBrowserSmall() throws {
    let bomb = try Gzip.bomb(inflated: 400_000_000)
    let server = try LoopbackServer { request in
      if request.path.hasPrefix("/img/") {
        return .respond(status: 200, headers: ["Content-Type": "image/jpeg", "Content-Encoding": "gzip"], body: bomb)
      }
      if request.path.hasPrefix("/3/movie/") { return .json(TestClients.detailsJSON(id: 1)) }
      return .json(TestClients.pageJSON(count: 20))
    }
    var variables = environment(server)
    variables["AMODB_IMAGE_BASE_URL"] = "http://127.0.0.1:\(server.port)/img"
    let session = try TmuxSession([], environment: variables, width: 120, height: 30)
    try session.waitFor("1/20")
    let deadline = Date().addingTimeInterval(10)
    while server.count("/img/") == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    let status = try session.waitForIdle()
    #expect(server.count("/img/") >= 1, "a poster was asked for")
    let pid = try #require(status["pid"])
    let text = try BinaryRunner.shell("cat /proc/\(pid)/status").stdout
    let peak = text.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap {
      Int($0.split(whereSeparator: \.isWhitespace)[1])
    }
    #expect((peak ?? .max) < 120_000, "peak \(peak ?? -1) KiB after a 400 MB poster bomb")
    try session.send("q")
    #expect(try session.waitForExit().status == 0)
  }
}
