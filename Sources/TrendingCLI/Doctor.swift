import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TerminalUI
import TrendingCore
import TrendingViews

/// `trending doctor`: what was found and why, in one place for a bug report.
enum Doctor {
  /// One finding: a stable key (for `--json`), a label, the value, why, and whether it stops
  /// something from working (a problem: doctor then exits 1).
  struct Fact: Equatable, Sendable {
    var key: String
    var label: String
    var value: String
    var why: String
    var problem = false
  }

  /// What the service said to the one request doctor makes.
  enum ServiceAnswer: Equatable, Sendable {
    /// Not asked, and why.
    case notAsked(String)
    /// It answered, with the budget when its headers carried one.
    case answered(RateLimitStatus?)
    /// It failed.
    case failed(String)
  }

  /// Everything doctor reports, gathered by the caller (the facts are a pure function of it).
  struct Inputs: Sendable {
    var environment: [String: String]
    var invocation: Invocation
    var imageMode: ImageMode
    /// Why `TRENDING_IMAGES` could not be used, when it could not (the browser would refuse to start).
    var imageModeProblem: String?
    /// The entry decision for `TERM`.
    var entry: TerminalEntry.Decision
    /// The `-direct` entry used for 24-bit colour, if any.
    var directEntry: String?
    /// The colours the entry in use reports.
    var colors: Int?
    /// What the terminal answered, nil when it was not asked (not a terminal).
    var replies: [TerminalReply]?
    /// The cell size from the window's pixel size, when the kernel knows it.
    var windowCell: (width: Int, height: Int)?
    /// The terminal's size in cells, when standard input is a terminal.
    var windowSize: Size?
    var localeIsUTF8: Bool
    /// The catalogue the interface speaks (`ru`), chosen before doctor words anything.
    var interfaceLanguage: String
    var settingsPath: String?
    var settingsExists: Bool
    var settingsNamed: Bool
    var settingsProblems: Int
    var libraryPath: String?
    /// Whether the library file can be written (looked at, not opened).
    var libraryAccess: LibraryAccess = .readWrite
    var cachePath: String?
    /// Whether the cache's folder (or the nearest one there is) can be written.
    var cacheWritable = true
    /// The bytes free on the library's disk, when known.
    var freeBytes: Int64?
    /// The client's configuration, or the usage error that stopped it.
    var configuration: Result<ClientConfiguration, UsageError>
    var service: ServiceAnswer
    /// The variables whose values the settings file gave (unset in the environment).
    var fromFile: Set<String> = []
  }

