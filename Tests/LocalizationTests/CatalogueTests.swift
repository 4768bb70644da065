import AmodbKit
import Foundation
import Localization
import Testing

/// The package's root, for the catalogues and the extraction script.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The thirteen languages besides English that amodb serves.
private let translated = ["ru", "uk", "be", "zh", "pt", "bg", "he", "cs", "ro", "fr", "pl", "it", "es"]

@Suite("Catalogues: complete, valid, current")
struct CatalogueTests {
  /// The template's entries, keyed by context and id.
  private func template() throws -> [String: POMessage] {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("po/trending.pot"), encoding: .utf8)
    let messages = POFile.messages(in: text).filter { !$0.id.isEmpty }
    return Dictionary(messages.map { (($0.context ?? "") + "\u{4}" + $0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  @Test func everyLanguageHasACatalogue() {
    #expect(Set(Translator.languages) == Set(["en"] + translated))
    #expect(Set(LanguageTagTests.served) == Set(Translator.languages))
  }

  @Test(arguments: translated)
  func everyEntryIsTranslatedWithItsPlaceholders(language: String) throws {
    let template = try template()
    #expect(template.count > 300)
    let text = try String(contentsOf: packageRoot.appendingPathComponent("po/\(language).po"), encoding: .utf8)
    let messages = POFile.messages(in: text).filter { !$0.id.isEmpty }
    let byKey = Dictionary(
      messages.map { (($0.context ?? "") + "\u{4}" + $0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let missing = template.keys.filter { byKey[$0] == nil }.sorted()
    #expect(missing.isEmpty, "\(language) lacks \(missing.prefix(5))")
    let stale = byKey.keys.filter { template[$0] == nil }.sorted()
    #expect(stale.isEmpty, "\(language) has entries no longer in the template: \(stale.prefix(5))")
    let forms = Translator.catalogue(for: language).plural.count
    let rule = Translator.catalogue(for: language).plural
    // The forms the language's rule gives to 1 and to no other count, worked out once.
    let formsForOneAlone = Set(
      (0..<forms).filter { form in (0...200).allSatisfy { (rule.form(for: $0) == form) == ($0 == 1) } })
    for message in messages {
      #expect(!message.fuzzy, "\(language): fuzzy \(message.id)")
      #expect(message.strings.allSatisfy { !$0.isEmpty }, "\(language): untranslated \(message.id)")
      if let plural = message.pluralID {
        #expect(message.strings.count == forms, "\(language): \(message.id) has \(message.strings.count) forms")
        for (form, string) in message.strings.enumerated() {
          // A form for 1 alone may say "a minute" with no number: one placeholder (the count's)
          // left out, the others kept (msgfmt -c has checked their numbers and types).
          let forOneAlone = formsForOneAlone.contains(form)
          let placeholders = Template.placeholders(in: string)
          let wanted = Template.placeholders(in: plural)
          // Only the sole placeholder, or one of numbered ones: a `%s` left out of several would
          // shift the others onto the wrong values.
          let numbered = plural.contains("%1$")
          let numberLeftOut =
            forOneAlone && placeholders.count == wanted.count - 1 && (wanted.count == 1 || numbered)
          #expect(numberLeftOut || placeholders == wanted, "\(language): \(string)")
        }
      } else {
        let string = message.strings.first ?? ""
        #expect(Template.placeholders(in: string) == Template.placeholders(in: message.id), "\(language): \(string)")
      }
    }
    // What the binary holds is what the file says.
    #expect(Translator.catalogue(for: language).count == messages.count)
  }

  @Test(arguments: translated)
  func msgfmtChecksTheCatalogue(language: String) throws {
    let result = try run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", "po/\(language).po"])
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("fuzzy") && !result.output.contains("untranslated"), "\(result.output)")
  }

  /// A string added to the code without `catalogues.py update` fails here (the catalogues
  /// themselves are embedded by the build, so no copy of them can be stale).
  @Test func theTemplateIsCurrent() throws {
    let result = try run(["python3", "Scripts/catalogues.py", "check"])
    #expect(result.status == 0, "\(result.output)")
  }

  @Test func theCheckCatchesANewStringNotExtracted() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("catalogues-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    for folder in ["Scripts", "po", "Sources/Localization", "Sources/Extra"] {
      try FileManager.default.createDirectory(
        at: scratch.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for file in ["Scripts/catalogues.py", "po/trending.pot"] + translated.map({ "po/\($0).po" }) {
      try FileManager.default.copyItem(
        at: packageRoot.appendingPathComponent(file), to: scratch.appendingPathComponent(file))
    }
    let sources = packageRoot.appendingPathComponent("Sources")
    for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path) where folder != "Localization" {
      try FileManager.default.copyItem(
        at: sources.appendingPathComponent(folder), to: scratch.appendingPathComponent("Sources/\(folder)"))
    }
    #expect(try run(["python3", "Scripts/catalogues.py", "check"], in: scratch).status == 0)
    try #"let added = tr("A brand new sentence nobody extracted.")"#.write(
      to: scratch.appendingPathComponent("Sources/Extra/New.swift"), atomically: true, encoding: .utf8)
    let stale = try run(["python3", "Scripts/catalogues.py", "check"], in: scratch)
    #expect(stale.status != 0)
    #expect(stale.output.contains("trending.pot is stale"))
  }

  private func run(_ arguments: [String], in directory: URL = packageRoot) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}

@Suite("Plural rules per language")
struct PluralTests {
  /// For each language, counts and the form each takes.
  static let cases: [(String, [(Int, Int)])] = [
    ("en", [(0, 1), (1, 0), (2, 1), (5, 1), (21, 1)]),
    (
      "ru",
      [
        (0, 2), (1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (12, 2), (14, 2), (21, 0), (22, 1), (25, 2), (111, 2),
        (101, 0),
      ]
    ),
    ("uk", [(1, 0), (3, 1), (5, 2), (11, 2), (21, 0), (24, 1)]),
    ("be", [(1, 0), (2, 1), (5, 2), (13, 2), (31, 0), (42, 1)]),
    ("pl", [(0, 2), (1, 0), (2, 1), (4, 1), (5, 2), (12, 2), (21, 2), (22, 1), (112, 2)]),
    ("cs", [(0, 2), (1, 0), (2, 1), (4, 1), (5, 2), (21, 2)]),
    ("ro", [(0, 1), (1, 0), (2, 1), (19, 1), (20, 2), (101, 1), (120, 2)]),
    ("fr", [(0, 0), (1, 0), (2, 1), (100, 1)]),
    ("pt", [(0, 1), (1, 0), (2, 1)]), ("es", [(1, 0), (2, 1)]), ("it", [(1, 0), (2, 1)]), ("bg", [(1, 0), (7, 1)]),
    ("he", [(1, 0), (2, 1), (10, 1)]),
    ("zh", [(0, 0), (1, 0), (2, 0), (100, 0)]),
  ]

  @Test(arguments: cases.map(\.0))
  func formsFollowTheLanguage(language: String) throws {
    let rule = Translator.catalogue(for: language).plural
    let expected = try #require(Self.cases.first { $0.0 == language }?.1)
    for (count, form) in expected {
      #expect(rule.form(for: count) == form, "\(language) \(count)")
    }
  }

  @Test func russianFilmsCountAsRussiansCountThem() {
    Translator.$override.withValue(Translator.catalogue(for: "ru")) {
      let films = [1, 2, 5, 21, 22, 111].map { trn("%s film", "%s films", $0) }
      #expect(films == ["1 фильм", "2 фильма", "5 фильмов", "21 фильм", "22 фильма", "111 фильмов"])
      #expect([3, 5].map { trn("%s season", "%s seasons", $0) } == ["3 сезона", "5 сезонов"])
      #expect(
        [1, 3, 5, 21].map { trn("%s episode", "%s episodes", $0) } == ["1 серия", "3 серии", "5 серий", "21 серия"])
      #expect(trn("%s minute ago", "%s minutes ago", 3) == "3 минуты назад")
    }
  }

  @Test func polishAndCzechHaveTheirThreeForms() {
    Translator.$override.withValue(Translator.catalogue(for: "pl")) {
      #expect(
        [1, 3, 5, 22].map { trn("%s episode", "%s episodes", $0) } == [
          "1 odcinek", "3 odcinki", "5 odcinków", "22 odcinki",
        ])
    }
    Translator.$override.withValue(Translator.catalogue(for: "cs")) {
      #expect([1, 3, 5].map { trn("%s episode", "%s episodes", $0) } == ["1 díl", "3 díly", "5 dílů"])
    }
  }

  @Test func chineseHasOneFormForEveryCount() {
    Translator.$override.withValue(Translator.catalogue(for: "zh")) {
      #expect(trn("%s episode", "%s episodes", 1) == "1 集")
      #expect(trn("%s episode", "%s episodes", 7) == "7 集")
    }
  }

  @Test func malformedRulesAreRefusedAndOutOfRangeFormsClamped() throws {
    #expect(PluralRule(header: "nplurals=2; plural=(n != ;") == nil)
    #expect(PluralRule(header: "nplurals=9; plural=n;") == nil)
    #expect(PluralRule(header: "plural=n;") == nil)
    let deep = String(repeating: "(", count: 500) + "n" + String(repeating: ")", count: 500)
    #expect(PluralRule(header: "nplurals=2; plural=\(deep);") == nil)
    let wild = try #require(PluralRule(header: "nplurals=2; plural=n*7;"))
    #expect(wild.form(for: 3) == 0)
    let divide = try #require(PluralRule(header: "nplurals=2; plural=n/0 + n%0;"))
    #expect(divide.form(for: 5) == 0)
  }
}

@Suite("Templates and the .po syntax")
struct TemplateTests {
  @Test func fillsInOrderAndByPosition() {
    #expect(Template.fill("%s of %s", ["1", "2"]) == "1 of 2")
    #expect(Template.fill("%2$s, %1$s", ["a", "b"]) == "b, a")
    #expect(Template.fill("100%% %s", ["sure"]) == "100% sure")
    #expect(Template.fill("%s and %s", ["only"]) == "only and ")
    #expect(Template.fill("%d films", ["3"]) == "3 films")
    #expect(Template.fill("50% off", []) == "50% off")
    #expect(Template.placeholders(in: "%2$s %1$d") == ["d", "s"])
  }

  @Test func readsEntriesWithContextsPluralsFlagsAndContinuations() {
    let text = #"""
      msgid ""
      msgstr ""
      "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

      #: a.swift
      msgctxt "month"
      msgid "May"
      msgstr "мая"

      #, fuzzy
      msgid "Old"
      msgstr "Старое"

      msgid "Line one "
      "and \"two\"\n"
      msgstr "Строка \"два\"\n"

      #, c-format
      msgid "%s film"
      msgid_plural "%s films"
      msgstr[0] "%s фильм"
      msgstr[1] "%s фильма"
      msgstr[2] "%s фильмов"

      msgid "Empty"
      msgstr ""
      """#
    let catalogue = Catalogue(language: "ru", poText: text)
    #expect(catalogue.text("May", context: "month") == "мая")
    #expect(catalogue.text("May") == "May")
    #expect(catalogue.text("Old") == "Old")
    #expect(catalogue.text("Line one and \"two\"\n") == "Строка \"два\"\n")
    #expect(catalogue.text("%s film", plural: "%s films", count: 5) == "%s фильмов")
    #expect(catalogue.text("Empty") == "Empty")
    #expect(catalogue.count == 3)
  }

  @Test func garbageIsNoCatalogue() {
    for text in ["", "msgstr", "\"\"", "msgid \"x\"\nmsgstr[7] \"y\"", String(repeating: "#\n", count: 1000)] {
      let catalogue = Catalogue(language: "xx", poText: text)
      #expect(catalogue.text("x") == "x" || catalogue.text("x") == "y")
    }
  }
}

@Suite("Choosing the language")
struct LanguageTagTests {
  static let served = ["en", "ru", "uk", "be", "zh", "pt", "bg", "he", "cs", "ro", "fr", "pl", "it", "es"]

  @Test func theFlagThenAmodbLanguageThenTheLocale() {
    #expect(LanguageTag.choose(flag: "ru-RU", environment: ["LANG": "pl_PL.UTF-8"]).tag == "ru-RU")
    #expect(LanguageTag.choose(flag: nil, environment: ["AMODB_LANGUAGE": "uk", "LANG": "pl_PL.UTF-8"]).tag == "uk-UA")
    #expect(LanguageTag.choose(flag: nil, environment: ["LC_ALL": "cs_CZ.UTF-8", "LANG": "pl_PL"]).tag == "cs-CZ")
    #expect(LanguageTag.choose(flag: nil, environment: ["LC_MESSAGES": "he_IL.UTF-8"]).tag == "he-IL")
    #expect(LanguageTag.choose(flag: nil, environment: ["LANG": "zh_CN.UTF-8"]).tag == "zh-CN")
  }

  @Test func anUnservedLanguageIsNamedAndTheCLocaleIsNot() {
    let german = LanguageTag.choose(flag: "de-DE", environment: [:])
    #expect(german.tag == "en-US")
    #expect(german.unsupported == "de-DE")
    #expect(LanguageTag.choose(flag: nil, environment: ["LANG": "ja_JP.UTF-8"]).unsupported == "ja_JP.UTF-8")
    for locale in ["C", "C.UTF-8", "POSIX"] {
      #expect(LanguageTag.choose(flag: nil, environment: ["LANG": locale]).unsupported == nil)
    }
    #expect(LanguageTag.choose(flag: nil, environment: [:]).unsupported == nil)
    let hostile = LanguageTag.choose(flag: "xx\u{1B}[31m-\u{7}", environment: [:]).unsupported ?? ""
    #expect(!hostile.contains("\u{1B}") && !hostile.contains("\u{7}"))
  }
}
