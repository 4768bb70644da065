#if canImport(Glibc)
  import Glibc
#endif

/// Work on a thread of its own: a detached POSIX thread, outside the concurrency pool.
///
/// For what must not wait behind the pool's tasks or hold one of its threads (a blocking loop,
/// a `waitpid`), and for start-up work: a plain thread runs within about 30 µs, where the
/// dispatch pool's first thread took 120 µs or more to start.
public enum PlainThread {
  /// Starts `work` on a new thread; false, with the work not run, when no thread could be made.
  @discardableResult
  public static func start(_ work: @escaping @Sendable () -> Void) -> Bool {
    let job = Unmanaged.passRetained(Job(work)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<Job>.fromOpaque(context).takeRetainedValue().work()
        return nil
      }, job)
    guard started == 0 else {
      Unmanaged<Job>.fromOpaque(job).release()
      return false
    }
    pthread_detach(thread)
    return true
  }
}

/// Work handed to a new thread.
private final class Job: Sendable {
  let work: @Sendable () -> Void

  init(_ work: @escaping @Sendable () -> Void) {
    self.work = work
  }
}
