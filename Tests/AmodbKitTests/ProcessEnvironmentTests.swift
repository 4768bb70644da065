import AmodbKit
import Glibc
import Testing

@Suite("The process environment")
struct ProcessEnvironmentTests {
  @Test func matchesWhatTheCLibrarySees() throws {
    let path = try #require(getenv("PATH").map { String(cString: $0) })
    #expect(ProcessEnvironment.current["PATH"] == path)
    var count = 0
    while environ[count] != nil { count += 1 }
    #expect(ProcessEnvironment.current.count <= count)
    #expect(!ProcessEnvironment.current.isEmpty)
  }
}