  /// The facts, in the order they are printed.
  static func facts(_ inputs: Inputs) -> [Fact] {
    let environment = inputs.environment
    var facts: [Fact] = []
    // Where a variable's value came from: the environment, or the settings file standing in for it.
    func isSet(_ variable: String) -> String {
      guard inputs.fromFile.contains(variable), let setting = SettingsFile.setting(of: variable) else {
        return tr("%s is set", variable)
      }
      return tr("'set %s' in the settings file", setting)
    }
    func add(_ key: String, _ label: String, _ value: String, _ why: String, problem: Bool = false) {
      facts.append(
        Fact(key: key, label: label, value: TextSanitizer.clean(value, limit: 300), why: why, problem: problem))
    }
    add("version", tr("version"), "trending " + AmodbKitInfo.version, "")
    // The terminal.
    let term = environment["TERM"] ?? ""
    add("terminal", tr("terminal"), term.isEmpty ? tr("none") : term, term.isEmpty ? "" : tr("%s is set", "TERM"))
    let entryInUse: String?
    switch inputs.entry {
    case .own:
      entryInUse = inputs.directEntry ?? term
      add(
        "terminfo", tr("terminfo entry"), entryInUse ?? term,
        inputs.directEntry != nil
          ? tr("%1$s is %2$s", "COLORTERM", environment["COLORTERM"] ?? "") : tr("TERM's own entry"))
    case .standIn(let standIn):
      entryInUse = inputs.directEntry ?? standIn
      add(
        "terminfo", tr("terminfo entry"), entryInUse ?? standIn, tr("no entry for TERM here; the nearest of its family")
      )
    case .refused(let reason):
      entryInUse = nil
      add(
        "terminfo", tr("terminfo entry"), tr("none"),
        reason + "; " + tr("set TERM to your terminal's name (xterm-256color, for one)"), problem: true)
    }
    let noColor = inputs.invocation.noColor || !(environment["NO_COLOR"] ?? "").isEmpty
    let depth: ColorDepth
    if noColor {
      depth = .none
      add(
        "colors", tr("colours"), tr("none"),
        inputs.invocation.noColor ? tr("%s was given", "--no-color") : tr("%s is set", "NO_COLOR"))
    } else if let colors = inputs.colors, entryInUse != nil {
      depth = colors >= 0x1000000 ? .direct : ColorDepth.forTerminal(colors: colors, noColor: false)
      add("colors", tr("colours"), depth == .direct ? "24-bit" : String(colors), tr("the terminfo entry says so"))
    } else {
      depth = .none
      add("colors", tr("colours"), tr("none"), tr("no terminfo entry"))
    }
    // Posters, as the browser chooses them.
    let posterMode = Palette(depth: depth).posterMode
    let glyphs = GlyphMode.detect(term: term, localeIsUTF8: inputs.localeIsUTF8)
    let placeholdersFit = posterMode == .indexed256 || posterMode == .trueColor
    let images: ImageChoice
    if inputs.imageMode == .off {
      images = ImageChoice.choose(.off, environment: environment)
    } else if posterMode == nil || glyphs != .unicode {
      images = ImageChoice(
        kind: .off, reason: posterMode == nil ? tr("no colours") : tr("the terminal or the locale shows only ASCII"))
    } else {
      let first = ImageChoice.choose(inputs.imageMode, environment: environment).fitting(
        placeholdersFit: placeholdersFit)
      let decided = ImageChoice.afterReplies(
        first, mode: inputs.imageMode, replies: inputs.replies, placeholdersFit: placeholdersFit,
        tmux: environment["TMUX"] != nil)
      images =
        inputs.replies == nil && inputs.imageMode == .auto && first.kind != .sixel && first.kind != .iterm
        ? ImageChoice(kind: first.kind, reason: first.reason + "; " + tr("the browser would ask the terminal"))
        : decided
    }
    add(
      "images", tr("images"), images.kind.rawValue, inputs.imageModeProblem ?? images.reason,
      problem: inputs.imageModeProblem != nil)
    var cell: (Int, Int)?
    var cellWhy = ""
    for case .cellSize(let width, let height) in inputs.replies ?? [] {
      (cell, cellWhy) = ((width, height), tr("the terminal said (CSI 16 t)"))
    }
    if cell == nil, let window = inputs.windowCell {
      (cell, cellWhy) = ((window.width, window.height), tr("the window's size in pixels"))
    }
    if let window = inputs.windowSize {
      let least = ListLayout.minimumSize
      let fits = ListLayout.isUsable(window)
      add(
        "size", tr("size"), "\(window.width)x\(window.height)",
        fits ? tr("the terminal says") : tr("the browser needs %s", "\(least.width)x\(least.height)"), problem: !fits)
    }
    let assumed = PixelOutput.assumedCell
    add(
      "cell", tr("cell size"), "\(cell?.0 ?? assumed.width)x\(cell?.1 ?? assumed.height)",
      cell == nil ? tr("assumed") : cellWhy)
    var light = Look.isLight(environment: environment)
    var themeWhy = tr("nothing says")
    // Whether the terminal is what would say (else a variable does).
    var askedOfTheTerminal = false
    if let theme = environment["TRENDING_THEME"], theme == "light" || theme == "dark" {
      themeWhy =
        inputs.fromFile.contains("TRENDING_THEME")
        ? tr("'set %s' in the settings file", "theme") : tr("%1$s is %2$s", "TRENDING_THEME", theme)
    } else if let colors = environment["COLORFGBG"] {
      themeWhy = tr("%1$s is %2$s", "COLORFGBG", colors)
    } else if inputs.replies == nil, !noColor, inputs.entry.drawsScreen {
      // Not asked here (no terminal to ask): the browser asks for the background as it starts.
      themeWhy = tr("the browser would ask the terminal")
      askedOfTheTerminal = true
    } else {
      askedOfTheTerminal = true
      for case .background(let red, let green, let blue) in inputs.replies ?? [] {
        light = TerminalReply.isLight(red: red, green: green, blue: blue)
        themeWhy = tr("the terminal's background colour (OSC 11)")
        askedOfTheTerminal = false
      }
    }
    // tmux answers no colour question: a light background behind it is said by the setting alone.
    if environment["TMUX"] != nil, askedOfTheTerminal {
      themeWhy += "; " + tr("tmux does not pass the question on: 'set theme light' for a light background")
    }
    add("theme", tr("theme"), light ? "light" : "dark", themeWhy)
    // Language.
    let localeName = TextWidth.characterLocale(in: environment) ?? "C"
    add(
      "locale", tr("locale"), localeName,
      inputs.localeIsUTF8
        ? "UTF-8" : tr("not UTF-8: the screen is ASCII") + "; " + tr("LANG=C.UTF-8 draws every script"))
    let choice = LanguageTag.choose(flag: inputs.invocation.language, environment: environment)
    let languageWhy =
      inputs.invocation.language != nil
      ? tr("%s was given", "--language")
      : ["AMODB_LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"].first { !(environment[$0] ?? "").isEmpty }
        .map(isSet) ?? tr("default")
    add(
      "interface_language", tr("interface language"), inputs.interfaceLanguage,
      choice.unsupported.map { tr("'%s' is not served; English", $0) } ?? languageWhy)
    add("data_language", tr("data language"), choice.tag, languageWhy)
    let region = Region.resolve(flag: inputs.invocation.region, environment: environment)
    let regionWhy =
      inputs.invocation.region != nil
      ? tr("%s was given", "--region")
      : !(environment["AMODB_REGION"] ?? "").isEmpty ? isSet("AMODB_REGION") : tr("the locale's country")
    // With none given, the lists ask for no country's; the calendar and where to watch use the United States'.
    add(
      "region", tr("region"), region ?? tr("none"),
      region == nil ? tr("none given; the calendar and where to watch use %s", CalendarLogic.region(nil)) : regionWhy)
    // Files.
    add(
      "settings_file", tr("settings file"), inputs.settingsPath ?? tr("none"),
      (inputs.settingsExists
        ? trn("read; %s problem", "read; %s problems", inputs.settingsProblems)
        : tr("no such file"))
        + (inputs.settingsNamed ? "; " + tr("%s is set", SettingsFile.override) : ""),
      problem: inputs.settingsExists && inputs.settingsProblems > 0)
    let profile = LibraryProfile.named(in: environment) ?? .standard
    add(
      "profile", tr("profile"), profile.name,
      source(inputs.invocation.profile != nil ? "--profile" : LibraryProfile.variable, environment: environment))
    let access: String
    switch inputs.libraryAccess {
    case .notMade: access = tr("not made yet: the first mark makes it")
    case .readWrite: access = tr("read and written")
    case .readOnly(let why): access = tr("read only: %s", why)
    case .cannotBeMade(let why), .damaged(let why), .refused(let why): access = why
    }
    add(
      "library", tr("library file"), inputs.libraryPath ?? tr("none"), access,
      problem: inputs.libraryPath == nil || ![.notMade, .readWrite].contains(inputs.libraryAccess))
    let cacheUsed = !(inputs.invocation.noCache || inputs.invocation.demo)
    add(
      "cache", tr("cache"), inputs.cachePath ?? tr("none"),
      !cacheUsed
        ? tr("not used")
        : inputs.cacheWritable
          ? tr("read and written") : tr("cannot be written: nothing is kept, and nothing opens offline"),
      problem: cacheUsed && !inputs.cacheWritable)
    // Under a mebibyte free, the next mark or answer kept may not fit.
    if let free = inputs.freeBytes, free < 1 << 20 {
      add("free_space", tr("free space"), "\(free >> 10) KiB", tr("marks and the cache need room"), problem: true)
    }
    // The service.
    // The key as the requests read it: the variable, else the file it names (spaces alone are none).
    let fromVariable = !(environment[KeyGuard.variable] ?? "").trimmingSpaces().isEmpty
    let read = Result { () throws(UsageError) in try Setup.keyText(environment) }
    let key = (try? read.get()).flatMap { $0 }
    let origin = isSet(fromVariable ? KeyGuard.variable : Setup.keyFileVariable)
    let keyWhy: String
    switch read {
    case .failure(let error): keyWhy = error.message
    case .success(nil): keyWhy = tr("neither %1$s nor %2$s is set", KeyGuard.variable, Setup.keyFileVariable)
    case .success(let text?):
      keyWhy = APIKey(text) == nil ? Setup.unusableKey : origin + "; " + tr("the key itself is never shown")
    }
    add(
      "key", tr("key"), key == nil ? tr("not set") : tr("set"), keyWhy,
      problem: !inputs.invocation.demo && key.flatMap(APIKey.init) == nil)
    switch inputs.configuration {
    case .success(let configuration):
      let demo = inputs.invocation.demo
      let base = demo ? "--demo" : inputs.invocation.baseURL != nil ? "--base-url" : "AMODB_BASE_URL"
      let image = demo ? "--demo" : inputs.invocation.imageBaseURL != nil ? "--image-base-url" : "AMODB_IMAGE_BASE_URL"
      add("api", tr("API"), configuration.baseURL.withoutSecrets, source(base, environment: environment))
      add(
        "image_host", tr("image host"), configuration.imageBaseURL.withoutSecrets,
        source(image, environment: environment))
      let proxy = proxyFor(configuration.baseURL, environment: environment)
      add("proxy", tr("proxy"), proxy?.value ?? tr("none"), proxy.map { tr("%s is set", $0.variable) } ?? "")
    case .failure(let error):
      add("api", tr("API"), tr("none"), error.message, problem: true)
    }
    switch inputs.service {
    case .notAsked(let why): add("service", tr("service"), tr("not asked"), why)
    case .failed(let why): add("service", tr("service"), tr("failed"), why, problem: true)
    case .answered(let status):
      add("service", tr("service"), tr("answered"), "")
      if let remaining = status?.remaining, let limit = status?.limit {
        add(
          "budget", tr("request budget"), tr("%1$s of %2$s left", String(remaining), String(limit)),
          tr("the service said"))
      } else {
        add("budget", tr("request budget"), tr("unknown"), tr("the service did not say"))
      }
    }
    return facts
  }

