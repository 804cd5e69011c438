/* ptrset.c - a thread-safe map from pointers to sizes (open addressing,
 * tombstones): the live graphs, the blocks an export call allocated, the
 * GPU's managed blocks with their sizes. */
#include "internal.h"

#include <stdlib.h>

static const char tombstone;
#define RT_TOMBSTONE ((const void *)&tombstone)

static int64_t slot_of(const rt_ptrset *s, const void *p) {
  return (int64_t)(rt_mix64((uint64_t)(uintptr_t)p) &
                   (uint64_t)(s->capacity - 1));
}

/* The slot holding p, or -1. */
static int64_t find(const rt_ptrset *s, const void *p) {
  if (!s->capacity)
    return -1;
  for (int64_t i = slot_of(s, p);; i = (i + 1) & (s->capacity - 1)) {
    if (s->slots[i].p == p)
      return i;
    if (!s->slots[i].p)
      return -1;
  }
}

void rt_ptrset_put(rt_ptrset *s, const void *p, size_t value) {
  pthread_mutex_lock(&s->lock);
  if (2 * (s->used + 1) > s->capacity) { /* rehash, dropping tombstones */
    rt_ptrset_slot *old = s->slots;
    int64_t old_capacity = s->capacity, capacity = s->capacity;
    while (4 * (s->count + 1) > capacity)
      capacity = capacity ? 2 * capacity : 64;
    rt_ptrset_slot *slots = calloc((size_t)capacity, sizeof(*slots));
    if (!slots) { /* an error may return to a caller: unlock first */
      pthread_mutex_unlock(&s->lock);
      rt_fatal("out of memory growing a set of %lld pointers",
               (long long)s->count);
    }
    s->slots = slots;
    s->capacity = capacity;
    s->used = s->count;
    for (int64_t i = 0; i < old_capacity; i++)
      if (old[i].p && old[i].p != RT_TOMBSTONE) {
        int64_t j = slot_of(s, old[i].p);
        while (s->slots[j].p)
          j = (j + 1) & (s->capacity - 1);
        s->slots[j] = old[i];
      }
    free(old);
  }
  int64_t i = slot_of(s, p);
  while (s->slots[i].p && s->slots[i].p != RT_TOMBSTONE)
    i = (i + 1) & (s->capacity - 1);
  s->used += !s->slots[i].p;
  s->slots[i] = (rt_ptrset_slot){p, value};
  s->count++;
  pthread_mutex_unlock(&s->lock);
}

void rt_ptrset_add(rt_ptrset *s, const void *p) { rt_ptrset_put(s, p, 0); }

int rt_ptrset_take(rt_ptrset *s, const void *p, size_t *value) {
  pthread_mutex_lock(&s->lock);
  int64_t i = find(s, p);
  if (i >= 0) {
    if (value)
      *value = s->slots[i].value;
    s->slots[i] = (rt_ptrset_slot){RT_TOMBSTONE, 0};
    s->count--;
  }
  pthread_mutex_unlock(&s->lock);
  return i >= 0;
}

int rt_ptrset_remove(rt_ptrset *s, const void *p) {
  return rt_ptrset_take(s, p, NULL);
}

int rt_ptrset_contains(rt_ptrset *s, const void *p) {
  pthread_mutex_lock(&s->lock);
  int found = find(s, p) >= 0;
  pthread_mutex_unlock(&s->lock);
  return found;
}

void rt_ptrset_clear(rt_ptrset *s, void (*release)(void *)) {
  pthread_mutex_lock(&s->lock);
  for (int64_t i = 0; i < s->capacity; i++) {
    const void *p = s->slots[i].p;
    if (release && p && p != RT_TOMBSTONE)
      release((void *)(uintptr_t)p); /* members are the owner's */
    s->slots[i] = (rt_ptrset_slot){NULL, 0};
  }
  s->count = s->used = 0;
  pthread_mutex_unlock(&s->lock);
}
