#ifndef TRENDING_CARCHIVE_SHIM_H
#define TRENDING_CARCHIVE_SHIM_H

/* libarchive is loaded with dlopen when an import first opens a .zip, not linked, as SQLite,
   libcurl, TurboJPEG and chafa are (docs/decisions.md, *archives-libarchive-dlopen*): every other
   command never loads it. The table's types are the header's own, so a changed prototype fails to
   build. Only reading is used, only the zip format, only from memory; a passphrase only when an entry
   is encrypted (TV Time's export). */
#include <archive.h>
#include <archive_entry.h>
#include <dlfcn.h>
#include <stddef.h>

typedef struct {
  __typeof__(archive_read_new) *_Nonnull read_new;
  __typeof__(archive_read_support_format_zip) *_Nonnull support_format_zip;
  __typeof__(archive_read_open_memory) *_Nonnull open_memory;
  __typeof__(archive_read_next_header) *_Nonnull next_header;
  __typeof__(archive_read_data) *_Nonnull read_data;
  __typeof__(archive_read_data_skip) *_Nonnull data_skip;
  __typeof__(archive_read_free) *_Nonnull read_free;
  __typeof__(archive_error_string) *_Nonnull error_string;
  __typeof__(archive_entry_pathname) *_Nonnull entry_pathname;
  __typeof__(archive_entry_size) *_Nonnull entry_size;
  __typeof__(archive_entry_size_is_set) *_Nonnull entry_size_is_set;
  __typeof__(archive_entry_filetype) *_Nonnull entry_filetype;
  __typeof__(archive_entry_is_encrypted) *_Nonnull entry_is_encrypted;
  __typeof__(archive_read_add_passphrase) *_Nonnull add_passphrase;
} trending_archive_api;

/// Zeroes `count` bytes through a volatile pointer, so the stores are kept (a passphrase's copy,
/// once handed on).
static inline void trending_archive_wipe(void *_Nullable bytes, size_t count) {
  volatile unsigned char *cell = (volatile unsigned char *)bytes;
  while (cell != NULL && count-- > 0) *cell++ = 0;
}

/// A regular file's type as archive_entry_filetype answers it (AE_IFREG is a cast Swift does not import).
static const unsigned int trending_archive_regular = AE_IFREG;

/// Loads libarchive.so.13 and every function used into a static table kept for the life of the
/// process; NULL when the library or a function is missing.
static inline const trending_archive_api *trending_archive_load(void) {
  void *library = dlopen("libarchive.so.13", RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) return NULL;
  static trending_archive_api table;
  trending_archive_api *api = &table;
#define TRENDING_ARCHIVE_LOAD(field, name) \
  if ((*(void **)&api->field = dlsym(library, name)) == NULL) return NULL;
  TRENDING_ARCHIVE_LOAD(read_new, "archive_read_new")
  TRENDING_ARCHIVE_LOAD(support_format_zip, "archive_read_support_format_zip")
  TRENDING_ARCHIVE_LOAD(open_memory, "archive_read_open_memory")
  TRENDING_ARCHIVE_LOAD(next_header, "archive_read_next_header")
  TRENDING_ARCHIVE_LOAD(read_data, "archive_read_data")
  TRENDING_ARCHIVE_LOAD(data_skip, "archive_read_data_skip")
  TRENDING_ARCHIVE_LOAD(read_free, "archive_read_free")
  TRENDING_ARCHIVE_LOAD(error_string, "archive_error_string")
  TRENDING_ARCHIVE_LOAD(entry_pathname, "archive_entry_pathname")
  TRENDING_ARCHIVE_LOAD(entry_size, "archive_entry_size")
  TRENDING_ARCHIVE_LOAD(entry_size_is_set, "archive_entry_size_is_set")
  TRENDING_ARCHIVE_LOAD(entry_filetype, "archive_entry_filetype")
  TRENDING_ARCHIVE_LOAD(entry_is_encrypted, "archive_entry_is_encrypted")
  TRENDING_ARCHIVE_LOAD(add_passphrase, "archive_read_add_passphrase")
#undef TRENDING_ARCHIVE_LOAD
  return api;
}

#endif
