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
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        let name = String(text[..<equals])
        if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return variables
  }()
}
