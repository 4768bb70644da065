import AmodbKit
import Dispatch
import Synchronization

/// A value made on another thread and waited for on this one: the semaphore orders its one write
/// before every read.
public final class Handoff<Value>: @unchecked Sendable {
  private var value: Value?
  private let done = DispatchSemaphore(value: 0)
  /// How the value is made, when `making` was given it: by whichever thread claims it first.
  private let maker: (@Sendable () -> Value)?
  /// Whether a thread has begun making the value.
  private let claimed = Atomic<Bool>(false)

  /// Makes an empty handoff, for a value someone will `give`.
  public init() {
    maker = nil
  }

  private init(maker: @escaping @Sendable () -> Value) {
    self.maker = maker
  }

  /// Makes the value on a thread of its own (`PlainThread` unless `start` says otherwise) and
  /// returns the handoff it arrives through. A thread that has not begun by the time the value is
  /// taken is not waited for: the taker makes it (decision *handoff-taker-makes-unstarted*).
  public static func making(
    _ make: @escaping @Sendable () -> Value,
    start: (@escaping @Sendable () -> Void) -> Bool = { PlainThread.start($0) }
  ) -> Handoff<Value> {
    let handoff = Handoff(maker: make)
    if !start({ handoff.makeUnlessClaimed() }) { handoff.makeUnlessClaimed() }
    return handoff
  }

  /// Hands the value over; called once.
  public func give(_ made: Value) {
    value = made
    done.signal()
  }

  /// Waits until the value is given, and returns it; makes it here when no thread has begun to.
  public func take() -> Value {
    makeUnlessClaimed()
    done.wait()
    defer { done.signal() }
    guard let value else { preconditionFailure("the handoff was signalled without a value") }
    return value
  }

  /// Makes and gives the value, unless there is no maker or another thread has begun making it.
  private func makeUnlessClaimed() {
    guard let maker, claimed.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
      return
    }
    give(maker())
  }
}
