#ifndef TRENDING_CCURL_SHIM_H
#define TRENDING_CCURL_SHIM_H

#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

/* libcurl is loaded with dlopen when the first request is made, not linked: its thirty-odd
   dependencies (TLS, HTTP/2, Kerberos, LDAP…) would otherwise be loaded and searched for symbols
   by every start-up, including --version, the demo and a warm-cache start that make no request.
   RTLD_LOCAL keeps them out of the global symbol scope.

   curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift does not
   import: the typed wrappers below call them through the loaded table. */

typedef struct {
  CURLcode (*global_init)(long flags);
  CURL *(*easy_init)(void);
  CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
  CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
  void (*easy_cleanup)(CURL *handle);
  const char *(*easy_strerror)(CURLcode code);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
  CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
  CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
  CURLMcode (*multi_perform)(CURLM *multi, int *running);
  CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout, int *ready);
  CURLMcode (*multi_wakeup)(CURLM *multi);
  CURLMsg *(*multi_info_read)(CURLM *multi, int *left);
  CURLMcode (*multi_cleanup)(CURLM *multi);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
  void (*slist_free_all)(struct curl_slist *list);
} trending_curl_api;

/// Loads libcurl.so.4 and every function used; 0 on success, -1 when the library or a function is missing.
static inline int trending_curl_load(trending_curl_api *api) {
  void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) return -1;
#define TRENDING_CURL_LOAD(field, name) \
  if ((*(void **)&api->field = dlsym(library, name)) == NULL) return -1;
  TRENDING_CURL_LOAD(global_init, "curl_global_init")
  TRENDING_CURL_LOAD(easy_init, "curl_easy_init")
  TRENDING_CURL_LOAD(easy_setopt, "curl_easy_setopt")
  TRENDING_CURL_LOAD(easy_getinfo, "curl_easy_getinfo")
  TRENDING_CURL_LOAD(easy_cleanup, "curl_easy_cleanup")
  TRENDING_CURL_LOAD(easy_strerror, "curl_easy_strerror")
  TRENDING_CURL_LOAD(multi_init, "curl_multi_init")
  TRENDING_CURL_LOAD(multi_setopt, "curl_multi_setopt")
  TRENDING_CURL_LOAD(multi_add_handle, "curl_multi_add_handle")
  TRENDING_CURL_LOAD(multi_remove_handle, "curl_multi_remove_handle")
  TRENDING_CURL_LOAD(multi_perform, "curl_multi_perform")
  TRENDING_CURL_LOAD(multi_poll, "curl_multi_poll")
  TRENDING_CURL_LOAD(multi_wakeup, "curl_multi_wakeup")
  TRENDING_CURL_LOAD(multi_info_read, "curl_multi_info_read")
  TRENDING_CURL_LOAD(multi_cleanup, "curl_multi_cleanup")
  TRENDING_CURL_LOAD(slist_append, "curl_slist_append")
  TRENDING_CURL_LOAD(slist_free_all, "curl_slist_free_all")
#undef TRENDING_CURL_LOAD
  return api->global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? 0 : -1;
}

typedef size_t (*trending_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode trending_curl_set_long(const trending_curl_api *api, CURL *handle, CURLoption option, long value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode trending_curl_set_offset(
    const trending_curl_api *api, CURL *handle, CURLoption option, curl_off_t value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode trending_curl_set_string(
    const trending_curl_api *api, CURL *handle, CURLoption option, const char *value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode trending_curl_set_pointer(
    const trending_curl_api *api, CURL *handle, CURLoption option, void *value) {
  return api->easy_setopt(handle, option, value);
}

static inline CURLcode trending_curl_set_headers(
    const trending_curl_api *api, CURL *handle, struct curl_slist *headers) {
  return api->easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}

static inline CURLcode trending_curl_set_callback(
    const trending_curl_api *api, CURL *handle, CURLoption option, trending_curl_data_callback callback) {
  return api->easy_setopt(handle, option, callback);
}

static inline long trending_curl_response_code(const trending_curl_api *api, CURL *handle) {
  long code = 0;
  api->easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

static inline void *trending_curl_private(const trending_curl_api *api, CURL *handle) {
  char *pointer = NULL;
  api->easy_getinfo(handle, CURLINFO_PRIVATE, &pointer);
  return pointer;
}

static inline CURL *trending_curl_easy_init(const trending_curl_api *api) { return api->easy_init(); }
static inline void trending_curl_easy_cleanup(const trending_curl_api *api, CURL *handle) { api->easy_cleanup(handle); }
static inline const char *trending_curl_strerror(const trending_curl_api *api, CURLcode code) {
  return api->easy_strerror(code);
}
static inline CURLM *trending_curl_multi_init(const trending_curl_api *api) { return api->multi_init(); }
static inline CURLMcode trending_curl_multi_set_long(
    const trending_curl_api *api, CURLM *multi, CURLMoption option, long value) {
  return api->multi_setopt(multi, option, value);
}
static inline CURLMcode trending_curl_multi_add(const trending_curl_api *api, CURLM *multi, CURL *handle) {
  return api->multi_add_handle(multi, handle);
}
static inline CURLMcode trending_curl_multi_remove(const trending_curl_api *api, CURLM *multi, CURL *handle) {
  return api->multi_remove_handle(multi, handle);
}
static inline CURLMcode trending_curl_multi_perform(const trending_curl_api *api, CURLM *multi, int *running) {
  return api->multi_perform(multi, running);
}
static inline CURLMcode trending_curl_multi_poll(const trending_curl_api *api, CURLM *multi, int timeout) {
  return api->multi_poll(multi, NULL, 0, timeout, NULL);
}
static inline CURLMcode trending_curl_multi_wakeup(const trending_curl_api *api, CURLM *multi) {
  return api->multi_wakeup(multi);
}
static inline CURLMsg *trending_curl_multi_info_read(const trending_curl_api *api, CURLM *multi, int *left) {
  return api->multi_info_read(multi, left);
}
static inline CURLMcode trending_curl_multi_cleanup(const trending_curl_api *api, CURLM *multi) {
  return api->multi_cleanup(multi);
}
static inline struct curl_slist *trending_curl_slist_append(
    const trending_curl_api *api, struct curl_slist *list, const char *text) {
  return api->slist_append(list, text);
}
static inline void trending_curl_slist_free_all(const trending_curl_api *api, struct curl_slist *list) {
  api->slist_free_all(list);
}

/* The message's result code (a union member Swift reads awkwardly). */
static inline CURLcode trending_curl_message_result(CURLMsg *message) { return message->data.result; }

#endif
