/* Lists of numbers (GraphIt's list{int}, list{double}, ...): a growable
 * array of packed elements of one size, so that a C++ extern function can
 * see it as a std::vector of that type (graphc's wrappers copy it). */
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Appends and pops take the list's lock: the iterations of a parallel loop
 * (a par_for, an apply under a parallel schedule) may append to one list,
 * in the order they run. */
struct graphrt_list {
  unsigned char *items;
  int64_t size, capacity, elem_bytes;
  pthread_mutex_t lock;
};

/* The lists not freed yet, freed when the program ends: a list that a
 * variable outside its block took (`keep = fresh;` in a loop) is not freed
 * where its block ends. */
static rt_ptrset live_lists = RT_PTRSET_INIT;

graphrt_list *graphrt_list_new(int64_t elem_bytes) {
  if (elem_bytes != 1 && elem_bytes != 2 && elem_bytes != 4 && elem_bytes != 8)
    rt_fatal("list of %lld-byte elements: only 1, 2, 4 and 8 are supported",
             (long long)elem_bytes);
  graphrt_list *l = rt_calloc(1, sizeof(graphrt_list));
  l->elem_bytes = elem_bytes;
  pthread_mutex_init(&l->lock, NULL);
  rt_ptrset_add(&live_lists, l);
  return l;
}

static void free_list(void *p) {
  graphrt_list *l = p;
  pthread_mutex_destroy(&l->lock);
  free(l->items);
  free(l);
}

void graphrt_list_free(graphrt_list *l) {
  if (!l)
    return;
  rt_ptrset_remove(&live_lists, l);
  free_list(l);
}

void graphrt_list_free_all(void) { rt_ptrset_clear(&live_lists, free_list); }

int64_t graphrt_list_size(const graphrt_list *l) { return l->size; }

void *graphrt_list_data(graphrt_list *l) { return l->items; }

/* Room for `size` elements: 0, or when out of memory (nothing changed) the
 * bytes that could not be allocated. */
static int64_t grow(graphrt_list *l, int64_t size) {
  if (size <= l->capacity)
    return 0;
  int64_t capacity = l->capacity ? 2 * l->capacity : 16;
  if (capacity < size)
    capacity = size;
  unsigned char *items = rt_try_malloc((size_t)(capacity * l->elem_bytes));
  if (!items)
    return capacity * l->elem_bytes;
  if (l->size)
    memcpy(items, l->items, (size_t)(l->size * l->elem_bytes));
  free(l->items);
  l->items = items;
  l->capacity = capacity;
  return 0;
}

void graphrt_list_resize(graphrt_list *l, int64_t size) {
  if (size < 0)
    rt_fatal("list resize: negative size %lld", (long long)size);
  int64_t failed = grow(l, size);
  if (failed)
    rt_fatal("out of memory (allocating %lld bytes)", (long long)failed);
  l->size = size;
}

/* The element's bits are the low elem_bytes bytes of `bits` (little-endian
 * hosts, as x86-64 and AArch64 are). An error releases the lock first: it
 * may return to an export library's caller. */
void graphrt_list_append(graphrt_list *l, uint64_t bits) {
  pthread_mutex_lock(&l->lock);
  int64_t failed = grow(l, l->size + 1);
  if (failed) {
    pthread_mutex_unlock(&l->lock);
    rt_fatal("out of memory (allocating %lld bytes)", (long long)failed);
  }
  memcpy(l->items + l->size * l->elem_bytes, &bits, (size_t)l->elem_bytes);
  l->size++;
  pthread_mutex_unlock(&l->lock);
}

uint64_t graphrt_list_pop(graphrt_list *l, const char *what) {
  pthread_mutex_lock(&l->lock);
  if (l->size == 0) {
    pthread_mutex_unlock(&l->lock);
    rt_fatal("%s: the list is empty", what ? what : "list pop");
  }
  uint64_t bits = 0;
  l->size--;
  memcpy(&bits, l->items + l->size * l->elem_bytes, (size_t)l->elem_bytes);
  pthread_mutex_unlock(&l->lock);
  return bits;
}
