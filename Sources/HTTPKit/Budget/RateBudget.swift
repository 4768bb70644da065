import FoundationEssentials

/// A client's own sliding 60-second window of requests to one service, so that its traffic never
/// draws a 429: when the window is full, the next request waits (and says for how long) instead of
/// being refused.
public actor RateBudget {
  /// The window's length in seconds.
  public static let window: TimeInterval = 60
  /// The limit assumed until the server tells: a cautious 20 a minute.
  public static let assumedLimit = 20
  /// The largest window believed from a server: the budget keeps one date per request in the
  /// window, so a header cannot make it grow without end.
  public static let largestLimit = 10_000

  private var limit: Int
  private var sent: [Date] = []
  /// Set when the server said nothing is left: the whole window is spent until this moment.
  private var spentUntil: Date?
  private let clock: ClientClock
  private let onWait: @Sendable (Int) -> Void

  /// Makes a budget; `onWait` hears how many seconds a request will wait.
  public init(
    limit: Int = assumedLimit, clock: ClientClock = .system, onWait: @escaping @Sendable (Int) -> Void = { _ in }
  ) {
    self.limit = Self.clamped(limit)
    self.clock = clock
    self.onWait = onWait
  }

  /// Waits until a request fits in the window, then counts it; `onWait` hears each wait too.
  ///
  /// A `background` request (one the user did not ask for) goes only while no request of the user's is
  /// waiting and a quarter of the window (at least one request) stays free for them, so the user's
  /// own requests go first however many background ones are queued.
  public func acquire(background: Bool = false, onWait callerWait: (@Sendable (Int) -> Void)? = nil) async {
    if !background { foregroundWaiting += 1 }
    defer { if !background { foregroundWaiting -= 1 } }
    while true {
      let now = clock.now()
      sent.removeAll { now.timeIntervalSince($0) >= Self.window }
      if let spent = spentUntil, spent <= now { spentUntil = nil }
      let room = background ? limit - max(1, limit / 4) : limit
      if spentUntil == nil, sent.count < room, !background || foregroundWaiting == 0 {
        sent.append(now)
        return
      }
      let freeAt =
        spentUntil ?? (sent.count < room ? now : (sent.min() ?? now).addingTimeInterval(Self.window))
      let wait = max(1, Int(freeAt.timeIntervalSince(now).rounded(.up)))
      if !background {
        onWait(wait)
        callerWait?(wait)
      }
      await clock.sleep(wait)
    }
  }

  /// How many of the user's own requests are waiting for room now.
  private var foregroundWaiting = 0

  /// Spends the window for `seconds` (a 429's `Retry-After`): every request to the service waits
  /// them out, not only the one refused.
  public func spend(seconds: Int) {
    let until = clock.now().addingTimeInterval(TimeInterval(max(0, seconds)))
    spentUntil = max(spentUntil ?? until, until)
  }

  /// Adopts the limit the server reported (within `1...largestLimit`), and spends the window when
  /// it says nothing is left.
  public func update(from status: RateLimitStatus?) {
    guard let status else { return }
    if let reported = status.limit, reported > 0 { limit = Self.clamped(reported) }
    if sent.count > limit { sent.removeFirst(sent.count - limit) }
    if status.remaining == 0 { spentUntil = clock.now().addingTimeInterval(Self.window) }
  }

  /// How many requests the window holds now (all of it while the server says none are left).
  public var used: Int {
    let now = clock.now()
    if let spent = spentUntil, spent > now { return limit }
    return sent.filter { now.timeIntervalSince($0) < Self.window }.count
  }

  /// The requests a window may hold: what the server reported, within `1...largestLimit`.
  public var windowLimit: Int { limit }

  private static func clamped(_ limit: Int) -> Int {
    min(max(1, limit), largestLimit)
  }
}
