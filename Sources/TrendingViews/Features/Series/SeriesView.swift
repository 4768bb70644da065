import AmodbKit
import Localization
import TrendingCore

/// The series, season and episode screens: each a document beside the series' poster.
enum SeriesView {
  /// Draws the series showing and returns its layout.
  static func draw(_ series: SeriesScreen, _ state: AppState, into screen: inout Screen) -> DocumentLayout {
    let shared = state.shared
    let entry = shared.series(series.id)
    let hasPoster = (entry.value?.posterPath ?? series.known?.posterPath) != nil
    // What the seasons' progress is read from, once a frame, not once a season's row.
    let watched = EpisodeProgress.Watched(series.id, shared)
    let build = { (width: Int, columns: PageColumns?) -> Document in
      var document = SeriesDocument.document(
        summary: series.known, details: entry.value, region: shared.region, today: shared.today,
        mark: shared.marks[.series(series.id)], width: width, sideBySide: true, side: columns?.side,
        third: columns?.third, noteExpanded: series.noteExpanded,
        progress: { EpisodeProgress.progress(season: $0, watched) },
        nextForYou: EpisodeProgress.nextToWatch(watched).map { key in
          shared.season(series.id, key.season).value?.episodes.first { $0.number == key.number }
            ?? Episode(season: key.season, number: key.number)
        })
      if entry.value == nil, let error = entry.error {
        document.appendFailure(
          tr("Could not load the series."), shared.said(error, for: .fetch(shared.seriesRequest(series.id))),
          width: width)
      }
      return document
    }
    return DocumentView.drawPage(
      state, cursor: series.cursor, fetchedAt: entry.fetchedAt, hasPicture: hasPoster, into: &screen
    ) { width in
      build(width, nil)
    } status: { scroll, visible, total in
      DocumentView.status(
        entry, waitID: .fetch(shared.seriesRequest(series.id)), loading: tr("Loading the series…"), scroll: scroll,
        visible: visible, total: total, state: state)
    } split: { columns in
      build(columns.main, columns)
    }
  }

  /// Draws the season showing and returns its layout.
  static func draw(_ season: SeasonScreen, _ state: AppState, into screen: inout Screen) -> DocumentLayout {
    let shared = state.shared
    let entry = shared.season(season.seriesID, season.number)
    let series = shared.series(season.seriesID).value
    let hasPoster = (entry.value?.posterPath ?? series?.posterPath) != nil
    return DocumentView.drawPage(
      state, cursor: season.cursor, fetchedAt: entry.fetchedAt, hasPicture: hasPoster, into: &screen
    ) {
      width in
      // From the widest lists' width each episode's row is followed by its overview.
      var document = SeasonDocument.document(
        entry.value, series: series, name: season.name(shared), today: shared.today, width: width,
        seen: shared.seenEpisodes[season.seriesID]?.keys ?? [],
        overviews: shared.size.width >= PosterLayout.factsMinimumWidth,
        ratings: shared.marks[.series(season.seriesID)]?.episodes.compactMapValues(\.rating) ?? [:])
      if entry.value == nil, let error = entry.error {
        document.appendFailure(
          tr("Could not load the season."),
          shared.said(error, for: .fetch(shared.seasonRequest(season.seriesID, season.number))), width: width)
      }
      return document
    } status: { scroll, visible, total in
      DocumentView.status(
        entry, waitID: .fetch(shared.seasonRequest(season.seriesID, season.number)),
        loading: tr("Loading the season…"), scroll: scroll, visible: visible, total: total, state: state)
    }
  }

  /// Draws the episode showing and returns its layout.
  static func draw(_ episode: EpisodeScreen, _ state: AppState, into screen: inout Screen) -> DocumentLayout {
    let shared = state.shared
    let entry = shared.season(episode.seriesID, episode.season)
    let series = shared.series(episode.seriesID).value
    return DocumentView.drawPage(
      state, cursor: episode.cursor, fetchedAt: entry.fetchedAt, hasPicture: series?.posterPath != nil, into: &screen
    ) { width in
      let key = EpisodeKey(season: episode.season, number: episode.number)
      var document = EpisodeDocument.document(
        episode.episode(shared), seriesName: series?.name,
        series: .series(episode.seriesID, known: series?.summary), today: shared.today, width: width,
        seenOn: shared.seenEpisodes[episode.seriesID]?.days[key],
        notes: shared.marks[.series(episode.seriesID)]?.episodes[key])
      if entry.value == nil, let error = entry.error {
        document.appendFailure(
          tr("Could not load the season."),
          shared.said(error, for: .fetch(shared.seasonRequest(episode.seriesID, episode.season))), width: width)
      }
      return document
    } status: { scroll, visible, total in
      DocumentView.status(
        entry, waitID: .fetch(shared.seasonRequest(episode.seriesID, episode.season)),
        loading: tr("Loading the season…"), scroll: scroll, visible: visible, total: total, state: state)
    }
  }
}
