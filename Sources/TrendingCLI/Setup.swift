import AmodbKit
import FoundationEssentials
import Localization

/// Builds the client an invocation asks for, from flags and the environment.
public enum Setup {
  /// The client and the image loader: demo data, or the live service at the configured hosts.
  ///
  /// `onWait` hears each wait for the rate limit, in seconds (a command on a terminal says it).
  public static func services(
    for invocation: Invocation, environment: [String: String], onWait: (@Sendable (Int) -> Void)? = nil,
    rateLimitRetries: Int? = nil
  ) throws(UsageError) -> (client: AmodbClient, images: ImageLoader) {
    let language = LanguageTag.resolve(flag: invocation.language, environment: environment)
    var configuration: ClientConfiguration
    let transport: any Transport
    if invocation.demo {
      var demo = DemoTransport.configuration(language: language)
      // Services and certifications are per country, in the demo too: the demo's are the US's,
      // which it shows where nothing names a country.
      demo.region = Region.resolve(flag: invocation.region, environment: environment) ?? "US"
      configuration = demo
      transport = DemoTransport()
    } else {
      configuration = try self.configuration(for: invocation, environment: environment)
      transport = CurlTransport(proxies: ProxyEnvironment(environment: environment))
    }
    if let rateLimitRetries { configuration.rateLimitRetries = rateLimitRetries }
    // The demo has nothing to cache; --no-cache neither reads nor writes.
    let disk =
      invocation.demo || invocation.noCache
      ? nil : DiskCache.defaultDirectory(environment: environment).map { DiskCache(directory: $0) }
    let budget = invocation.demo ? nil : RateBudget(onWait: onWait ?? { _ in })
    return (
      AmodbClient(configuration: configuration, transport: transport, disk: disk, budget: budget),
      ImageLoader(configuration: configuration, transport: transport, disk: disk)
    )
  }

  /// A path with a leading `~/` read as the home folder (a settings file's or a typed path may start
  /// so); any other path as it is.
  public static func expandingHome(_ path: String, environment: [String: String]) -> String {
    guard path.hasPrefix("~/"), let home = environment["HOME"], home.hasPrefix("/") else { return path }
    return home + path.dropFirst()
  }

  /// Whether a screen reader reads the browser: `--screen-reader`, else `TRENDING_SCREEN_READER`
  /// (`1`, `true`, `on` or `yes`; the settings file's `set screen-reader true` stands in for it).
  public static func screenReader(for invocation: Invocation, environment: [String: String]) -> Bool {
    invocation.screenReader
      || ["1", "true", "on", "yes"].contains((environment["TRENDING_SCREEN_READER"] ?? "").lowercased())
  }

  /// Whether the mouse is on: not `--no-mouse`, nor `TRENDING_MOUSE` off (`off`, `0`, `false`, `no`).
  public static func mouse(for invocation: Invocation, environment: [String: String]) -> Bool {
    !invocation.noMouse && !["off", "0", "false", "no"].contains((environment["TRENDING_MOUSE"] ?? "").lowercased())
  }

  /// The image mode: `--images`, else `TRENDING_IMAGES`, else `auto`.
  public static func imageMode(for invocation: Invocation, environment: [String: String]) throws(UsageError)
    -> ImageMode
  {
    if let mode = invocation.images { return mode }
    guard let text = environment["TRENDING_IMAGES"], !text.isEmpty else { return .auto }
    guard let mode = ImageMode(rawValue: text) else {
      throw UsageError(
        message: tr(
          "%1$s must be %2$s, not %3$s", "TRENDING_IMAGES", ImageMode.choices,
          "'\(TextSanitizer.clean(text, limit: 40))'"), showsUsage: false)
    }
    return mode
  }

  /// The live configuration: `--base-url` over `AMODB_BASE_URL` over the default, and the key from `AMODB_KEY`.
  public static func configuration(for invocation: Invocation, environment: [String: String]) throws(UsageError)
    -> ClientConfiguration
  {
    let language = LanguageTag.resolve(flag: invocation.language, environment: environment)
    let base = try url(invocation.baseURL, flag: "--base-url", variable: "AMODB_BASE_URL", environment: environment)
    let images = try url(
      invocation.imageBaseURL, flag: "--image-base-url", variable: "AMODB_IMAGE_BASE_URL", environment: environment)
    // A key that cannot go into a header as given is said, not silently left off every request.
    let key = try keyText(environment)
    if let key, APIKey(key) == nil { throw UsageError(message: unusableKey, code: .authentication) }
    var configuration = ClientConfiguration(
      baseURL: base ?? ClientConfiguration.defaultBaseURL,
      imageBaseURL: images ?? ClientConfiguration.defaultImageBaseURL,
      apiKey: key.flatMap(APIKey.init), language: language)
    configuration.allowsCleartextKey = invocation.insecureHTTP || environment["AMODB_ALLOW_HTTP"] == "1"
    configuration.region = Region.resolve(flag: invocation.region, environment: environment)
    configuration.proxy = ProxyEnvironment.proxy(for: configuration.baseURL, environment: environment)
    // The refusal is worded once, by the configuration that decides it.
    if case .transport(let description)? = configuration.cleartextKeyError {
      throw UsageError(message: description)
    }
    return configuration
  }

  /// The variable naming the file the key may be kept in (`set key-file PATH`).
  public static let keyFileVariable = "AMODB_KEY_FILE"

  /// The key as given: `AMODB_KEY`, else the file `AMODB_KEY_FILE` names (a file only its owner may
  /// read, so the key stays out of the shell's history and startup files); nil when neither gives one.
  static func keyText(_ environment: [String: String]) throws(UsageError) -> String? {
    if let given = environment[KeyGuard.variable], !given.trimmingSpaces().isEmpty { return given }
    guard let named = environment[keyFileVariable], !named.trimmingSpaces().isEmpty else { return nil }
    let path = expandingHome(named, environment: environment)
    switch MediaServerToken.contents(of: path) {
    case .success(let text):
      let key = text.trimmingSpaces()
      guard !key.isEmpty else {
        throw UsageError(
          message: tr("%1$s: %2$s", TextSanitizer.clean(path, limit: 300), tr("empty: no key")),
          code: .authentication)
      }
      return key
    case .failure(let problem):
      throw UsageError(
        message: tr("%1$s: %2$s", TextSanitizer.clean(path, limit: 300), problem.reason), code: .authentication)
    }
  }

  /// Why `AMODB_KEY` is not used: it holds a space or a control character inside.
  public static var unusableKey: String {
    tr("AMODB_KEY cannot be used as given: a key has no spaces or control characters inside")
  }

  private static func url(_ flagValue: String?, flag: String, variable: String, environment: [String: String])
    throws(UsageError) -> URL?
  {
    if let flagValue {
      guard let url = ClientConfiguration.parseBaseURL(flagValue) else {
        throw UsageError(
          message: tr(
            "%1$s must be an http or https URL, not %2$s", flag, "'\(TextSanitizer.clean(flagValue, limit: 100))'"))
      }
      return url
    }
    guard let text = environment[variable], !text.isEmpty else { return nil }
    guard let url = ClientConfiguration.parseBaseURL(text) else {
      throw UsageError(
        message: tr(
          "%1$s must be an http or https URL, not %2$s", variable, "'\(TextSanitizer.clean(text, limit: 100))'"),
        showsUsage: false)
    }
    return url
  }
}
