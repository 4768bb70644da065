import CWidth
import Foundation

/// A pipe whose ends are close-on-exec from the moment they exist, so that no process another
/// test spawns meanwhile (a tmux server, nginx) inherits them and keeps a reader waiting for EOF.
public struct PrivatePipe {
  /// The end the test reads.
  public let reading: FileHandle
  /// The end a child writes (the test closes its own copy once the child has started).
  public let writing: FileHandle

  /// Makes the pipe.
  public init() throws {
    var descriptors: [Int32] = [-1, -1]
    guard trending_pipe_cloexec(&descriptors) == 0 else { throw POSIXError(.EMFILE) }
    reading = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
    writing = FileHandle(fileDescriptor: descriptors[1], closeOnDealloc: true)
  }
}
