import FoundationEssentials
import Localization

/// What one sync of the library's folder came to, as the browser hears it.
public struct SyncReport: Equatable, Sendable {
  /// When it ran.
  public var at: Date
  /// The devices of the folder, this one included.
  public var devices: Int
  /// Rows of other devices taken in.
  public var applied: Int
  /// Files and records passed over, each named with why.
  public var problems: [String]
  /// Why the sync could not run (the folder gone, not writable), when it could not.
  public var failure: String?

  /// Makes one.
  public init(at: Date, devices: Int, applied: Int, problems: [String] = [], failure: String? = nil) {
    self.at = at
    self.devices = devices
    self.applied = applied
    self.problems = problems
    self.failure = failure
  }
}

/// The header's word on sync: when the library last synced, and with how many devices.
public struct SyncStanding: Equatable, Sendable {
  /// When the last sync that ran ended.
  public var at: Date
  /// The devices of the folder, this one included.
  public var devices: Int
  /// Whether the latest sync failed (its notice said why): the header says so until one runs.
  public var failed = false
}

/// What a sync's report does to the app.
enum SyncLogic {
  /// Keeps the header's standing, says what went wrong, and reads the user's data again when rows
  /// came in (`libraryChanged`'s work).
  static func synced(_ report: SyncReport, _ state: inout AppState) -> Bool {
    if let failure = report.failure {
      state.shared.say(failure, .failure)
      // The last that ran is kept for its devices; the header no longer says "synced just now".
      state.shared.sync = SyncStanding(
        at: state.shared.sync?.at ?? report.at, devices: state.shared.sync?.devices ?? report.devices, failed: true)
      return false
    }
    state.shared.sync = SyncStanding(at: report.at, devices: report.devices)
    if !report.problems.isEmpty {
      state.shared.say(tr("Sync passed over: %s", report.problems.joined(separator: "; ")), .failure)
    }
    return report.applied > 0
  }
}
