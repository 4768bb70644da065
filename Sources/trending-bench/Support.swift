// The benchmark's small helpers: medians, timing and temporary folders.
import Foundation

/// The middle value (the upper of the two for an even count).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// How long `body` takes, in seconds.
func seconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// A fresh folder path under the system's temporary one.
func temporaryDirectory() -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("trending-bench-\(UUID().uuidString)").path
}
