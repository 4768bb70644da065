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
/// reply is testable with values and a clock.
///
/// - A report (an SGR mouse event, an answer) whose ESC came alone is awaited for
///   `reportWindow`, as over a slow link, instead of being read as keys.
/// - Bracketed paste (`ESC [200~ … ESC [201~`) becomes one `.paste`, never keys.
/// - Answers are accepted only while the app's questions are outstanding, each kind once, within
///   `replyWindow` of asking; any other answer (typed, pasted, repeated) is swallowed.
public struct InputDecoder: Sendable {
  /// How long the rest of a report may take after its ESC.
  public static let reportWindow: TimeInterval = 0.15
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

  /// Whether the app reads SGR mouse reports itself.
  private let mouse: Bool
  /// Codes of a report that has not all arrived, and when its ESC came.
  private var carried: [UInt32] = []
  private var carriedSince: Date?
  /// Inside a bracketed paste: the text so far, and the last codes (to find its end).
  private var paste: [UInt32]?
  private var pasteTail: [UInt32] = []
  /// The answers still expected, and until when.
  private var expected: Set<ReplyKind> = []
  private var repliesUntil: Date?

  /// Makes a decoder; `mouse` when the app reads SGR mouse reports.
  public init(mouse: Bool) {
    self.mouse = mouse
  }

  /// The app asked its questions at `now`: one answer of each kind is believed until the window ends.
  public mutating func asked(at now: Date) {
    expected = Set(ReplyKind.allCases)
    repliesUntil = now.addingTimeInterval(Self.replyWindow)
  }

  /// When the decoder needs another look even if nothing more arrives (a report awaited).
  public var deadline: Date? {
    carriedSince?.addingTimeInterval(Self.reportWindow)
  }

  /// Decodes what arrived at `now` together with what was awaited from earlier reads.
  public mutating func decode(_ input: [RawInput], now: Date) -> [TerminalInput] {
    var outputs: [TerminalInput] = []
    var items = input
    if !carried.isEmpty {
      if input.isEmpty, let deadline, now >= deadline {
        outputs += expire()
      } else {
        items = carried.map(RawInput.code) + input
        carried = []
      }
    }
    var index = 0
    while index < items.count {
      if paste != nil {
        if case .code(let code) = items[index] { takePasted(code, into: &outputs) }
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
      case .awaited:
        carried = Array(([0x1B] + rest).prefix(Self.carryLimit))
        carriedSince = carriedSince ?? now
        return outputs
      case .none:
        outputs.append(.key(.escape))
      }
    }
    carriedSince = nil
    return outputs
  }

  private enum Report {
    case taken(length: Int, TerminalInput?)
    case pasteBegins
    case awaited
    case none
  }

  /// What the codes after an ESC are: a whole report, a paste's start, the start of one still
  /// arriving, or none (the ESC is the Escape key).
  private mutating func report(_ rest: ArraySlice<UInt32>, now: Date) -> Report {
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
    // Nothing yet after the ESC, or the start of a mouse report or a paste: wait for the rest.
    if rest.isEmpty || Self.pasteStart.starts(with: rest) || (mouse && SGRMouse.mayStart(rest)) { return .awaited }
    return .none
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

  /// A report that never finished: a lone ESC is the Escape key, ESC and one code is Alt and
  /// that key as today; anything longer was the start of a report, and is dropped, not typed.
  private mutating func expire() -> [TerminalInput] {
    defer {
      carried = []
      carriedSince = nil
    }
    switch carried.count {
    case 1: return [.key(.escape)]
    case 2: return [.key(.escape)] + (KeyDecoder.character(carried[1]).map { [.key($0)] } ?? [])
    default: return []
    }
  }

  /// Adds a pasted code, ending the paste at `ESC [201~`.
  private mutating func takePasted(_ code: UInt32, into outputs: inout [TerminalInput]) {
    pasteTail.append(code)
    if pasteTail.count > Self.pasteEnd.count { pasteTail.removeFirst() }
    if (paste?.count ?? 0) < Self.pasteLimit + Self.pasteEnd.count { paste?.append(code) }
    guard pasteTail == Self.pasteEnd, let stored = paste else { return }
    // The end marker is the last codes stored, unless the paste ran past the limit.
    let body =
      Array(stored.suffix(Self.pasteEnd.count)) == Self.pasteEnd ? stored.dropLast(Self.pasteEnd.count) : stored[...]
    paste = nil
    pasteTail = []
    outputs.append(
      .paste(String(String.UnicodeScalarView(body.prefix(Self.pasteLimit).compactMap(Unicode.Scalar.init)))))
  }
}
