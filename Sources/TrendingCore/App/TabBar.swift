import AmodbKit
import Localization

/// The tab bar's labels and where they stand: the view draws them, the mouse finds them.
public enum TabBar {
  /// What a label in the tab bar shows when clicked.
  public enum Target: Equatable, Sendable {
    /// The films' or the series' tabs.
    case media(MediaKind)
    /// A tab.
    case tab(ListKind)
  }

  /// How the bar names films and series, the switch at its start.
  static func name(_ media: MediaKind) -> String {
    media == .series ? trc("tab bar switch", "Series") : trc("tab bar switch", "Films")
  }

  /// The switch between films and series, whole at every width, then each tab shown, shortened by
  /// `fit` only as far as the width needs: labels and columns.
  public static func labels(active: ListKind, browsing: MediaKind, width: Int, tabs: TabSet = TabSet()) -> [(
    target: Target, label: String, columns: Range<Int>
  )] {
    let kinds = tabs.shown(browsing)
    let switches: [(Target, String)] = [(.media(.film), name(.film)), (.media(.series), " " + name(.series) + " │")]
    let room = width - 1 - switches.reduce(0) { $0 + TextWidth.width(of: $1.1) }
    let names = kinds.map { (full: $0.title, short: $0.shortTitle) }
    let fitted = fit(names, selected: kinds.firstIndex(of: active), room: room)
    let chosen = switches + zip(kinds, fitted).compactMap { kind, label in label.map { (Target.tab(kind), $0) } }
    var column = 1
    return chosen.map { target, label in
      let columns = TextWidth.width(of: label)
      defer { column += columns }
      return (target, label, column..<(column + columns))
    }
  }

  /// The tabs' labels in `room` columns (nil for a tab left out), each padded by a space a side.
  /// Nothing is shortened while the whole names fit; else the widest label is shortened, one at a
  /// time, until they fit: the other tabs' names to their short names, then to their numbers, then
  /// the selected tab's to its short name; as a last resort the tabs farthest from the selected are
  /// left out, a "…" after the last one shown when any follow. The selected tab is never a number;
  /// what a step frees beyond its need goes back to the narrowest names.
  public static func fit(_ names: [(full: String, short: String)], selected: Int?, room: Int) -> [String?] {
    // 0: the whole name, 1: the short name, 2: the number, 3: left out.
    var levels = Array(repeating: 0, count: names.count)
    func label(_ index: Int, _ level: Int) -> String? {
      switch level {
      case 0: return " \(names[index].full) "
      case 1: return " \(names[index].short) "
      case 2: return " \(index + 1) "
      default: return nil
      }
    }
    func width(_ index: Int, _ level: Int) -> Int { label(index, level).map(TextWidth.width(of:)) ?? 0 }
    func total() -> Int { names.indices.reduce(0) { $0 + width($1, levels[$1]) } }
    let others = names.indices.filter { $0 != selected }
    // Shortens the widest of `indices` that `level` makes narrower, one at a time, the later of two
    // as wide first; true once the labels fit.
    func shorten(_ indices: [Int], to level: Int) -> Bool {
      while total() > room {
        let open = indices.reversed().filter { levels[$0] < level && width($0, level) < width($0, levels[$0]) }
        guard let widest = open.max(by: { width($0, levels[$0]) < width($1, levels[$1]) }) else { return false }
        levels[widest] = level
      }
      return true
    }
    let fits =
      shorten(others, to: 1) || shorten(others, to: 2) || shorten(selected.map { [$0] } ?? [], to: 1)
    if !fits {
      // The last resort: leave out the numbers farthest from the selected tab, the later first, with
      // a column kept for the "…".
      let anchor = selected ?? 0
      let byDistance = others.sorted {
        abs($0 - anchor) > abs($1 - anchor) || (abs($0 - anchor) == abs($1 - anchor) && $0 > $1)
      }
      for index in byDistance where total() + 1 > room { levels[index] = 3 }
    }
    // One step can free more than it needed: give back what now fits, the selected tab first, then
    // the narrowest names, so no name stays cut while the bar has room for it.
    let budget = levels.contains(3) ? room - 1 : room
    let restoring = (selected.map { [$0] } ?? []) + others.sorted { width($0, 0) < width($1, 0) }
    var restored = true
    while restored {
      restored = false
      for index in restoring where (1...2).contains(levels[index]) {
        guard total() - width(index, levels[index]) + width(index, levels[index] - 1) <= budget else { continue }
        levels[index] -= 1
        restored = true
      }
    }
    var labels = names.indices.map { label($0, levels[$0]) }
    if let last = labels.lastIndex(where: { $0 != nil }), last < labels.count - 1, let text = labels[last] {
      labels[last] = text + "…"
    }
    return labels
  }
}
