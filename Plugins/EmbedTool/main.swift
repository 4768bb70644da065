// The build's embedder (run by Plugins/EmbedPlugin): data files in the tree become Swift string
// literals in the build folder, so the tree holds each text once.
//
//   EmbedTool catalogues OUTPUT po              EmbeddedCatalogues.poFiles, keyed by language
//   EmbedTool answers OUTPUT Demo/answers       DemoResources.files, keyed by request
//   EmbedTool posters OUTPUT Demo/posters       DemoPosters.files (base64), keyed by `/NAME.jpg`
//
// The tool lists the folder itself: the plugin's list of files is only as new as the last time
// SwiftPM planned the build, while this command reruns whenever a folder or a file in it changes.
import Foundation

/// A failure that ends the run with a message naming the file.
struct EmbedError: Error, CustomStringConvertible {
  let description: String
}

/// A Swift raw string literal holding `text` exactly, with as few `#` as it needs.
func literal(_ text: String) -> String {
  var hashes = "#"
  while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
  if text.contains("\n") || text.contains("\r") {
    return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
  }
  return "\(hashes)\"\(text)\"\(hashes)"
}

/// A Swift string literal for a dictionary key (a language code, a request path).
func keyLiteral(_ key: String) throws -> String {
  guard key.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0 != "\"" && $0 != "\\" && $0.value != 0x7F }) else {
    throw EmbedError(description: "a key cannot be written as a plain literal: \(key)")
  }
  return "\"\(key)\""
}

/// A file's text as UTF-8, or an error naming it.
func read(_ path: String) throws -> String {
  guard let data = FileManager.default.contents(atPath: path) else {
    throw EmbedError(description: "\(path): cannot be read")
  }
  guard let text = String(data: data, encoding: .utf8) else {
    throw EmbedError(description: "\(path): not UTF-8")
  }
  return text
}

/// A `.po` file as the binary keeps it: without blank lines, source references, extracted and
/// translator comments and obsolete entries (flags such as `#, c-format` and `#| ` stay).
func compactCatalogue(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
    let kept = !line.trimmingCharacters(in: .whitespaces).isEmpty && line != "#"
    return kept && !["#:", "#.", "# ", "#~"].contains { line.hasPrefix($0) }
  }.joined(separator: "\n")
}

/// The request an answer's file stands for: `en/movie/550.json` is `/movie/550`,
/// `en/trending/movie/week@page=1.json` is `/trending/movie/week?page=1`, `ru/…` is `ru:/…`.
func answerKey(_ path: String, root: String) throws -> String {
  let prefix = root.hasSuffix("/") ? root : root + "/"
  guard path.hasPrefix(prefix), path.hasSuffix(".json") else {
    throw EmbedError(description: "\(path): not a .json file under \(root)")
  }
  let parts = path.dropFirst(prefix.count).dropLast(".json".count).split(separator: "/", maxSplits: 1)
  guard parts.count == 2 else { throw EmbedError(description: "\(path): not under a language folder") }
  let request = "/" + parts[1].replacingOccurrences(of: "@", with: "?")
  return parts[0] == "en" ? request : "\(parts[0]):\(request)"
}

/// The generated file: a header, one enum with one dictionary of string literals, sorted by key.
func source(
  generator: String, summary: String, name: String, property: String, propertySummary: String,
  entries: [(key: String, value: String)]
) throws -> String {
  var lines =
    header(generator: generator, summary: summary, name: name) + [
      "  /// \(propertySummary)",
      "  static let \(property): [String: String] = [",
    ]
  var seen: Set<String> = []
  for entry in entries.sorted(by: { $0.key < $1.key }) {
    guard seen.insert(entry.key).inserted else { throw EmbedError(description: "two files for \(entry.key)") }
    lines.append("    \(try keyLiteral(entry.key)): \(literal(entry.value)),")
  }
  if entries.isEmpty { lines.append("    :") }
  lines += ["  ]", "}", ""]
  return lines.joined(separator: "\n")
}

/// A generated file's first lines, to the enum's opening brace.
func header(generator: String, summary: String, name: String) -> [String] {
  [
    "// swift-format-ignore-file",
    "// Generated at build time by Plugins/EmbedPlugin from \(generator); edit those, not this file.",
    "",
    "/// \(summary)",
    "enum \(name) {",
  ]
}

