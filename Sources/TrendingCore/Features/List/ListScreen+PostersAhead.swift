extension ListScreen {
  /// The posters of the rows either side of the selection, in the selected poster's box: decoded
  /// ahead, so a move to either shows its poster at once.
  public func postersAhead(_ shared: Shared) -> [PosterRequest] {
    guard let wanted = poster(shared) else { return [] }
    let movies = movies
    return [selection + 1, selection - 1].compactMap { index in
      guard movies.indices.contains(index), let path = movies[index].posterPath else { return nil }
      return PosterRequest(path: path, columns: wanted.columns, rows: wanted.rows)
    }
  }
}
