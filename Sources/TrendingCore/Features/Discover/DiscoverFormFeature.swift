import AmodbKit
import Localization

/// The `f` form as a feature: moving between lines, changing them, applying and closing.
extension DiscoverForm: ScreenFeature {
  public var route: Route { .discoverForm(self) }
  public var statusName: String { "discover-form" }
  public var keyContext: KeyContext { .form }

  public func shows(_ shared: Shared) -> [APIRequest] {
    [shared.genresRequest(media)] + [shared.providersRequest(media)].compactMap { $0 }
  }

  public func title(_ shared: Shared) -> String { tr("Filter") }

  /// Loads the genre table and the region's services of films or series (kept a week), nothing else.
  public mutating func appear(_ shared: inout Shared) -> [Effect] {
    shared.load(shared.genresRequest(media)) + (shared.providersRequest(media).map { shared.load($0) } ?? [])
  }

  public mutating func type(_ key: Key, _ shared: inout Shared) -> [Effect]? {
    let field = selected(shared)
    if case .character(let character) = key, typeCharacter(character, shared) { return [] }
    if key == .backspace, eraseTyped(shared) { return [] }
    typed = nil
    switch key {
    case .character(" "), .right, .character("l"), .character("+"):
      if field == .apply { return nil }
      change(field, by: 1, shared)
    case .left, .character("h"), .character("-"):
      change(field, by: -1, shared)
    case .backspace, .character("x"):
      clear(field)
    default: return nil
    }
    return []
  }

  public mutating func perform(_ command: ScreenCommand, _ shared: inout Shared) -> Reaction? {
    let fields = fields(shared)
    let count = fields.count
    let lines = DiscoverFormLayout.lineCount(for: shared.size, fieldCount: count)
    typed = nil
    switch command {
    case .moveDown: selection = line(movedBy: 1, fields)
    case .moveUp: selection = line(movedBy: -1, fields)
    case .pageDown, .halfPageDown: selection = line(movedBy: lines, fields)
    case .pageUp, .halfPageUp: selection = line(movedBy: -lines, fields)
    case .first: selection = 0
    case .last: selection = count - 1
    case .open: return applied()
    case .back: return Reaction(go: .pop)
    default: return nil
    }
    return .nothing
  }

  public func isAvailable(_ command: ScreenCommand, _ shared: Shared) -> Bool {
    command.isMove || command == .open || command == .back
  }

  public func subject(_ shared: Shared) -> MediaSummary? { nil }
  public func page(_ shared: Shared) -> LinkedPage? { nil }
  public var selectsLines: Bool { true }
  public func poster(_ shared: Shared) -> PosterRequest? { nil }

  public mutating func mouse(_ event: MouseEvent, _ shared: inout Shared) -> Reaction {
    let count = fields(shared).count
    switch event.kind {
    case .wheelUp: return perform(.moveUp, &shared) ?? .nothing
    case .wheelDown: return perform(.moveDown, &shared) ?? .nothing
    case .press:
      let box = DiscoverFormLayout.box(for: shared.size, fieldCount: count)
      let lines = DiscoverFormLayout.lineCount(for: shared.size, fieldCount: count)
      let top = DiscoverFormLayout.top(selection: selection, lines: lines)
      let offset = event.row - box.row - 1
      guard (0..<lines).contains(offset), (box.column..<box.column + box.width).contains(event.column) else {
        return .nothing
      }
      let index = top + offset
      guard index < count, !fields(shared)[index].isHeading else { return .nothing }
      typed = nil
      if index != selection {
        selection = index
        return .nothing
      }
      let field = selected(shared)
      if field == .apply { return applied() }
      change(field, by: 1, shared)
      return .nothing
    }
  }
}

extension LinkTarget {
  /// The link to a discover list: a film's keyword or studio.
  public static func discover(_ filter: DiscoverFilter) -> LinkTarget {
    .open(.list(ListScreen(source: .discover(filter))))
  }

  /// The filter, when the link opens a discover list.
  public var discoverFilter: DiscoverFilter? {
    if case .open(.list(let list)) = self { return list.source.discover }
    return nil
  }
}
