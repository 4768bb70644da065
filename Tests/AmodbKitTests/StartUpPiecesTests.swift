import AmodbKit
import CProcess
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

  /// A new thread starts on a CPU its maker is not on, when it may use another: never on none.
  @Test func aPlainThreadStartsOnAnotherCPU() {
    func cpus(_ list: [Int32]) -> cpu_set_t {
      var set = cpu_set_t()
      for cpu in list { trending_cpus_add(&set, cpu) }
      return set
    }
    func same(_ one: cpu_set_t?, _ other: cpu_set_t?) -> Bool {
      guard var one, var other else { return one == nil && other == nil }
      return withUnsafeBytes(of: &one) { a in withUnsafeBytes(of: &other) { b in a.elementsEqual(b) } }
    }
    #expect(same(PlainThread.elsewhere(than: 0, in: cpus([0, 1])), cpus([1])))
    #expect(same(PlainThread.elsewhere(than: 1, in: cpus([0, 1, 2, 70])), cpus([0, 2, 70])))
    #expect(same(PlainThread.elsewhere(than: 0, in: cpus([0])), nil))
    #expect(same(PlainThread.elsewhere(than: -1, in: cpus([0, 1])), nil))
    #expect(same(PlainThread.elsewhere(than: 5, in: cpus([0, 1])), cpus([0, 1])))
  }

  /// Once started, the thread may run on every CPU its maker may: the start's CPU is no pin.
  @Test func aPlainThreadThenRoams() {
    var maker = cpu_set_t()
    #expect(trending_allowed_cpus(&maker) == 0)
    let seen = Mutex<cpu_set_t?>(nil)
    let done = DispatchSemaphore(value: 0)
    #expect(
      PlainThread.start {
        var own = cpu_set_t()
        if trending_allowed_cpus(&own) == 0 { seen.withLock { $0 = own } }
        done.signal()
      })
    #expect(done.wait(timeout: .now() + 60) == .success)
    let own = seen.withLock { $0 }
    let roams = own.map { own in withUnsafeBytes(of: own) { a in withUnsafeBytes(of: maker) { a.elementsEqual($0) } } }
    #expect(roams == true)
  }

  /// A task preferring a held executor waits for a drain, and runs on the draining thread: the
  /// demo's first request, its shared request and its decoding included, before `drain` returns.
  @Test func aHeldExecutorRunsTheFirstRequestOnTheDrainingThread() {
    let wakes = Atomic<Int>(0)
    let executor = HeldExecutor { wakes.add(1, ordering: .relaxed) }
    let client = AmodbClient(configuration: DemoTransport.configuration(), transport: DemoTransport())
    let caller = pthread_self()
    let seen = Mutex<(films: Int?, here: Bool)>((nil, false))
    Task(executorPreference: executor) {
      let page = await HeldExecutor.$preferred.withValue(executor) {
        try? await client.fetch(TrendingRequest(language: "en-US")).value
      }
      let here = pthread_equal(pthread_self(), caller) != 0
      seen.withLock { $0 = (page?.results.count, here) }
    }
    #expect(seen.withLock { $0.films } == nil, "nothing runs before the drain")
    #expect(wakes.load(ordering: .relaxed) >= 1)
    #expect(executor.drain() >= 3, "the task, the client's actor and its shared request each ran a job here")
    let after = seen.withLock { $0 }
    #expect(after.films == 20)
    #expect(after.here)
    #expect(wakes.load(ordering: .relaxed) == 1, "what is enqueued while a drain runs wakes nothing")
  }

  /// Jobs that wait together wake the loop once: the first of them does.
  @Test func jobsWaitingTogetherWakeOnce() {
    let wakes = Atomic<Int>(0)
    let executor = HeldExecutor { wakes.add(1, ordering: .relaxed) }
    let ran = Atomic<Int>(0)
    for _ in 0..<3 {
      Task(executorPreference: executor) { @Sendable in ran.add(1, ordering: .relaxed) }
    }
    #expect(wakes.load(ordering: .relaxed) == 1)
    #expect(executor.drain() == 3)
    #expect(ran.load(ordering: .relaxed) == 3)
    // Drained, the executor wakes the loop again for the next job.
    Task(executorPreference: executor) { @Sendable in ran.add(1, ordering: .relaxed) }
    #expect(wakes.load(ordering: .relaxed) == 2)
    #expect(executor.drain() == 1)
  }

  /// Once released, the jobs waiting and every later one run on the pool, with no drain.
  @Test func aReleasedExecutorHandsItsJobsToThePool() {
    let executor = HeldExecutor {}
    let caller = pthread_self()
    let elsewhere = Mutex<[Bool]>([])
    let done = DispatchSemaphore(value: 0)
    for _ in 0..<2 {
      Task(executorPreference: executor) { @Sendable in
        elsewhere.withLock { $0.append(pthread_equal(pthread_self(), caller) == 0) }
        done.signal()
      }
    }
    executor.release()
    Task(executorPreference: executor) { @Sendable in
      elsewhere.withLock { $0.append(pthread_equal(pthread_self(), caller) == 0) }
      done.signal()
    }
    for _ in 0..<3 { #expect(done.wait(timeout: .now() + 60) == .success) }
    #expect(elsewhere.withLock { $0 } == [true, true, true])
    #expect(executor.drain() == 0)
  }
}
