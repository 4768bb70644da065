// `make bench`: how fast and light `trending` is, each figure beside a floor measured in the same run.
//
// Usage: trending-bench [TRENDING BARE JSON PARTS FIRST-FRAME LOOPBACK-FRAME] [--only SECTION,...]. Each section
// is a file of its own and one line of the table below; `--only` runs the sections named (`make bench BENCH_ONLY=render`).
import Foundation

let sections = [
  BenchSection("start-up", StartupBench.run),
  BenchSection("render", RenderBench.run),
  BenchSection("bytes", TerminalBytesBench.run),
  BenchSection("memory", MemoryBench.run),
  BenchSection("network", NetworkBench.run),
  BenchSection("posters", PosterBench.run),
  BenchSection("decode", DecodeBench.run),
  BenchSection("library", LibraryBench.run),
  BenchSection("marks", MarksBench.run),
  BenchSection("import", ImportBench.run),
  BenchSection("sync", SyncBench.run),
]

let arguments = Array(CommandLine.arguments.dropFirst())
let only = arguments.firstIndex(of: "--only").map { index in
  Set(arguments.dropFirst(index + 1).first?.split(separator: ",").map(String.init) ?? [])
}
let paths = arguments.firstIndex(of: "--only").map { Array(arguments[..<$0]) } ?? arguments
let unknown = (only ?? []).subtracting(sections.map(\.name))
guard unknown.isEmpty else {
  print("unknown sections: \(unknown.sorted().joined(separator: ", ")); known: \(sections.map(\.name))")
  exit(2)
}
let bench = try Bench(paths: paths)
for section in sections where only?.contains(section.name) ?? true {
  try section.run(bench)
}
try Report.write(bench.results)
bench.server.stop()
