import Testing

@testable import TrendingCore

@Suite("Edit distance")
struct EditDistanceTests {
  @Test func countsInsertionsDeletionsAndSubstitutions() {
    #expect(EditDistance.between("year", "year") == 0)
    #expect(EditDistance.between("yeer", "year") == 1, "one substitution")
    #expect(EditDistance.between("serch", "search") == 1, "one insertion")
    #expect(EditDistance.between("searchh", "search") == 1, "one deletion")
    #expect(EditDistance.between("kitten", "sitting") == 3)
    #expect(EditDistance.between("", "abc") == 3 && EditDistance.between("abc", "") == 3)
    #expect(EditDistance.between("Year", "year") == 1, "case is the callers' to fold")
  }

  @Test func aLongWordIsComparedByItsFirstSixtyCharacters() {
    let long = String(repeating: "a", count: 1_000)
    #expect(EditDistance.between(long, "") == 60)
    #expect(EditDistance.between(long, long + "b") == 0)
  }
}
