import FoundationEssentials

/// A JSON text read a byte at a time from a source, never held whole: `import json` reads an
/// export row by row, so its memory is one row's, whatever the file's size.
struct JSONStream<Source: ByteSource> {
  /// Why the text is not JSON (the import names the file instead).
  struct Malformed: Error {}

  /// A value that is not an object or an array.
  enum Scalar: Equatable {
    case null
    case bool(Bool)
    case number(SQLValue)
    case text(String)
    /// An object, an array, or a string longer than `longestString`: read past, not kept.
    case unusable
  }

  /// The longest string kept, in bytes; a longer one is read past and is `unusable`.
  static var longestString: Int { 1 << 20 }
  /// The deepest nesting read past.
  static var deepest: Int { 512 }

  private var source: Source
  private var chunk: ArraySlice<UInt8> = []
  /// The next byte's index in `chunk` (read by index: taking a slice's first is slow without optimisation).
  private var at = 0
  private var ended = false
  private var bytes: [UInt8] = []

  /// Reads `source`.
  init(_ source: Source) {
    self.source = source
  }

  /// Whether every byte of the source has been read: malformed there, the text ends early.
  var reachedEnd: Bool { ended && at >= chunk.endIndex }

  /// The next byte past white space, not taken; nil at the end.
  mutating func peek() throws -> UInt8? {
    while true {
      guard try at < chunk.endIndex || refill() else { return nil }
      let byte = chunk[at]
      guard byte == 0x20 || byte == 0x0a || byte == 0x0d || byte == 0x09 else { return byte }
      at += 1
    }
  }

  /// Takes a UTF-8 byte order mark at the start (Notepad saves one), as RFC 8259 lets a reader.
  mutating func skipByteOrderMark() throws {
    guard try at < chunk.endIndex || refill(), chunk[at] == 0xEF else { return }
    for byte: UInt8 in [0xEF, 0xBB, 0xBF] { guard try take() == byte else { throw Malformed() } }
  }

  /// The source's next chunk in `chunk`; false at the end.
  private mutating func refill() throws -> Bool {
    while !ended {
      guard let next = try source.next() else {
        ended = true
        return false
      }
      chunk = next
      at = next.startIndex
      if at < chunk.endIndex { return true }
    }
    return false
  }

  /// The next byte, taken as is (inside a string or a literal).
  private mutating func take() throws -> UInt8 {
    guard try at < chunk.endIndex || refill() else { throw Malformed() }
    defer { at += 1 }
    return chunk[at]
  }

  /// Takes `byte` past white space, or fails.
  mutating func expect(_ byte: UInt8) throws {
    guard try peek() == byte else { throw Malformed() }
    at += 1
  }

  /// Takes `byte` when it comes next past white space; whether it did.
  mutating func take(_ byte: UInt8) throws -> Bool {
    guard try peek() == byte else { return false }
    at += 1
    return true
  }

  /// The next member's key of an object whose `{` was taken (`first` for its first member; it
  /// is then cleared), its `:` taken; nil at the object's `}`.
  mutating func nextKey(_ first: inout Bool) throws -> String? {
    if try take(0x7d) { return nil }
    if !first { try expect(0x2c) }
    first = false
    guard try peek() == 0x22, case .text(let key) = try string() else { throw Malformed() }
    try expect(0x3a)
    return key
  }

  /// Whether another element of an array whose `[` was taken comes (`first` as for `nextKey`);
  /// false at its `]`.
  mutating func nextElement(_ first: inout Bool) throws -> Bool {
    if try take(0x5d) { return false }
    if !first { try expect(0x2c) }
    first = false
    return true
  }

  /// The next value when it is not an object or an array; those are read past as `unusable`.
  mutating func scalar() throws -> Scalar {
    guard let byte = try peek() else { throw Malformed() }
    switch byte {
    case 0x22: return try string()
    case 0x7b, 0x5b:
      try skip()
      return .unusable
    case 0x74: return try literal("true", .bool(true))
    case 0x66: return try literal("false", .bool(false))
    case 0x6e: return try literal("null", .null)
    case 0x2d, 0x30...0x39: return try number()
    default: throw Malformed()
    }
  }

