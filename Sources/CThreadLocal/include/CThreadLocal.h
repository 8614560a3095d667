#ifndef CTHREADLOCAL_H
#define CTHREADLOCAL_H

// The backing data a context offers the model it is making on this thread (PersistenceCore's
// FastPaths/BackingData+Adoption.swift), as a C thread-local variable: Swift has no thread-local
// storage of its own, and a pthread key costs a call to pthread_getspecific for every read, where
// this is one load. Swift does not import a thread-local variable, so it reads and writes it
// through these two inline functions, which compile into the caller.

/// The variable itself, one per thread; defined in ThreadLocal.c.
extern _Thread_local void *_Nullable persistence_core_adoption_offer;

/// The current thread's offer, or null.
static inline void *_Nullable persistence_core_offered(void) {
    return persistence_core_adoption_offer;
}

/// Makes `offer` the current thread's offer (null for none).
static inline void persistence_core_offer(void *_Nullable offer) {
    persistence_core_adoption_offer = offer;
}

#endif
