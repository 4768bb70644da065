#ifndef TRENDING_CWIDTH_SHIM_H
#define TRENDING_CWIDTH_SHIM_H

#include <langinfo.h>
#include <locale.h>
#include <stddef.h>

/* C library calls that glibc declares only under _XOPEN_SOURCE or _GNU_SOURCE, which Swift's
   Glibc module is built without. wcwidth first: */
extern int wcwidth(wchar_t character);

/// The columns the C library gives a code point, as ncurses measures it.
static inline int trending_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

/// The current LC_CTYPE codeset, e.g. "UTF-8".
static inline const char *trending_codeset(void) { return nl_langinfo(CODESET); }

/* Pseudo-terminal calls for the benchmark's terminal, hidden the same way. */
extern int posix_openpt(int flags);
extern int grantpt(int descriptor);
extern int unlockpt(int descriptor);
extern char *ptsname(int descriptor);

/* pipe2, for pipes that are close-on-exec from the start (tests spawn processes concurrently). */
extern int pipe2(int descriptors[2], int flags);

/// A pipe whose ends are close-on-exec atomically; 0 on success.
static inline int trending_pipe_cloexec(int descriptors[2]) { return pipe2(descriptors, 02000000 /* O_CLOEXEC */); }

/// glibc's POSIX_SPAWN_SETSID (a GNU extension).
static inline short trending_spawn_setsid(void) { return 0x80; }

#endif