  /// Reads past the next value, however deep (to `deepest`), keeping nothing.
  mutating func skip() throws {
    var depth = 0
    repeat {
      switch try peek() {
      case 0x7b, 0x5b:
        at += 1
        depth += 1
        guard depth <= Self.deepest else { throw Malformed() }
      case 0x7d, 0x5d:
        guard depth > 0 else { throw Malformed() }
        at += 1
        depth -= 1
      case 0x2c, 0x3a:
        guard depth > 0 else { throw Malformed() }
        at += 1
      case nil: throw Malformed()
      default: _ = try scalar()
      }
    } while depth > 0
  }

  private mutating func literal(_ word: StaticString, _ value: Scalar) throws -> Scalar {
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard try take() == expected else { throw Malformed() }
    }
    return value
  }

  private mutating func number() throws -> Scalar {
    bytes.removeAll(keepingCapacity: true)
    var whole = true
    while let byte = try peekRaw() {
      switch byte {
      case 0x30...0x39, 0x2d, 0x2b: break
      case 0x2e, 0x65, 0x45: whole = false
      default:
        return try made(whole)
      }
      guard bytes.count < 400 else { throw Malformed() }
      bytes.append(chunk[at])
      at += 1
    }
    return try made(whole)
  }

  private func made(_ whole: Bool) throws -> Scalar {
    let text = String(decoding: bytes, as: UTF8.self)
    if whole, let number = Int64(text) { return .number(.integer(number)) }
    guard let number = Double(text), number.isFinite else { throw Malformed() }
    return .number(.real(number))
  }

  /// The next byte, white space included, without taking it; nil at the end.
  private mutating func peekRaw() throws -> UInt8? {
    guard try at < chunk.endIndex || refill() else { return nil }
    return chunk[at]
  }

  private mutating func string() throws -> Scalar {
    try expect(0x22)
    bytes.removeAll(keepingCapacity: true)
    var tooLong = false
    func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
      bytes.append(contentsOf: String(Character(scalar)).utf8)
    }
    while true {
      // A run of plain bytes is copied at once.
      var end = at
      while end < chunk.endIndex, chunk[end] != 0x22, chunk[end] != 0x5c { end += 1 }
      if end > at {
        if bytes.count < Self.longestString { bytes.append(contentsOf: chunk[at..<end]) } else { tooLong = true }
        at = end
      }
      let byte = try take()
      if byte == 0x22 { break }
      if bytes.count >= Self.longestString {
        tooLong = true
        bytes.removeAll(keepingCapacity: true)
      }
      guard byte == 0x5c else {
        bytes.append(byte)
        continue
      }
      switch try take() {
      case 0x22: bytes.append(0x22)
      case 0x5c: bytes.append(0x5c)
      case 0x2f: bytes.append(0x2f)
      case 0x62: bytes.append(0x08)
      case 0x66: bytes.append(0x0c)
      case 0x6e: bytes.append(0x0a)
      case 0x72: bytes.append(0x0d)
      case 0x74: bytes.append(0x09)
      case 0x75:
        var code = try hex4()
        if (0xd800...0xdbff).contains(code) {
          // A high surrogate takes the low one after it; alone, it is U+FFFD.
          guard try take() == 0x5c, try take() == 0x75 else { throw Malformed() }
          let low = try hex4()
          code = (0xdc00...0xdfff).contains(low) ? 0x10000 + (code - 0xd800) << 10 + (low - 0xdc00) : 0xfffd
        }
        append(Unicode.Scalar(code) ?? "\u{fffd}", to: &bytes)
      default: throw Malformed()
      }
    }
    if tooLong { return .unusable }
    guard let text = String(validating: bytes, as: UTF8.self) else { return .unusable }
    return .text(text)
  }

  private mutating func hex4() throws -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      let byte = try take()
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x61...0x66: digit = byte - 0x61 + 10
      case 0x41...0x46: digit = byte - 0x41 + 10
      default: throw Malformed()
      }
      code = code << 4 | UInt32(digit)
    }
    return code
  }
}
