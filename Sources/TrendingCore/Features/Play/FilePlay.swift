import AmodbKit
import FoundationEssentials
import Localization

/// A file of the user's to play, and what the screen knew it to be: the film, or the series and
/// the episode with its season's episodes (no identification needed).
public struct FileToPlay: Equatable, Sendable {
  /// The path as typed (`~/` not yet expanded, perhaps relative).
  public var path: String
  /// The film, or the episode's series.
  public var title: MediaSummary
  /// The episode, for a series.
  public var episode: MarkedEpisode?
  /// The episode's season as its answer gave it, stored with the watch (the next one to watch).
  public var season: [MarkedEpisode]

  /// Makes one.
  public init(path: String, title: MediaSummary, episode: MarkedEpisode? = nil, season: [MarkedEpisode] = []) {
    self.path = path
    self.title = title
    self.episode = episode
    self.season = season
  }

  /// How notices name it: "Dune" or "Severance S01E02".
  var name: String { Prompt.name(of: title, episode: episode?.key) }
}

/// How a played file ended.
public enum PlayOutcome: Equatable, Sendable {
  /// Watched: past the threshold, or to its end; the day that happened.
  case watched(day: String)
  /// Stopped before the threshold: how far it got (percent, when mpv said the duration) and the threshold.
  case stopped(percent: Int?, threshold: Int)
  /// Begun past the threshold (resumed where a watch already counted ended): no new watch.
  case begunPast(threshold: Int)
  /// It could not be played, and why.
  case failed(String)
}

/// One name in a folder, for completing a typed path.
public struct PathEntry: Equatable, Sendable {
  /// The name.
  public var name: String
  /// Whether it is a folder (completed with a `/` after it).
  public var isFolder: Bool

  /// Makes one.
  public init(name: String, isFolder: Bool) {
    self.name = name
    self.isFolder = isFolder
  }
}

/// Completing a typed path with Tab, as a shell does: the longest beginning the names in its
/// folder share with what is typed. Pure: the runner lists the folder.
public enum PathCompletion {
  /// The typed text's folder part (up to its last `/`, kept as typed) and the name begun after it.
  public static func split(_ typed: String) -> (folder: String, name: String) {
    guard let slash = typed.lastIndex(of: "/") else { return ("", typed) }
    return (String(typed[...slash]), String(typed[typed.index(after: slash)...]))
  }

  /// `typed` completed from the names in its folder, and how many begin with the name typed.
  /// Hidden names count only when the name typed starts with a dot; one folder gets its `/`.
  public static func complete(_ typed: String, entries: [PathEntry]) -> (text: String, matches: Int) {
    let (folder, begun) = split(typed)
    let hidden = begun.hasPrefix(".")
    let matching = entries.filter { $0.name.hasPrefix(begun) && (hidden || !$0.name.hasPrefix(".")) }
      .sorted { $0.name < $1.name }
    guard let first = matching.first else { return (typed, 0) }
    if matching.count == 1 { return (folder + first.name + (first.isFolder ? "/" : ""), 1) }
    var shared = Substring(first.name)
    for entry in matching.dropFirst() {
      shared = shared.prefix(zip(shared, entry.name).prefix { $0 == $1 }.count)
    }
    return (folder + shared, matching.count)
  }
}

/// `P`: a file of the film or episode shown, asked for on the typed line, played in mpv by the
/// runner, and marked seen once watched (the runner says how it ended).
enum PlayLogic {
  /// Opens the line for the episode the screen is about, else its film.
  static func ask(_ state: inout AppState) {
    if let episode = state.top.markedEpisode(state.shared) {
      let series = EpisodeMarkLogic.series(episode.seriesID, state.shared)
      state.prompt = Prompt(.playFile, film: series, episode: episode.key, state.shared)
      return
    }
    guard let film = state.top.subject(state.shared), film.media?.kind == .film else { return }
    state.prompt = Prompt(.playFile, film: film, state.shared)
  }

  /// Enter on the line: the file played, what the screen knew of it going with it.
  static func play(_ path: String, _ prompt: Prompt, _ state: inout AppState) -> [Effect] {
    guard !path.isEmpty else {
      state.shared.say(tr("A file needs its path (Tab completes it)."), .problem)
      return []
    }
    state.prompt = nil
    var file = FileToPlay(path: path, title: prompt.film)
    if let key = prompt.episode {
      let ref = EpisodeRef(seriesID: prompt.film.id, season: key.season, number: key.number)
      file.episode =
        EpisodeMarkLogic.episode(ref, state.shared).map(MarkedEpisode.init)
        ?? MarkedEpisode(key: key, name: nil, airDate: nil, runtime: nil)
      file.season = state.shared.season(ref.seriesID, key.season).value?.episodes.map(MarkedEpisode.init) ?? []
    }
    state.shared.say(tr("Playing %s…", file.name), .message)
    return [.playFile(file)]
  }

  /// Tab's answer: taken when the line still says what was completed.
  static func completed(typed: String, text: String, matches: Int, _ state: inout AppState) {
    guard var prompt = state.prompt, prompt.purpose == .playFile, prompt.text == typed else { return }
    prompt.text = String(text.prefix(Prompt.longest))
    prompt.matches = matches
    state.prompt = prompt
  }

  /// The file has ended: a watch (once that day) when it was watched, else a notice saying why not.
  static func played(_ file: FileToPlay, _ outcome: PlayOutcome, _ state: inout AppState) -> [Effect] {
    switch outcome {
    case .failed(let reason):
      state.shared.say(tr("The file did not play: %s", reason), .failure)
      return []
    case .stopped(let percent, let threshold):
      let text =
        percent.map {
          tr(
            "Stopped %1$s at %2$s%% (a watch counts from %3$s%%): not marked.", file.name, String($0), String(threshold)
          )
        } ?? tr("Stopped %s before it counted as watched: not marked.", file.name)
      state.shared.say(text, .message)
      return []
    case .begunPast(let threshold):
      state.shared.say(
        tr("%1$s began past where a watch counts (%2$s%%): not marked again.", file.name, String(threshold)), .message)
      return []
    case .watched(let day):
      var change =
        file.episode.map {
          LibraryChange(series: file.title, episodes: [$0], seen: true, day: day, seasons: file.season)
        }
        ?? LibraryChange(
          id: file.title.id, media: .film, title: file.title.title, year: file.title.year, kind: .seen(true), day: day,
          summary: file.title.title.isEmpty ? nil : MarkSummary(file.title))
      change.once = true
      state.shared.takenAway = nil
      let save = change.queued(in: &state.shared)
      state.shared.say(tr("Watched %s: marked seen.", file.name), .confirmation)
      return [save] + ListLogic.rehide(&state)
    }
  }
}
