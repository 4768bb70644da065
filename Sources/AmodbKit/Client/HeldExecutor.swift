import Dispatch
import Synchronization

/// Runs the jobs of the tasks that prefer it on the thread that drains it, until it is released;
/// from then on, on the concurrency pool.
///
/// Start-up asks for the first list on it: the main thread, which would otherwise wait for the
/// terminal, runs the request itself (a demo or cached answer to the end), and the pool's first
/// thread, whose start makes two more threads, starts after the first frame (decision
/// *first-answer-on-main*).
public final class HeldExecutor: TaskExecutor, Sendable {
  /// The jobs waiting for a drain, whether they go to the pool instead, and whether a drain is
  /// running (it takes what is enqueued meanwhile: no wake-up is needed).
  private let state = Mutex<(jobs: [UnownedJob], released: Bool, draining: Bool)>(([], false, false))
  /// Says a job is waiting (the loop's wake-up).
  private let wake: @Sendable () -> Void

  /// Makes an executor that calls `wake` when a job waits for a drain.
  public init(wake: @escaping @Sendable () -> Void) {
    self.wake = wake
  }

  /// What `enqueue` does with a job.
  private enum Placement { case held, heldAndWake, pool }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let placement = state.withLock { state -> Placement in
      guard !state.released else { return .pool }
      state.jobs.append(job)
      // A drain running takes it; a job already waiting has woken the loop.
      return state.draining || state.jobs.count > 1 ? .held : .heldAndWake
    }
    switch placement {
    case .held: break
    case .heldAndWake: wake()
    case .pool: runOnPool(job)
    }
  }

  /// Runs the waiting jobs, and the jobs they enqueue, until none waits; returns how many ran.
  @discardableResult
  public func drain() -> Int {
    var ran = 0
    while let job = state.withLock({ state -> UnownedJob? in
      guard !state.jobs.isEmpty else {
        state.draining = false
        return nil
      }
      state.draining = true
      return state.jobs.removeFirst()
    }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
      ran += 1
    }
    return ran
  }

  /// Hands the waiting jobs, and every later one, to the pool.
  public func release() {
    let waiting = state.withLock { state in
      state.released = true
      defer { state.jobs = [] }
      return state.jobs
    }
    for job in waiting { runOnPool(job) }
  }

  private func runOnPool(_ job: UnownedJob) {
    let executor = asUnownedTaskExecutor()
    DispatchQueue.global().async { job.runSynchronously(on: executor) }
  }

  /// The executor the current work prefers, handed down to the tasks it starts (the client's
  /// shared requests), so a request asked on a held executor runs there to its end.
  @TaskLocal public static var preferred: HeldExecutor?
}
