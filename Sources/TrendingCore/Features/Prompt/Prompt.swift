import AmodbKit
import Localization

/// A line typed on the status line about one title: its rating, a note, the list to add it to, or
/// the file of it to play. Enter saves (or plays), Esc leaves it as it was.
public struct Prompt: Equatable, Sendable {
  /// What the line is for.
  public enum Purpose: Equatable, Sendable {
    /// A rating, 1–10; empty clears it.
    case rate
    /// A one-line note; empty clears it.
    case note
    /// The name of a list to add the title to.
    case addToList
    /// The path of a file of the film or episode, to play (Tab completes it).
    case playFile
  }

  /// The longest line kept, in characters.
  public static let longest = 500
  /// The longest note, in characters: as long as the library keeps one (`Library.longestNote`).
  public static let longestNote = 10_000
  /// How a note's line shows a line break of the note (the line is one line); typed, it is one too.
  public static let lineBreak = "↵"

  /// What it is for.
  public var purpose: Purpose
  /// The title it is about.
  public var film: MediaSummary
  /// The series' episode a rating or note is about, when it is one.
  public var episode: EpisodeKey?
  /// What is typed so far, and where typing goes in it.
  public internal(set) var line: LineEditor
  /// What is typed so far (set: typing goes on at its end).
  public var text: String {
    get { line.text }
    set { line = LineEditor(newValue, limit: Self.limit(purpose)) }
  }
  /// How many names (in the folder, or of the lists) began with what was typed when Tab last
  /// completed it (more than one: the line says so).
  public var matches = 0
  /// The library's list names, once read, for Tab to complete on the "add to list" line.
  public var names: [String] = []
  /// Whether the text is still the rating or note as it was, untouched: shown selected, it is
  /// replaced by what is typed (Backspace edits it instead), as a selected field's text is.
  public var untouched: Bool
  /// Why Enter did not save, shown in place of the words until the next key.
  public var problem: String?
  /// The rating or note as it was when the line opened (empty: there was none to clear).
  public let original: String

  /// Opens the line, starting from what the marks hold (the rating or note as it is).
  public init(_ purpose: Purpose, film: MediaSummary, episode: EpisodeKey? = nil, _ shared: Shared) {
    self.purpose = purpose
    self.film = film
    self.episode = purpose == .addToList ? nil : episode
    let mark = film.media.flatMap { shared.marks[$0] }
    let notes = self.episode.flatMap { mark?.episodes[$0] }
    let text: String
    switch purpose {
    case .rate: text = (self.episode == nil ? mark?.rating : notes?.rating).map(String.init) ?? ""
    case .note: text = ((self.episode == nil ? mark?.note : notes?.note) ?? "").replacing("\n", with: Self.lineBreak)
    case .addToList, .playFile: text = ""
    }
    line = LineEditor(text, limit: Self.limit(purpose))
    original = text
    untouched = !text.isEmpty
  }

  /// The most characters the line takes: three for a rating ("10", or half stars such as "4.5"),
  /// as many as the library keeps for a note.
  static func limit(_ purpose: Purpose) -> Int {
    switch purpose {
    case .rate: 3
    case .note: longestNote
    case .addToList, .playFile: longest
    }
  }

  /// How a notice or the line names a title, or one of its episodes ("Severance S01E02").
  public static func name(of film: MediaSummary, episode: EpisodeKey?) -> String {
    let title = film.title.isEmpty ? (film.kind == .series ? tr("the series") : tr("the film")) : film.title
    return episode.map { title + " " + $0.code } ?? title
  }

  /// The words before what is typed (why Enter did not save, after it did not).
  public var label: String {
    problem ?? label(naming: Self.name(of: film, episode: episode))
  }

  /// The words before what is typed, the title named `name` (with its episode's code, if any);
  /// `brief`: without what the keys do (the hint bar says it), for a narrow line. The lists or
  /// files Tab could not choose between follow either.
  public func label(naming name: String, brief: Bool = false) -> String {
    switch purpose {
    case .rate:
      return brief ? tr("Rate %s 1–10:", name) : tr("Rate %s 1–10 (empty clears, Esc cancels):", name)
    case .note:
      return brief ? tr("Note on %s:", name) : tr("Note on %s (empty clears, Esc cancels):", name)
    case .addToList:
      let label =
        brief ? tr("Add %s to the list:", name) : tr("Add %s to the list (Tab completes, Esc cancels):", name)
      // The lists Tab could not choose between, by name: which to type on for.
      let typed = TextFold.folded(text)
      let found = names.filter { TextFold.folded($0).hasPrefix(typed) }
      return matches > 1 && found.count > 1 ? label + " [" + found.joined(separator: " · ") + "]" : label
    case .playFile:
      let label =
        brief ? tr("Play a file of %s:", name) : tr("Play a file of %s (Tab completes, Esc cancels):", name)
      return matches > 1 ? label + " " + trn("[%s match]", "[%s matches]", matches) : label
    }
  }

