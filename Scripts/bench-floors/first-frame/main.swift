// Floor for `make bench`: the parts of a first frame and nothing of ours. It decodes the demo's first
// trending page with FoundationEssentials into the fields a list row shows (synthesized Decodable, no
// checks), starts ncurses with `newterm` (colours on, as the browser does), draws a header, the page's
// rows in two colour pairs and the footer "1/20" the bench waits for, and waits for a key. What the app adds to this
// is what its own code costs at start-up.
// Argument: the page (default Demo/answers/en/trending/movie/week@page=1.json, from the package root).
import CNCurses
import FoundationEssentials
import Glibc


let path = CommandLine.arguments.dropFirst().first ?? "Demo/answers/en/trending/movie/week@page=1.json"
guard let bytes = readAll(path) else { fail("cannot read \(path)") }
guard let page = try? JSONDecoder().decode(Page.self, from: Data(bytes)) else { fail("JSON") }

startTerminal()
drawFrame(page, heading: " Trending films · this week · demo")
