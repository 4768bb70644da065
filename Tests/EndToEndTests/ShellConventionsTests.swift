import Foundation
import TestSupport
import Testing

/// The binary at home in the shell: any terminal that can draw, doctor, another settings file,
/// and installing like a package.
@Suite("At home in the shell")
struct ShellConventionsTests {
  /// Names no Debian package gives an entry (kitty's own, `xterm-kitty`, comes with the kitty
  /// package the screenshot test installs, so it is not one of them).
  @Test(arguments: ["xterm-ghostty", "nosuchterm-256color"])
  func aKnownTerminalWithoutItsEntryStartsAsXterm(term: String) throws {
    let session = try TmuxSession(["--demo"], width: 120, height: 70, terminal: term)
    try session.waitFor("Fight Club")
    try session.waitFor("drawing as xterm-256color")
    try session.waitForIdle()
    // Images are still found by asking: tmux answers for itself, and `?` says so.
    try session.press("?")
    try session.waitFor("the terminal is tmux")
    try session.press("Escape")
    try session.send("q")
    let exit = try session.waitForExit()
    #expect(exit.status == 0)
  }

  @Test func doctorInATerminalAsksItAndSaysWhy() throws {
    let session = try TmuxSession(["doctor"], width: 200, height: 40, terminal: "xterm-ghostty")
    _ = try session.waitForExit()
    let screen = try session.capture()
    #expect(screen.contains("terminal:"), "\(screen)")
    #expect(screen.contains("xterm-256color (no entry for TERM here; the nearest of its family)"), "\(screen)")
    #expect(screen.contains("the terminal is tmux"), "doctor asked the terminal: \(screen)")
    #expect(screen.contains("key:") && screen.contains("not set"))
    #expect(screen.contains("200x40 (the terminal says)"), "\(screen)")
    // tmux answers no colour question: the setting that says light is named.
    #expect(screen.contains("'set theme light' for a light background"), "\(screen)")
  }

