import CWidth
import Foundation

/// An end-to-end expectation that timed out, with the screen at that moment.
public struct TmuxError: Error, CustomStringConvertible {
  /// What did not happen, and the screen.
  public var message: String

  /// Makes an error from its message.
  public init(message: String) {
    self.message = message
  }

  public var description: String { message }
}

/// Runs a command with posix_spawn and waitpid, which (unlike Foundation's Process) never
/// waits forever on a client that forks a daemon, as `tmux new-session` does.
public enum Spawn {
  /// Starts `arguments[0]` (a path) with standard streams on /dev/null and no signal blocked, as a
  /// shell would start it (a test thread's mask would otherwise be inherited); returns its pid.
  public static func start(_ arguments: [String], environment: [String: String]? = nil) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = unblockedSignals()
    defer { posix_spawnattr_destroy(&attributes) }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { (argv + (envp ?? [])).forEach { free($0) } }
    var pid: pid_t = 0
    let started =
      envp.map { envp in posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp) }
      ?? posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
    guard started == 0 else { throw POSIXError(.ENOENT) }
    return pid
  }

  /// Spawn attributes that start the child with no signal blocked, as a shell would (a test
  /// thread's mask is otherwise inherited); the caller destroys them.
  private static func unblockedSignals() -> posix_spawnattr_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    return attributes
  }

  /// Runs `arguments` (looked up on PATH); returns standard output when `capture` is set.
  static func run(_ arguments: [String], capture: Bool) throws -> String {
    var pipeDescriptors: [Int32] = [-1, -1]
    if capture {
      guard trending_pipe_cloexec(&pipeDescriptors) == 0 else { throw POSIXError(.EMFILE) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if capture {
      posix_spawn_file_actions_adddup2(&actions, pipeDescriptors[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipeDescriptors[0])
      posix_spawn_file_actions_addclose(&actions, pipeDescriptors[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // No signal blocked: a tmux server forked from this client keeps the mask, and one started with
    // SIGTERM blocked ignores `kill-server` and outlives the test.
    var attributes = unblockedSignals()
    defer { posix_spawnattr_destroy(&attributes) }
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
    if capture { close(pipeDescriptors[1]) }
    guard spawned == 0 else {
      if capture { close(pipeDescriptors[0]) }
      throw POSIXError(.ENOENT)
    }
    var output = Data()
    if capture {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(pipeDescriptors[0], &buffer, buffer.count)
        if count <= 0 { break }
        output.append(contentsOf: buffer[0..<count])
      }
      close(pipeDescriptors[0])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    return String(decoding: output, as: UTF8.self)
  }
}
