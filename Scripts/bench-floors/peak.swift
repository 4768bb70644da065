// Shared by the bench floors: the process's peak resident memory, read from /proc/self/status
// (wait4's figure would include the benchmark's own memory, inherited through posix_spawn's vfork).
import Glibc

/// VmHWM in KiB, or 0.
func peakKiB() -> Int {
  guard let file = fopen("/proc/self/status", "r") else { return 0 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = String(cString: line)
    if text.hasPrefix("VmHWM:") { return Int(text.dropFirst(6).filter(\.isNumber)) ?? 0 }
  }
  return 0
}
