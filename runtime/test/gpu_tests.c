/* gpu_tests - GPU mode (lib/gpu.c, lib/gpu_place.c) against the test
 * driver (test/fake_cuda.c, libcuda.so.1 in its own directory, which
 * LD_LIBRARY_PATH must name), and the host mode of graphrt_placed_*.
 * usage: graphrt-gpu-tests MODE [ARGS]
 *   host            placed arrays without GPU mode (no driver needed)
 *   all             host, then every GPU check (needs the test driver)
 *   load            loads a module and stops
 *   alloc           loads a module and allocates through the program's
 *                   allocator
 *   launch [NAME]   launches kernel NAME (default inc)
 *   trials          two timed trials of launches and managed blocks
 *   place P [D]     places the out- (D = 0) or in-edges (D = 1) of a small
 *                   weighted graph with placement P
 *   blocks S        the small graph's out-edges in blocks of S ids (host)
 *   list-oom [gpu]  grows a fused loop's list storage beyond any memory
 * Errors end the program (test/Runtime/gpu.test checks their lines). */
#include "check.h"
#include "graph_rt.h"
#include "internal.h"

#include <dlfcn.h>
#include <stdint.h>

static char ptx[] = "//\n.version 7.8\n.target sm_80\n"
                    ".address_size 64\n.visible .entry inc(\n)\n{\n"
                    "ret;\n}\n";

/* 0 -> 1 (w 5), 0 -> 2 (w 7), 1 -> 2 (w 3), 2 -> 0 (w 1), 3 isolated. */
static const int64_t offsets[] = {0, 2, 3, 4, 4};
static const int32_t neighbors[] = {1, 2, 2, 0};
static const int32_t weights[] = {5, 7, 3, 1};

static graphrt_graph *small_graph(void) {
  return graphrt_graph_from_csr(4, offsets, neighbors, weights);
}

/* The memory blocks the test driver holds. */
/* The driver's blocks, streams and events in use: those libgraphrt keeps
 * for reuse are freed first. */
static long live_blocks(void) {
  rt_gpu_trim();
  void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (!driver)
    return -1;
  long (*count)(void) = (long (*)(void))dlsym(driver, "fake_cuda_live_blocks");
  long n = count ? count() : -1;
  dlclose(driver);
  return n;
}

typedef struct placed {
  graphrt_memref_i64 off;
  graphrt_memref_i32 nbr, w;
} placed;

static placed place(graphrt_graph *g, int32_t direction, int32_t placement) {
  placed p;
  _mlir_ciface_graphrt_placed_offsets(&p.off, g, direction, placement);
  _mlir_ciface_graphrt_placed_neighbors(&p.nbr, g, direction, placement);
  _mlir_ciface_graphrt_placed_weights(&p.w, g, direction, placement);
  return p;
}

/* The host arrays of g, as graphrt_out_* / graphrt_in_* return them. */
static placed host_arrays(graphrt_graph *g, int32_t direction) {
  placed p;
  if (direction) {
    _mlir_ciface_graphrt_in_offsets(&p.off, g);
    _mlir_ciface_graphrt_in_neighbors(&p.nbr, g);
    _mlir_ciface_graphrt_in_weights(&p.w, g);
  } else {
    _mlir_ciface_graphrt_out_offsets(&p.off, g);
    _mlir_ciface_graphrt_out_neighbors(&p.nbr, g);
    _mlir_ciface_graphrt_out_weights(&p.w, g);
  }
  return p;
}

/* p holds what the host arrays hold, in descriptors of the same shape. */
static void check_contents(placed p, placed h) {
  CHECK_EQ(p.off.sizes[0], h.off.sizes[0]);
  CHECK_EQ(p.nbr.sizes[0], h.nbr.sizes[0]);
  CHECK_EQ(p.w.sizes[0], h.w.sizes[0]);
  CHECK(p.off.allocated == p.off.aligned && p.off.offset == 0);
  CHECK_EQ(p.off.strides[0], 1);
  CHECK(memcmp(p.off.aligned, h.off.aligned,
               (size_t)h.off.sizes[0] * sizeof(int64_t)) == 0);
  CHECK(memcmp(p.nbr.aligned, h.nbr.aligned,
               (size_t)h.nbr.sizes[0] * sizeof(int32_t)) == 0);
  CHECK(memcmp(p.w.aligned, h.w.aligned,
               (size_t)h.w.sizes[0] * sizeof(int32_t)) == 0);
}

