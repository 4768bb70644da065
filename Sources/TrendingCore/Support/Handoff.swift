import Dispatch

/// A value made on another thread and waited for on this one: the semaphore orders its one write
/// before every read.
public final class Handoff<Value>: @unchecked Sendable {
  private var value: Value?
  private let done = DispatchSemaphore(value: 0)

  /// Makes an empty handoff.
  public init() {}

  /// Hands the value over; called once.
  public func give(_ made: Value) {
    value = made
    done.signal()
  }

  /// Waits until the value is given, and returns it.
  public func take() -> Value {
    done.wait()
    defer { done.signal() }
    guard let value else { preconditionFailure("the handoff was signalled without a value") }
    return value
  }
}
