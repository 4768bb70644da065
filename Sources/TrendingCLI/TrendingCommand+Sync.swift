import AmodbKit
import FoundationEssentials
import LibraryKit
import Localization
import TrendingCore

extension TrendingCommand {
  /// `trending sync …`: the library through its sync folder; `setting` is `set sync-folder`'s
  /// folder, which a library not yet a member joins on its first sync.
  static func sync(_ command: SyncCommand, setting: String?, environment: [String: String]) -> Int32 {
    // Its status, a device's name, forgetting or remembering one are of a library there: none is
    // made for them.
    let makesNoLibrary =
      switch command {
      case .status, .name, .forget, .remember: true
      default: false
      }
    // The folder first: a new machine's `sync init` that cannot go on makes no library.
    if case .join(let folder) = command, !madeIfMissing(Setup.expandingHome(folder, environment: environment)) {
      return ExitCode.failure.rawValue
    }
    let ourName = Library.defaultDeviceName(profile: LibraryProfile.named(in: environment))
    return withLibrary(environment, makesNoLibrary: makesNoLibrary) { library throws(LibraryError) -> Int32 in
      switch command {
      case .now:
        if try library.syncFolder() == nil, let setting {
          let folder = Setup.expandingHome(setting, environment: environment)
          let outcome = try library.joinSync(folder: folder, name: ourName, now: Date())
          printError(tr("This library now syncs through %1$s as %2$s.", folder, try library.syncStatus().name))
          warnOfNamesakes(try library.syncStatus())
          return report(outcome)
        }
        if let setting, let current = try library.syncFolder() {
          let named = Setup.expandingHome(setting, environment: environment)
          if (Library.resolvedFolder(named) ?? named) != current {
            printError(
              tr(
                "The settings name %1$s as the sync folder, but this library syncs through %2$s: 'trending sync init %1$s' moves it.",
                named, current))
          }
        }
        return report(try library.sync(now: Date()))
      case .join(let folder):
        let outcome = try library.joinSync(
          folder: Setup.expandingHome(folder, environment: environment), name: ourName, now: Date())
        let status = try library.syncStatus()
        printError(tr("This library now syncs through %1$s as %2$s.", status.folder, status.name))
        warnOfNamesakes(status)
        return report(outcome)
      case .status(let json):
        let status = try library.syncStatus()
        let printed = emit(json ? Output.encode(SyncStatusOutput(status)) : Output.syncStatus(status, now: Date()))
        // A folder that is not there (a stick not mounted) is said, as `sync` would find it.
        guard status.folder.isEmpty || SyncFolder.isFolder(status.folder) else {
          printError(tr("%s is not a folder", TextSanitizer.clean(status.folder, limit: 300)))
          return ExitCode.failure.rawValue
        }
        return printed
      case .name(let name):
        try library.nameSyncDevice(name)
        let named = tr("This device is now named %s.", TextSanitizer.clean(name, limit: 100))
        // Sent at once, so the other devices know it by the new name; a folder not there now (a
        // stick not mounted) takes it at the next sync, and the name is kept all the same.
        do throws(LibraryError) {
          _ = try library.sync(now: Date())
        } catch {
          return emit(named + " " + tr("It reaches the other devices at the next sync: %s", error.message))
        }
        return emit(named)
      case .forget(let device):
        let named = deviceName(try library.forgetSyncDevice(device))
        return emit(tr("%s is no longer read; what it sent so far stays.", named))
      case .remember(let device):
        let named = deviceName(try library.rememberSyncDevice(device))
        return emit(tr("%s is read again: the next sync takes in what it sent.", named))
      }
    }
  }

  /// Another device of the folder with this one's name, or this machine's, is said: another
  /// profile of this machine (someone else's record) or an old library of it would merge with this one.
  private static func warnOfNamesakes(_ status: SyncStatus) {
    let ours = Library.isThisMachinesName(status.name)
    let namesakes = status.devices.filter {
      !$0.isThis && !$0.gone && !$0.forgotten && ($0.name == status.name || ours && Library.isThisMachinesName($0.name))
    }
    guard let namesake = namesakes.first else { return }
    let id = String(namesake.id.prefix(8))
    printError(
      tr(
        "%1$s (%2$s) in this folder has this machine's name: another profile of it, or an old library? The folder merges every record in it, so it is one person's only: 'trending sync forget %2$s' stops reading it.",
        TextSanitizer.clean(namesake.name, limit: 100), id))
  }

  /// A device as a line names it: its name and its id's start, or its id's start alone for a
  /// device that never sent its name.
  private static func deviceName(_ device: (id: String, name: String)) -> String {
    device.name.isEmpty ? String(device.id.prefix(8)) : device.name + " (" + String(device.id.prefix(8)) + ")"
  }

