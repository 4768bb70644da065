// The parts both first-frame floors share (`first-frame`, `loopback-frame`): the page's fields a
// list row shows, decoded with FoundationEssentials, and the frame ncurses draws of them.
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
  fputs("\(CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "floor"): \(message)\n", stderr)
  exit(1)
}

/// Starts ncurses with `newterm`, colours on, as the browser does.
func startTerminal() {
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
}

/// Draws a header, the page's rows in two colour pairs and the footer "1/20" the bench waits for,
/// then waits for a key and ends ncurses.
func drawFrame(_ page: Page, heading: String) {
  // COLOR_PAIR(n) is n shifted past ncurses' eight attribute bits (a macro Swift does not import).
  let header = Int32(1 << 8)
  let muted = Int32(2 << 8)
  attron(header)
  mvaddstr(0, 0, heading)
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
}