/* The small graph's out-edges in blocks of `size` destination ids. */
typedef struct blocks {
  graphrt_memref_i64 starts, edges;
  graphrt_memref_i32 sources;
} blocks;

static blocks edge_blocks(graphrt_graph *g, int64_t size, int32_t placement) {
  blocks b;
  _mlir_ciface_graphrt_edge_block_starts(&b.starts, g, size, placement);
  _mlir_ciface_graphrt_edge_block_sources(&b.sources, g, size, placement);
  _mlir_ciface_graphrt_edge_block_edges(&b.edges, g, size, placement);
  return b;
}

/* Blocks of 1, 2 and 5 ids: each block's edges by source, as positions in
 * the out-neighbours; the same arrays again for the same size. */
static void test_edge_blocks(int32_t placement) {
  static const int64_t sizes[] = {1, 2, 5};
  static const int64_t starts[][5] = {{0, 1, 2, 4, 4}, {0, 2, 4}, {0, 4}};
  static const int32_t sources[][4] = {
      {2, 0, 0, 1}, {0, 2, 0, 1}, {0, 0, 1, 2}};
  static const int64_t edges[][4] = {{3, 0, 1, 2}, {0, 3, 1, 2}, {0, 1, 2, 3}};
  graphrt_graph *g = small_graph();
  for (int k = 0; k < 3; ++k) {
    blocks b = edge_blocks(g, sizes[k], placement);
    CHECK_EQ(b.starts.sizes[0], 4 / sizes[k] + (4 % sizes[k] != 0) + 1);
    CHECK_EQ(b.sources.sizes[0], 4);
    CHECK_EQ(b.edges.sizes[0], 4);
    for (int64_t i = 0; i < b.starts.sizes[0]; ++i)
      CHECK_EQ(b.starts.aligned[i], starts[k][i]);
    for (int i = 0; i < 4; ++i) {
      CHECK_EQ(b.sources.aligned[i], sources[k][i]);
      CHECK_EQ(b.edges.aligned[i], edges[k][i]);
    }
    blocks again = edge_blocks(g, sizes[k], placement);
    CHECK(again.starts.aligned == b.starts.aligned);
    CHECK(again.sources.aligned == b.sources.aligned);
    CHECK(again.edges.aligned == b.edges.aligned);
  }
  graphrt_graph_free(g);
}

/* A list of vertex sets packed for a fused loop (graphrt_vlist_device):
 * its handles become levels of one id array, a level a kernel appends is
 * popped as a new set, a set appended later is popped as itself, and
 * packing again keeps what is packed. */
