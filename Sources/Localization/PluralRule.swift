/// A catalogue's `plural=` expression (C syntax over `n`), evaluated to a form index.
public struct PluralRule: Sendable {
  /// How many forms the language has.
  public let count: Int
  private let expression: Expression

  /// English's rule: one form for 1, another for the rest.
  public static let english = PluralRule(count: 2, expression: .binary(.notEqual, .n, .constant(1)))

  private init(count: Int, expression: Expression) {
    self.count = count
    self.expression = expression
  }

  /// Parses a `Plural-Forms` header value such as `nplurals=2; plural=(n != 1);`, or nil.
  public init?(header: String) {
    var count: Int?
    var formula: String?
    for part in header.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
      guard pair.count == 2 else { continue }
      if pair[0] == "nplurals" { count = Int(pair[1]) }
      if pair[0] == "plural" { formula = pair[1] }
    }
    guard let count, (1...6).contains(count), let formula else { return nil }
    var parser = Parser(Array(formula.utf8))
    guard let expression = parser.parseWhole() else { return nil }
    self.init(count: count, expression: expression)
  }

  /// The form to use for `n`, always within `0..<count`.
  public func form(for n: Int) -> Int {
    let value = expression.evaluate(n: max(0, n))
    return value >= 0 && value < count ? value : 0
  }

  fileprivate indirect enum Expression: Sendable {
    case n
    case constant(Int)
    case not(Expression)
    case binary(Operator, Expression, Expression)
    case choice(Expression, Expression, Expression)

    func evaluate(n: Int) -> Int {
      switch self {
      case .n: return n
      case .constant(let value): return value
      case .not(let inner): return inner.evaluate(n: n) == 0 ? 1 : 0
      case .choice(let test, let yes, let no): return test.evaluate(n: n) != 0 ? yes.evaluate(n: n) : no.evaluate(n: n)
      case .binary(let op, let left, let right): return op.apply(left.evaluate(n: n), right.evaluate(n: n))
      }
    }
  }

  fileprivate enum Operator: Sendable {
    case or, and, equal, notEqual, less, lessOrEqual, greater, greaterOrEqual, plus, minus, times, divide, remainder

    func apply(_ a: Int, _ b: Int) -> Int {
      switch self {
      case .or: return a != 0 || b != 0 ? 1 : 0
      case .and: return a != 0 && b != 0 ? 1 : 0
      case .equal: return a == b ? 1 : 0
      case .notEqual: return a != b ? 1 : 0
      case .less: return a < b ? 1 : 0
      case .lessOrEqual: return a <= b ? 1 : 0
      case .greater: return a > b ? 1 : 0
      case .greaterOrEqual: return a >= b ? 1 : 0
      case .plus: return a &+ b
      case .minus: return a &- b
      case .times: return a &* b
      case .divide: return b == 0 ? 0 : a / b
      case .remainder: return b == 0 ? 0 : a % b
      }
    }
  }

  /// Recursive descent over C's precedence: `?:`, `||`, `&&`, equality, relations, sums, products, `!`.
  private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseWhole() -> Expression? {
      guard let expression = parseChoice() else { return nil }
      skipSpaces()
      return index == bytes.count ? expression : nil
    }

    mutating func parseChoice() -> Expression? {
      depth += 1
      defer { depth -= 1 }
      guard depth < 64, let test = parseBinary(level: 0) else { return nil }
      guard take("?") else { return test }
      guard let yes = parseChoice(), take(":"), let no = parseChoice() else { return nil }
      return .choice(test, yes, no)
    }

    static let levels: [[(String, Operator)]] = [
      [("||", .or)], [("&&", .and)], [("==", .equal), ("!=", .notEqual)],
      [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)],
      [("+", .plus), ("-", .minus)], [("*", .times), ("/", .divide), ("%", .remainder)],
    ]

    mutating func parseBinary(level: Int) -> Expression? {
      guard level < Self.levels.count else { return parseUnary() }
      guard var left = parseBinary(level: level + 1) else { return nil }
      while let op = Self.levels[level].first(where: { peek($0.0) }) {
        index += op.0.utf8.count
        guard let right = parseBinary(level: level + 1) else { return nil }
        left = .binary(op.1, left, right)
      }
      return left
    }

    mutating func parseUnary() -> Expression? {
      skipSpaces()
      if peek("!") && !peek("!=") {
        index += 1
        return parseUnary().map(Expression.not)
      }
      if take("(") {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64, let inner = parseChoice(), take(")") else { return nil }
        return inner
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "n") {
        index += 1
        return .n
      }
      var value = 0
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), value < 1_000_000_000 {
        value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        index += 1
      }
      return index > start ? .constant(value) : nil
    }

    mutating func skipSpaces() {
      while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
    }

    mutating func peek(_ token: String) -> Bool {
      skipSpaces()
      let token = Array(token.utf8)
      return index + token.count <= bytes.count && Array(bytes[index..<index + token.count]) == token
    }

    mutating func take(_ token: String) -> Bool {
      guard peek(token) else { return false }
      index += token.utf8.count
      return true
    }
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