  /// Adds typed text: digits and a point only for a rating, printable characters for the rest; says
  /// so when the line is full.
  mutating func type(_ typed: String) {
    // One space typed is kept (cleaning folds a lone space away); anything else is cleaned, a
    // note's pasted line breaks kept as the line shows them.
    let breaks = purpose == .note
    let cleaned = TextSanitizer.clean(typed, keepNewlines: breaks, limit: line.limit + 1)
    let clean = typed == " " ? " " : breaks ? cleaned.replacing("\n", with: Self.lineBreak) : cleaned
    // A rating takes its point too, so "4.5" is answered rather than read as 45.
    let kept = purpose == .rate ? String(clean.filter { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }) : clean
    // What the line does not take (a letter in a rating) leaves the text as it was, untouched, and
    // says what it takes.
    guard !kept.isEmpty else {
      if purpose == .rate, !clean.isEmpty { problem = tr("A rating is a whole number from 1 to 10:") }
      return
    }
    if untouched { text = "" }
    untouched = false
    if purpose != .rate, kept.count > line.limit - line.text.count {
      problem = tr("The line is full: it takes %s characters, and the rest was not typed.", String(line.limit))
    }
    line.insert(kept)
    matches = 0
  }

  /// Completes a list's name from what is typed (whatever its case and accents): the one name it
  /// begins, else as much as the names it begins share; `matches` says how many it begins.
  mutating func completeName() {
    let typed = TextFold.folded(text)
    let found = names.filter { TextFold.folded($0).hasPrefix(typed) }
    matches = found.count
    guard let first = found.first else { return }
    let same = { (one: Character, other: Character) in TextFold.folded(String(one)) == TextFold.folded(String(other)) }
    var shared = Array(first)
    for name in found.dropFirst() {
      let other = Array(name)
      var length = 0
      while length < shared.count, length < other.count, same(shared[length], other[length]) { length += 1 }
      shared = Array(shared.prefix(length))
    }
    if TextFold.folded(String(shared)).count >= typed.count { text = String(shared) }
    untouched = false
  }

  /// Moves in the line or deletes with an editing key (`←`, `Home`, `^W`…); false when the key is
  /// not one. A character typed goes through `type`, which cleans it.
  mutating func edit(_ key: Key) -> Bool {
    if case .character = key { return false }
    guard line.edit(key) else { return false }
    untouched = false
    matches = 0
    return true
  }
}

/// The prompt's keys: typing, Backspace, Enter to save and Esc to leave.
enum PromptLogic {
  /// A key while the prompt is open (it takes every key).
  static func key(_ key: Key, _ state: inout AppState) -> [Effect] {
    guard var prompt = state.prompt else { return [] }
    prompt.problem = nil
    switch key {
    case .escape:
      state.prompt = nil
      return []
    case _ where prompt.edit(key):
      break
    case .control:
      // The app's own keys still work over the line: quit (anywhere), suspend, redraw.
      state.prompt = prompt
      guard case .app(let command)? = state.shared.keys.command(for: key, in: state.keyContext),
        [.quit, .suspend, .redraw].contains(command)
      else { return [] }
      return AppCommands.perform(command, &state)
    case .tab where prompt.purpose == .playFile:
      state.prompt = prompt
      return [.completePath(prompt.text)]
    case .tab where prompt.purpose == .addToList:
      prompt.completeName()
    case .enter:
      return commit(prompt, &state)
    case .character(let character):
      prompt.type(String(character))
    default:
      break
    }
    state.prompt = prompt
    return []
  }

  /// Pasted text, typed into the line (newlines and controls dropped).
  static func paste(_ text: String, _ state: inout AppState) {
    state.prompt?.problem = nil
    state.prompt?.type(text)
  }

  /// Enter: the change made (and the line closed), or why not (the line kept).
  static func commit(_ prompt: Prompt, _ state: inout AppState) -> [Effect] {
    let text = String(prompt.text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    let kind: LibraryChange.Kind
    // A note's line as it opened is the note as it is (a `↵` it holds may be its own, not a break).
    if prompt.purpose == .note, !prompt.original.isEmpty, prompt.text == prompt.original {
      state.prompt = nil
      state.shared.say(
        tr("Your note on %s is as it was.", Prompt.name(of: prompt.film, episode: prompt.episode)), .message)
      return []
    }
    // An empty line clears; with nothing to clear, nothing is changed, and that is said.
    if text.isEmpty, prompt.original.isEmpty, prompt.purpose == .rate || prompt.purpose == .note {
      state.prompt = nil
      let name = Prompt.name(of: prompt.film, episode: prompt.episode)
      state.shared.say(
        prompt.purpose == .rate ? tr("%s has no rating to clear.", name) : tr("%s has no note to clear.", name),
        .message)
      return []
    }
    switch prompt.purpose {
    case .playFile: return PlayLogic.play(text, prompt, &state)
    case .rate:
      if text.isEmpty {
        kind = .rating(nil)
      } else if let rating = Int(text), (1...10).contains(rating) {
        kind = .rating(rating)
      } else if let stars = Double(text.replacing(",", with: ".")), (stars * 2).rounded() == stars * 2,
        (1...10).contains(stars * 2), stars.rounded() != stars
      {
        // Half stars, as Letterboxd gives them: what they are here.
        state.prompt?.problem = tr(
          "A rating is a whole number from 1 to 10 (%1$s stars is %2$s):", text, String(Int(stars * 2)))
        return []
      } else {
        state.prompt?.problem = tr("A rating is a whole number from 1 to 10:")
        return []
      }
    case .note: kind = .note(text.isEmpty ? nil : text.replacing(Prompt.lineBreak, with: "\n"))
    case .addToList:
      guard !text.isEmpty else {
        state.prompt?.problem = tr("A list needs a name:")
        return []
      }
      // A list that exists, as the library spells it, whatever the case typed.
      kind = .list(prompt.names.first { $0.lowercased() == text.lowercased() } ?? text)
    }
    state.prompt = nil
    return MarkLogic.record(kind, film: prompt.film, episode: prompt.episode, &state.shared)
  }
}
