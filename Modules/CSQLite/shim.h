#ifndef TRENDING_CSQLITE_SHIM_H
#define TRENDING_CSQLITE_SHIM_H

/* SQLite is loaded with dlopen when the library is first opened, not linked, as libcurl, TurboJPEG
   and chafa are (docs/decisions.md): `--version`, `help`, `list` and the first frame of the browser
   never load it, and the browser opens its library on the effect runner's thread, after the first
   request is on its way. The table's types are the header's own, so a changed prototype fails to
   build. SQLITE_TRANSIENT is a cast of -1, which Swift does not import: the binders below pass it. */
#include <dlfcn.h>
#include <sqlite3.h>
#include <stddef.h>

typedef struct {
  __typeof__(sqlite3_open_v2) *_Nonnull open_v2;
  __typeof__(sqlite3_close_v2) *_Nonnull close_v2;
  __typeof__(sqlite3_prepare_v2) *_Nonnull prepare_v2;
  __typeof__(sqlite3_step) *_Nonnull step;
  __typeof__(sqlite3_reset) *_Nonnull reset;
  __typeof__(sqlite3_finalize) *_Nonnull finalize;
  __typeof__(sqlite3_clear_bindings) *_Nonnull clear_bindings;
  __typeof__(sqlite3_bind_int64) *_Nonnull bind_int64;
  __typeof__(sqlite3_bind_double) *_Nonnull bind_double;
  __typeof__(sqlite3_bind_text) *_Nonnull bind_text;
  __typeof__(sqlite3_bind_null) *_Nonnull bind_null;
  __typeof__(sqlite3_column_count) *_Nonnull column_count;
  __typeof__(sqlite3_column_type) *_Nonnull column_type;
  __typeof__(sqlite3_column_int64) *_Nonnull column_int64;
  __typeof__(sqlite3_column_double) *_Nonnull column_double;
  __typeof__(sqlite3_column_text) *_Nonnull column_text;
  __typeof__(sqlite3_column_bytes) *_Nonnull column_bytes;
  __typeof__(sqlite3_errmsg) *_Nonnull errmsg;
  __typeof__(sqlite3_extended_errcode) *_Nonnull extended_errcode;
  __typeof__(sqlite3_errstr) *_Nonnull errstr;
  __typeof__(sqlite3_system_errno) *_Nonnull system_errno;
  __typeof__(sqlite3_busy_timeout) *_Nonnull busy_timeout;
  __typeof__(sqlite3_changes) *_Nonnull changes;
  __typeof__(sqlite3_last_insert_rowid) *_Nonnull last_insert_rowid;
  __typeof__(sqlite3_backup_init) *_Nonnull backup_init;
  __typeof__(sqlite3_backup_step) *_Nonnull backup_step;
  __typeof__(sqlite3_backup_finish) *_Nonnull backup_finish;
  __typeof__(sqlite3_db_readonly) *_Nonnull db_readonly;
  __typeof__(sqlite3_libversion_number) *_Nonnull libversion_number;
  __typeof__(sqlite3_db_config) *_Nonnull db_config;
} trending_sqlite_api;

/// Loads libsqlite3.so.0 and every function used into a static table kept for the life of the
/// process; NULL when the library or a function is missing.
static inline const trending_sqlite_api *trending_sqlite_load(void) {
  void *library = dlopen("libsqlite3.so.0", RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) return NULL;
  static trending_sqlite_api table;
  trending_sqlite_api *api = &table;
#define TRENDING_SQLITE_LOAD(field, name) \
  if ((*(void **)&api->field = dlsym(library, name)) == NULL) return NULL;
  TRENDING_SQLITE_LOAD(open_v2, "sqlite3_open_v2")
  TRENDING_SQLITE_LOAD(close_v2, "sqlite3_close_v2")
  TRENDING_SQLITE_LOAD(prepare_v2, "sqlite3_prepare_v2")
  TRENDING_SQLITE_LOAD(step, "sqlite3_step")
  TRENDING_SQLITE_LOAD(reset, "sqlite3_reset")
  TRENDING_SQLITE_LOAD(finalize, "sqlite3_finalize")
  TRENDING_SQLITE_LOAD(clear_bindings, "sqlite3_clear_bindings")
  TRENDING_SQLITE_LOAD(bind_int64, "sqlite3_bind_int64")
  TRENDING_SQLITE_LOAD(bind_double, "sqlite3_bind_double")
  TRENDING_SQLITE_LOAD(bind_text, "sqlite3_bind_text")
  TRENDING_SQLITE_LOAD(bind_null, "sqlite3_bind_null")
  TRENDING_SQLITE_LOAD(column_count, "sqlite3_column_count")
  TRENDING_SQLITE_LOAD(column_type, "sqlite3_column_type")
  TRENDING_SQLITE_LOAD(column_int64, "sqlite3_column_int64")
  TRENDING_SQLITE_LOAD(column_double, "sqlite3_column_double")
  TRENDING_SQLITE_LOAD(column_text, "sqlite3_column_text")
  TRENDING_SQLITE_LOAD(column_bytes, "sqlite3_column_bytes")
  TRENDING_SQLITE_LOAD(errmsg, "sqlite3_errmsg")
  TRENDING_SQLITE_LOAD(extended_errcode, "sqlite3_extended_errcode")
  TRENDING_SQLITE_LOAD(errstr, "sqlite3_errstr")
  TRENDING_SQLITE_LOAD(system_errno, "sqlite3_system_errno")
  TRENDING_SQLITE_LOAD(busy_timeout, "sqlite3_busy_timeout")
  TRENDING_SQLITE_LOAD(changes, "sqlite3_changes")
  TRENDING_SQLITE_LOAD(last_insert_rowid, "sqlite3_last_insert_rowid")
  TRENDING_SQLITE_LOAD(backup_init, "sqlite3_backup_init")
  TRENDING_SQLITE_LOAD(backup_step, "sqlite3_backup_step")
  TRENDING_SQLITE_LOAD(backup_finish, "sqlite3_backup_finish")
  TRENDING_SQLITE_LOAD(db_readonly, "sqlite3_db_readonly")
  TRENDING_SQLITE_LOAD(libversion_number, "sqlite3_libversion_number")
  TRENDING_SQLITE_LOAD(db_config, "sqlite3_db_config")
#undef TRENDING_SQLITE_LOAD
  return api;
}

/// Binds text the statement copies (SQLITE_TRANSIENT), so the Swift buffer may go at once.
static inline int trending_sqlite_bind_text(
    const trending_sqlite_api *api, sqlite3_stmt *statement, int index, const char *text, int length) {
  return api->bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

/// Sets one of the connection's on/off settings (SQLITE_DBCONFIG_DEFENSIVE, …_ENABLE_TRIGGER, …);
/// the setting as it is afterwards (0 or 1), or -1 when SQLite refused the call. `sqlite3_db_config`
/// takes variable arguments, which Swift cannot pass.
static inline int trending_sqlite_set_flag(const trending_sqlite_api *api, sqlite3 *db, int op, int on) {
  int now = -1;
  if (api->db_config(db, op, on, &now) != SQLITE_OK) return -1;
  return now;
}

#endif
