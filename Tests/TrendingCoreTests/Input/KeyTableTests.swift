import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import TrendingCore

@Suite("The key table")
struct KeyTableTests {
  @Test func theREADMEListsExactlyTheTable() throws {
    let readme = Fixtures.packageRoot.appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let begin = try #require(text.range(of: "<!-- keys:begin -->"))
    let end = try #require(text.range(of: "<!-- keys:end -->", range: begin.upperBound..<text.endIndex))
    let listed = text[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .newlines)
    #expect(
      listed == KeyTable.standard.markdown,
      "README.md's key list differs from KeyTable.standard; paste this between the markers:\n\(KeyTable.standard.markdown)"
    )
  }

  @Test func everyKeyMeansOneThingPerScreen() {
    for context in KeyContext.allCases {
      var seen: [Key: Command] = [:]
      for binding in KeyTable.standard.bindings(in: context) {
        for key in binding.keys {
          if let earlier = seen[key] {
            Issue.record("\(key.label) is both \(earlier) and \(binding.command) on the \(context) screen")
          }
          seen[key] = binding.command
        }
      }
    }
  }

  @Test func theUsualKeysAreThere() {
    let table = KeyTable.standard
    #expect(table.command(for: .character("b"), in: .list) == .pageUp)
    #expect(table.command(for: .character(" "), in: .film) == .pageDown)
    #expect(table.command(for: .control("d"), in: .list) == .halfPageDown)
    #expect(table.command(for: .control("u"), in: .film) == .halfPageUp)
    #expect(table.command(for: .control("l"), in: .list) == .redraw)
    #expect(table.command(for: .control("z"), in: .film) == .suspend)
    #expect(table.command(for: .character("q"), in: .list) == .quit)
    #expect(table.command(for: .character("q"), in: .film) == .back)
    #expect(table.command(for: .control("c"), in: .film) == .quit)
  }

  @Test func aUserBindingWinsAndUnbindRemoves() {
    var table = KeyTable.standard
    table.bind(.character("x"), to: .open, in: [.list], help: "open")
    #expect(table.command(for: .character("x"), in: .list) == .open)
    table.bind(.character("j"), to: .last, in: [.list], help: "mine")
    #expect(table.command(for: .character("j"), in: .list) == .last)
    #expect(table.command(for: .character("j"), in: .film) == .moveDown)
    table.unbind(.character("w"), in: [.list])
    #expect(table.command(for: .character("w"), in: .list) == nil)
  }

  /// Russian, Ukrainian, Belarusian and Hebrew layouts' letters run the key in their place; a letter
  /// bound itself keeps its own binding, and nothing else is read into one.
  @Test func aLetterOfAnotherLayoutRunsTheKeyInItsPlace() {
    let keys = KeyTable.standard
    let same: [(Character, Character)] = [
      ("о", "j"), ("л", "k"), ("й", "q"), ("ь", "m"), ("ф", "a"), ("К", "R"), ("Т", "N"), ("ё", "`"),
      ("і", "s"), ("ў", "o"), ("ח", "j"), ("ל", "k"), ("צ", "m"), ("ץ", "."),
    ]
    for (typed, latin) in same {
      #expect(KeyboardLayouts.latin(for: typed) == latin, "\(typed)")
    }
    #expect(keys.command(for: .character("о"), in: .list) == keys.command(for: .character("j"), in: .list))
    #expect(keys.command(for: .character("й"), in: .list) == .quit)
    #expect(keys.command(for: .character("ь"), in: .season) == keys.command(for: .character("m"), in: .season))
    #expect(keys.command(for: .character("ח"), in: .film) == keys.command(for: .character("j"), in: .film))
    #expect(KeyboardLayouts.latin(for: "/") == nil, "Hebrew's key for q types / itself: search stays search")
    #expect(KeyboardLayouts.latin(for: "ж") == ";" && keys.command(for: .character("ж"), in: .list) == nil)
    var bound = keys
    bound.bind(.character("о"), to: .quit, in: [.list], help: "quit")
    #expect(bound.command(for: .character("о"), in: .list) == .quit, "a letter bound itself keeps its binding")
  }
}
