import Foundation
import Testing

@testable import TrendingCLI

@Suite("trending config, and the settings read from the environment")
struct SettingsReportTests {
  @Test func theEffectiveSettingsHoldTheTabLinesAsWritten() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    try """
    set region US
    tab "Korean thrillers" genre=Thriller language=ko min-score=7   # a comment
    tab Noir\tgenre=Crime
    """.write(to: file, atomically: true, encoding: .utf8)
    let environment = ["TRENDING_CONFIG": file.path]
    let report = SettingsFile(environment: environment).report(
      invocation: try ArgumentParser.parse(["config"]), environment: environment)
    let lines = report.split(separator: "\n").map(String.init)
    #expect(lines.contains(#"tab "Korean thrillers" genre=Thriller language=ko min-score=7"#), "\(report)")
    #expect(lines.contains("tab Noir genre=Crime"))
    let template = SettingsFile(environment: ["TRENDING_CONFIG": "", "XDG_CONFIG_HOME": "/nonexistent"])
    #expect(
      template.report(invocation: try ArgumentParser.parse(["config"]), environment: [:]).contains("# tab \""),
      "the template shows one")
  }

  @Test func theMouseIsOffForEveryWayOfSayingOff() throws {
    let plain = try ArgumentParser.parse(["list"])
    for off in ["off", "0", "false", "no", "OFF"] {
      #expect(!Setup.mouse(for: plain, environment: ["TRENDING_MOUSE": off]), "\(off)")
    }
    #expect(Setup.mouse(for: plain, environment: ["TRENDING_MOUSE": "on"]) && Setup.mouse(for: plain, environment: [:]))
    #expect(!Setup.mouse(for: try ArgumentParser.parse(["--no-mouse"]), environment: [:]))
  }
}
