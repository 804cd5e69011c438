/* mem.c - allocation that never returns NULL, lazily zeroed blocks, huge
 * pages for large arrays, and the allocator of compiled programs. In GPU
 * mode (gpu.c) the compiled programs' blocks and the zeroed blocks (vertex
 * sets' arrays) are managed memory instead, which kernels can reach. */
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Blocks at least this large are mapped: the kernel hands out zero pages on
 * first touch, so a fresh n-byte frontier costs O(pages touched). */
#define RT_MMAP_MIN ((size_t)1 << 16)

/* Blocks at least this large start on a 2 MB boundary and ask for
 * transparent huge pages (granted where the kernel's THP mode is "madvise"
 * or "always"): graph kernels read their arrays at random, and one TLB
 * entry then covers 512 times as much of them. */
#define RT_HUGE_MIN ((size_t)4 << 20)
#define RT_HUGE_PAGE ((size_t)2 << 20)

void *rt_try_malloc(size_t bytes) {
  if (bytes < RT_HUGE_MIN)
    return malloc(bytes ? bytes : 1);
  void *p;
  if (posix_memalign(&p, RT_HUGE_PAGE, bytes) != 0)
    return NULL;
  /* Only advice: a kernel without THP keeps small pages. */
  madvise(p, bytes & ~(RT_HUGE_PAGE - 1), MADV_HUGEPAGE);
  return p;
}

void *rt_malloc(size_t bytes) {
  void *p = rt_try_malloc(bytes);
  if (!p)
    rt_fatal("out of memory (allocating %zu bytes)", bytes);
  return p;
}

void *rt_calloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size)
    rt_fatal("out of memory (allocating %zu x %zu bytes)", count, size);
  if (count * size < RT_HUGE_MIN) {
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
      rt_fatal("out of memory (allocating %zu x %zu bytes)", count, size);
    return p;
  }
  return memset(rt_malloc(count * size), 0, count * size);
}

/* Compiled code writes to what it allocates without a check: a failed
 * allocation ends here, with the error. Inside a parallel region of an
 * export call that ends the process (the region's code cannot go on without
 * the block, and its threads cannot leave the region early). */
void *_mlir_memref_to_llvm_alloc(size_t bytes) {
  if (rt_gpu_mode)
    return rt_export_track(rt_gpu_managed_alloc(0, bytes));
  return rt_export_track(rt_malloc(bytes));
}

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t bytes) {
  if (rt_gpu_mode)
    return rt_export_track(rt_gpu_managed_alloc(alignment, bytes));
  if (bytes >= RT_HUGE_MIN && alignment <= RT_HUGE_PAGE)
    return rt_export_track(rt_malloc(bytes));
  void *p;
  if (alignment < sizeof(void *))
    alignment = sizeof(void *);
  if (posix_memalign(&p, alignment, bytes ? bytes : 1) != 0)
    rt_fatal("out of memory (allocating %zu bytes)", bytes);
  return rt_export_track(p);
}

void _mlir_memref_to_llvm_free(void *p) {
  rt_export_untrack(p);
  if (!rt_gpu_mode || !rt_gpu_managed_free(p))
    free(p);
}

void *rt_zalloc(size_t bytes) {
  if (rt_gpu_mode)
    return rt_gpu_managed_zero(rt_gpu_managed_alloc(0, bytes), bytes);
  if (bytes < RT_MMAP_MIN)
    return rt_calloc(1, bytes);
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    rt_fatal("out of memory (mapping %zu bytes)", bytes);
  return p;
}

void *rt_try_zalloc(size_t bytes) {
  void *p;
  if (rt_gpu_mode) {
    p = rt_gpu_managed_try_alloc(bytes);
    return p ? rt_gpu_managed_zero(p, bytes) : NULL;
  }
  if (bytes < RT_MMAP_MIN)
    return calloc(1, bytes ? bytes : 1);
  p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
           0);
  return p == MAP_FAILED ? NULL : p;
}

void rt_zfree(void *p, size_t bytes) {
  if (!p || (rt_gpu_mode && rt_gpu_managed_free(p)))
    return;
  if (bytes < RT_MMAP_MIN)
    free(p);
  else
    munmap(p, bytes);
}
