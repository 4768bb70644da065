import AmodbKit
import FoundationEssentials

/// Typing a number into the `f` form in place: years, a score, votes and minutes.
extension DiscoverForm {
  /// Whether digits type the line's value.
  public static func takesDigits(_ field: FormField) -> Bool {
    switch field {
    case .yearFrom, .yearTo, .score, .votes, .runtimeFrom, .runtimeTo: return true
    default: return false
    }
  }

  /// The most characters a line's number takes: four for a year, "10.0" for a score.
  static func typedLimit(_ field: FormField) -> Int {
    switch field {
    case .votes: return 6
    case .runtimeFrom, .runtimeTo: return 3
    default: return 4
    }
  }

  /// Types a digit (or the score's point) into the selected line; false when the line takes none.
  mutating func typeCharacter(_ character: Character, _ shared: Shared) -> Bool {
    let field = selected(shared)
    guard Self.takesDigits(field), character.isASCII,
      character.isNumber || (character == "." && field == .score && typed?.contains(".") != true)
    else { return false }
    let text = (typed ?? "") + String(character)
    guard text.count <= Self.typedLimit(field), Self.accepts(text, field) else { return true }
    typed = text
    settle(text, field, shared)
    return true
  }

  /// Takes the last typed character back; false when nothing is being typed.
  mutating func eraseTyped(_ shared: Shared) -> Bool {
    guard var text = typed else { return false }
    let field = selected(shared)
    text.removeLast()
    if text.isEmpty {
      typed = nil
      clear(field)
    } else {
      typed = text
      settle(text, field, shared)
    }
    return true
  }

  /// Whether a partly typed number can still become a value of the line (a score up to 10).
  static func accepts(_ text: String, _ field: FormField) -> Bool {
    switch field {
    case .score: return (Double(text) ?? 0) <= 10
    case .runtimeFrom, .runtimeTo: return (Int(text) ?? 0) <= 600
    default: return true
    }
  }

  /// The filter takes what is typed so far: a year once it has four digits (until then, any).
  mutating func settle(_ text: String, _ field: FormField, _ shared: Shared) {
    let number = Int(text)
    let latest = shared.today.year + 5
    let year = number.flatMap { text.count == 4 && (1874...latest).contains($0) ? $0 : nil }
    switch field {
    case .yearFrom: filter.years.lower = year
    case .yearTo: filter.years.upper = year
    case .score: filter.minimumScore = Double(text).flatMap { $0 > 0 ? $0 : nil }
    case .votes: filter.minimumVotes = number ?? DiscoverFilter.defaultMinimumVotes
    case .runtimeFrom: filter.runtime.lower = number.flatMap { $0 > 0 ? $0 : nil }
    case .runtimeTo: filter.runtime.upper = number.flatMap { $0 > 0 ? $0 : nil }
    default: break
    }
  }

  /// The line's value as shown: what is being typed on the selected line, else its value.
  public func shownValue(_ field: FormField, selected: Bool) -> String {
    if selected, let typed, Self.takesDigits(field) { return typed + "▏" }
    return value(field)
  }

  /// The line `offset` lines from the selection, stepping over headings in that direction.
  func line(movedBy offset: Int, _ fields: [FormField]) -> Int {
    var index = min(max(selection + offset, 0), fields.count - 1)
    let direction = offset < 0 ? -1 : 1
    while fields[index].isHeading {
      let next = index + direction
      guard fields.indices.contains(next) else { return index - direction }
      index = next
    }
    return index
  }
}
