import AmodbKit
import Dispatch

/// A value made on another thread and waited for on this one: the semaphore orders its one write
/// before every read.
public final class Handoff<Value>: @unchecked Sendable {
  private var value: Value?
  private let done = DispatchSemaphore(value: 0)

  /// Makes an empty handoff.
  public init() {}

  /// Makes the value on a thread of its own (`PlainThread`) and returns the handoff it arrives
  /// through; with no thread to be had, it is made here.
  public static func making(_ make: @escaping @Sendable () -> Value) -> Handoff<Value> {
    let handoff = Handoff<Value>()
    if !PlainThread.start({ handoff.give(make()) }) { handoff.give(make()) }
    return handoff
  }

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
