#ifndef TRENDING_CPROCESS_SHIM_H
#define TRENDING_CPROCESS_SHIM_H

#include <malloc.h>
#include <pthread.h>
#include <sched.h>
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

/// Has the threads share at most `count` malloc arenas; 1 on success.
static inline int trending_limit_malloc_arenas(int count) { return mallopt(M_ARENA_MAX, count); }

/* Thread placement: glibc declares these only under _GNU_SOURCE, which Swift's Glibc module is
   built without; cpu_set_t itself is always there. */
extern int sched_getcpu(void);
extern int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set);
extern int pthread_attr_setaffinity_np(pthread_attr_t *attributes, size_t size, const cpu_set_t *set);
extern int pthread_setaffinity_np(pthread_t thread, size_t size, const cpu_set_t *set);

/// The CPUs the calling thread may run on; 0 on success.
static inline int trending_allowed_cpus(cpu_set_t *allowed) { return sched_getaffinity(0, sizeof *allowed, allowed); }

/// The CPU the calling thread is on now, or -1.
static inline int trending_current_cpu(void) { return sched_getcpu(); }

/// Adds `cpu` to `set` (CPU_SET, a GNU macro).
static inline void trending_cpus_add(cpu_set_t *set, int cpu) {
  const int bits = 8 * (int)sizeof(set->__bits[0]);
  if (cpu >= 0 && cpu < 8 * (int)sizeof *set) set->__bits[cpu / bits] |= 1UL << (cpu % bits);
}

/// Takes `cpu` out of `set`, and says how many CPUs are left in it.
static inline int trending_cpus_without(cpu_set_t *set, int cpu) {
  const int bits = 8 * (int)sizeof(set->__bits[0]);
  if (cpu >= 0 && cpu < 8 * (int)sizeof *set) set->__bits[cpu / bits] &= ~(1UL << (cpu % bits));
  int count = 0;
  for (size_t word = 0; word < sizeof set->__bits / sizeof set->__bits[0]; word++)
    count += __builtin_popcountl(set->__bits[word]);
  return count;
}

/// Has a thread made with `attributes` start on one of `set`; 0 on success.
static inline int trending_start_on(pthread_attr_t *attributes, const cpu_set_t *set) {
  return pthread_attr_setaffinity_np(attributes, sizeof *set, set);
}

/// Lets the calling thread run on any of `allowed`; 0 on success.
static inline int trending_roam(const cpu_set_t *allowed) {
  return pthread_setaffinity_np(pthread_self(), sizeof *allowed, allowed);
}

#endif