  /// Where a setting came from: the flag, the variable, or the default.
  private static func source(_ name: String, environment: [String: String]) -> String {
    if name.hasPrefix("--") { return tr("%s was given", name) }
    return (environment[name] ?? "").isEmpty ? tr("default") : tr("%s is set", name)
  }

  /// The proxy requests to `url` go through and the variable naming it, with any user and
  /// password taken out: the transport's own decision (`ProxyEnvironment`).
  static func proxyFor(_ url: URL, environment: [String: String]) -> (value: String, variable: String)? {
    guard let route = ProxyEnvironment(environment: environment).route(for: url) else { return nil }
    let names = [route.variable, route.variable.uppercased()]
    let variable = names.first { !(environment[$0] ?? "").trimmingSpaces().isEmpty } ?? route.variable
    return (withoutUser(route.proxy), variable)
  }

  /// A proxy setting with `user:password@` removed: what doctor prints may be pasted anywhere.
  static func withoutUser(_ proxy: String) -> String {
    guard let at = proxy.lastIndex(of: "@") else { return proxy }
    let parts = proxy.split(separator: "://", maxSplits: 1)
    let scheme = parts.count == 2 ? parts[0] + "://" : ""
    return scheme + proxy[proxy.index(after: at)...]
  }

  /// The facts for people: one a line, aligned, then the verdict: what stops something from working.
  static func text(_ facts: [Fact]) -> String {
    let width = (facts.map { TextWidth.width(of: $0.label) }.max() ?? 0) + 2
    let lines = facts.map { fact in
      let label = fact.label + ":"
      let padding = String(repeating: " ", count: max(1, width - TextWidth.width(of: fact.label)))
      return label + padding + fact.value + (fact.why.isEmpty ? "" : " (" + fact.why + ")")
    }
    let problems = facts.filter(\.problem)
    let verdict =
      problems.isEmpty
      ? tr("Nothing wrong found.")
      : trn(
        "%1$s problem: %2$s.", "%1$s problems: %2$s.", problems.count, String(problems.count),
        problems.map(\.label).joined(separator: tr(", ")))
    return (lines + ["", verdict]).joined(separator: "\n")
  }

  /// The facts for scripts: an object of `{"value", "why"}` by key.
  static func json(_ facts: [Fact]) -> String {
    struct Entry: Encodable {
      var value: String
      var why: String
      /// Present, and true, on a fact that stops something from working.
      var problem: Bool?
    }
    let object = Dictionary(
      facts.map { ($0.key, Entry(value: $0.value, why: $0.why, problem: $0.problem ? true : nil)) }
    ) { first, _ in first }
    // The one JSON writer of the commands: C1 controls in a fact go out as `\u` escapes too.
    return Output.encode(object)
  }
}
