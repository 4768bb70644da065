import Foundation
import Testing

@testable import AmodbKit

/// One field read with `integer`, as ids and counts are.
private struct Whole: Decodable {
  let value: Int?
  enum CodingKeys: String, CodingKey { case value }
  init(from decoder: any Decoder) throws {
    value = try decoder.container(keyedBy: CodingKeys.self).integer(.value)
  }
}

/// One list read with `wholeNumbers`, as genre ids are.
private struct Wholes: Decodable {
  let values: [Int]
  enum CodingKeys: String, CodingKey { case values }
  init(from decoder: any Decoder) throws {
    values = try decoder.container(keyedBy: CodingKeys.self).wholeNumbers(.values, limit: 10)
  }
}

@Suite("Whole numbers read leniently")
struct LenientNumberTests {
  @Test(arguments: [
    ("550", 550), ("-3", -3), ("0", 0), ("-0.0", 0), ("550.0", 550), ("5.5e2", 550), ("1e3", 1000),
    ("\"550\"", 550), ("\"7.0\"", 7), ("999999999999999", 999_999_999_999_999),
  ])
  func wholeNumbersAreRead(json: String, expected: Int) throws {
    let read = try AmodbJSON.decoder().decode(Whole.self, from: Data(#"{"value": \#(json)}"#.utf8))
    #expect(read.value == expected, "\(json)")
  }

  @Test(arguments: [
    "2.5", "\"abc\"", "true", "null", "[]", "{}", "1e15", "-1000000000000000", "9223372036854775807",
    "-9223372036854775808", "1e400", "\"nan\"", "\"\"",
  ])
  func otherValuesAreNothing(json: String) throws {
    let read = try AmodbJSON.decoder().decode(Whole.self, from: Data(#"{"value": \#(json)}"#.utf8))
    #expect(read.value == nil, "\(json)")
  }

  @Test func aMissingFieldIsNothing() throws {
    #expect(try AmodbJSON.decoder().decode(Whole.self, from: Data("{}".utf8)).value == nil)
  }

  @Test(arguments: [
    (#"[28, "12", null, 35.0, 2.5, {"a": 1}, [1], true, 18, 1e20, -4]"#, [28, 35, 18, -4]),
    ("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    ("[]", []), ("5", []), (#""28""#, []), ("null", []),
  ])
  func listsKeepTheirWholeNumbers(json: String, expected: [Int]) throws {
    let read = try AmodbJSON.decoder().decode(Wholes.self, from: Data(#"{"values": \#(json)}"#.utf8))
    #expect(read.values == expected, "\(json)")
  }

  @Test func aMissingListIsEmpty() throws {
    #expect(try AmodbJSON.decoder().decode(Wholes.self, from: Data("{}".utf8)).values.isEmpty)
  }
}
