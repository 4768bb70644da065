#ifndef TRENDING_CCURL_SHIM_H
#define TRENDING_CCURL_SHIM_H

#include <curl/curl.h>

/* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift does not
   import: typed wrappers for the kinds of value we pass. */

typedef size_t (*trending_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode trending_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode trending_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode trending_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode trending_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode trending_curl_set_headers(CURL *handle, struct curl_slist *headers) {
  return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}

static inline CURLcode trending_curl_set_callback(CURL *handle, CURLoption option, trending_curl_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

static inline long trending_curl_response_code(CURL *handle) {
  long code = 0;
  curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

static inline void *trending_curl_private(CURL *handle) {
  char *pointer = NULL;
  curl_easy_getinfo(handle, CURLINFO_PRIVATE, &pointer);
  return pointer;
}

static inline CURLMcode trending_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

/* The message's result code (a union member Swift reads awkwardly). */
static inline CURLcode trending_curl_message_result(CURLMsg *message) { return message->data.result; }

#endif
