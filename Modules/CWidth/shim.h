#ifndef TRENDING_CWIDTH_SHIM_H
#define TRENDING_CWIDTH_SHIM_H

#include <langinfo.h>
#include <locale.h>
#include <stddef.h>

/* glibc declares wcwidth only under _XOPEN_SOURCE, which Swift's Glibc module is built without. */
extern int wcwidth(wchar_t character);

/// The columns the C library gives a code point, as ncurses measures it.
static inline int trending_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

/// The current LC_CTYPE codeset, e.g. "UTF-8".
static inline const char *trending_codeset(void) { return nl_langinfo(CODESET); }

#endif
