import AmodbKit
import Localization

/// `o` where a film has several pages (TMDB, IMDb, its own site): a small chooser over the screen,
/// `↑`/`↓` and `Enter`, a number, or a click; `Esc` closes it.
public struct LinkChooser: Equatable, Sendable {
  /// The pages offered, in order.
  public var pages: [WebPage]
  /// The selected page, an index into `pages`.
  public var selection = 0

  /// Makes a chooser of pages, the first selected.
  public init(pages: [WebPage]) {
    self.pages = pages
  }

  /// Where the chooser's box is drawn: centred, one line a page inside a border and a title.
  public static func box(for size: Size, count: Int) -> Rect {
    let width = min(size.width, 60)
    let height = min(size.height, count + 2)
    return Rect(row: max(0, (size.height - height) / 2), column: (size.width - width) / 2, width: width, height: height)
  }

  /// Opens a page and closes the chooser.
  func opened(_ index: Int, _ shared: inout Shared) -> Reaction {
    guard pages.indices.contains(index) else { return .nothing }
    let url = pages[index].url
    shared.say(tr("Opening %s", url), .link)
    return Reaction([.openURL(url)], go: .pop)
  }
}

/// The chooser as a feature: moving, opening, closing.
extension LinkChooser: ScreenFeature {
  public var route: Route { .chooser(self) }
  public var statusName: String { "chooser" }
  public var keyContext: KeyContext { .chooser }
  public func shows(_ shared: Shared) -> [APIRequest] { [] }
  public func title(_ shared: Shared) -> String { tr("Open") }
  public mutating func appear(_ shared: inout Shared) -> [Effect] { [] }

  /// The page a typed number opens (`1` the first), when the key is one.
  public func index(typed key: Key) -> Int? {
    guard case .character(let character) = key, let number = character.wholeNumberValue, number >= 1,
      number <= pages.count
    else { return nil }
    return number - 1
  }

  public mutating func perform(_ command: ScreenCommand, _ shared: inout Shared) -> Reaction? {
    switch command {
    case .moveDown: selection = min(selection + 1, pages.count - 1)
    case .moveUp: selection = max(selection - 1, 0)
    case .first, .pageUp, .halfPageUp: selection = 0
    case .last, .pageDown, .halfPageDown: selection = max(0, pages.count - 1)
    case .open: return opened(selection, &shared)
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

  /// A click on a line selects it, a click on the selected line opens it; the wheel moves.
  public mutating func mouse(_ event: MouseEvent, _ shared: inout Shared) -> Reaction {
    switch event.kind {
    case .wheelUp: return perform(.moveUp, &shared) ?? .nothing
    case .wheelDown: return perform(.moveDown, &shared) ?? .nothing
    case .press:
      let box = Self.box(for: shared.size, count: pages.count)
      let index = event.row - box.row - 1
      guard pages.indices.contains(index), (box.column..<box.column + box.width).contains(event.column) else {
        return .nothing
      }
      if index != selection {
        selection = index
        return .nothing
      }
      return opened(index, &shared)
    }
  }
}

extension LinkChooser {
  /// The chooser `o` opens on the screen showing: a film with more than one page; nil elsewhere
  /// (then `o` opens the screen's own page, as before).
  static func offered(_ state: AppState) -> LinkChooser? {
    guard case .film(let film)? = state.stack.last, let details = state.shared.film(film.id).value,
      details.webPages.count > 1
    else { return nil }
    return LinkChooser(pages: details.webPages)
  }
}