static void test_list_device(void) {
  graphrt_vlist *l = graphrt_vlist_new();
  int32_t members[][2] = {{0, 1}, {2, -1}};
  graphrt_vset *appended[3];
  for (int i = 0; i < 2; ++i) {
    appended[i] = graphrt_vset_new(5, 0);
    for (int j = 0; j < 2 && members[i][j] >= 0; ++j)
      graphrt_vset_insert(appended[i], members[i][j]);
    graphrt_vlist_append(l, appended[i]);
  }
  appended[2] = graphrt_vset_new(5, 0);
  graphrt_vlist_append(l, appended[2]);
  graphrt_vlist_device(l, 5, 5);
  /* Packing copies the ids: the sets stay the program's to read and
   * delete. */
  CHECK_EQ(graphrt_vset_size(appended[0]), 2);
  CHECK(graphrt_vset_contains(appended[1], 2));
  graphrt_memref_i32 ids;
  graphrt_memref_i64 offsets, state;
  _mlir_ciface_graphrt_vlist_device_ids(&ids, l);
  _mlir_ciface_graphrt_vlist_device_offsets(&offsets, l);
  _mlir_ciface_graphrt_vlist_device_state(&state, l);
  int64_t *st = state.aligned, *off = offsets.aligned;
  CHECK_EQ(st[GRAPHRT_VLIST_LEVELS], 3);
  CHECK_EQ(st[GRAPHRT_VLIST_ID_CAPACITY], 3 + 5 + 1);
  CHECK_EQ(st[GRAPHRT_VLIST_LEVEL_CAPACITY], 3 + 5 + 2);
  CHECK_EQ(st[GRAPHRT_VLIST_LARGEST], 2);
  CHECK_EQ(ids.sizes[0], st[GRAPHRT_VLIST_ID_CAPACITY]);
  CHECK(off[0] == 0 && off[1] == 2 && off[2] == 3 && off[3] == 3);
  CHECK(ids.aligned[0] + ids.aligned[1] == 1 && ids.aligned[2] == 2);
  /* What a kernel's append leaves: level {4}. */
  ids.aligned[3] = 4;
  off[4] = 4;
  st[GRAPHRT_VLIST_LEVELS] = 4;
  graphrt_vlist_device_check(l, NULL);
  graphrt_vset *later = graphrt_vset_new(5, 0);
  graphrt_vlist_append(l, later);
  CHECK(graphrt_vlist_pop(l, NULL) == later);
  graphrt_vset *top = graphrt_vlist_pop(l, NULL);
  CHECK_EQ(graphrt_vset_size(top), 1);
  CHECK(graphrt_vset_contains(top, 4));
  graphrt_vset *empty = graphrt_vlist_pop(l, NULL);
  CHECK_EQ(graphrt_vset_size(empty), 0);
  CHECK_EQ(st[GRAPHRT_VLIST_LEVELS], 2);
  graphrt_vlist_device(l, 5, 0);
  CHECK_EQ(st[GRAPHRT_VLIST_LEVELS], 2);
  _mlir_ciface_graphrt_vlist_device_ids(&ids, l);
  CHECK_EQ(ids.sizes[0], 3 + 5 + 1);
  graphrt_vset *second = graphrt_vlist_pop(l, NULL);
  CHECK(graphrt_vset_size(second) == 1 && graphrt_vset_contains(second, 2));
  graphrt_vset *first = graphrt_vlist_pop(l, NULL);
  CHECK(graphrt_vset_size(first) == 2 && graphrt_vset_contains(first, 0) &&
        graphrt_vset_contains(first, 1));
  CHECK(first != appended[0] && second != appended[1]);
  graphrt_vset *popped[] = {later, top,         empty,       second,
                            first, appended[0], appended[1], appended[2]};
  for (int i = 0; i < 8; ++i)
    graphrt_vset_free(popped[i]);
  graphrt_vlist_free(l);

  /* A set appended twice is packed as two levels and stays live. */
  graphrt_vlist *twice = graphrt_vlist_new();
  graphrt_vset *s = graphrt_vset_new(5, 0);
  graphrt_vset_insert(s, 3);
  graphrt_vlist_append(twice, s);
  graphrt_vlist_append(twice, s);
  graphrt_vlist_device(twice, 5, 0);
  _mlir_ciface_graphrt_vlist_device_state(&state, twice);
  CHECK_EQ(state.aligned[GRAPHRT_VLIST_LEVELS], 2);
  for (int i = 0; i < 2; ++i) {
    graphrt_vset *level = graphrt_vlist_pop(twice, NULL);
    CHECK(graphrt_vset_size(level) == 1 && graphrt_vset_contains(level, 3));
    graphrt_vset_free(level);
  }
  CHECK(graphrt_vset_contains(s, 3));
  graphrt_vset_free(s);
  graphrt_vlist_free(twice);
}

/* A set of n vertices holding `count` ids from `ids`. */
static graphrt_vset *set_of(int64_t n, const int32_t *ids, int count) {
  graphrt_vset *s = graphrt_vset_new(n, 0);
  for (int i = 0; i < count; ++i)
    graphrt_vset_insert(s, ids[i]);
  return s;
}

/* A fused loop's appends that do not fit: the storage grows (doubling,
 * the levels and their offsets kept) and the loop runs again. */
