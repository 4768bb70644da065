import Foundation
import Testing

@testable import AmodbKit
@testable import TestSupport

@Suite("Posters from the image host")
struct ImageLoaderTests {
  private func loader(_ server: LoopbackServer) throws -> ImageLoader {
    let images = try #require(URL(string: "http://127.0.0.1:\(server.port)/t/p"))
    let configuration = ClientConfiguration(
      baseURL: server.baseURL, imageBaseURL: images, apiKey: APIKey("image-secret"), timeout: 5)
    return ImageLoader(configuration: configuration, transport: CurlTransport())
  }

  @Test func neverSendsTheKeyAndCachesTheBytes() async throws {
    let jpeg = TestImages.jpeg(width: 20, height: 30)
    let server = try LoopbackServer { _ in .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: jpeg) }
    let images = try loader(server)
    let first = try await images.poster(path: "/abc.jpg", size: "w154").get()
    let second = try await images.poster(path: "/abc.jpg", size: "w154").get()
    #expect(first == jpeg && second == jpeg)
    #expect(server.requests.count == 1)
    let request = try #require(server.requests.first)
    #expect(request.path == "/t/p/w154/abc.jpg")
    #expect(request.headers["authorization"] == nil)
    #expect(!request.target.contains("image-secret"))
  }

  @Test func aHugeImageIsRefused() async throws {
    let server = try LoopbackServer { _ in .huge(count: 5_000_000) }
    let result = await (try loader(server)).poster(path: "/big.jpg", size: "w92")
    #expect(throws: AmodbError.tooLarge(limit: ImageLoader.maxImageBytes)) { try result.get() }
  }

  @Test func sizesCoverTheBox() {
    #expect(PosterSize.covering(pixels: 90) == "w92")
    #expect(PosterSize.covering(pixels: 150) == "w154")
    #expect(PosterSize.covering(pixels: 240) == "w342")
    #expect(PosterSize.covering(pixels: 5_000) == "w780")
  }
}
