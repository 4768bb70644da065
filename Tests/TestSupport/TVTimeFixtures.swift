import Foundation

extension Fixtures {
  /// TV Time's export in its three forms (`Tests/Fixtures/Exports/tvtime`: gdpr-data, seen-episode,
  /// tracking-v1).
  public static let tvTimeDirectory = packageRoot.appendingPathComponent("Tests/Fixtures/Exports/tvtime")

  /// How a protected zip's entries are encrypted.
  public enum ZipEncryption: String, Sendable {
    /// WinZip's AES-256.
    case aes256
    /// PKWARE's traditional ZipCrypto.
    case zipCrypto = "zipcrypt"
  }

  /// A `.zip` of a folder's files (names relative to it, under `prefix`) whose entries are
  /// encrypted with `passphrase`, written by libarchive itself (through Python's ctypes); the
  /// passphrase goes to Python in its environment, never in its arguments.
  public static func protectedZip(
    _ folder: URL, to archive: URL, passphrase: String, encryption: ZipEncryption = .aes256, prefix: String = ""
  ) throws {
    let script = """
      import ctypes, os, sys
      out, folder, encryption, prefix = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
      la = ctypes.CDLL("libarchive.so.13")
      P, S = ctypes.c_void_p, ctypes.c_char_p
      la.archive_write_new.restype = P
      la.archive_entry_new.restype = P
      la.archive_error_string.argtypes = [P]
      la.archive_error_string.restype = S
      for name, types in [("archive_write_set_format_zip", [P]), ("archive_write_set_options", [P, S]),
                          ("archive_write_set_passphrase", [P, S]), ("archive_write_open_filename", [P, S]),
                          ("archive_write_header", [P, P]), ("archive_write_close", [P]), ("archive_write_free", [P]),
                          ("archive_entry_set_pathname", [P, S]), ("archive_entry_set_size", [P, ctypes.c_int64]),
                          ("archive_entry_set_filetype", [P, ctypes.c_uint]), ("archive_entry_set_perm", [P, ctypes.c_uint]),
                          ("archive_entry_free", [P])]:
          getattr(la, name).argtypes = types
      la.archive_write_data.argtypes = [P, S, ctypes.c_size_t]
      la.archive_write_data.restype = ctypes.c_ssize_t
      a = la.archive_write_new()
      def check(code):
          if code != 0: sys.exit(la.archive_error_string(a).decode())
      check(la.archive_write_set_format_zip(a))
      check(la.archive_write_set_options(a, b"zip:encryption=" + encryption.encode()))
      check(la.archive_write_set_passphrase(a, os.environ["ZIP_PASSPHRASE"].encode()))
      check(la.archive_write_open_filename(a, out.encode()))
      for root, _, files in sorted(os.walk(folder)):
          for name in sorted(files):
              path = os.path.join(root, name)
              data = open(path, "rb").read()
              entry = la.archive_entry_new()
              la.archive_entry_set_pathname(entry, (prefix + os.path.relpath(path, folder)).encode())
              la.archive_entry_set_size(entry, len(data))
              la.archive_entry_set_filetype(entry, 0o100000)
              la.archive_entry_set_perm(entry, 0o644)
              check(la.archive_write_header(a, entry))
              if la.archive_write_data(a, data, len(data)) != len(data): sys.exit("short write")
              la.archive_entry_free(entry)
      check(la.archive_write_close(a))
      la.archive_write_free(a)
      """
    let outcome = try BinaryRunner.program(
      "python3", ["-c", script, archive.path, folder.path, encryption.rawValue, prefix],
      environment: ["ZIP_PASSPHRASE": passphrase])
    guard outcome.status == 0 else {
      throw NSError(domain: "zip", code: Int(outcome.status), userInfo: [NSLocalizedDescriptionKey: outcome.stderr])
    }
  }
}

/// A loopback amodb that knows the series and films of the TV Time fixtures, in TMDB's shapes:
/// `/find/{id}?external_source=tvdb_id` (a 422 for any other source), `/search/movie`, `/tv/{id}`.
public enum TVTimeStandIn {
  /// The series each TVDB id names: TMDB id, name, first air day. TVDB 900001 names none.
  public static let series: [Int: (id: Int, name: String, date: String)] = [
    81189: (1396, "Breaking Bad", "2008-01-20"), 73244: (2316, "The Office", "2005-03-24"),
    121361: (1399, "Game of Thrones", "2011-04-17"), 371980: (95396, "Severance", "2022-02-17"),
    357888: (86831, "Love, Death & Robots", "2019-03-15"), 79168: (1668, "Friends", "1994-09-22"),
    76156: (4556, "Scrubs", "2001-10-02"), 78804: (57243, "Doctor Who", "2005-03-26"),
    334824: (70523, "Dark", "2017-12-01"),
  ]
  /// The episodes each TVDB episode id names: the series' TMDB id, season, number.
  public static let episodes: [Int: (series: Int, season: Int, number: Int)] = [9_000_101: (1920, 1, 1)]
  /// The films a title search finds, by the title searched.
  public static let films: [String: [(id: Int, title: String, date: String)]] = [
    "Fight Club": [(550, "Fight Club", "1999-10-15")], "Oppenheimer": [(872585, "Oppenheimer", "2023-07-19")],
    "Dune: Part Two": [(693134, "Dune: Part Two", "2024-02-27")],
    "Spirited Away": [(129, "Spirited Away", "2001-07-20")],
  ]

  /// The server.
  public static func server() throws -> LoopbackServer {
    try LoopbackServer { request in
      if request.path.hasPrefix("/3/find/"), let id = Int(request.path.dropFirst("/3/find/".count)) {
        guard request.query("external_source") == "tvdb_id" else { return .json("{}", status: 422) }
        let shows = series[id].map {
          [
            #"{"id":\#($0.id),"name":"\#($0.name)","first_air_date":"\#($0.date)","vote_average":8.5,"vote_count":9000}"#
          ]
        }
        let found = episodes[id].map {
          [
            #"{"id":\#(id),"name":"Pilot","season_number":\#($0.season),"episode_number":\#($0.number),"show_id":\#($0.series)}"#
          ]
        }
        return .json(
          #"{"movie_results":[],"person_results":[],"tv_results":[\#((shows ?? []).joined())],"tv_episode_results":[\#((found ?? []).joined())],"tv_season_results":[]}"#
        )
      }
      if request.path == "/3/search/movie" {
        let found = (films[request.query("query") ?? ""] ?? []).map { film in
          #"{"id":\#(film.id),"title":"\#(film.title)","original_title":"\#(film.title)","release_date":"\#(film.date)","vote_average":8.0,"vote_count":100,"genre_ids":[18]}"#
        }
        return .json(
          #"{"page":1,"results":[\#(found.joined(separator: ","))],"total_pages":1,"total_results":\#(found.count)}"#)
      }
      if request.path.hasPrefix("/3/tv/"), let id = Int(request.path.dropFirst("/3/tv/".count)) {
        return .json(TestClients.seriesJSON(id: id))
      }
      return .json(
        #"{"status_code":34,"status_message":"The resource you requested could not be found."}"#, status: 404)
    }
  }
}
