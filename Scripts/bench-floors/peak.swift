// Shared by the bench floors: the process's peak resident memory and its own memory, read from /proc/self
// (wait4's figure would include the benchmark's own memory, inherited through posix_spawn's vfork).
import Glibc

/// VmHWM in KiB, or 0.
func peakKiB() -> Int {
  field("VmHWM:", in: "/proc/self/status")
}

/// The process's own memory in KiB (anonymous and written pages, `Private_Dirty`), or 0.
func dirtyKiB() -> Int {
  field("Private_Dirty:", in: "/proc/self/smaps_rollup")
}

/// A `Name: N kB` line's number in a /proc file, or 0.
func field(_ name: String, in path: String) -> Int {
  guard let file = fopen(path, "r") else { return 0 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = String(cString: line)
    if text.hasPrefix(name) { return Int(text.dropFirst(name.count).filter(\.isNumber)) ?? 0 }
  }
  return 0
}
