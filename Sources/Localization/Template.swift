/// printf-style placeholders in translated text: `%s`, `%d`, and `%2$s` for translators who reorder.
public enum Template {
  /// `template` with its placeholders replaced by `arguments` (`%%` is a percent sign).
  public static func fill(_ template: String, _ arguments: [String]) -> String {
    guard template.contains("%") else { return template }
    var result = ""
    var next = 0
    var characters = template[...]
    while let percent = characters.firstIndex(of: "%") {
      result += characters[..<percent]
      var rest = characters[characters.index(after: percent)...]
      if rest.first == "%" {
        result.append("%")
        characters = rest.dropFirst()
        continue
      }
      var position: Int?
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      if !digits.isEmpty, rest.dropFirst(digits.count).first == "$", let number = Int(digits) {
        position = number - 1
        rest = rest.dropFirst(digits.count + 1)
      }
      guard let conversion = rest.first, conversion == "s" || conversion == "d" else {
        result.append("%")
        characters = rest
        continue
      }
      let index = position ?? next
      next = index + 1
      result += index >= 0 && index < arguments.count ? arguments[index] : ""
      characters = rest.dropFirst()
    }
    result += characters
    return result
  }

  /// The placeholders of a template in argument order, e.g. `["s", "d"]`; what catalogue checks compare.
  public static func placeholders(in template: String) -> [String] {
    var found: [Int: String] = [:]
    var next = 0
    var characters = template[...]
    while let percent = characters.firstIndex(of: "%") {
      var rest = characters[characters.index(after: percent)...]
      if rest.first == "%" {
        characters = rest.dropFirst()
        continue
      }
      var position: Int?
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      if !digits.isEmpty, rest.dropFirst(digits.count).first == "$", let number = Int(digits) {
        position = number - 1
        rest = rest.dropFirst(digits.count + 1)
      }
      if let conversion = rest.first, conversion == "s" || conversion == "d" {
        let index = position ?? next
        next = index + 1
        found[index] = String(conversion)
        rest = rest.dropFirst()
      }
      characters = rest
    }
    return found.keys.sorted().compactMap { found[$0] }
  }
}
