import FoundationEssentials

/// A rate budget for each origin (scheme, host and port) a client talks to, made on first use: a
/// redirect to another host spends that host's window, not the service's.
public actor HostBudgets {
  /// The budgets made so far, by origin.
  private var budgets: [String: RateBudget] = [:]
  /// The limit a new budget starts at.
  private let limit: Int
  /// The clock every budget counts on.
  private let clock: ClientClock

  /// Makes an empty set whose budgets start at `limit` requests a minute, on `clock`.
  public init(limit: Int = RateBudget.assumedLimit, clock: ClientClock = .system) {
    self.limit = limit
    self.clock = clock
  }

  /// The budget of `url`'s origin (scheme, host and port), made now if need be.
  public func budget(for url: URL) -> RateBudget {
    let key = Origin(url).description
    if let budget = budgets[key] { return budget }
    let budget = RateBudget(limit: limit, clock: clock)
    budgets[key] = budget
    return budget
  }

  /// The hosts (as `scheme://host:port`) that have a budget, sorted.
  public var hosts: [String] { budgets.keys.sorted() }
}
