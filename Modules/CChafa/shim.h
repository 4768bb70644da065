#ifndef TRENDING_CCHAFA_SHIM_H
#define TRENDING_CCHAFA_SHIM_H

/* libchafa (and GLib under it) is loaded with dlopen when the first poster is drawn, not linked:
   loading GLib and running its constructors cost every start-up about 0.4 ms, and a first frame
   never holds a poster. chafa.h needs GLib's headers, found through pkg-config, and SwiftPM hands
   a pkg-config module's link flags to the executable, so the few declarations used are written out
   here under our own names (gint is int, gfloat float, gunichar uint32_t, gboolean int), with the
   values of chafa 1.x's enumerations, which are part of its ABI. PosterKitTests checks each value
   against the installed chafa.h. */
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct trending_chafa_canvas_config trending_chafa_canvas_config;
typedef struct trending_chafa_canvas trending_chafa_canvas;
typedef struct trending_chafa_symbol_map trending_chafa_symbol_map;
typedef struct trending_chafa_term_db trending_chafa_term_db;
typedef struct trending_chafa_term_info trending_chafa_term_info;

/// GLib's GString, as chafa_canvas_print returns it.
typedef struct {
  char *str;
  size_t len;
  size_t allocated_len;
} trending_gstring;

#define TRENDING_CHAFA_PIXEL_RGBA8_UNASSOCIATED 4
#define TRENDING_CHAFA_CANVAS_MODE_TRUECOLOR 0
#define TRENDING_CHAFA_CANVAS_MODE_INDEXED_256 1
#define TRENDING_CHAFA_CANVAS_MODE_INDEXED_240 2
#define TRENDING_CHAFA_CANVAS_MODE_INDEXED_16 3
#define TRENDING_CHAFA_CANVAS_MODE_INDEXED_8 6
#define TRENDING_CHAFA_DITHER_MODE_ORDERED 1
#define TRENDING_CHAFA_DITHER_MODE_DIFFUSION 2
#define TRENDING_CHAFA_PIXEL_MODE_SIXELS 1
#define TRENDING_CHAFA_SYMBOL_TAG_SPACE 1
#define TRENDING_CHAFA_SYMBOL_TAG_BLOCK 8
#define TRENDING_CHAFA_SYMBOL_TAG_QUAD 128
#define TRENDING_CHAFA_SYMBOL_TAG_HALF 768

typedef struct {
  trending_chafa_canvas_config *(*_Nonnull canvas_config_new)(void);
  void (*_Nonnull canvas_config_unref)(trending_chafa_canvas_config *config);
  void (*_Nonnull canvas_config_set_geometry)(trending_chafa_canvas_config *config, int width, int height);
  void (*_Nonnull canvas_config_set_cell_geometry)(trending_chafa_canvas_config *config, int width, int height);
  void (*_Nonnull canvas_config_set_canvas_mode)(trending_chafa_canvas_config *config, int mode);
  void (*_Nonnull canvas_config_set_pixel_mode)(trending_chafa_canvas_config *config, int mode);
  void (*_Nonnull canvas_config_set_dither_mode)(trending_chafa_canvas_config *config, int mode);
  void (*_Nonnull canvas_config_set_work_factor)(trending_chafa_canvas_config *config, float factor);
  void (*_Nonnull canvas_config_set_symbol_map)(
      trending_chafa_canvas_config *config, const trending_chafa_symbol_map *map);
  trending_chafa_symbol_map *(*_Nonnull symbol_map_new)(void);
  void (*_Nonnull symbol_map_unref)(trending_chafa_symbol_map *map);
  void (*_Nonnull symbol_map_add_by_tags)(trending_chafa_symbol_map *map, int tags);
  trending_chafa_canvas *(*_Nonnull canvas_new)(const trending_chafa_canvas_config *config);
  void (*_Nonnull canvas_unref)(trending_chafa_canvas *canvas);
  void (*_Nonnull canvas_draw_all_pixels)(
      trending_chafa_canvas *canvas, int pixel_type, const uint8_t *pixels, int width, int height, int rowstride);
  trending_gstring *(*_Nonnull canvas_print)(trending_chafa_canvas *canvas, trending_chafa_term_info *info);
  uint32_t (*_Nonnull canvas_get_char_at)(trending_chafa_canvas *canvas, int x, int y);
  void (*_Nonnull canvas_get_raw_colors_at)(
      trending_chafa_canvas *canvas, int x, int y, int *foreground, int *background);
  trending_chafa_term_db *(*_Nonnull term_db_get_default)(void);
  trending_chafa_term_info *(*_Nonnull term_db_get_fallback_info)(trending_chafa_term_db *database);
  void (*_Nonnull term_info_unref)(trending_chafa_term_info *info);
  void (*_Nonnull calc_canvas_geometry)(
      int source_width, int source_height, int *width, int *height, float font_ratio, int zoom, int stretch);
  char *(*_Nonnull string_free)(trending_gstring *string, int free_segment);
} trending_chafa_api;

