import AmodbKit
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization
import Testing

@Suite("The pieces start-up is made of")
struct StartUpPiecesTests {
  /// The copy from a string's storage gives the bytes the generic initializer gives, for any text.
  @Test func utf8DataIsTheTextsBytes() {
    let string = String(repeating: "a", count: 300)
    let shared = String(string.dropFirst(10))
    for text in ["", "A", "Дюна", "沙丘 🏜️", "שלום", "e\u{301}", string, shared] {
      #expect(Data(utf8Of: text) == Data(text.utf8), "\(text)")
    }
  }

  /// The work runs, once, on a thread other than the caller's.
  @Test func aPlainThreadRunsItsWorkElsewhere() {
    let caller = pthread_self()
    let ran = Mutex<[Bool]>([])
    let done = DispatchSemaphore(value: 0)
    let started = PlainThread.start {
      let elsewhere = pthread_equal(pthread_self(), caller) == 0
      ran.withLock { $0.append(elsewhere) }
      done.signal()
    }
    #expect(started)
    #expect(done.wait(timeout: .now() + 60) == .success)
    #expect(ran.withLock { $0 } == [true])
  }
}
