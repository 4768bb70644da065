// The bench's report: a table on standard output and bench-results/bench.json.
import Foundation

/// Prints the table of every measurement and writes them as JSON to bench-results/bench.json.
func writeReport(_ results: [Measurement]) throws {
  print("| measurement | value | floor | ratio |")
  print("| --- | ---: | ---: | ---: |")
  for result in results {
    let value = String(format: "%.2f %@", result.value, result.unit)
    let floor = String(format: "%.2f (%@)", result.floor, result.floorName)
    print("| \(result.name) | \(value) | \(floor) | \(String(format: "%.2f", result.ratio)) |")
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  try FileManager.default.createDirectory(atPath: "bench-results", withIntermediateDirectories: true)
  try encoder.encode(results).write(to: URL(fileURLWithPath: "bench-results/bench.json"))
  print("\nwritten to bench-results/bench.json")
}
