import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization

extension MediaServerImport {
  /// What `help import` adds for the media servers.
  static var help: String {
    tr(
      "'import jellyfin URL' and 'import plex URL' read what the server's user played (the token from JELLYFIN_TOKEN or PLEX_TOKEN, or a file only you can read named by 'set jellyfin-token-file PATH' or 'set plex-token-file PATH') and add those watches, matched by the titles' TMDB, IMDb or TVDB ids; --since-last only what was played since the previous run with it; the summary also says what an earlier import brought that the server no longer plays, which is kept."
    )
  }

}

extension ArgumentParser {
  /// `trending import jellyfin|plex URL`: the server's http or https URL, with no token in it.
  static func serverImportCommand(_ server: MediaServer, _ words: [String], _ line: ParsedLine) throws(UsageError)
    -> LibraryCommand
  {
    if words.count > 2 { throw UsageError(message: tr("unexpected argument %s", OptionTable.shown(words[2]))) }
    guard words.count == 2, !words[1].isEmpty else {
      throw UsageError(
        message: tr("import %1$s needs the server's URL, e.g. %2$s", server.rawValue, server.exampleURL))
    }
    guard let url = ClientConfiguration.parseBaseURL(words[1]) else {
      throw UsageError(
        message: tr("the server's URL must be an http or https URL, not %s", OptionTable.shown(words[1])))
    }
    // A token belongs in its variable or its file, never in a URL that is shown and remembered.
    if url.carriesSecrets {
      throw UsageError(
        message: tr(
          "the URL carries a token or a password; a token goes in %1$s or the file 'set %2$s' names, never on the command line",
          server.tokenVariable, server.tokenSetting))
    }
    if line.library.resolve {
      throw UsageError(message: tr("--resolve goes with an export's import, not a server's"))
    }
    return .importingServer(server, url: url, dryRun: line.library.dryRun, sinceLast: line.tonight.sinceLast)
  }
}

extension MediaServer {
  /// A URL of the server as its own documentation writes it.
  var exampleURL: String {
    switch self {
    case .jellyfin: return "http://localhost:8096"
    case .plex: return "http://localhost:32400"
    }
  }
}
