import Foundation

/// A shell script for the app to run, written through a descriptor that is close-on-exec from the
/// moment it exists: a tmux server another test spawns while it is open would otherwise keep it
/// open for writing, and the kernel refuses to run a file open for writing (`ETXTBSY`).
public enum ExecutableScript {
  /// Writes `text` to `file` with mode 0755.
  public static func write(_ text: String, to file: URL) throws {
    let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw POSIXError(.EIO) }
    guard fchmod(descriptor, 0o755) == 0 else { throw POSIXError(.EPERM) }
  }
}
