// Floor for `make bench`: what the parts trending is built on cost, and nothing of ours. It does once
// what the app does with each: decodes a page of JSON with FoundationEssentials, starts ncurses with
// `newterm` on the terminal (colours on) and draws a line, loads libcurl with `dlopen` and runs
// `curl_global_init`, decodes a JPEG with TurboJPEG and draws it with chafa, each through the shims the
// app loads them with (Modules/). Then it prints its own peak memory, as the other floors do.
// Argument: the JPEG to decode (default Demo/posters/demo-146.jpg, from the package root).
import CChafa
import CCurl
import CNCurses
import CTurboJPEG
import FoundationEssentials
import Glibc

struct Film: Decodable {
  let id: Int
  let title: String
}

struct Page: Decodable {
  let results: [Film]
}

/// Stops with a line on standard error: the floor measures nothing unless every part ran.
func fail(_ message: String) -> Never {
  fputs("our-parts: \(message)\n", stderr)
  exit(1)
}

// FoundationEssentials JSON, as the essentials-json floor.
let films = (1...20).map { #"{"id": \#($0), "title": "Film \#($0)"}"# }.joined(separator: ",")
guard let page = try? JSONDecoder().decode(Page.self, from: Data(#"{"results": [\#(films)]}"#.utf8)) else {
  fail("JSON")
}

// ncurses on the terminal, as the browser starts it.
setlocale(LC_ALL, "")
guard let screen = newterm(nil, shim_stdout(), shim_stdin()) else { fail("newterm") }
set_term(screen)
raw()
noecho()
keypad(shim_stdscr(), true)
if has_colors() {
  start_color()
  use_default_colors()
}
mvaddstr(0, 0, "our parts: \(page.results.count) films")
refresh()

// libcurl, loaded and initialised as the first request does.
var curl = trending_curl_api()
guard trending_curl_load(&curl) == 0 else { fail("libcurl.so.4") }

// TurboJPEG: one poster decoded to RGBA.
let path = CommandLine.arguments.dropFirst().first ?? "Demo/posters/demo-146.jpg"
guard var jpeg = readAll(path) else { fail("cannot read \(path)") }
guard let turbo = trending_jpeg_load(), let decoder = turbo.pointee.init_decompress() else { fail("TurboJPEG") }
var width: Int32 = 0
var height: Int32 = 0
var subsampling: Int32 = 0
var colorspace: Int32 = 0
let size = UInt(jpeg.count)
guard turbo.pointee.decompress_header3(decoder, &jpeg, size, &width, &height, &subsampling, &colorspace) == 0
else { fail("not a JPEG: \(path)") }
var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
guard
  turbo.pointee.decompress2(decoder, &jpeg, size, &pixels, width, 0, height, Int32(TJPF_RGBA.rawValue), 0) == 0
else { fail("TurboJPEG could not decode \(path)") }
_ = turbo.pointee.destroy(decoder)

// chafa: the pixels drawn as symbols on a poster-pane-sized canvas, and every cell read back.
guard let chafa = trending_chafa_load()?.pointee, let symbols = chafa.symbol_map_new(),
  let config = chafa.canvas_config_new()
else { fail("libchafa.so.0") }
chafa.symbol_map_add_by_tags(symbols, Int32(TRENDING_CHAFA_SYMBOL_TAG_BLOCK | TRENDING_CHAFA_SYMBOL_TAG_SPACE))
chafa.canvas_config_set_geometry(config, 34, 26)
chafa.canvas_config_set_canvas_mode(config, Int32(TRENDING_CHAFA_CANVAS_MODE_INDEXED_256))
chafa.canvas_config_set_symbol_map(config, symbols)
guard let canvas = chafa.canvas_new(config) else { fail("chafa canvas") }
chafa.canvas_draw_all_pixels(
  canvas, Int32(TRENDING_CHAFA_PIXEL_RGBA8_UNASSOCIATED), pixels, width, height, width * 4)
var cells = 0
for row in 0..<26 {
  for column in 0..<34 where chafa.canvas_get_char_at(canvas, Int32(column), Int32(row)) != 0 { cells += 1 }
}
chafa.canvas_unref(canvas)
chafa.canvas_config_unref(config)
chafa.symbol_map_unref(symbols)

endwin()
print("our-parts \(cells) cells peak-kib \(peakKiB()) dirty-kib \(dirtyKiB())")
