import AmodbKit
import LibraryKit
import Localization
import TrendingCore

extension Setup {
  /// The profile an invocation asks for: `--profile`, else `TRENDING_PROFILE` (unset or empty is
  /// the default); a variable that is not a profile's name is a usage error.
  public static func profile(for invocation: Invocation, environment: [String: String]) throws(UsageError)
    -> LibraryProfile
  {
    if let name = invocation.profile {
      guard let profile = LibraryProfile(name: name) else { throw badProfile("--profile", name) }
      return profile
    }
    guard let profile = LibraryProfile.named(in: environment) else {
      throw badProfile(LibraryProfile.variable, environment[LibraryProfile.variable] ?? "")
    }
    return profile
  }

  /// The environment with the chosen profile in `TRENDING_PROFILE`, where `Library.standardPath`
  /// reads it: the flag stands in for the variable, as the settings file's values stand in for
  /// unset ones, so every place that opens the library opens the same one.
  public static func choosingProfile(for invocation: Invocation, environment: [String: String]) throws(UsageError)
    -> [String: String]
  {
    var chosen = environment
    // The demo's titles go to libraries of their own, never to a real one.
    if invocation.demo { chosen[LibraryProfile.demoVariable] = "1" }
    let profile = try profile(for: invocation, environment: environment)
    // The default is the variable unset, so what says where a profile came from sees it so.
    chosen[LibraryProfile.variable] = profile.isDefault ? nil : profile.name
    return chosen
  }

  /// `set sync-folder`'s folder, which the default library joins on its first sync; nil for a
  /// profile's library, which joins a folder of its own with `sync init` (the settings file is
  /// shared: the setting would join every profile to one folder and merge their records).
  public static func syncFolderSetting(_ settings: Settings, environment: [String: String]) -> String? {
    guard LibraryProfile.named(in: environment)?.isDefault ?? true else { return nil }
    return settings.values["sync-folder"]
  }

  /// The usage error for a name that is not a profile's, given by `source` (the flag or the variable).
  static func badProfile(_ source: String, _ text: String) -> UsageError {
    UsageError(
      message: tr(
        "%1$s must be %2$s, not %3$s", source,
        tr(
          "a name of 1 to %s characters a-z, A-Z, 0-9, '.', '_' or '-' that does not start with '.' or '-'",
          String(LibraryProfile.longestName)),
        OptionTable.shown(text)))
  }
}
