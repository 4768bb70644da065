import FoundationEssentials

/// Time as the client sees it, injectable so tests never wait for `Retry-After`.
public struct ClientClock: Sendable {
  /// The current time.
  public var now: @Sendable () -> Date
  /// Waits the given number of seconds.
  public var sleep: @Sendable (_ seconds: Int) async -> Void

  /// Makes a clock from its parts.
  public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (_ seconds: Int) async -> Void) {
    self.now = now
    self.sleep = sleep
  }

  /// The real clock.
  public static let system = ClientClock(
    now: { Date() }, sleep: { seconds in try? await Task.sleep(for: .seconds(seconds)) })
}
