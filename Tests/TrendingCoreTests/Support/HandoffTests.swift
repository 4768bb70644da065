import AmodbKit
import Dispatch
import Glibc
import Synchronization
import Testing

@testable import TrendingCore

@Suite("A value made on another thread", .timeLimit(.minutes(1)))
struct HandoffTests {
  /// Counts the makes, and says whether each ran on the thread that asked for the handoff.
  final class Maker: Sendable {
    let caller = pthread_self()
    let made = Atomic<Int>(0)
    /// Whether the last make ran on another thread than the caller's.
    let elsewhere = Atomic<Bool>(false)

    /// Whether the last make ran elsewhere.
    var wasElsewhere: Bool { elsewhere.load(ordering: .relaxed) }
    /// How many makes ran.
    var makes: Int { made.load(ordering: .relaxed) }

    func make() -> [Int] {
      elsewhere.store(pthread_equal(pthread_self(), caller) == 0, ordering: .relaxed)
      made.add(1, ordering: .relaxed)
      return [1, 2, 3]
    }
  }

  /// What the other thread made is what the waiting one takes, and it was made elsewhere.
  @Test func theValueMadeElsewhereIsTaken() {
    let maker = Maker()
    let finished = DispatchSemaphore(value: 0)
    let handoff = Handoff.making(
      { maker.make() },
      start: { work in
        PlainThread.start {
          work()
          finished.signal()
        }
      })
    finished.wait()
    #expect(handoff.take() == [1, 2, 3])
    #expect(maker.wasElsewhere)
    // A second take returns the same value at once.
    #expect(handoff.take() == [1, 2, 3])
    #expect(maker.makes == 1)
  }

  /// A thread that has not begun when the value is taken is not waited for: the taker makes the
  /// value, and the thread, starting late, makes nothing.
  @Test func anUnstartedThreadIsNotWaitedFor() {
    let maker = Maker()
    let late = Mutex<(@Sendable () -> Void)?>(nil)
    let handoff = Handoff.making(
      { maker.make() },
      start: { work in
        late.withLock { $0 = work }
        return true
      })
    #expect(handoff.take() == [1, 2, 3])
    #expect(!maker.wasElsewhere)
    late.withLock { $0 }?()
    #expect(maker.makes == 1)
    #expect(handoff.take() == [1, 2, 3])
  }

  /// A thread that has begun making the value is waited for, never raced.
  @Test func aStartedThreadIsWaitedFor() {
    let maker = Maker()
    let began = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let handoff = Handoff.making(
      {
        began.signal()
        proceed.wait()
        return maker.make()
      },
      start: { work in PlainThread.start(work) })
    began.wait()
    PlainThread.start { proceed.signal() }
    #expect(handoff.take() == [1, 2, 3])
    #expect(maker.wasElsewhere)
    #expect(maker.makes == 1)
  }

  /// With no thread to be had, the value is made at once, here.
  @Test func noThreadMakesItHere() {
    let maker = Maker()
    let handoff = Handoff.making({ maker.make() }, start: { _ in false })
    #expect(maker.makes == 1)
    #expect(handoff.take() == [1, 2, 3])
    #expect(!maker.wasElsewhere)
    #expect(maker.makes == 1)
  }
}