static void test_list_device_growth(void) {
  graphrt_vlist *l = graphrt_vlist_new();
  static const int32_t first[] = {0, 1, 2}, all[] = {0, 1, 2, 3};
  graphrt_vlist_append(l, set_of(4, first, 3));
  graphrt_vlist_device(l, 4, 4);
  graphrt_memref_i32 ids;
  graphrt_memref_i64 offsets, state;
  _mlir_ciface_graphrt_vlist_device_state(&state, l);
  int64_t *st = state.aligned;
  CHECK_EQ(st[GRAPHRT_VLIST_ID_CAPACITY], 3 + 4 + 1);
  CHECK_EQ(st[GRAPHRT_VLIST_LEVEL_CAPACITY], 1 + 4 + 2);
  /* Nothing stopped the loop: nothing to do. */
  CHECK_EQ(graphrt_vlist_device_resume(l, NULL), 0);
  /* A kernel appended level {3}, then stopped before a step whose
   * frontier of 5 ids would need 9. */
  _mlir_ciface_graphrt_vlist_device_ids(&ids, l);
  _mlir_ciface_graphrt_vlist_device_offsets(&offsets, l);
  ids.aligned[3] = 3;
  offsets.aligned[2] = 4;
  st[GRAPHRT_VLIST_LEVELS] = 2;
  st[GRAPHRT_VLIST_FAILED] = GRAPHRT_VLIST_FULL_BEFORE;
  st[GRAPHRT_VLIST_NEEDED] = 9;
  CHECK_EQ(graphrt_vlist_device_resume(l, NULL), 1);
  CHECK_EQ(st[GRAPHRT_VLIST_FAILED], 0);
  CHECK_EQ(st[GRAPHRT_VLIST_ID_CAPACITY], 16);
  CHECK_EQ(st[GRAPHRT_VLIST_LEVEL_CAPACITY], 7);
  _mlir_ciface_graphrt_vlist_device_ids(&ids, l);
  _mlir_ciface_graphrt_vlist_device_offsets(&offsets, l);
  CHECK_EQ(ids.sizes[0], 16);
  CHECK(ids.aligned[0] + ids.aligned[1] + ids.aligned[2] == 3 &&
        ids.aligned[3] == 3);
  CHECK(offsets.aligned[0] == 0 && offsets.aligned[1] == 3 &&
        offsets.aligned[2] == 4);
  /* Packing again keeps the grown ids (room for 4 more levels doubles
   * the levels). */
  graphrt_vlist_device(l, 4, 4);
  CHECK_EQ(st[GRAPHRT_VLIST_ID_CAPACITY], 16);
  CHECK_EQ(st[GRAPHRT_VLIST_LEVEL_CAPACITY], 14);
  /* Then the loop stops after steps whose next frontier, all four
   * vertices, did not fit: each resume appends it, growing the ids and
   * the levels as needed. */
  for (int level = 3; level <= 13; ++level) {
    st[GRAPHRT_VLIST_FAILED] = GRAPHRT_VLIST_FULL_AFTER;
    graphrt_vset *last = set_of(4, all, 4);
    CHECK_EQ(graphrt_vlist_device_resume(l, last), 1);
    graphrt_vset_free(last);
    CHECK_EQ(st[GRAPHRT_VLIST_LEVELS], level);
    CHECK_EQ(st[GRAPHRT_VLIST_LARGEST], 4);
  }
  CHECK_EQ(st[GRAPHRT_VLIST_ID_CAPACITY], 64);
  CHECK_EQ(st[GRAPHRT_VLIST_LEVEL_CAPACITY], 28);
  CHECK_EQ(graphrt_vlist_device_resume(l, NULL), 0);
  /* The levels come back in order. */
  for (int level = 13; level >= 1; --level) {
    graphrt_vset *s = graphrt_vlist_pop(l, NULL);
    int64_t size = graphrt_vset_size(s);
    CHECK_EQ(size, level > 2 ? 4 : level == 2 ? 1 : 3);
    CHECK(graphrt_vset_contains(s, level == 2 ? 3 : 0));
    graphrt_vset_free(s);
  }
  graphrt_vlist_free(l);
}

