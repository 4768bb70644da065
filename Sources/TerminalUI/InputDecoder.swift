import FoundationEssentials
import TrendingCore

/// One thing ncurses handed over: a character code, or an input it decoded itself (a function
/// key, a resize, a mouse event from its own decoding).
public enum RawInput: Equatable, Sendable {
  /// A character code from `wget_wch`.
  case code(UInt32)
  /// An input ncurses decoded.
  case decoded(TerminalInput)
}

/// Turns what the terminal sent into inputs, across reads: pure, so every split, paste and
/// reply is testable with values and a clock. ncurses' own key decoding is off (`keypad` false),
/// so every escape sequence reaches this one decoder, with one window.
///
/// - A sequence (a key, an SGR or X10 mouse report, an answer) whose codes come apart is awaited
///   for `reportWindow` after the last code that arrived (at most `sequenceLimit` from its ESC),
///   as over a slow link, instead of being read as keys.
/// - Bracketed paste (`ESC [200~ … ESC [201~`) becomes one `.paste` of its printable text (each
///   control character dropped alone), never keys; one that has not ended after `pasteWindow` of
///   silence is over. An end marker with another after it in the same read was pasted text.
/// - Answers are accepted only while the app's questions are outstanding, each kind once, within
///   `replyWindow` of asking; any other answer (typed, pasted, repeated) is swallowed.
public struct InputDecoder: Sendable {
  /// How long the rest of a sequence may take after its last code.
  public static let reportWindow: TimeInterval = 0.15
  /// The longest a sequence is awaited from its ESC, however slowly it dribbles.
  public static let sequenceLimit: TimeInterval = 1
  /// How long a paste may stay silent before it is taken as ended.
  public static let pasteWindow: TimeInterval = 1
  /// How long after asking the terminal's answers are believed.
  public static let replyWindow: TimeInterval = 3
  /// The most pasted text kept, in characters; the rest of a paste is dropped.
  public static let pasteLimit = 4_096
  /// The longest report awaited across reads.
  static let carryLimit = 512

  private static let pasteStart: [UInt32] = [0x5B, 0x32, 0x30, 0x30, 0x7E]
  private static let pasteEnd: [UInt32] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// The kinds of answer the app asks for.
  enum ReplyKind: Hashable, Sendable, CaseIterable {
    case version, background, cellSize, deviceAttributes
  }

  /// Whether the app reads mouse reports.
  private let mouse: Bool
  /// Codes of a sequence that has not all arrived, when its ESC came and when its last code did.
  private var carried: [UInt32] = []
  private var carriedSince: Date?
  private var carriedLast: Date?
  /// Inside a bracketed paste: the codes so far, the last codes (to find its end), the last arrival.
  private var paste: [UInt32]?
  private var pasteTail: [UInt32] = []
  private var pasteLast: Date?
  /// The answers still expected, and until when.
  private var expected: Set<ReplyKind> = []
  private var repliesUntil: Date?

  /// Makes a decoder; `mouse` when the app reads mouse reports.
  public init(mouse: Bool) {
    self.mouse = mouse
  }

  /// The app asked its questions at `now`: one answer of each kind is believed until the window ends.
  public mutating func asked(at now: Date) {
    expected = Set(ReplyKind.allCases)
    repliesUntil = now.addingTimeInterval(Self.replyWindow)
  }

  /// When the decoder needs another look even if nothing more arrives (a sequence or a paste awaited).
  public var deadline: Date? {
    if let pasteLast { return pasteLast.addingTimeInterval(Self.pasteWindow) }
    guard let carriedSince, let carriedLast else { return nil }
    return min(carriedLast.addingTimeInterval(Self.reportWindow), carriedSince.addingTimeInterval(Self.sequenceLimit))
  }

