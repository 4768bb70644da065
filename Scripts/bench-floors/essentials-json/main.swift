// Floor for `make bench`: a Swift program that decodes a page of JSON with FoundationEssentials.
import FoundationEssentials

struct Film: Decodable {
  let id: Int
  let title: String
}

struct Page: Decodable {
  let results: [Film]
}

let films = (1...20).map { #"{"id": \#($0), "title": "Film \#($0)"}"# }.joined(separator: ",")
let page = try JSONDecoder().decode(Page.self, from: Data(#"{"results": [\#(films)]}"#.utf8))
print("decoded \(page.results.count) peak-kib \(peakKiB()) dirty-kib \(dirtyKiB())")
