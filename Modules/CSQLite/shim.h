#ifndef TRENDING_CSQLITE_SHIM_H
#define TRENDING_CSQLITE_SHIM_H

/* SQLite is loaded with dlopen when the library is first opened, not linked, as libcurl, TurboJPEG
   and chafa are (docs/decisions.md): `--version`, `help`, `list` and the first frame of the browser
   never load it, and the browser opens its library on the effect runner's thread, after the first
   request is on its way. The table's types are the header's own, so a changed prototype fails to
   build. SQLITE_TRANSIENT is a cast of -1, which Swift does not import: the binders below pass it. */
#include <dlfcn.h>
#include <string.h>
/* The session extension's declarations (Debian's libsqlite3 is built with it). */
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
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
  __typeof__(sqlite3_column_name) *_Nonnull column_name;
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
  __typeof__(sqlite3_busy_handler) *_Nonnull busy_handler;
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
  TRENDING_SQLITE_LOAD(column_name, "sqlite3_column_name")
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
  TRENDING_SQLITE_LOAD(busy_handler, "sqlite3_busy_handler")
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

/// The session extension's functions: the change log records each write transaction as a changeset.
typedef struct {
  __typeof__(sqlite3session_create) *_Nonnull create;
  __typeof__(sqlite3session_attach) *_Nonnull attach;
  __typeof__(sqlite3session_changeset) *_Nonnull changeset;
  __typeof__(sqlite3session_isempty) *_Nonnull isempty;
  __typeof__(sqlite3session_diff) *_Nonnull diff;
  __typeof__(sqlite3session_delete) *_Nonnull delete_session;
  __typeof__(sqlite3changeset_apply) *_Nonnull apply;
  __typeof__(sqlite3_free) *_Nonnull free_memory;
  __typeof__(sqlite3changeset_start) *_Nonnull changeset_start;
  __typeof__(sqlite3changeset_next) *_Nonnull changeset_next;
  __typeof__(sqlite3changeset_op) *_Nonnull changeset_op;
  __typeof__(sqlite3changeset_old) *_Nonnull changeset_old;
  __typeof__(sqlite3changeset_new) *_Nonnull changeset_new;
  __typeof__(sqlite3changeset_finalize) *_Nonnull changeset_finalize;
  __typeof__(sqlite3_value_type) *_Nonnull value_type;
  __typeof__(sqlite3_value_int64) *_Nonnull value_int64;
  __typeof__(sqlite3_value_double) *_Nonnull value_double;
  __typeof__(sqlite3_value_text) *_Nonnull value_text;
  __typeof__(sqlite3_value_bytes) *_Nonnull value_bytes;
} trending_session_api;

/// Loads the session extension's functions into a static table; NULL when libsqlite3 lacks them.
static inline const trending_session_api *trending_session_load(void) {
  void *library = dlopen("libsqlite3.so.0", RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) return NULL;
  static trending_session_api table;
  trending_session_api *api = &table;
#define TRENDING_SESSION_LOAD(field, name) \
  if ((*(void **)&api->field = dlsym(library, name)) == NULL) return NULL;
  TRENDING_SESSION_LOAD(create, "sqlite3session_create")
  TRENDING_SESSION_LOAD(attach, "sqlite3session_attach")
  TRENDING_SESSION_LOAD(changeset, "sqlite3session_changeset")
  TRENDING_SESSION_LOAD(isempty, "sqlite3session_isempty")
  TRENDING_SESSION_LOAD(diff, "sqlite3session_diff")
  TRENDING_SESSION_LOAD(delete_session, "sqlite3session_delete")
  TRENDING_SESSION_LOAD(apply, "sqlite3changeset_apply")
  TRENDING_SESSION_LOAD(free_memory, "sqlite3_free")
  TRENDING_SESSION_LOAD(changeset_start, "sqlite3changeset_start")
  TRENDING_SESSION_LOAD(changeset_next, "sqlite3changeset_next")
  TRENDING_SESSION_LOAD(changeset_op, "sqlite3changeset_op")
  TRENDING_SESSION_LOAD(changeset_old, "sqlite3changeset_old")
  TRENDING_SESSION_LOAD(changeset_new, "sqlite3changeset_new")
  TRENDING_SESSION_LOAD(changeset_finalize, "sqlite3changeset_finalize")
  TRENDING_SESSION_LOAD(value_type, "sqlite3_value_type")
  TRENDING_SESSION_LOAD(value_int64, "sqlite3_value_int64")
  TRENDING_SESSION_LOAD(value_double, "sqlite3_value_double")
  TRENDING_SESSION_LOAD(value_text, "sqlite3_value_text")
  TRENDING_SESSION_LOAD(value_bytes, "sqlite3_value_bytes")
#undef TRENDING_SESSION_LOAD
  return api;
}

/// A replay's conflicts: the functions that read a change, the one row the schema itself makes (a
/// table and its integer key) and the count of conflicts met.
typedef struct {
  const trending_session_api *_Nonnull api;
  const char *_Nonnull own_table;
  sqlite3_int64 own_key;
  int conflicts;
} trending_replay;

/// A conflict met while a changeset is replayed: an update of the schema's own row (made by the
/// migrations, not by the log, so its values were the library's own) takes its new values; any
/// other conflict is counted and stops the apply.
static inline int trending_changeset_conflict(void *context, int kind, sqlite3_changeset_iter *change) {
  trending_replay *replay = context;
  const char *table = NULL;
  int columns = 0, op = 0, indirect = 0;
  sqlite3_value *key = NULL;
  if (kind == SQLITE_CHANGESET_DATA && replay->api->changeset_op(change, &table, &columns, &op, &indirect) == SQLITE_OK
      && op == SQLITE_UPDATE && table != NULL && strcmp(table, replay->own_table) == 0
      && replay->api->changeset_old(change, 0, &key) == SQLITE_OK && key != NULL
      && replay->api->value_type(key) == SQLITE_INTEGER && replay->api->value_int64(key) == replay->own_key) {
    return SQLITE_CHANGESET_REPLACE;
  }
  replay->conflicts += 1;
  return SQLITE_CHANGESET_ABORT;
}

/// Applies a changeset to `db`'s main database; a conflict other than on the schema's own row is
/// counted in `replay` and stops the apply (a replay from empty meets none). SQLite's result code.
static inline int trending_changeset_apply(sqlite3 *db, int size, void *changeset, trending_replay *replay) {
  return replay->api->apply(db, size, changeset, NULL, trending_changeset_conflict, replay);
}

#endif
