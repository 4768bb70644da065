import FoundationEssentials

/// The client's own sliding 60-second window of requests, so that its traffic never draws a 429:
/// when the window is full, the next request waits (and says for how long) instead of being refused.
public actor RateBudget {
  /// The window's length in seconds.
  public static let window: TimeInterval = 60
  /// The limit assumed until the server tells: the smallest plan's.
  public static let assumedLimit = 20

  private var limit: Int
  private var sent: [Date] = []
  private let clock: ClientClock
  private let onWait: @Sendable (Int) -> Void

  /// Makes a budget; `onWait` hears how many seconds a request will wait.
  public init(
    limit: Int = assumedLimit, clock: ClientClock = .system, onWait: @escaping @Sendable (Int) -> Void = { _ in }
  ) {
    self.limit = max(1, limit)
    self.clock = clock
    self.onWait = onWait
  }

  /// Waits until a request fits in the window, then counts it; `onWait` hears each wait too.
  public func acquire(onWait callerWait: (@Sendable (Int) -> Void)? = nil) async {
    while true {
      let now = clock.now()
      sent.removeAll { now.timeIntervalSince($0) >= Self.window }
      if sent.count < limit {
        sent.append(now)
        return
      }
      let oldest = sent.min() ?? now
      let wait = max(1, Int((Self.window - now.timeIntervalSince(oldest)).rounded(.up)))
      onWait(wait)
      callerWait?(wait)
      await clock.sleep(wait)
    }
  }

  /// Tells the listener that a request waits `seconds` (a 429's `Retry-After`).
  public func announceWait(_ seconds: Int) {
    onWait(seconds)
  }

  /// Adopts the limit the server reported, and spends the window when it says nothing is left.
  public func update(from status: RateLimitStatus?) {
    guard let status else { return }
    if let reported = status.limit, reported > 0 { limit = reported }
    if status.remaining == 0 {
      let now = clock.now()
      while sent.count < limit { sent.append(now) }
    }
  }

  /// How many requests the window holds now.
  public var used: Int {
    let now = clock.now()
    return sent.filter { now.timeIntervalSince($0) < Self.window }.count
  }
}
