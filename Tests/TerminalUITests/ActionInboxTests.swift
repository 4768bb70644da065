import Glibc
import Testing
import TrendingCore

@testable import TerminalUI

@Suite("The loop's inbox")
struct ActionInboxTests {
  /// The bytes waiting in the inbox's wake-up pipe, read off.
  private func wakeBytes(_ inbox: ActionInbox) -> Int {
    var buffer = [UInt8](repeating: 0, count: 64)
    var count = 0
    while true {
      let read = Glibc.read(inbox.readDescriptor, &buffer, buffer.count)
      guard read > 0 else { return count }
      count += read
    }
  }

  /// Actions queued together write one wake-up byte; the drain takes them all, and the next action wakes again.
  @Test func aBatchWakesOnce() {
    let inbox = ActionInbox()
    for _ in 0..<3 { inbox.send(.start) }
    #expect(wakeBytes(inbox) == 1)
    #expect(inbox.drain().count == 3)
    inbox.send(.start)
    #expect(wakeBytes(inbox) == 1)
    #expect(inbox.drain().count == 1)
    #expect(inbox.drain().isEmpty)
  }

  /// A drain empties the pipe before it takes the queue, so an action sent after it is woken for.
  @Test func anActionAfterADrainIsWokenFor() {
    let inbox = ActionInbox()
    inbox.send(.start)
    #expect(inbox.drain().count == 1)
    #expect(wakeBytes(inbox) == 0)
    inbox.send(.start)
    #expect(wakeBytes(inbox) == 1)
  }
}
