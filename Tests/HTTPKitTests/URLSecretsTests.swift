import FoundationEssentials
import Testing

@testable import HTTPKit

/// A URL shown or stored carries no password and no token, however the token is written.
@Suite("Secrets in URLs")
struct URLSecretsTests {
  @Test(arguments: [
    ("http://me:pw@media.invalid/a", "http://media.invalid/a"),
    ("http://media.invalid/?X-Emby-Token=abc&limit=5", "http://media.invalid/?limit=5"),
    ("http://media.invalid/?x-plex-token=abc", "http://media.invalid/"),
    ("http://media.invalid/?X-Plex-Token%3Dabc", "http://media.invalid/"),
    ("http://media.invalid/v#X-Plex-Token=abc", "http://media.invalid/v"),
    ("http://media.invalid/v#chapter-2", "http://media.invalid/v#chapter-2"),
    (
      "http://media.invalid/Videos/1/stream?api_key=SECRET&static=true",
      "http://media.invalid/Videos/1/stream?static=true"
    ),
  ])
  func secretsAreLeftOut(given: String, shown: String) throws {
    let url = try #require(URL(string: given))
    #expect(url.withoutSecrets == shown)
    #expect(url.carriesSecrets == (given != shown))
    #expect(URL.shownWithoutSecrets(given) == shown)
  }

  @Test func textThatIsNoURLIsShownAsItIs() {
    #expect(URL.shownWithoutSecrets("/home/me/Dark - S01E03.mkv") == "/home/me/Dark - S01E03.mkv")
    // A URL with a space (as a player passes one) still loses its secrets.
    #expect(
      URL.shownWithoutSecrets("https://u:p@media.invalid/My Film.mkv?api_key=k")
        == "https://media.invalid/My%20Film.mkv")
    #expect("100%25 %zz %4".percentDecoded == "100% %zz %4")
  }
}
