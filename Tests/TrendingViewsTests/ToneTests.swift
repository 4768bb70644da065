import Testing
import TrendingCore

@testable import TrendingViews

@Suite("Tones and colour roles")
struct ToneTests {
  @Test func everyToneIsARoleTheSettingsFileCanColour() {
    for tone in Tone.allCases {
      #expect(ColorRole(rawValue: tone.rawValue) != nil, "\(tone) has no settings-file role")
    }
    #expect(Settings.roles == ColorRole.allCases.map(\.rawValue))
    #expect(Settings.roles.contains("bar-muted") && Settings.roles.contains("selected"))
  }
}