/// Loads libchafa.so.0 and every function used (g_string_free from GLib, which it brings) into a
/// table kept for the life of the process; NULL when the library or a function is missing.
static inline const trending_chafa_api *trending_chafa_load(void) {
  void *library = dlopen("libchafa.so.0", RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) return NULL;
  // A static table, not a heap one: it lives as long as the process and stays reachable, so
  // LeakSanitizer does not report it. Swift calls this once, from a `static let`.
  static trending_chafa_api table;
  trending_chafa_api *api = &table;
#define TRENDING_CHAFA_LOAD(field, name) \
  if ((*(void **)&api->field = dlsym(library, name)) == NULL) return NULL;
  TRENDING_CHAFA_LOAD(canvas_config_new, "chafa_canvas_config_new")
  TRENDING_CHAFA_LOAD(canvas_config_unref, "chafa_canvas_config_unref")
  TRENDING_CHAFA_LOAD(canvas_config_set_geometry, "chafa_canvas_config_set_geometry")
  TRENDING_CHAFA_LOAD(canvas_config_set_cell_geometry, "chafa_canvas_config_set_cell_geometry")
  TRENDING_CHAFA_LOAD(canvas_config_set_canvas_mode, "chafa_canvas_config_set_canvas_mode")
  TRENDING_CHAFA_LOAD(canvas_config_set_pixel_mode, "chafa_canvas_config_set_pixel_mode")
  TRENDING_CHAFA_LOAD(canvas_config_set_dither_mode, "chafa_canvas_config_set_dither_mode")
  TRENDING_CHAFA_LOAD(canvas_config_set_work_factor, "chafa_canvas_config_set_work_factor")
  TRENDING_CHAFA_LOAD(canvas_config_set_symbol_map, "chafa_canvas_config_set_symbol_map")
  TRENDING_CHAFA_LOAD(symbol_map_new, "chafa_symbol_map_new")
  TRENDING_CHAFA_LOAD(symbol_map_unref, "chafa_symbol_map_unref")
  TRENDING_CHAFA_LOAD(symbol_map_add_by_tags, "chafa_symbol_map_add_by_tags")
  TRENDING_CHAFA_LOAD(canvas_new, "chafa_canvas_new")
  TRENDING_CHAFA_LOAD(canvas_unref, "chafa_canvas_unref")
  TRENDING_CHAFA_LOAD(canvas_draw_all_pixels, "chafa_canvas_draw_all_pixels")
  TRENDING_CHAFA_LOAD(canvas_print, "chafa_canvas_print")
  TRENDING_CHAFA_LOAD(canvas_get_char_at, "chafa_canvas_get_char_at")
  TRENDING_CHAFA_LOAD(canvas_get_raw_colors_at, "chafa_canvas_get_raw_colors_at")
  TRENDING_CHAFA_LOAD(term_db_get_default, "chafa_term_db_get_default")
  TRENDING_CHAFA_LOAD(term_db_get_fallback_info, "chafa_term_db_get_fallback_info")
  TRENDING_CHAFA_LOAD(term_info_unref, "chafa_term_info_unref")
  TRENDING_CHAFA_LOAD(calc_canvas_geometry, "chafa_calc_canvas_geometry")
  TRENDING_CHAFA_LOAD(string_free, "g_string_free")
#undef TRENDING_CHAFA_LOAD
  return api;
}

#endif