  /// Decodes what arrived at `now` together with what was awaited from earlier reads.
  public mutating func decode(_ input: [RawInput], now: Date) -> [TerminalInput] {
    var outputs: [TerminalInput] = []
    // Silence past the window: the paste is over, or the sequence was not one.
    if let deadline, now >= deadline {
      if let stored = paste {
        outputs.append(finishPaste(stored: stored))
      } else if !carried.isEmpty {
        outputs += expire()
      }
    }
    guard !input.isEmpty else { return outputs }
    let carriedStart = carried.isEmpty ? nil : carriedSince
    let items = carried.map(RawInput.code) + input
    carried = []
    if paste != nil { pasteLast = now }
    var index = 0
    while index < items.count {
      if paste != nil {
        if case .code(let code) = items[index] { takePasted(code, rest: items[(index + 1)...], into: &outputs) }
        index += 1
        continue
      }
      guard case .code(let code) = items[index] else {
        if case .decoded(let decoded) = items[index] { outputs.append(decoded) }
        index += 1
        continue
      }
      index += 1
      guard code == 0x1B else {
        if let key = KeyDecoder.character(code) { outputs.append(.key(key)) }
        continue
      }
      var rest: [UInt32] = []
      for item in items[index...] {
        guard case .code(let next) = item else { break }
        rest.append(next)
      }
      switch report(rest[...], now: now) {
      case .taken(let length, let output):
        index += length
        if let output { outputs.append(output) }
      case .pasteBegins:
        index += Self.pasteStart.count
        paste = []
        pasteTail = []
        pasteLast = now
      case .awaited:
        carried = Array(([0x1B] + rest).prefix(Self.carryLimit))
        // The window counts from the last code; the limit from the ESC, however often it was carried.
        carriedSince = (index == 1 ? carriedStart : nil) ?? now
        carriedLast = now
        return outputs
      case .none:
        outputs.append(.key(.escape))
      }
    }
    carriedSince = nil
    carriedLast = nil
    return outputs
  }

  private enum Report {
    case taken(length: Int, TerminalInput?)
    case pasteBegins
    case awaited
    case none
  }

  /// What the codes after an ESC are: a whole sequence, a paste's start, the start of one still
  /// arriving, or none (the ESC is the Escape key).
  private mutating func report(_ rest: ArraySlice<UInt32>, now: Date) -> Report {
    if rest.isEmpty || Self.pasteStart.starts(with: rest) { return .awaited }
    if rest.starts(with: Self.pasteStart) { return .pasteBegins }
    if mouse, let report = SGRMouse.parse(rest) {
      return .taken(length: report.length, report.event.map(TerminalInput.mouse))
    }
    switch TerminalReply.parse(rest) {
    case .reply(let reply, let length)?:
      return .taken(length: length, accept(reply, now: now) ? .reply(reply) : nil)
    case .incomplete?:
      return .awaited
    case nil:
      break
    }
    switch KeySequence.parse(rest, mouse: mouse) {
    case .sequence(let length, let input)?: return .taken(length: length, input)
    case .incomplete?: return .awaited
    case nil: return .none
    }
  }

  /// Whether an answer is one the app is waiting for; the device attributes, answered last, end the wait.
  private mutating func accept(_ reply: TerminalReply, now: Date) -> Bool {
    guard let until = repliesUntil, now <= until else {
      expected = []
      repliesUntil = nil
      return false
    }
    let kind: ReplyKind
    switch reply {
    case .version: kind = .version
    case .background: kind = .background
    case .cellSize: kind = .cellSize
    case .deviceAttributes: kind = .deviceAttributes
    }
    guard expected.remove(kind) != nil else { return false }
    if kind == .deviceAttributes {
      expected = []
      repliesUntil = nil
    }
    return true
  }

  /// A sequence that never finished: a lone ESC is the Escape key, ESC and one code is Alt and
  /// that key as today; anything longer was the start of a report, and is dropped, not typed.
  private mutating func expire() -> [TerminalInput] {
    defer {
      carried = []
      carriedSince = nil
      carriedLast = nil
    }
    switch carried.count {
    case 1: return [.key(.escape)]
    case 2: return [.key(.escape)] + (KeyDecoder.character(carried[1]).map { [.key($0)] } ?? [])
    default: return []
    }
  }