static void test_host(void) {
  graphrt_graph *g = small_graph();
  for (int32_t d = 0; d < 2; ++d)
    for (int32_t placement = 0; placement < 4; ++placement) {
      placed p = place(g, d, placement), h = host_arrays(g, d);
      CHECK(p.off.aligned == h.off.aligned);
      CHECK(p.nbr.aligned == h.nbr.aligned);
      CHECK(p.w.aligned == h.w.aligned);
      check_contents(p, h);
    }
  test_edge_blocks(0);
  test_list_device();
  test_list_device_growth();
  /* Nothing loaded the driver. */
  CHECK_EQ(rt_gpu_mode, 0);
  CHECK(dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD) == NULL);
  graphrt_graph_free(g);
}

static void *load(void) { return mgpuModuleLoadJIT(ptx, 3); }

static void launch(void *module, const char *name) {
  void *f = mgpuModuleGetFunction(module, name);
  void *stream = mgpuStreamCreate();
  int64_t n = 10;
  void *params[] = {&n};
  mgpuLaunchKernel(f, 2, 1, 1, 128, 1, 1, 0, stream, params, NULL, 1);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
}

static void test_kernels(void) {
  void *module = load();
  long before = live_blocks();
  CHECK(module != NULL);
  CHECK_EQ(rt_gpu_mode, 1);
  launch(module, "inc");
  /* More than 48 KiB of shared memory takes an opt-in first. */
  void *f = mgpuModuleGetFunction(module, "inc");
  void *stream = mgpuStreamCreate();
  mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 64 * 1024, stream, NULL, NULL, 0);
  void *event = mgpuEventCreate();
  mgpuEventRecord(event, stream);
  mgpuStreamWaitEvent(stream, event);
  mgpuEventSynchronize(event);
  mgpuEventDestroy(event);
  mgpuStreamDestroy(stream);
  mgpuModuleUnload(module);
  CHECK_EQ(live_blocks(), before);
}

static void test_memory(void) {
  long before = live_blocks();
  void *stream = mgpuStreamCreate();
  uint32_t *device = mgpuMemAlloc(64, stream, 0);
  /* MLIR passes isHostShared as an i8: bits above it are not its value. */
  uint16_t *shared = mgpuMemAlloc(64, stream, 0xabcd0100u);
  CHECK(device != NULL && shared != NULL);
  CHECK(mgpuMemAlloc(0, stream, 0) == NULL);
  CHECK_EQ(live_blocks(), before + 3);
  mgpuMemset32(device, 0xdeadbeefu, 16, stream);
  mgpuMemset16(shared, 0xabcd1234u, 32, stream);
  mgpuStreamSynchronize(stream);
  CHECK_EQ(device[0], 0xdeadbeefu);
  CHECK_EQ(device[15], 0xdeadbeefu);
  CHECK_EQ(shared[31], 0x1234);
  mgpuMemcpy(shared, device, 64, stream);
  CHECK_EQ(((uint32_t *)shared)[7], 0xdeadbeefu);
  mgpuMemFree(device, stream);
  mgpuMemFree(shared, stream);
  mgpuMemFree(NULL, stream);
  /* A 2 x 3 memref of int32 registers 24 bytes from its offset. */
  int32_t data[8];
  struct {
    int32_t *allocated, *aligned;
    int64_t offset, sizes[2], strides[2];
  } memref = {data, data, 2, {2, 3}, {3, 1}};
  mgpuMemHostRegisterMemRef(2, &memref, 4);
  mgpuMemHostUnregisterMemRef(2, &memref, 4);
  mgpuStreamDestroy(stream);
  mgpuSetDefaultDevice(0);
  CHECK_EQ(live_blocks(), before);
}

/* In GPU mode the program's blocks, the vertex sets' arrays and the
 * out-degrees are the driver's managed memory. */
