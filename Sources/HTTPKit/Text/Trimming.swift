extension StringProtocol {
  /// The text without leading and trailing white space (spaces, tabs, line breaks).
  ///
  /// Tests `Character.isWhitespace`: "\r\n" is one Character, equal to neither "\r" nor "\n".
  public func trimmingSpaces() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
      return ""
    }
    return String(self[first...last])
  }
}
