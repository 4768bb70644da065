import AmodbKit
import Foundation
import TestSupport
import Testing

@testable import LibraryKit

/// Rows of a CSV text read one chunk of `chunk` bytes at a time.
func csvRows(_ text: [UInt8], chunk: Int = 64 << 10) throws -> [CSVRow] {
  var reader = CSVReader(MemorySource(text, chunk: chunk))
  var rows: [CSVRow] = []
  while let row = try reader.next() { rows.append(row) }
  return rows
}

/// A source that makes `count` lines of a Letterboxd diary as it is read, never all at once.
struct GeneratedDiary: ByteSource {
  var count: Int
  var made = 0

  mutating func next() throws -> ArraySlice<UInt8>? {
    guard made <= count else { return nil }
    var text = ""
    if made == 0 {
      text = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n"
      made = 1
    }
    while made <= count, text.utf8.count < 60_000 {
      text += "2020-01-01,\"Film \(made), the\",2000,https://boxd.it/\(made),4,,,2020-01-01\r\n"
      made += 1
    }
    return ArraySlice(Array(text.utf8))
  }
}

@Suite("Import: the CSV reader")
struct CSVReaderTests {
  @Test func quotesNewlinesCRLFAndTheByteOrderMarkReadAtEveryChunkSize() throws {
    let text = Array("\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n=1+2,,last\n".utf8)
    for chunk in [1, 2, 3, 7, 64] {
      let rows = try csvRows(text, chunk: chunk)
      #expect(rows.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["=1+2", "", "last"]])
      #expect(rows.map(\.line) == [1, 2, 4], "a row's line is where it starts, quoted newlines counted")
    }
  }

  @Test func aLastRowTheFileEndsInsideIsNamedAndNeverReadAsWhole() throws {
    let header = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n"
    let whole = "2024-03-20,Dune: Part Two,2024,https://boxd.it/x,4.5,,,2024-03-12"
    // A copy cut anywhere in the last row, after the last comma too, or inside a quoted cell.
    for cut in [whole, String(whole.dropLast(10)), String(whole.dropLast(3)), "2024-03-20,\"Dune: Part"] {
      for chunk in [1, 5, 64] {
        let rows = try csvRows(Array((header + cut).utf8), chunk: chunk)
        #expect(rows.count == 2 && rows[1].fields == nil && rows[1].line == 2)
        #expect(rows[1].problem?.contains("copied whole") == true)
      }
    }
    #expect(try csvRows(Array((header + whole + "\r\n").utf8)).last?.fields?.last == "2024-03-12")
    #expect(try csvRows(Array((header + whole + "\n  ").utf8)).count == 3, "trailing blanks are a blank row")
    #expect(try csvRows(Array("Name,Year".utf8)).first?.fields == ["Name", "Year"], "a header alone is whole")
  }

  @Test func aRowOfInvalidUTF8IsReportedWithItsLineAndTheNextRowsRead() throws {
    var text = Array("Name,Year\nGood,2000\n".utf8)
    text += [0x42, 0x61, 0xff, 0x64] + Array(",2001\nAlso good,2002\n".utf8)
    let rows = try csvRows(text)
    #expect(rows.count == 4)
    #expect(rows[2].line == 3 && rows[2].fields == nil && rows[2].problem == "not valid UTF-8")
    #expect(rows[3].fields == ["Also good", "2002"] && rows[3].line == 4)
  }

  @Test func aRowLongerThanTheCapCostsOnlyItself() throws {
    let long = String(repeating: "x", count: CSVReader<MemorySource>.rowCap + 10)
    let rows = try csvRows(Array("a\n\(long)\nb\n".utf8))
    #expect(rows.map(\.fields) == [["a"], nil, ["b"]])
    #expect(rows[1].problem?.contains("KiB") == true)
  }

  @Test func aTableReportsAWrongCellCountAndReadsByHeaderNames() throws {
    guard var table = try CSVTable(MemorySource(Array("Name, Year\nDune,2021\nToo,many,cells\n".utf8))) else {
      Issue.record("no header")
      return
    }
    let first = try #require(try table.next())
    #expect(first["Name"] == "Dune" && first["Year"] == "2021" && first["Missing"] == nil)
    let second = try #require(try table.next())
    #expect(second.problem == "3 cells where the header has 2" && second.line == 3)
    #expect(try table.next() == nil)
  }

  @Test func aMillionRowsStream() throws {
    // About 80 MB of text, made as it is read: the reader holds one chunk and one row.
    var reader = CSVReader(GeneratedDiary(count: 1_000_000))
    var count = 0
    var lastLine = 0
    while let row = try reader.next() {
      count += 1
      lastLine = row.line
      if count == 2 { #expect(row.fields?[1] == "Film 1, the") }
    }
    #expect(count == 1_000_001 && lastLine == 1_000_001)
  }
}
