import AmodbKit
import Localization
import TrendingCore

extension TrendingCommand {
  /// `trending cache info`: where the disk cache is, each kind's entries and bytes, and the total.
  static func cacheInfo(_ environment: [String: String]) -> Int32 {
    guard let cache = diskCache(environment) else { return ExitCode.failure.rawValue }
    let info = cache.info()
    var lines = [tr("cache: %s", TextSanitizer.clean(cache.directory.path))]
    for kind in CacheKind.allCases {
      let entry = info.entries[kind] ?? (0, 0)
      lines.append(
        cacheKindName(kind) + ": " + trn("%s entry", "%s entries", entry.count) + ", "
          + trn("%s byte", "%s bytes", entry.bytes))
    }
    lines.append(tr("total: %1$s bytes of at most %2$s", String(info.total), String(cache.limit)))
    if info.others > 0 { lines.append(tr("other files (not ours, left alone): %s", String(info.others))) }
    return emit(lines.joined(separator: "\n"))
  }

  /// What `cache info` calls a kind of kept answer, in the interface's language.
  private static func cacheKindName(_ kind: CacheKind) -> String {
    switch kind {
    case .list: trc("a kind of answer the cache keeps, in cache info", "list")
    case .details: trc("a kind of answer the cache keeps, in cache info", "details")
    case .person: trc("a kind of answer the cache keeps, in cache info", "person")
    case .poster: trc("a kind of answer the cache keeps, in cache info", "poster")
    }
  }
}