  /// One line of what a sync did, problems on standard error.
  private static func report(_ outcome: SyncOutcome) -> Int32 {
    for problem in outcome.problems { printError(tr("not all taken in: %s", problem)) }
    if let datedAhead = outcome.datedAhead { printNote(datedAhead) }
    if outcome.ownMissing > 0 {
      printError(
        trn(
          "%s file this device wrote was gone from the folder: what it held was sent again.",
          "%s files this device wrote were gone from the folder: what they held was sent again.",
          outcome.ownMissing, String(outcome.ownMissing)))
    }
    if !outcome.adopted.isEmpty {
      printNote(
        tr(
          "The folders of %s are gone from the sync folder: what this library took in from them was sent again from here, for the devices still to join.",
          outcome.adopted.map { TextSanitizer.clean($0, limit: 100) }.joined(separator: ", ")))
    }
    guard outcome.devices > 0 else {
      if outcome.gone > 0 {
        return emit(
          tr(
            "synced: %s sent; the other devices' folders are gone from the sync folder ('trending sync status' names them)",
            String(outcome.sent)))
      }
      guard outcome.forgotten == 0 else {
        return emit(
          tr(
            "synced: %s sent; the other devices of the folder are forgotten here ('trending sync remember DEVICE' reads one again)",
            String(outcome.sent)))
      }
      return emit(tr("synced: %s sent; no other device has written to the folder yet", String(outcome.sent)))
    }
    return emit(
      trn(
        "synced: %1$s sent, %2$s taken in from the other device",
        "synced: %1$s sent, %2$s taken in from %3$s other devices",
        outcome.devices, String(outcome.sent), String(outcome.applied), String(outcome.devices)))
  }
}

/// `trending sync status --json`.
struct SyncStatusOutput: Encodable {
  struct Device: Encodable {
    let id: String
    let name: String
    let this: Bool
    let lastChange: String?
    let records: Int
    let files: Int
    let partialFiles: Int
    let forgotten: Bool
    let gone: Bool

    /// Snake case, as every other command's JSON.
    enum CodingKeys: String, CodingKey {
      case id, name, this, records, files, forgotten, gone
      case lastChange = "last_change"
      case partialFiles = "partial_files"
    }
  }

  let folder: String
  let device: String
  let name: String
  let synced: String?
  let devices: [Device]
  let skipped: [String]
  let waiting: Int

  init(_ status: SyncStatus) {
    folder = status.folder
    device = status.device
    name = status.name
    synced = status.synced
    devices = status.devices.map { device in
      Device(
        id: device.id, name: device.name, this: device.isThis,
        lastChange: device.lastChange.map { Date(timeIntervalSince1970: Double($0) / 1000).formatted(.iso8601) },
        records: device.records, files: device.files, partialFiles: device.partialFiles, forgotten: device.forgotten,
        gone: device.gone)
    }
    skipped = status.skipped
    waiting = status.waiting
  }
}

extension Output {
  /// `trending sync status` as text.
  static func syncStatus(_ status: SyncStatus, now: Date) -> String {
    var lines = [tr("folder: %s", status.folder)]
    lines.append(tr("this device: %1$s (%2$s)", status.name, String(status.device.prefix(8))))
    if let synced = status.synced { lines.append(tr("last synced: %s", synced)) }
    for device in status.devices where !device.isThis {
      var line = "  " + String(device.id.prefix(8)) + "  " + (device.name.isEmpty ? "?" : device.name)
      line += "  " + trn("%s row read", "%s rows read", device.records)
      line += ", " + trn("%s file read whole", "%s files read whole", device.files)
      if device.partialFiles > 0 { line += ", " + trn("%s still arriving", "%s still arriving", device.partialFiles) }
      if let last = device.lastChange {
        line += ", " + tr("last change %s", Date(timeIntervalSince1970: Double(last) / 1000).formatted(.iso8601))
      }
      if device.forgotten { line += " " + tr("(forgotten)") }
      if device.gone { line += " " + tr("(its folder is gone)") }
      lines.append(line)
    }
    if status.devices.count == 1 { lines.append(tr("no other device has written to the folder yet")) }
    for skipped in status.skipped { lines.append(tr("not all taken in: %s", skipped)) }
    if status.waiting > 0 {
      lines.append(
        trn(
          "%s record waits to be taken in (dated ahead of this clock, or its title still to come)",
          "%s records wait to be taken in (dated ahead of this clock, or their titles still to come)", status.waiting,
          String(status.waiting)))
    }
    return lines.joined(separator: "\n")
  }
}

extension TrendingCommand {
  /// A sync folder that is not there yet, made when the folder it goes in is (a new machine's
  /// `~/Sync/trending`, its file sync's folder already there); said either way. False when it
  /// could not be made.
  static func madeIfMissing(_ path: String) -> Bool {
    guard !FileManager.default.fileExists(atPath: path) else { return true }
    let name = TextSanitizer.clean(path, limit: 300)
    let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard SyncFolder.isFolder(parent) else {
      printError(
        tr("%1$s is not there, nor is the folder it would go in, %2$s", name, TextSanitizer.clean(parent, limit: 300)))
      return false
    }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    } catch {
      printError(tr("%1$s could not be made: %2$s", name, String(describing: error)))
      return false
    }
    printError(tr("Made the folder %s.", name))
    return true
  }
}
