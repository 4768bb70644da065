import AmodbKit
import FoundationEssentials
import Glibc
import Localization

/// Why an import could not read its input: one sentence for the user.
public struct ImportFailure: Error, Equatable, Sendable {
  /// What went wrong, naming the file.
  public var message: String

  /// Makes one.
  public init(_ message: String) {
    self.message = message
  }
}

/// Bytes read in chunks: a file, an archive's entry, or memory.
public protocol ByteSource {
  /// The next chunk, or nil at the end.
  mutating func next() throws -> ArraySlice<UInt8>?
}

extension ByteSource {
  /// Everything left, refused past `cap` bytes (read no further than one byte past it).
  public mutating func readAll(cap: Int, name: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    while let chunk = try next() {
      bytes += chunk
      if bytes.count > cap {
        throw ImportFailure(tr("%1$s is larger than %2$s MiB: refused", name, String(cap >> 20)))
      }
    }
    return bytes
  }
}

/// Bytes already in memory, handed out in chunks.
public struct MemorySource: ByteSource {
  private let bytes: [UInt8]
  private var offset = 0
  private let chunk: Int

  /// Reads `bytes`, `chunk` at a time.
  public init(_ bytes: [UInt8], chunk: Int = 64 << 10) {
    self.bytes = bytes
    self.chunk = max(chunk, 1)
  }

  public mutating func next() throws -> ArraySlice<UInt8>? {
    guard offset < bytes.count else { return nil }
    let end = min(offset + chunk, bytes.count)
    defer { offset = end }
    return bytes[offset..<end]
  }
}

/// A regular file read 64 KiB at a time.
public final class FileSource: ByteSource {
  private let descriptor: Int32
  private let name: String
  private var buffer = [UInt8](repeating: 0, count: 64 << 10)

  /// Opens a regular file (not a link, FIFO or device); fails with the reason.
  public init(path: String) throws {
    name = TextSanitizer.clean(path, limit: 300)
    let opened = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard opened >= 0 else { throw ImportFailure(tr("%1$s: %2$s", name, String(cString: strerror(errno)))) }
    var info = stat()
    guard fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(opened)
      throw ImportFailure(tr("%s is not a regular file", name))
    }
    descriptor = opened
  }

  /// Reads a descriptor already open (standard input, a pipe), closed with the source.
  public init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  deinit { close(descriptor) }

  public func next() throws -> ArraySlice<UInt8>? {
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 { return buffer[0..<count] }
      if count == 0 { return nil }
      guard errno == EINTR else { throw ImportFailure(tr("%1$s: %2$s", name, String(cString: strerror(errno)))) }
    }
  }
}