  /// Adds a pasted code, ending the paste at `ESC [201~` unless another end marker follows in `rest`
  /// (this read) before any new paste starts: then the marker was pasted text.
  private mutating func takePasted(_ code: UInt32, rest: ArraySlice<RawInput>, into outputs: inout [TerminalInput]) {
    pasteTail.append(code)
    if pasteTail.count > Self.pasteEnd.count { pasteTail.removeFirst() }
    if (paste?.count ?? 0) < Self.pasteLimit + Self.pasteEnd.count { paste?.append(code) }
    guard pasteTail == Self.pasteEnd, let stored = paste else { return }
    let following = rest.compactMap { item -> UInt32? in
      if case .code(let next) = item { return next }
      return nil
    }
    if let laterEnd = Self.firstIndex(of: Self.pasteEnd, in: following[...]) {
      let laterStart = Self.firstIndex(of: [0x1B] + Self.pasteStart, in: following[...])
      if laterStart.map({ $0 > laterEnd }) ?? true {
        pasteTail = []
        return
      }
    }
    // The end marker is the last codes stored, unless the paste ran past the limit.
    let body =
      Array(stored.suffix(Self.pasteEnd.count)) == Self.pasteEnd ? Array(stored.dropLast(Self.pasteEnd.count)) : stored
    outputs.append(finishPaste(stored: body))
  }

  /// The paste as text: its printable characters (and tabs and line breaks), each control
  /// character dropped alone, so `quiet ESC planet` is `quiet planet`; the paste is over.
  private mutating func finishPaste(stored: [UInt32]) -> TerminalInput {
    paste = nil
    pasteTail = []
    pasteLast = nil
    let kept = stored.filter {
      $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || ($0 >= 0x20 && $0 != 0x7F && !(0x80..<0xA0).contains($0))
    }
    return .paste(String(String.UnicodeScalarView(kept.prefix(Self.pasteLimit).compactMap(Unicode.Scalar.init))))
  }

  /// Where `pattern` first starts in `codes`, or nil.
  private static func firstIndex(of pattern: [UInt32], in codes: ArraySlice<UInt32>) -> Int? {
    guard codes.count >= pattern.count else { return nil }
    var index = codes.startIndex
    while index + pattern.count <= codes.endIndex {
      if codes[index..<(index + pattern.count)].elementsEqual(pattern) { return index - codes.startIndex }
      index += 1
    }
    return nil
  }
}

/// What the terminal sent: a key or a new size.
public enum TerminalInput: Equatable, Sendable {
  /// A key press.
  case key(Key)
  /// The terminal was resized.
  case resize(Size)
  /// A mouse event.
  case mouse(MouseEvent)
  /// An answer to a question the app asked the terminal.
  case reply(TerminalReply)
  /// Text the terminal marked as pasted.
  case paste(String)
}

/// Turns ncurses' `wget_wch` results into keys: pure, so every mapping is testable.
public enum KeyDecoder {
  /// ncurses function-key codes (from curses.h), named so the mapping reads plainly.
  public enum FunctionKey {
    public static let down: UInt32 = 0o402
    public static let up: UInt32 = 0o403
    public static let left: UInt32 = 0o404
    public static let right: UInt32 = 0o405
    public static let home: UInt32 = 0o406
    public static let backspace: UInt32 = 0o407
    public static let delete: UInt32 = 0o512
    public static let nextPage: UInt32 = 0o522
    public static let previousPage: UInt32 = 0o523
    public static let enter: UInt32 = 0o527
    public static let end: UInt32 = 0o550
    public static let backTab: UInt32 = 0o541
  }

  /// Decodes a function key (`KEY_CODE_YES`); nil for keys the app does not use.
  public static func functionKey(_ code: UInt32) -> Key? {
    switch code {
    case FunctionKey.down: return .down
    case FunctionKey.up: return .up
    case FunctionKey.left: return .left
    case FunctionKey.right: return .right
    case FunctionKey.home: return .home
    case FunctionKey.end: return .end
    case FunctionKey.backspace: return .backspace
    case FunctionKey.delete: return .delete
    case FunctionKey.nextPage: return .pageDown
    case FunctionKey.previousPage: return .pageUp
    case FunctionKey.enter: return .enter
    case FunctionKey.backTab: return .backTab
    default: return nil
    }
  }

  /// Decodes a character; control characters become their keys.
  public static func character(_ code: UInt32) -> Key? {
    switch code {
    case 10, 13: return .enter
    case 27: return .escape
    case 8, 127: return .backspace
    case 9: return .tab
    case 1...26:
      guard let scalar = Unicode.Scalar(code + 96) else { return nil }
      return .control(Character(scalar))
    case 0..<32, 0x80..<0xA0: return nil
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .character(Character(scalar))
    }
  }
}