/// The generated file for many entries: the keys sorted in one array and the texts in another, in
/// the same order, which a binary search reads (`DemoAnswers`). Unlike a dictionary literal, nothing
/// is hashed when it is first used: the demo's start-up read 736 answers' keys to find one.
func sortedSource(
  generator: String, summary: String, name: String, entries: [(key: String, value: String)]
) throws -> String {
  let sorted = entries.sorted(by: { $0.key < $1.key })
  for (left, right) in zip(sorted, sorted.dropFirst()) where left.key == right.key {
    throw EmbedError(description: "two files for \(left.key)")
  }
  var lines =
    header(generator: generator, summary: summary, name: name) + [
      "  /// Each answer's key, like `/movie/550` or `/trending/movie/week?page=1`, in ascending order.",
      "  static let keys: [String] = [",
    ]
  for entry in sorted { lines.append("    \(try keyLiteral(entry.key)),") }
  lines += ["  ]", "  /// Each answer's JSON text, in the order of `keys`.", "  static let texts: [String] = ["]
  for entry in sorted { lines.append("    \(literal(entry.value)),") }
  lines += ["  ]", "}", ""]
  return lines.joined(separator: "\n")
}

/// Every regular file under `folder` (recursively) whose name ends in `suffix`, sorted by path.
func files(in folder: String, suffix: String) throws -> [String] {
  guard let names = FileManager.default.enumerator(atPath: folder) else {
    throw EmbedError(description: "\(folder): cannot be read")
  }
  var found: [String] = []
  for case let name as String in names where name.hasSuffix(suffix) {
    let path = folder + "/" + name
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
  }
  return found.sorted()
}

/// Builds the requested file's text from the folder the data is in.
func generate(kind: String, folder: String) throws -> String {
  switch kind {
  case "catalogues":
    let entries = try files(in: folder, suffix: ".po").map { path in
      (
        key: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
        value: compactCatalogue(try read(path))
      )
    }
    return try source(
      generator: "po/*.po",
      summary: "The translations, as `.po` text compiled into the binary: nothing to install beside it.",
      name: "EmbeddedCatalogues", property: "poFiles", propertySummary: "Each language's catalogue, keyed by its code.",
      entries: entries)
  case "answers":
    let entries = try files(in: folder, suffix: ".json").map { path in
      var text = try read(path)
      // The files end in a newline, as text files do; the answer is the line before it.
      if text.hasSuffix("\n") { text.removeLast() }
      return (key: try answerKey(path, root: folder), value: text)
    }
    return try sortedSource(
      generator: "Demo/answers/", summary: "The demo data set: amodb-shaped JSON answers keyed by path and page.",
      name: "DemoResources", entries: entries)
  case "posters":
    let entries = try files(in: folder, suffix: ".jpg").map { path in
      guard let data = FileManager.default.contents(atPath: path) else {
        throw EmbedError(description: "\(path): cannot be read")
      }
      return (key: "/" + URL(fileURLWithPath: path).lastPathComponent, value: data.base64EncodedString())
    }
    return try source(
      generator: "Demo/posters/",
      summary: "Original poster art for the demo films: JPEG bytes, base64-encoded, keyed by poster path.",
      name: "DemoPosters", property: "files",
      propertySummary: "Each poster's JPEG bytes in base64, keyed like `/demo-550.jpg`.",
      entries: entries)
  default:
    throw EmbedError(description: "unknown kind \(kind): catalogues, answers or posters")
  }
}

#if TRENDING_FUZZ
  /// `make fuzz-build` links every executable, this one too, with libFuzzer, which asks for a fuzz
  /// target; the tool has none, and its own `main` is still the one that runs.
  @_cdecl("LLVMFuzzerTestOneInput")
  func fuzzNothing(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt { 0 }
#endif

let arguments = CommandLine.arguments.dropFirst()
do {
  let words = Array(arguments)
  guard words.count == 3 else {
    throw EmbedError(description: "usage: EmbedTool catalogues|answers|posters OUTPUT FOLDER")
  }
  let text = try generate(kind: words[0], folder: words[2])
  let output = words[1]
  // Written only when it changed, so an unchanged catalogue does not recompile the module.
  if FileManager.default.contents(atPath: output) != Data(text.utf8) {
    try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
  }
} catch {
  FileHandle.standardError.write(Data("EmbedTool: \(error)\n".utf8))
  exit(1)
}
