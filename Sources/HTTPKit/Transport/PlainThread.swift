import CProcess

#if canImport(Glibc)
  import Glibc
#endif

/// Work on a thread of its own: a detached POSIX thread, outside the concurrency pool.
///
/// For what must not wait behind the pool's tasks or hold one of its threads (a blocking loop,
/// a `waitpid`), and for start-up work: started on another CPU than its maker's, a plain thread
/// runs within about 50 µs, where the dispatch pool's first thread took 120 µs or more to start.
public enum PlainThread {
  /// Starts `work` on a new thread; false, with the work not run, when no thread could be made.
  @discardableResult
  public static func start(_ work: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    // A new thread is queued on its maker's CPU and waits there, while another CPU idles, until the
    // maker sleeps or is preempted (a millisecond or more): it starts on another CPU, then roams
    // (decision thread-starts-elsewhere).
    var allowed = cpu_set_t()
    var roaming: cpu_set_t?
    if trending_allowed_cpus(&allowed) == 0, var others = elsewhere(than: trending_current_cpu(), in: allowed),
      trending_start_on(&attributes, &others) == 0
    {
      roaming = allowed
    }
    let job = Unmanaged.passRetained(Job(work, roaming: roaming)).toOpaque()
    var thread = pthread_t()
    let body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
      guard let context else { return nil }
      let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
      if var allowed = job.roaming { _ = trending_roam(&allowed) }
      job.work()
      return nil
    }
    var started = pthread_create(&thread, &attributes, body, job)
    // A CPU set the system refuses (a container's cpuset changed meanwhile) is no reason to go without a thread.
    if started != 0, roaming != nil {
      Unmanaged<Job>.fromOpaque(job).takeUnretainedValue().roaming = nil
      started = pthread_create(&thread, nil, body, job)
    }
    guard started == 0 else {
      Unmanaged<Job>.fromOpaque(job).release()
      return false
    }
    pthread_detach(thread)
    return true
  }

  /// The CPUs of `allowed` other than `cpu`; nil when there is none (one CPU, or `cpu` unknown).
  public static func elsewhere(than cpu: Int32, in allowed: cpu_set_t) -> cpu_set_t? {
    guard cpu >= 0 else { return nil }
    var others = allowed
    return trending_cpus_without(&others, cpu) > 0 ? others : nil
  }
}

/// Work handed to a new thread.
private final class Job: @unchecked Sendable {
  let work: @Sendable () -> Void
  /// The CPUs the thread may use once started, when it was asked to start on another (set before
  /// the thread starts, read only by it).
  var roaming: cpu_set_t?

  init(_ work: @escaping @Sendable () -> Void, roaming: cpu_set_t?) {
    self.work = work
    self.roaming = roaming
  }
}
