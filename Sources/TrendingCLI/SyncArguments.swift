import AmodbKit
import Localization

/// What `trending sync` is asked to do.
public enum SyncCommand: Equatable, Sendable {
  /// `trending sync`: send this library's changes and take in the other devices'.
  case now
  /// `trending sync init DIR`: make the library a member of the folder.
  case join(folder: String)
  /// `trending sync status [--json]`.
  case status(json: Bool)
  /// `trending sync name NAME`.
  case name(String)
  /// `trending sync forget DEVICE`.
  case forget(String)
  /// `trending sync remember DEVICE`.
  case remember(String)
}

extension OptionTable {
  /// The words `trending sync` takes first.
  static let syncWords = ["init", "status", "name", "forget", "remember"]

  /// Reads `trending sync`'s words.
  static func syncCommand(_ words: [String], json: Bool) throws(UsageError) -> SyncCommand {
    func one(_ needs: String) throws(UsageError) -> String {
      guard words.count >= 2 else { throw UsageError(message: needs) }
      guard words.count == 2 else { throw UsageError(message: tr("unexpected argument %s", shown(words[2]))) }
      return words[1]
    }
    // Only the status has a JSON form: a sync asked for JSON would print its text line.
    guard !json || words.first == "status" else {
      throw UsageError(message: tr("%1$s goes with %2$s", "--json", "'trending sync status'"))
    }
    guard let first = words.first else { return .now }
    switch first {
    case "init":
      return .join(folder: try one(tr("sync init needs a folder, e.g. 'trending sync init ~/Sync/trending'")))
    case "status":
      guard words.count == 1 else { throw UsageError(message: tr("unexpected argument %s", shown(words[1]))) }
      return .status(json: json)
    case "name": return .name(try one(tr("sync name needs a name, e.g. 'trending sync name Laptop'")))
    case "forget": return .forget(try one(tr("sync forget needs a device, as 'trending sync status' names it")))
    case "remember":
      return .remember(try one(tr("sync remember needs a device, as 'trending sync status' names it")))
    default:
      throw UsageError(
        message: tr("sync takes init, status, name, forget or remember, not %s", shown(first))
          + ArgumentParser.suggestion(first, among: syncWords))
    }
  }

  /// `trending sync`, for help, the man page and the completions.
  static var syncCommands: [CommandSpec] {
    let summary = tr(
      "keep the library the same on every machine through a folder your file sync carries: init DIR, status, name NAME, forget DEVICE, remember DEVICE"
    )
    return [
      CommandSpec(
        verb: .sync, arguments: "[init DIR|status|name NAME|forget DEVICE|remember DEVICE]", words: syncWords,
        pathsFrom: 1, pathsAfter: "init",
        summary: summary,
        detail: CommandSpec.paragraph(
          summary,
          tr(
            "'sync init DIR' makes this library a member of DIR (Syncthing's, Nextcloud's or Dropbox's folder, a USB stick): this device writes its changes only into a folder of its own there, and reads every other device's. 'trending sync' sends and takes in what is new; the browser does it by itself. A watch is never lost or doubled: the latest change of a rating, a note or a list wins, and the same import on two machines is one watch. 'sync status' names every device, how far it has been read and what was passed over and why (--json); 'sync name' names this device; 'sync forget' stops reading one."
          ), tr("'sync remember DEVICE' reads a forgotten one again.")))
    ]
  }
}
