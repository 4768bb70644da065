// libFuzzer entry point: `make fuzz` (long runs) and `make fuzz-smoke` (a bounded run in `make test`).
// Which target runs is chosen by TRENDING_FUZZ_TARGET: decoders (default), text, jpeg, cache,
// arguments, keys, headers, library or importjson (Sources/trending-fuzz/LibraryFuzz.swift).
import AmodbKit
import Foundation
import PosterKit
import TerminalUI
import TrendingCLI
import TrendingCore
import TrendingViews

/// The target chosen for this process.
let fuzzTarget = ProcessInfo.processInfo.environment["TRENDING_FUZZ_TARGET"] ?? "decoders"

/// Decoders: any bytes either decode or fail cleanly, and nothing decoded carries a control character.
func fuzzDecoders(_ data: Data) {
  if let page = try? AmodbJSON.decoder().decode(MediaPage.self, from: data) {
    for movie in page.results { check(movie.title); check(movie.overview ?? "", newlines: true) }
  }
  if let details = try? AmodbJSON.decoder().decode(MovieDetails.self, from: data) {
    check(details.title)
    for member in details.cast { check(member.name); check(member.character ?? "") }
    _ = details.writers
  }
  if let series = try? AmodbJSON.decoder().decode(SeriesDetails.self, from: data) {
    check(series.name)
    for member in series.credits.cast { check(member.name); member.characters.forEach { check($0) } }
    for network in series.networks { check(network) }
    _ = series.years
  }
  if let season = try? AmodbJSON.decoder().decode(SeasonDetails.self, from: data) {
    for episode in season.episodes {
      check(episode.name ?? "")
      check(episode.overview ?? "", newlines: true)
      for star in episode.guestStars { check(star.name) }
    }
  }
  if let person = try? AmodbJSON.decoder().decode(PersonDetails.self, from: data) {
    for credit in person.credits { check(credit.media.title); check(credit.role ?? "") }
  }
  if let collection = try? AmodbJSON.decoder().decode(CollectionDetails.self, from: data) {
    check(collection.name)
    check(collection.overview ?? "", newlines: true)
    for film in collection.parts { check(film.title); precondition(film.kind == .film, "a collection holds films") }
    _ = collection.years
  }
  _ = StatusMapping.error(for: HTTPResponse(status: 500, body: data))
}

/// Text: arbitrary UTF-8 is cleaned, measured, cut and wrapped within the columns given.
func fuzzText(_ data: Data) {
  guard let width = data.first.map({ Int($0 % 60) + 1 }) else { return }
  let text = TextSanitizer.clean(String(decoding: data.dropFirst(), as: UTF8.self), keepNewlines: true)
  check(text, newlines: true)
  precondition(TextWidth.width(of: TextLayout.truncate(text, to: width)) <= width)
  for line in TextLayout.wrap(text, width: width) { precondition(TextWidth.width(of: line) <= width) }
  var screen = Screen(width: width, height: 1)
  screen.put(text, row: 0, column: 0)
  precondition(TextWidth.width(of: screen.line(0)) <= width)
}

/// JPEG: any bytes decode within the limits or fail cleanly; what decodes renders.
func fuzzJPEG(_ data: Data) {
  guard let image = try? JPEGDecoder.decode(data, covering: (40, 60)) else { return }
  precondition(image.pixels.count == image.width * image.height * 4)
  _ = try? PosterRenderer.render(image, columns: 10, rows: 8, mode: .indexed256)
}

/// Cache entries: any file either parses to a believable entry or is refused, never a trap.
func fuzzCacheEntry(_ data: Data) {
  let now = Date(timeIntervalSince1970: 1_790_000_000)
  guard let entry = DiskCache.decode(data, key: "https://x/3/trending/movie/week?page=1", now: now) else { return }
  precondition(entry.body.count < data.count)
  let seconds = entry.fetchedAt.timeIntervalSince1970
  precondition(seconds >= 946_684_800 && seconds <= now.timeIntervalSince1970 + 86_400, "unbelievable time kept")
}

/// Arguments: NUL-separated words parse or fail with a one-line message free of control characters.
func fuzzArguments(_ data: Data) {
  let words = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
  do {
    let invocation = try ArgumentParser.parse(words)
    if case .list(let page, _, _) = invocation.command { precondition((1...500).contains(page)) }
  } catch {
    check(error.message)
  }
}

/// Keys: any code ncurses may hand over decodes to a key whose text is printable, or to nothing.
func fuzzKeys(_ data: Data) {
  var index = data.startIndex
  while index + 4 <= data.endIndex {
    let code = data[index..<index + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    if case .character(let character)? = KeyDecoder.character(code) { check(String(character)) }
    _ = KeyDecoder.functionKey(code)
    index += 4
  }
}

/// Response headers: any `Name: value` lines give rate-limit numbers and a wait within their bounds.
func fuzzHeaders(_ data: Data) {
  var headers: [String: String] = [:]
  for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
    guard let colon = line.firstIndex(of: ":") else { continue }
    headers[String(line[..<colon])] = String(line[line.index(after: colon)...])
  }
  let response = HTTPResponse(status: 429, headers: headers, body: data)
  if let status = RateLimitStatus(response: response) {
    precondition((status.limit ?? 1) >= 0 && (status.limit ?? 0) <= RateBudget.largestLimit, "limit unclamped")
    precondition((status.remaining ?? 0) >= 0 && (status.remaining ?? 0) <= RateBudget.largestLimit)
    precondition((status.reset ?? 0) >= 0 && (status.reset ?? 0) <= RateLimitStatus.largestReset)
  }
  precondition((0...30).contains(StatusMapping.retryAfter(in: response)), "wait unclamped")
}

/// Stops the run when a control character got through.
func check(_ text: String, newlines: Bool = false) {
  for scalar in text.unicodeScalars where !(newlines && scalar == "\n") {
    precondition(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "control character leaked")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: bytes, count: count)
  switch fuzzTarget {
  case "text": fuzzText(data)
  case "jpeg": fuzzJPEG(data)
  case "cache": fuzzCacheEntry(data)
  case "arguments": fuzzArguments(data)
  case "keys": fuzzKeys(data)
  case "headers": fuzzHeaders(data)
  case "library": fuzzLibrary(data)
  case "importjson": fuzzImportJSON(data)
  case "sync": fuzzSync(data)
  default: fuzzDecoders(data)
  }
  return 0
}

#if TRENDING_FUZZ
  /// libFuzzer's driver, called from the entry point SwiftPM gives executables.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// SwiftPM links executables with `main` pointing here; hand the arguments to libFuzzer.
  @_cdecl("trending_fuzz_main")
  public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { bytes, size in
      guard let bytes else { return 0 }
      return fuzzOne(bytes, size)
    }
  }
#else
  /// Without libFuzzer (a plain `swift build`) there is nothing to drive: say how to build it.
  @_cdecl("trending_fuzz_main")
  public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FileHandle.standardError.write(Data("trending-fuzz: build it with `make fuzz-build` (libFuzzer)\n".utf8))
    return 2
  }
#endif