  /// Doctor makes one request: a spent rate limit is said as it came, not waited out and spent more.
  @Test func doctorAsksOnceWhenTheRateLimitIsSpent() throws {
    let server = try LoopbackServer { _ in .json("{}", status: 429, headers: ["Retry-After": "5"]) }
    let outcome = try BinaryRunner.run(
      ["doctor"], environment: ["AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "doctor-key"])
    #expect(outcome.status == 1, "\(outcome.stdout)")
    #expect(server.requests.count == 1, "\(server.requests.count) requests")
    #expect(outcome.stdout.contains("service:") && outcome.stdout.contains("problem"), "\(outcome.stdout)")
  }

  /// A terminal too small for the browser is a problem doctor names, with the size it needs.
  @Test func doctorInATinyTerminalSaysTheSizeTheBrowserNeeds() throws {
    let session = try TmuxSession(
      [], width: 100, height: 40,
      program: ["sh", "-c", "stty cols 20 rows 6; exec \(Fixtures.binary.path) --demo doctor"])
    let exit = try session.waitForExit(timeout: 20)
    #expect(exit.status == 1)
    let screen = try session.capture()
    #expect(screen.contains("20x6 (the browser needs 30x8)"), "\(screen)")
  }

  /// Under `timeout` (its own process group, in the terminal's background) doctor asks the terminal
  /// nothing: setting the terminal's modes there would stop it until `timeout` killed it.
  @Test func doctorInTheBackgroundOfItsTerminalAsksItNothingAndEnds() throws {
    let session = try TmuxSession(
      [], width: 200, height: 40, program: ["timeout", "60", Fixtures.binary.path, "--demo", "doctor"])
    let exit = try session.waitForExit(timeout: 40)
    #expect(exit.status == 0)
    #expect(try session.capture().contains("terminal:"))
  }

  @Test func doctorsJSONSaysWhyInEnglishWhateverTheInterfaceSpeaks() throws {
    let json = try BinaryRunner.run(["--demo", "--language", "ru-RU", "doctor", "--json"]).stdout
    #expect(json.contains(#""why" : "--demo was given""#), "\(json)")
    let text = try BinaryRunner.run(["--demo", "--language", "ru-RU", "doctor"]).stdout
    #expect(text.contains("задано --demo"), "the text for people speaks Russian: \(text)")
    #expect(!text.contains("was given"), "\(text)")
  }

  @Test func doctorAsJSONAsksTheServiceOnceAndNeverShowsTheKey() throws {
    let server = try LoopbackServer { _ in
      .json(
        TestClients.pageJSON(count: 3, firstID: 1, page: 1, totalPages: 1),
        headers: ["X-RateLimit-Limit": "40", "X-RateLimit-Remaining": "37"])
    }
    let outcome = try BinaryRunner.run(
      ["doctor", "--json"],
      environment: [
        "AMODB_BASE_URL": server.baseURL.absoluteString, "AMODB_KEY": "doctor-secret-key", "TERM": "xterm-256color",
        "https_proxy": "http://alice:hunter2@proxy.invalid:3128", "LANG": "ru_RU.UTF-8",
      ])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    func value(_ key: String) -> String? { (object[key] as? [String: Any])?["value"] as? String }
    #expect(value("budget") == "37 of 40 left", "JSON is English whatever the interface speaks")
    #expect(value("key") == "set")
    #expect(value("terminfo") == "xterm-256color")
    #expect(value("images") == "symbols")
    #expect(value("interface_language") == "ru")
    #expect(value("data_language") == "ru-RU")
    #expect(value("api") == server.baseURL.absoluteString)
    #expect(server.requests.count == 1)
    #expect(server.requests.first?.path == "/3/trending/movie/week")
    for secret in ["doctor-secret-key", "hunter2", "alice"] {
      #expect(!(outcome.stdout + outcome.stderr).contains(secret))
    }
    let text = try BinaryRunner.run(["doctor", "--demo"], environment: ["TERM": "dumb", "LANG": "C.UTF-8"])
    // What stops the browser is a problem: named in the verdict, and the exit says so.
    #expect(text.status == 1)
    #expect(text.stdout.contains("TERM=dumb cannot draw a full screen"))
    #expect(text.stdout.hasSuffix("\n\n1 problem: terminfo entry.\n"), "\(text.stdout)")
    #expect(text.stdout.contains("--demo was given"))
    // No country given: said, with the one the calendar and where to watch fall back to.
    #expect(text.stdout.contains("none (none given; the calendar and where to watch use US)"), "\(text.stdout)")
    #expect(value("region") == "RU", "the locale's country")
    let badMode = try BinaryRunner.run(["doctor", "--demo"], environment: ["TRENDING_IMAGES": "pixels"])
    #expect(badMode.stdout.contains("TRENDING_IMAGES must be auto, kitty, sixel, iterm, symbols or off, not 'pixels'"))
    #expect(badMode.status == 1 && badMode.stdout.contains("problem: images."), "\(badMode.stdout)")
    let fine = try BinaryRunner.run(["doctor", "--demo"], environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
    #expect(fine.status == 0 && fine.stdout.hasSuffix("\n\nNothing wrong found.\n"), "\(fine.stdout)")
  }

  @Test func trendingConfigNamesAnotherSettingsFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trending-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("other.conf")
    try "set images off\nset language ru-RU\n".write(to: file, atomically: true, encoding: .utf8)
    let environment = ["TRENDING_CONFIG": file.path]
    #expect(try BinaryRunner.run(["config", "--path"], environment: environment).stdout == file.path + "\n")
    #expect(try BinaryRunner.run(["config", "images"], environment: environment).stdout == "off\n")
    #expect(try BinaryRunner.run(["config", "language"], environment: environment).stdout == "ru-RU\n")
    let report = try BinaryRunner.run(["config"], environment: environment)
    #expect(report.stdout.contains("set images off"))
    // Without it, the XDG place.
    let plain = try BinaryRunner.run(["config", "--path"])
    #expect(plain.stdout.hasSuffix("/trending/config\n"))
    #expect(try BinaryRunner.run(["config", "mouse"]).stdout == "on\n")
    // A file it names that is not there is said, not silently ignored.
    let missing = try BinaryRunner.run(
      ["list", "--demo"], environment: ["TRENDING_CONFIG": directory.appendingPathComponent("nope").path])
    #expect(missing.status == 0)
    #expect(missing.stderr.contains("TRENDING_CONFIG names it, but there is no such file"), "\(missing.stderr)")
  }

  @Test(.enabled(if: BinaryRunner.has("make"), "make is not installed"))
  func makeInstallAndUninstallHonourPrefixAndDestdir() throws {
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trending-destdir-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: destination) }
    let variables = ["BUILD=", "BINARY=\(Fixtures.binary.path)", "PREFIX=/opt/trending", "DESTDIR=\(destination.path)"]
    let install = try BinaryRunner.program(
      "make", ["--no-print-directory", "-C", Fixtures.packageRoot.path, "install"] + variables)
    #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
    let root = destination.appendingPathComponent("opt/trending")
    let files = [
      "bin/trending", "share/man/man1/trending.1", "share/bash-completion/completions/trending",
      "share/zsh/site-functions/_trending", "share/fish/vendor_completions.d/trending.fish",
    ]
    for file in files {
      #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "no \(file)")
    }
    let bash = try String(
      contentsOf: root.appendingPathComponent("share/bash-completion/completions/trending"), encoding: .utf8)
    #expect(bash == (try BinaryRunner.run(["completions", "bash"]).stdout))
    if BinaryRunner.has("man") {
      let page = try BinaryRunner.program(
        "man", ["-l", root.appendingPathComponent("share/man/man1/trending.1").path], environment: ["MANPAGER": "cat"])
      #expect(page.status == 0 && page.stdout.contains("EXIT STATUS"))
    }
    let uninstall = try BinaryRunner.program(
      "make", ["--no-print-directory", "-C", Fixtures.packageRoot.path, "uninstall"] + variables)
    #expect(uninstall.status == 0, "\(uninstall.stderr)")
    for file in files {
      #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file) was left")
    }
  }

