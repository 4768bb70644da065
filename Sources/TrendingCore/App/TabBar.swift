import AmodbKit
import Localization

/// The tab bar's labels and where they stand: the view draws them, the mouse finds them.
public enum TabBar {
  /// What a label in the tab bar shows when clicked.
  public enum Target: Equatable, Sendable {
    /// The films' or the series' tabs.
    case media(MediaKind)
    /// The switch folded to the kind browsed, where the bar is narrow: a click turns it over.
    case folded(MediaKind)
    /// A tab.
    case tab(ListKind)
  }

  /// How the bar names films and series, the switch at its start.
  static func name(_ media: MediaKind) -> String {
    media == .series ? trc("tab bar switch", "Series") : trc("tab bar switch", "Films")
  }

  /// The switch between films and series, then each tab shown, shortened by `fit` only as far as
  /// the width needs: labels and columns. Where both kinds' names would turn a tab into its number,
  /// or cut two more tabs to their short names, the switch folds to the kind browsed (the header
  /// names it too) and the tabs keep that room.
  public static func labels(active: ListKind, browsing: MediaKind, width: Int, tabs: TabSet = TabSet()) -> [(
    target: Target, label: String, columns: Range<Int>
  )] {
    let kinds = tabs.shown(browsing)
    let names = kinds.map { (full: $0.title, short: $0.shortTitle) }
    let selected = kinds.firstIndex(of: active)
    // The labels after the switches, how many tabs they show without a name (a number, or left
    // out), and how many by their short name.
    func fitted(_ switches: [(Target, String)]) -> (labels: [(Target, String)], unnamed: Int, short: Int) {
      let room = width - 1 - switches.reduce(0) { $0 + TextWidth.width(of: $1.1) }
      let labels = fit(names, selected: selected, room: room)
      // A tab shown as its number key (the tenth's is 0).
      let unnamed = labels.enumerated().count { index, label in label.map { isNumber($0, at: index) } ?? true }
      let short = zip(names, labels).count { name, label in
        label.map { [" \(name.short) ", " \(name.short) …"].contains($0) && name.short != name.full } ?? false
      }
      let shown = zip(kinds, labels).compactMap { kind, label in label.map { (Target.tab(kind), $0) } }
      return (switches + shown, unnamed, short)
    }
    let whole = fitted([(.media(.film), name(.film)), (.media(.series), " " + name(.series) + " │")])
    let folded = fitted([(.folded(browsing), name(browsing) + " │")])
    // Folded where the whole switch would cost a tab its name, or two tabs or more their whole name.
    let folds = folded.unnamed < whole.unnamed || (folded.unnamed == whole.unnamed && folded.short + 2 <= whole.short)
    let chosen = folds ? folded.labels : whole.labels
    var column = 1
    return chosen.map { target, label in
      let columns = TextWidth.width(of: label)
      defer { column += columns }
      return (target, label, column..<(column + columns))
    }
  }

  /// The tabs' labels in `room` columns (nil for a tab left out), each padded by a space a side.
  /// Where the bar fits with the selected tab named (whole or short) whichever tab it is, it is laid
  /// out as for no tab selected, so switching tabs moves no label; else for the selected one.
  public static func fit(_ names: [(full: String, short: String)], selected: Int?, room: Int) -> [String?] {
    let steady = fitted(names, selected: nil, room: room)
    guard let selected, names.indices.contains(selected) else { return steady }
    let named = names.indices.allSatisfy { index in steady[index].map { !isNumber($0, at: index) } ?? false }
    return named ? steady : fitted(names, selected: selected, room: room)
  }

  /// Whether the label of the tab at `index` is its number key alone (the tenth's is 0), a "…" after it or not.
  static func isNumber(_ label: String, at index: Int) -> Bool {
    [" \((index + 1) % 10) ", " \((index + 1) % 10) …"].contains(label)
  }

  /// The labels in `room` columns for one tab selected (or none). Nothing is shortened while the
  /// whole names fit; else the widest label is shortened, one at a time, until they fit: the other
  /// tabs' names to their short names, then the selected tab's to its short name (the header names
  /// it whole), then the others to their numbers; as a last resort the tabs farthest from the
  /// selected are left out, a "…" after the last one shown when any follow. The selected tab is
  /// never a number; what a step frees beyond its need goes back to the narrowest names.
  static func fitted(_ names: [(full: String, short: String)], selected: Int?, room: Int) -> [String?] {
    // 0: the whole name, 1: the short name, 2: the number, 3: left out.
    var levels = Array(repeating: 0, count: names.count)
    func label(_ index: Int, _ level: Int) -> String? {
      switch level {
      case 0: return " \(names[index].full) "
      case 1: return " \(names[index].short) "
      // A tab's number is the key that shows it: 1 to 9, then 0; later tabs have no key, so no number.
      case 2: return index < 10 ? " \((index + 1) % 10) " : " \(names[index].short) "
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
      shorten(others, to: 1) || shorten(selected.map { [$0] } ?? [], to: 1) || shorten(others, to: 2)
    if !fits {
      // The last resort: leave out the numbers farthest from the selected tab, the later first, with
      // a column kept for the "…".
      let anchor = selected ?? 0
      let byDistance = others.sorted {
        abs($0 - anchor) > abs($1 - anchor) || (abs($0 - anchor) == abs($1 - anchor) && $0 > $1)
      }
      for index in byDistance where total() + 1 > room { levels[index] = 3 }
    }
    // One step can free more than it needed: give back what now fits, numbers their names first,
    // then the selected tab, then the narrowest names, so no name stays cut while the bar has room.
    let budget = levels.contains(3) ? room - 1 : room
    let restoring = (selected.map { [$0] } ?? []) + others.sorted { width($0, 0) < width($1, 0) }
    var restored = true
    while restored {
      restored = false
      for index in restoring.filter({ levels[$0] == 2 }) + restoring.filter({ levels[$0] == 1 }) {
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