static void test_managed(void) {
  long before = live_blocks();
  int64_t *p = _mlir_memref_to_llvm_alloc(100 * sizeof(int64_t));
  CHECK_EQ(live_blocks(), before + 1);
  p[99] = 7;
  _mlir_memref_to_llvm_free(p);
  CHECK_EQ(live_blocks(), before);
  char *a = _mlir_memref_to_llvm_aligned_alloc(4096, 10);
  CHECK(((uintptr_t)a & 4095) == 0);
  CHECK_EQ(live_blocks(), before + 1);
  a[9] = 1;
  _mlir_memref_to_llvm_free(a);
  CHECK_EQ(live_blocks(), before);
  _mlir_memref_to_llvm_free(NULL);

  graphrt_graph *g = small_graph();
  graphrt_memref_i32 degrees;
  _mlir_ciface_graphrt_out_degrees(&degrees, g);
  CHECK_EQ(live_blocks(), before + 1);
  CHECK_EQ(degrees.aligned[0], 2);
  CHECK_EQ(degrees.aligned[3], 0);
  _mlir_memref_to_llvm_free(degrees.allocated);
  graphrt_graph_free(g);
  CHECK_EQ(live_blocks(), before);

  graphrt_vset *s = graphrt_vset_new(1000, 1);
  graphrt_memref_i8 bools;
  _mlir_ciface_graphrt_vset_bools(&bools, s);
  CHECK(live_blocks() > before);
  CHECK_EQ(bools.aligned[999], 1);
  graphrt_vset *empty = graphrt_vset_new(1 << 20, 0);
  _mlir_ciface_graphrt_vset_bools(&bools, empty);
  CHECK_EQ(bools.aligned[(1 << 20) - 1], 0); /* zeroed */
  graphrt_vset_free(empty);
  graphrt_vset_free(s);
  CHECK_EQ(live_blocks(), before);
}

/* What GPU mode keeps for reuse: a module image loaded twice is loaded
 * once and stays; a destroyed stream is the next one created; a freed
 * managed block is the next of its size, zeroed again when a vertex set
 * asks for zeros. */
