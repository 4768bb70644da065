/// The concurrency pool's first thread, started as the program starts.
public enum PoolStart {
  /// Starts the pool with an empty task and returns at once: the thread's start (120 µs or more)
  /// is then over, on the other core, when the first request's task comes.
  public static func now() {
    Task.detached(priority: .userInitiated) {}
  }
}
