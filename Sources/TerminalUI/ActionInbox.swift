import FoundationEssentials
import Glibc
import Synchronization
import TrendingCore

/// Where effects hand their answers to the loop: a locked queue plus a pipe that wakes `poll()`.
public final class ActionInbox: Sendable {
  private let queue = Mutex<[Action]>([])
  /// The end of the wake-up pipe the loop polls.
  public let readDescriptor: Int32
  /// The end of the wake-up pipe that signal handlers write to.
  public let writeDescriptor: Int32

  /// Makes an inbox with its wake-up pipe.
  public init() {
    var descriptors: [Int32] = [-1, -1]
    if pipe(&descriptors) == 0 {
      for descriptor in descriptors {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      }
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
  }

  deinit {
    close(readDescriptor)
    close(writeDescriptor)
  }

  /// Queues an action and wakes the loop; callable from any thread. Only the first action of a
  /// batch writes to the pipe: the loop's `drain` takes every action queued when it runs.
  public func send(_ action: Action) {
    let first = queue.withLock { actions in
      actions.append(action)
      return actions.count == 1
    }
    if first { wake() }
  }

  /// Wakes the loop without an action.
  public func wake() {
    var byte: UInt8 = 1
    _ = write(writeDescriptor, &byte, 1)
  }

  /// Takes every queued action and empties the wake-up pipe: the pipe first, so an action queued
  /// after the take writes a byte of its own.
  public func drain() -> [Action] {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(readDescriptor, &buffer, buffer.count) > 0 {}
    return queue.withLock { actions in
      defer { actions.removeAll() }
      return actions
    }
  }
}