static void test_reuse(void) {
  void *module = load();
  CHECK(load() == module);
  mgpuModuleUnload(module);
  CHECK(load() == module);
  void *stream = mgpuStreamCreate();
  mgpuStreamDestroy(stream);
  CHECK(mgpuStreamCreate() == stream);
  mgpuStreamDestroy(stream);

  long before = live_blocks();
  int64_t *p = _mlir_memref_to_llvm_alloc(4096);
  _mlir_memref_to_llvm_free(p);
  int64_t *q = _mlir_memref_to_llvm_alloc(4096);
  int64_t *other = _mlir_memref_to_llvm_alloc(4096);
  CHECK(q == p);
  CHECK(other != p);
  _mlir_memref_to_llvm_free(q);
  _mlir_memref_to_llvm_free(other);
  CHECK_EQ(live_blocks(), before);

  /* A freed block goes back to its own size: blocks freed out of order,
   * over-aligned ones (the driver's block is larger) among them. */
  void *small = _mlir_memref_to_llvm_alloc(4096);
  void *large = _mlir_memref_to_llvm_alloc(8192);
  void *aligned = _mlir_memref_to_llvm_aligned_alloc(1024, 4096);
  CHECK(((uintptr_t)aligned & 1023) == 0);
  _mlir_memref_to_llvm_free(small);
  _mlir_memref_to_llvm_free(aligned);
  _mlir_memref_to_llvm_free(large);
  CHECK(_mlir_memref_to_llvm_alloc(8192) == large);
  void *realigned = _mlir_memref_to_llvm_aligned_alloc(1024, 4096);
  CHECK(realigned == aligned);
  CHECK(_mlir_memref_to_llvm_alloc(4096) == small);
  _mlir_memref_to_llvm_free(small);
  _mlir_memref_to_llvm_free(realigned);
  _mlir_memref_to_llvm_free(large);
  CHECK_EQ(live_blocks(), before);

  /* Blocks of 64 KiB and more come in size classes, four to a power of
   * two: a block freed serves the next request of about its size (an
   * output sized by a count that varies from trial to trial), and one of
   * another class does not take it. */
  CHECK_EQ(rt_gpu_managed_class(0), 1);
  CHECK_EQ(rt_gpu_managed_class(1000), 1000);
  CHECK_EQ(rt_gpu_managed_class(64 << 10), 64 << 10);
  CHECK_EQ(rt_gpu_managed_class((64 << 10) + 1), 80 << 10);
  CHECK_EQ(rt_gpu_managed_class(1 << 20), 1 << 20);
  CHECK_EQ(rt_gpu_managed_class((1 << 20) + 1), 5 << 18);
  CHECK_EQ(rt_gpu_managed_class(7 << 18), 7 << 18);
  CHECK_EQ(rt_gpu_managed_class((7 << 18) + 1), 2 << 20);
  CHECK_EQ(rt_gpu_managed_class(SIZE_MAX - 5), SIZE_MAX - 5);
  void *frontier = _mlir_memref_to_llvm_alloc(1000000);
  long with_frontier = live_blocks();
  _mlir_memref_to_llvm_free(frontier);
  void *next = _mlir_memref_to_llvm_alloc(1040000);
  CHECK(next == frontier);
  CHECK_EQ(live_blocks(), with_frontier);
  void *bigger = _mlir_memref_to_llvm_alloc(1100000);
  CHECK(bigger != frontier);
  _mlir_memref_to_llvm_free(next);
  _mlir_memref_to_llvm_free(bigger);
  CHECK(rt_zalloc(1030000) == frontier); /* zeroed again */
  rt_zfree(frontier, 1030000);
  CHECK_EQ(live_blocks(), before);

  graphrt_memref_i8 bools;
  graphrt_vset *full = graphrt_vset_new(1 << 20, 1);
  _mlir_ciface_graphrt_vset_bools(&bools, full);
  uint8_t *block = bools.aligned;
  CHECK_EQ(block[(1 << 20) - 1], 1);
  graphrt_vset_free(full);
  graphrt_vset *empty = graphrt_vset_new(1 << 20, 0);
  _mlir_ciface_graphrt_vset_bools(&bools, empty);
  CHECK(bools.aligned == block);
  CHECK_EQ(bools.aligned[(1 << 20) - 1], 0);
  graphrt_vset_free(empty);
  CHECK_EQ(live_blocks(), before);
}

