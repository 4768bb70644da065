// Floor for `make bench`: the parts of a first frame and nothing of ours. It decodes the demo's first
// trending page with FoundationEssentials into the fields a list row shows (synthesized Decodable, no
// checks), starts ncurses with `newterm` (colours on, as the browser does), draws a header, the page's
// rows in two colour pairs and the footer "1/20" the bench waits for, and waits for a key. What the app adds to this
// is what its own code costs at start-up.
// Argument: the page (default Demo/answers/en/trending/movie/week@page=1.json, from the package root).
import CNCurses
import FoundationEssentials
import Glibc

struct Film: Decodable {
  let id: Int
  let title: String?
  let original_title: String?
  let release_date: String?
  let poster_path: String?
  let vote_average: Double?
  let vote_count: Int?
  let overview: String?
  let genre_ids: [Int]?
  let media_type: String?
}

struct Page: Decodable {
  let page: Int
  let results: [Film]
}

/// Stops with a line on standard error: the floor measures nothing unless every part ran.
func fail(_ message: String) -> Never {
  fputs("first-frame: \(message)\n", stderr)
  exit(1)
}

let path = CommandLine.arguments.dropFirst().first ?? "Demo/answers/en/trending/movie/week@page=1.json"
guard let bytes = readAll(path) else { fail("cannot read \(path)") }
guard let page = try? JSONDecoder().decode(Page.self, from: Data(bytes)) else { fail("JSON") }

setlocale(LC_ALL, "")
guard let screen = newterm(nil, shim_stdout(), shim_stdin()) else { fail("newterm") }
set_term(screen)
raw()
noecho()
if has_colors() {
  start_color()
  use_default_colors()
  init_pair(1, 255, 24)
  init_pair(2, 245, -1)
}
// COLOR_PAIR(n) is n shifted past ncurses' eight attribute bits (a macro Swift does not import).
let header = Int32(1 << 8)
let muted = Int32(2 << 8)
attron(header)
mvaddstr(0, 0, " Trending films · this week · demo")
attroff(header)
for (row, film) in page.results.prefix(20).enumerated() {
  let year = film.release_date.map { String($0.prefix(4)) } ?? "–"
  let score = film.vote_average.map { String(Int($0 * 10) / 10) } ?? "–"
  mvaddstr(Int32(row + 3), 2, "\(row + 1)  \(film.title ?? "")")
  attron(muted)
  mvaddstr(Int32(row + 3), 66, "\(year)  \(score)")
  attroff(muted)
}
mvaddstr(23, 1, "1/\(page.results.count)")
refresh()
_ = getch()
endwin()
