#ifndef TRENDING_CPROCESS_SHIM_H
#define TRENDING_CPROCESS_SHIM_H

#include <malloc.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* prctl is variadic, which Swift does not import: typed wrappers for the calls we make. */

/// Makes the process not dumpable (no core file, no ptrace by the same user), as ssh-agent does.
static inline int trending_forbid_core_dumps(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }

/// Whether the process may dump core: 1 yes, 0 no, -1 on error.
static inline int trending_is_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }

/// Whether the calling thread is the process's main thread.
static inline int trending_is_main_thread(void) { return syscall(SYS_gettid) == getpid(); }

/// Has every thread share one malloc arena; 1 on success.
static inline int trending_use_one_malloc_arena(void) { return mallopt(M_ARENA_MAX, 1); }

#endif
