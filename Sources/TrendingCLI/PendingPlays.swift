import FoundationEssentials
import Glibc
import LibraryKit

extension PendingPlay {
  /// A play of `target` on `day`; a URL is kept without its user, query and fragment (where
  /// tokens travel): its name is read from its path alone.
  init(keeping target: String, day: String) {
    self.init(target: Self.kept(target), day: day)
  }

  /// `target` as it is kept: a path as it is, a URL as `scheme://host/path`.
  static func kept(_ target: String) -> String {
    guard PlayTarget.isURL(target), let range = target.firstRange(of: "://") else { return target }
    let rest = target[range.upperBound...].prefix { $0 != "?" && $0 != "#" }
    let pathStart = rest.firstIndex(of: "/") ?? rest.endIndex
    let authority = rest[..<pathStart]
    let host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
    return String(target[..<range.upperBound] + host + rest[pathStart...])
  }
}

/// The plays kept to record later in the library of an environment (`Library.pendingPlays`),
/// each call through a service of its own; a library not made yet is made to keep one.
struct PendingPlays {
  /// The library's place.
  let library: URL

  /// The list of the library of `environment`, nil when there is no place for a library.
  init?(environment: [String: String]) {
    guard let library = Library.standardPath(environment: environment) else { return nil }
    self.library = library
  }

  /// The plays kept, oldest first (none when the library cannot be read).
  func read() -> [PendingPlay] {
    guard access(library.path, F_OK) == 0 else { return [] }
    let read = LibraryService(path: library).sync { library throws(LibraryError) in try library.pendingPlays() }
    return (try? read.get()) ?? []
  }

  /// Keeps `play`; false when it could not be written or the list is full.
  func keep(_ play: PendingPlay) -> Bool {
    (try? LibraryService(path: library).sync { library throws(LibraryError) in try library.keep(play) }.get())
      ?? false
  }

  /// Takes `settled` off the list (a failure leaves them, to be recorded again once a day).
  func remove(_ settled: [PendingPlay]) {
    _ = LibraryService(path: library).sync { library throws(LibraryError) in try library.forget(settled) }
  }
}
