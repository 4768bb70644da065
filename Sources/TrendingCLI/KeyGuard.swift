import CProcess

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps the amodb key out of places it does not need to be, as ssh-agent does for its keys.
enum KeyGuard {
  /// The variable the key comes from.
  static let variable = "AMODB_KEY"

  /// Makes the process not dumpable (no core file, no same-user ptrace or /proc reads), wipes
  /// the key's bytes from the process's initial environment block and removes the variable,
  /// so neither a crash nor a child process (a browser opened later) carries it on.
  ///
  /// Call after the environment has been read, once, before any thread starts.
  static func protect() {
    _ = trending_forbid_core_dumps()
    let prefix = Array("\(variable)=".utf8)
    var index = 0
    while let entry = environ[index] {
      if strncmp(entry, prefix.map { CChar(bitPattern: $0) } + [0], prefix.count) == 0 {
        let value = entry.advanced(by: prefix.count)
        memset(value, 0, strlen(value))
      }
      index += 1
    }
    unsetenv(variable)
  }
}
