import Glibc

/// The process's environment variables, read straight from `environ`.
///
/// `ProcessInfo.processInfo` builds Foundation's whole process description on first use, about a
/// millisecond of start-up spent on type metadata; the environment is all the app reads from it.
public enum ProcessEnvironment {
  /// The variables at start-up, by name; the first of a name set twice wins, as for `getenv`.
  public static let current: [String: String] = {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      // Split at the first "=" byte, before any text is made: no grapheme is looked at.
      let length = strlen(pointer)
      let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        let name = String(decoding: bytes[..<equals], as: UTF8.self)
        if variables[name] == nil { variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self) }
      }
      entry += 1
    }
    return variables
  }()
}
