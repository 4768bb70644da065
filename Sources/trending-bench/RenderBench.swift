// One frame, state to screen grid, with 500 rows, against filling a blank screen.
import AmodbKit
import Foundation
import TrendingCore
import TrendingViews

/// Rendering one frame of a 500-film list at two sizes, the 250th film selected on the last visible row, frames
/// and blank screens taking turns.
enum RenderBench {
  /// The sizes, each with the most a frame may take as a multiple of a blank screen's.
  static let sizes: [(size: Size, budget: Double)] = [
    (Size(width: 80, height: 24), 4), (Size(width: 200, height: 60), 3),
  ]
  /// Frames timed at each size (the median is kept).
  static let frames = 300

  static func run(_ bench: Bench) {
    TextWidth.prepareLocale()
    let films = (1...500).map {
      MediaSummary(
        id: $0, title: "Film number \($0) 卧虎藏龙", releaseDate: ReleaseDate("2020-01-01"), voteAverage: 7.5,
        voteCount: 10)
    }
    if let profiled = ProcessInfo.processInfo.environment["TRENDING_BENCH_PROFILE"] {
      // Under `perf record`: frames of one size only, for a few seconds, so the samples are that size's.
      let parts = profiled.split(separator: "x").compactMap { Int($0) }
      let state = state(Size(width: parts.first ?? 80, height: parts.last ?? 24), films)
      let start = Date()
      while Date().timeIntervalSince(start) < 5 { _ = Renderer.render(state) }
      return
    }
    for (size, budget) in sizes {
      let state = state(size, films)
      // The frame and the blank screen take turns, frame by frame, so a slow moment of this shared
      // machine falls on both rather than on one figure (as the start-ups do).
      var renders: [Double] = []
      var blanks: [Double] = []
      for _ in 0..<frames {
        renders.append(seconds { _ = Renderer.render(state) })
        blanks.append(
          seconds {
            var screen = Screen(width: size.width, height: size.height)
            screen.fill(row: 0, style: .plain)
          })
      }
      let render = median(renders)
      let blank = median(blanks)
      bench.record(
        Measurement(
          name: "render one frame \(size.width)x\(size.height), 500 rows", value: render * 1e6, unit: "µs",
          floor: blank * 1e6, floorName: "blank screen", budget: budget))
    }
  }

  /// The state a frame is drawn from: the films loaded, the 250th selected on the last visible row.
  static func state(_ size: Size, _ films: [MediaSummary]) -> AppState {
    var state = AppState(language: "en-US", size: size, now: Date())
    state.rootList.list = Loadable(value: Listing(firstPage: MediaPage(results: films)), fetchedAt: Date())
    state.rootList.selection = 250
    state.rootList.top = 250 - state.shared.visibleRows + 1
    return state
  }
}
