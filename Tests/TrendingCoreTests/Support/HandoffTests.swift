import Glibc
import Testing

@testable import TrendingCore

@Suite("A value made on another thread")
struct HandoffTests {
  /// What the other thread made is what the waiting one takes, and it was made elsewhere.
  @Test func theValueMadeElsewhereIsTaken() {
    let caller = pthread_self()
    let handoff = Handoff.making { (pthread_equal(pthread_self(), caller) == 0, [1, 2, 3]) }
    let (elsewhere, value) = handoff.take()
    #expect(elsewhere)
    #expect(value == [1, 2, 3])
    // A second take returns the same value at once.
    #expect(handoff.take().1 == [1, 2, 3])
  }
}
