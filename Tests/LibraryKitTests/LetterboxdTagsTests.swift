import Localization
import Testing

@testable import LibraryKit

@Suite("Letterboxd's tags kept in a note, and given back")
struct LetterboxdTagsTests {
  @Test func tagLinesAreTagsAndTheRestIsTheReview() {
    #expect(LetterboxdTags.split("Tags: cinema") == (["cinema"], nil) as ([String], String?))
    let both = LetterboxdTags.split("Tags: cinema, imax\n\nBetter the second time.")
    #expect(both.tags == ["cinema", "imax"] && both.review == "Better the second time.")
    let plain = LetterboxdTags.split("Tagsless: a review that mentions Tags: here")
    #expect(plain.tags.isEmpty && plain.review == "Tagsless: a review that mentions Tags: here")
  }

  @Test func theNoteAnImportWroteInAnotherLanguageIsReadBackInIt() {
    let russian = Translator.catalogue(for: "ru")
    Translator.$override.withValue(russian) {
      let note = LetterboxdTags.note("кино")
      #expect(!note.hasPrefix("Tags:"), "the note is in the interface's language: \(note)")
      #expect(LetterboxdTags.split(note).tags == ["кино"] && LetterboxdTags.split(note).review == nil)
      #expect(LetterboxdTags.split("Tags: imax").tags == ["imax"], "English too, whatever the interface")
    }
    // Read back in another language than it was written in, and French's colon with a plain
    // space (as notes imported before its no-break spaces hold it) or a no-break one.
    let russianNote = Translator.$override.withValue(russian) { LetterboxdTags.note("кино") }
    #expect(LetterboxdTags.split(russianNote).tags == ["кино"])
    for space in [" ", "\u{00A0}"] {
      let french = "Étiquettes" + space + ": cinéma, imax\nUn avis."
      #expect(LetterboxdTags.split(french).tags == ["cinéma", "imax"], "\(french)")
      #expect(LetterboxdTags.split(french).review == "Un avis.")
    }
  }
}
