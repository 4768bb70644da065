#ifndef TRENDING_CTURBOJPEG_SHIM_H
#define TRENDING_CTURBOJPEG_SHIM_H

/* The TurboJPEG API returns error codes instead of calling exit() or longjmp().

   libturbojpeg is loaded with dlopen when the first poster is decoded, not linked: loaded at
   start-up it cost every start (the demo, --version, a list at 80 columns with no poster pane)
   about 0.3 ms. The table's types are the header's own, so a changed prototype fails to build. */
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>
#include <turbojpeg.h>

typedef struct {
  __typeof__(tjInitDecompress) *_Nonnull init_decompress;
  __typeof__(tjDecompressHeader3) *_Nonnull decompress_header3;
  __typeof__(tjDecompress2) *_Nonnull decompress2;
  __typeof__(tjGetScalingFactors) *_Nonnull get_scaling_factors;
  __typeof__(tjGetErrorStr2) *_Nonnull get_error_str2;
  __typeof__(tjDestroy) *_Nonnull destroy;
  __typeof__(tjInitCompress) *_Nonnull init_compress;
  __typeof__(tjCompress2) *_Nonnull compress2;
  __typeof__(tjFree) *_Nonnull free;
} trending_jpeg_api;

/// Loads libturbojpeg.so.0 and every function used into a static table kept for the
/// life of the process; NULL when the library or a function is missing.
static inline const trending_jpeg_api *trending_jpeg_load(void) {
  void *library = dlopen("libturbojpeg.so.0", RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) return NULL;
  // A static table, not a heap one: it lives as long as the process and stays reachable, so
  // LeakSanitizer does not report it. Swift calls this once, from a `static let`.
  static trending_jpeg_api table;
  trending_jpeg_api *api = &table;
#define TRENDING_JPEG_LOAD(field, name) \
  if ((*(void **)&api->field = dlsym(library, name)) == NULL) return NULL;
  TRENDING_JPEG_LOAD(init_decompress, "tjInitDecompress")
  TRENDING_JPEG_LOAD(decompress_header3, "tjDecompressHeader3")
  TRENDING_JPEG_LOAD(decompress2, "tjDecompress2")
  TRENDING_JPEG_LOAD(get_scaling_factors, "tjGetScalingFactors")
  TRENDING_JPEG_LOAD(get_error_str2, "tjGetErrorStr2")
  TRENDING_JPEG_LOAD(destroy, "tjDestroy")
  TRENDING_JPEG_LOAD(init_compress, "tjInitCompress")
  TRENDING_JPEG_LOAD(compress2, "tjCompress2")
  TRENDING_JPEG_LOAD(free, "tjFree")
#undef TRENDING_JPEG_LOAD
  return api;
}

#endif
