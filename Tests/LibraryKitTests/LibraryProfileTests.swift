import Foundation
import Testing

@testable import LibraryKit

@Suite("Profiles: a profile's name and its library's place")
struct LibraryProfileTests {
  @Test func namesOfLettersDigitsDotsUnderscoresAndDashesAreProfiles() {
    for name in ["anna", "Bob", "a", "x1", "anna.b", "anna_b", "anna-b", "a..b", "x-", "_", "0", "default"] {
      #expect(LibraryProfile.isName(name), "\(name)")
      #expect(LibraryProfile(name: name)?.name == name)
    }
    #expect(LibraryProfile.isName(String(repeating: "a", count: 64)))
  }

  @Test func anythingElseIsNoProfileAndSoNeverAPathOutsideTheProfilesFolder() {
    let refused = [
      "", ".", "..", ".hidden", "../x", "a/b", "/etc", "a\\b", "anna b", "anna\n", "a\u{0}b", "żaneta", "аня",
      "a:b", "~", "*", String(repeating: "a", count: 65), "-x", "--demo",
    ]
    for name in refused {
      #expect(!LibraryProfile.isName(name), "\(name.debugDescription)")
      #expect(LibraryProfile(name: name) == nil)
    }
  }

  @Test func theDefaultProfileIsTodaysFileAndAnotherLivesInTheProfilesFolder() throws {
    let environment = ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]
    #expect(Library.standardPath(environment: environment)?.path == "/data/trending/library.sqlite3")
    #expect(
      Library.standardPath(profile: .standard, environment: environment)?.path == "/data/trending/library.sqlite3")
    let anna = try #require(LibraryProfile(name: "anna"))
    #expect(
      Library.standardPath(profile: anna, environment: environment)?.path
        == "/data/trending/profiles/anna/library.sqlite3")
    // XDG's fallback: a relative or empty XDG_DATA_HOME is as if unset.
    for data in ["", "relative/data"] {
      #expect(
        Library.standardPath(profile: anna, environment: ["XDG_DATA_HOME": data, "HOME": "/home/u"])?.path
          == "/home/u/.local/share/trending/profiles/anna/library.sqlite3")
    }
  }

  @Test func theVariableNamesTheProfileAndANameThatIsNotOneGivesNoPlace() {
    let base = ["XDG_DATA_HOME": "/data"]
    let path = { (profile: String) in
      Library.standardPath(environment: base.merging([LibraryProfile.variable: profile]) { $1 })?.path
    }
    #expect(path("bob") == "/data/trending/profiles/bob/library.sqlite3")
    #expect(path("default") == "/data/trending/library.sqlite3")
    #expect(path("") == "/data/trending/library.sqlite3", "empty is unset")
    #expect(path("../x") == nil)
    #expect(path(".hidden") == nil)
    #expect(LibraryProfile.named(in: [:]) == .standard)
    #expect(LibraryProfile.named(in: [LibraryProfile.variable: "bob"])?.name == "bob")
    #expect(LibraryProfile.named(in: [LibraryProfile.variable: "a/b"]) == nil)
    #expect(LibraryProfile.standard.isDefault && LibraryProfile(name: "Default")?.isDefault == false)
  }
}
