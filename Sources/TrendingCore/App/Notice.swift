import FoundationEssentials

/// A short message on the status line for a while: what was copied, a settings problem, no browser.
public struct Notice: Equatable, Sendable {
  /// What the message is, which decides how it reads and how long it stays.
  public enum Kind: Equatable, Sendable {
    /// A change the user just made (a mark): gone soon.
    case confirmation
    /// A page opened or copied: long enough to read its address.
    case link
    /// A message from the app's edge (a browser that did not start).
    case message
    /// The same, as a warning.
    case failure
    /// A problem the user should fix (the settings file, the library, a rating): it stays longest.
    case problem

    /// How long the notice stays.
    public var lifetime: TimeInterval {
      switch self {
      case .confirmation: return 5
      case .link: return 6
      case .message, .failure: return 8
      case .problem: return 15
      }
    }

    /// Whether it reads as a warning.
    public var isWarning: Bool { self == .failure || self == .problem }
  }

  /// The message.
  public var text: String
  /// What it is.
  public var kind: Kind
  /// When it goes away.
  public var until: Date

  /// Makes a notice shown from `now` for its kind's lifetime.
  public init(_ text: String, kind: Kind, now: Date) {
    self.text = text
    self.kind = kind
    until = now.addingTimeInterval(kind.lifetime)
  }
}
