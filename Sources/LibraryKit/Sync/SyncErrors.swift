import AmodbKit
import Localization

/// What a sync says when its folder is not as this library left it, or there is none.
extension LibraryError {
  /// The sync folder holds none of the files this device sent to it.
  static func syncFolderEmpty(_ folder: String, sent: Int) -> LibraryError {
    let shown = TextSanitizer.clean(folder, limit: 300)
    return LibraryError(
      .other,
      trn(
        "%1$s does not hold the file this device sent to its sync folder: is it mounted? Nothing was synced. If it was emptied on purpose, 'trending sync init %1$s' sends everything again.",
        "%1$s holds none of the %2$s files this device sent to its sync folder: is it mounted? Nothing was synced. If it was emptied on purpose, 'trending sync init %1$s' sends everything again.",
        sent, shown, String(sent)))
  }

  /// The sync folder is not there at all.
  static func syncFolderMissing(_ folder: String) -> LibraryError {
    let shown = TextSanitizer.clean(folder, limit: 300)
    return LibraryError(
      .other,
      tr(
        "The sync folder %s is not there: is it mounted? Nothing was synced. If it moved, 'trending sync init NEW-FOLDER' follows it.",
        shown))
  }

  /// The library is not a member of a sync folder.
  static var notSyncing: LibraryError {
    LibraryError(.other, tr("This library does not sync yet: 'trending sync init FOLDER' makes it a member of one."))
  }
}
