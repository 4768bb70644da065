import CChafa
import CChafaHeaders
import Testing

@testable import PosterKit

@Suite("Libraries loaded on first use")
struct LibraryLoadingTests {
  @Test func chafaValuesMatchTheInstalledHeader() {
    // Modules/CChafa declares what the app uses without chafa.h; each value must be the header's.
    #expect(TRENDING_CHAFA_PIXEL_RGBA8_UNASSOCIATED == Int32(CHAFA_PIXEL_RGBA8_UNASSOCIATED.rawValue))
    #expect(TRENDING_CHAFA_CANVAS_MODE_TRUECOLOR == Int32(CHAFA_CANVAS_MODE_TRUECOLOR.rawValue))
    #expect(TRENDING_CHAFA_CANVAS_MODE_INDEXED_256 == Int32(CHAFA_CANVAS_MODE_INDEXED_256.rawValue))
    #expect(TRENDING_CHAFA_CANVAS_MODE_INDEXED_240 == Int32(CHAFA_CANVAS_MODE_INDEXED_240.rawValue))
    #expect(TRENDING_CHAFA_CANVAS_MODE_INDEXED_16 == Int32(CHAFA_CANVAS_MODE_INDEXED_16.rawValue))
    #expect(TRENDING_CHAFA_CANVAS_MODE_INDEXED_8 == Int32(CHAFA_CANVAS_MODE_INDEXED_8.rawValue))
    #expect(TRENDING_CHAFA_DITHER_MODE_ORDERED == Int32(CHAFA_DITHER_MODE_ORDERED.rawValue))
    #expect(TRENDING_CHAFA_DITHER_MODE_DIFFUSION == Int32(CHAFA_DITHER_MODE_DIFFUSION.rawValue))
    #expect(TRENDING_CHAFA_PIXEL_MODE_SIXELS == Int32(CHAFA_PIXEL_MODE_SIXELS.rawValue))
    #expect(TRENDING_CHAFA_SYMBOL_TAG_SPACE == Int32(CHAFA_SYMBOL_TAG_SPACE.rawValue))
    #expect(TRENDING_CHAFA_SYMBOL_TAG_BLOCK == Int32(CHAFA_SYMBOL_TAG_BLOCK.rawValue))
    #expect(TRENDING_CHAFA_SYMBOL_TAG_QUAD == Int32(CHAFA_SYMBOL_TAG_QUAD.rawValue))
    #expect(TRENDING_CHAFA_SYMBOL_TAG_HALF == Int32(CHAFA_SYMBOL_TAG_HALF.rawValue))
    #expect(MemoryLayout<trending_gstring>.size == MemoryLayout<GString>.size)
    #expect(MemoryLayout<trending_gstring>.offset(of: \.len) == MemoryLayout<GString>.offset(of: \.len))
  }

  @Test func bothLibrariesLoadWithEveryFunction() {
    #expect(Chafa.api != nil, "libchafa.so.0 and each function the app calls")
    #expect(TurboJPEG.api != nil, "libturbojpeg.so.0 and each function the app calls")
  }

  @Test func geometryThroughTheLoadedTableIsChafas() throws {
    // The table's calc_canvas_geometry against the linked one from the header: the same answer.
    let chafa = try #require(Chafa.api)
    var ours = (Int32(20), Int32(20))
    var theirs = (Int32(20), Int32(20))
    chafa.calc_canvas_geometry(185, 278, &ours.0, &ours.1, 0.5, 1, 0)
    chafa_calc_canvas_geometry(185, 278, &theirs.0, &theirs.1, 0.5, 1, 0)
    #expect(ours == theirs)
    #expect(ours.0 > 0 && ours.0 <= 20 && ours.1 > 0 && ours.1 <= 20)
  }
}
