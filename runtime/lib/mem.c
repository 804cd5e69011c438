/* mem.c - allocation that never returns NULL, and lazily zeroed blocks. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Blocks at least this large are mapped: the kernel hands out zero pages on
 * first touch, so a fresh n-byte frontier costs O(pages touched). */
#define RT_MMAP_MIN ((size_t)1 << 16)

void *rt_malloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p)
    rt_fatal("out of memory (allocating %zu bytes)", bytes);
  return p;
}

void *rt_calloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p)
    rt_fatal("out of memory (allocating %zu x %zu bytes)", count, size);
  return p;
}

void *rt_zalloc(size_t bytes) {
  if (bytes < RT_MMAP_MIN)
    return rt_calloc(1, bytes);
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    rt_fatal("out of memory (mapping %zu bytes)", bytes);
  return p;
}

void rt_zfree(void *p, size_t bytes) {
  if (!p)
    return;
  if (bytes < RT_MMAP_MIN)
    free(p);
  else
    munmap(p, bytes);
}