static void test_placements(void) {
  long before = live_blocks();
  graphrt_graph *g = small_graph();
  for (int32_t d = 0; d < 2; ++d) {
    placed h = host_arrays(g, d), copies[4];
    for (int32_t placement = 1; placement < 4; ++placement) {
      placed p = copies[placement] = place(g, d, placement);
      check_contents(p, h);
      CHECK(p.off.aligned != h.off.aligned);
      CHECK(p.nbr.aligned != h.nbr.aligned);
      /* Made once: the second call returns the same copy. */
      placed again = place(g, d, placement);
      CHECK(again.nbr.aligned == p.nbr.aligned);
      CHECK(again.off.aligned == p.off.aligned);
    }
    for (int k = 0; k < 3; ++k) {
      placed z = copies[2];
      void *arrays[] = {z.off.aligned, z.nbr.aligned, z.w.aligned};
      CHECK(((uintptr_t)arrays[k] & 127) == 0);
    }
    /* The edges fit in the 6 GiB the test driver says are free. */
    placed a = place(g, d, 0);
    CHECK(a.nbr.aligned == copies[1].nbr.aligned);
    CHECK(a.w.aligned == copies[1].w.aligned);
  }
  /* 3 placements x 3 arrays x 2 directions. */
  CHECK_EQ(live_blocks(), before + 18);
  graphrt_graph_free(g);
  CHECK_EQ(live_blocks(), before);

  /* Edge blocks: device copies of the host arrays (the test driver's
   * device memory is readable here), freed with the graph. */
  test_edge_blocks(1);
  CHECK_EQ(live_blocks(), before);

  /* Auto: device memory when the 72 bytes of edges fit in the free memory
   * less the reserve of 1 GiB (the test driver has 8 GiB), else zero-copy. */
  const char *free_bytes[] = {"1073741896", "1073741895"};
  for (int32_t k = 0; k < 2; ++k) {
    setenv("FAKE_CUDA_FREE_BYTES", free_bytes[k], 1);
    g = small_graph();
    placed a = place(g, 0, 0), expected = place(g, 0, 1 + k);
    CHECK(a.nbr.aligned == expected.nbr.aligned);
    CHECK(a.off.aligned == expected.off.aligned);
    CHECK(a.w.aligned == expected.w.aligned);
    graphrt_graph_free(g);
  }
  unsetenv("FAKE_CUDA_FREE_BYTES");

  /* A symmetric graph's in-edges are its out-edges: one copy. */
  int32_t src[] = {0, 1}, dst[] = {1, 2};
  g = graphrt_graph_from_edges(3, 2, src, dst, NULL, 1);
  graphrt_memref_i32 out, in;
  _mlir_ciface_graphrt_placed_neighbors(&out, g, 0, 1);
  _mlir_ciface_graphrt_placed_neighbors(&in, g, 1, 1);
  CHECK(out.aligned == in.aligned);
  CHECK_EQ(out.sizes[0], 4);
  CHECK_EQ(live_blocks(), before + 1);
  graphrt_graph_free(g);
  CHECK_EQ(live_blocks(), before);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "all";
  if (!strcmp(mode, "host") || !strcmp(mode, "all")) {
    test_host();
    if (!strcmp(mode, "all")) {
      test_kernels();
      test_memory();
      test_managed();
      test_reuse();
      test_placements();
    }
    return check_report("gpu");
  }
  if (!strcmp(mode, "load")) {
    load();
  } else if (!strcmp(mode, "alloc")) {
    load();
    _mlir_memref_to_llvm_free(_mlir_memref_to_llvm_alloc(64));
  } else if (!strcmp(mode, "launch")) {
    launch(load(), argc > 2 ? argv[2] : "inc");
  } else if (!strcmp(mode, "trials")) {
    /* Two timed trials (GRAPHRT_GPU_PROFILE prints a line for each): two
     * launches, a zeroed managed block of 1 MiB allocated, freed, and
     * allocated again (its driver allocation, then its reuse: zeroed on the
     * device both times); then one launch. */
    void *module = load();
    graphrt_timer_start();
    launch(module, "inc");
    launch(module, "inc");
    rt_zfree(rt_zalloc(1 << 20), 1 << 20);
    void *again = rt_zalloc(1 << 20);
    graphrt_timer_stop();
    graphrt_timer_start();
    launch(module, "inc");
    graphrt_timer_stop();
    rt_zfree(again, 1 << 20);
  } else if (!strcmp(mode, "list-oom")) {
    if (argc > 2 && !strcmp(argv[2], "gpu"))
      load();
    graphrt_vlist *l = graphrt_vlist_new();
    graphrt_vlist_device(l, 4, 4);
    graphrt_memref_i64 state;
    _mlir_ciface_graphrt_vlist_device_state(&state, l);
    state.aligned[GRAPHRT_VLIST_FAILED] = GRAPHRT_VLIST_FULL_BEFORE;
    state.aligned[GRAPHRT_VLIST_NEEDED] = (int64_t)1 << 60;
    graphrt_vlist_device_resume(l, NULL);
  } else if (!strcmp(mode, "blocks") && argc > 2) {
    graphrt_graph *g = small_graph();
    blocks b = edge_blocks(g, atoll(argv[2]), 0);
    printf("%lld blocks\n", (long long)b.starts.sizes[0] - 1);
    graphrt_graph_free(g);
  } else if (!strcmp(mode, "place") && argc > 2) {
    graphrt_graph *g = small_graph();
    if (strcmp(argc > 4 ? argv[4] : "", "host"))
      load();
    placed p = place(g, argc > 3 ? atoi(argv[3]) : 0, atoi(argv[2]));
    printf("%lld bytes\n", (long long)(p.nbr.sizes[0] * 4));
    graphrt_graph_free(g);
  } else {
    fprintf(stderr, "graphrt-gpu-tests: unknown mode '%s'\n", mode);
    return 2;
  }
  printf("gpu: %s done\n", mode);
  return 0;
}
