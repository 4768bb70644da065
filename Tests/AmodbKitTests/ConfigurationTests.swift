import Foundation
import Testing

@testable import AmodbKit

@Suite("Configuration: languages, URLs and the key")
struct ConfigurationTests {
  @Test(arguments: [
    ("ru_RU.UTF-8", "ru-RU"), ("pt_BR", "pt-BR"), ("fr", "fr-FR"), ("zh_TW.UTF-8", "zh-TW"), ("he_IL", "he-IL"),
    ("iw_IL", "he-IL"), ("en_GB.UTF-8@euro", "en-GB"), ("uk-UA", "uk-UA"), ("PL", "pl-PL"),
  ])
  func servedLanguages(name: String, tag: String) {
    #expect(LanguageTag.served(name) == tag)
  }

  @Test func unservedLanguagesFallBack() {
    #expect(LanguageTag.served("de_DE.UTF-8") == nil)
    #expect(LanguageTag.served("C") == nil)
    #expect(LanguageTag.resolve(flag: nil, environment: ["LANG": "C.UTF-8"]) == "en-US")
    #expect(LanguageTag.resolve(flag: nil, environment: [:]) == "en-US")
  }

  @Test func languagePrecedence() {
    let environment = ["AMODB_LANGUAGE": "it", "LC_ALL": "ru_RU.UTF-8", "LANG": "es_ES.UTF-8"]
    #expect(LanguageTag.resolve(flag: "pl", environment: environment) == "pl-PL")
    #expect(LanguageTag.resolve(flag: nil, environment: environment) == "it-IT")
    #expect(LanguageTag.resolve(flag: nil, environment: ["LC_ALL": "ru_RU.UTF-8", "LANG": "es_ES"]) == "ru-RU")
    #expect(LanguageTag.resolve(flag: nil, environment: ["LC_MESSAGES": "bg_BG", "LANG": "es_ES"]) == "bg-BG")
    #expect(LanguageTag.resolve(flag: nil, environment: ["LANG": "cs_CZ.UTF-8"]) == "cs-CZ")
  }

  @Test func urlsKeepSchemeHostPortAndPrefix() throws {
    let base = try #require(URL(string: "http://127.0.0.1:8080/proxy/3/"))
    let configuration = ClientConfiguration(baseURL: base, apiKey: nil)
    let url = configuration.url(for: "/movie/550", query: [URLQueryItem(name: "language", value: "en-US")])
    #expect(url?.absoluteString == "http://127.0.0.1:8080/proxy/3/movie/550?language=en-US")
  }

  @Test func posterURLsUseTheImageHostAndRejectOddPaths() throws {
    let images = try #require(URL(string: "http://127.0.0.1:9/t/p"))
    let configuration = ClientConfiguration(imageBaseURL: images, apiKey: nil)
    #expect(
      configuration.posterURL(path: "/abc.jpg", size: "w185")?.absoluteString == "http://127.0.0.1:9/t/p/w185/abc.jpg")
    #expect(configuration.posterURL(path: "/../x.jpg", size: "w185") == nil)
    #expect(configuration.posterURL(path: "abc.jpg", size: "w185") == nil)
  }

  @Test func theKeyNeverDescribesItself() throws {
    let key = try #require(APIKey("sk-secret-123"))
    #expect("\(key)" == "<key hidden>")
    #expect(String(reflecting: key) == "<key hidden>")
    #expect(!"\(ClientConfiguration(apiKey: key))".contains("sk-secret-123"))
    #expect(APIKey("  ") == nil)
    #expect(APIKey("with space") == nil)
  }

  @Test func aMissingKeyMattersOnlyForTheDefaultHost() throws {
    #expect(ClientConfiguration(apiKey: nil).missingKeyError == .missingKey)
    let proxy = try #require(URL(string: "https://films.example.org/3"))
    #expect(ClientConfiguration(baseURL: proxy, apiKey: nil).missingKeyError == nil)
    #expect(AmodbError.missingKey.message.contains("AMODB_KEY"))
    #expect(AmodbError.missingKey.message.contains("--demo"))
  }

  @Test func baseURLsMustBeAbsoluteHTTP() {
    #expect(ClientConfiguration.parseBaseURL("http://127.0.0.1:8080/3") != nil)
    #expect(ClientConfiguration.parseBaseURL("ftp://x/3") == nil)
    #expect(ClientConfiguration.parseBaseURL("not a url") == nil)
    #expect(ClientConfiguration.parseBaseURL("/relative") == nil)
  }
}