  @Test(
    .enabled(
      if: BinaryRunner.has("dpkg-deb") && BinaryRunner.has("lintian"),
      "dpkg-deb or lintian is not installed (make setup installs dpkg-dev and lintian)"))
  func makeDebBuildsAPackageLintianAccepts() throws {
    // `make test` builds the release binary first; a debug one stands in when it is missing.
    let release = Fixtures.packageRoot.appendingPathComponent(".build/release/trending")
    let binary = FileManager.default.fileExists(atPath: release.path) ? release : Fixtures.binary
    let made = try BinaryRunner.program(
      "make", ["--no-print-directory", "-C", Fixtures.packageRoot.path, "deb", "BUILD=", "BINARY=\(binary.path)"])
    #expect(made.status == 0, "make deb (lintian included) failed:\n\(made.stdout)\(made.stderr)")
    let folder = Fixtures.packageRoot.appendingPathComponent(".build/deb")
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".deb") })
    let package = folder.appendingPathComponent(name).path
    let contents = try BinaryRunner.program("dpkg-deb", ["--contents", package]).stdout
    for file in [
      "./usr/bin/trending", "./usr/share/man/man1/trending.1.gz", "./usr/share/bash-completion/completions/trending",
      "./usr/share/zsh/vendor-completions/_trending", "./usr/share/fish/vendor_completions.d/trending.fish",
      "./usr/share/doc/trending/copyright",
    ] {
      #expect(contents.contains(file), "the package lacks \(file):\n\(contents)")
    }
    // The licence is Apache-2.0, stated in Debian's machine-readable form: lintian says nothing of it.
    let lint = try BinaryRunner.program("lintian", ["--display-info", package])
    #expect(!(lint.stdout + lint.stderr).contains("copyright"), "lintian on the licence:\n\(lint.stdout)")
    let depends = try BinaryRunner.program("dpkg-deb", ["--field", package, "Depends"]).stdout
    for library in ["libcurl4", "libchafa0", "libturbojpeg0", "libsqlite3-0", "libc6"] {
      #expect(depends.contains(library), "Depends lacks \(library): \(depends)")
    }
    // The release binary links ncurses in (docs/build.md): the package names the source it came from
    // instead of depending on it. A debug binary standing in loads it shared, and depends on it.
    let linked = try BinaryRunner.program("readelf", ["-d", binary.path]).stdout
    let builtUsing = try BinaryRunner.program("dpkg-deb", ["--field", package, "Static-Built-Using"]).stdout
    if linked.contains("libncursesw") {
      #expect(depends.contains("libncursesw6") && builtUsing.isEmpty, "\(depends) / \(builtUsing)")
    } else {
      #expect(builtUsing.hasPrefix("ncurses (= ") && !depends.contains("ncurses"), "\(depends) / \(builtUsing)")
    }
  }
}
