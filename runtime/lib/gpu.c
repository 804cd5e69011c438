/* gpu.c - GPU mode: the CUDA driver, loaded with dlopen (nothing links
 * against CUDA), and the mgpu* functions that MLIR's gpu-to-llvm and the
 * LLVM translation of gpu.binary / gpu.launch_func emit calls of (MLIR 22's
 * signatures; Debian ships no libmlir_cuda_runtime).
 *
 * The first call of any of them (in practice the module load that a global
 * constructor of a `graphc --target=gpu` program makes before main) puts
 * the process in GPU mode: the driver is initialized, the device chosen and
 * its primary context made current. From then on the program's and the
 * vertex sets' arrays are managed memory (mem.c), so that kernels reach
 * them. Every driver failure ends the program with one line naming the
 * call. */
#include "gpu_driver.h"
#include "internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The driver's functions. */
static struct {
#define X(symbol, name, params) CUresult(*symbol) params;
  RT_CUDA_FUNCTIONS(X)
#undef X
} cu;

/* Their names in the driver, which errors show. */
static const struct {
#define X(symbol, name, params) const char *symbol;
  RT_CUDA_FUNCTIONS(X)
#undef X
} cu_name = {
#define X(symbol, name, params) name,
    RT_CUDA_FUNCTIONS(X)
#undef X
};

int rt_gpu_mode;
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static CUcontext context;
static int device_ordinal = -1; /* mgpuSetDefaultDevice before the start */
static char device_name[256];
/* Whether this thread made the context current: the driver keeps the
 * current context per thread, and OpenMP threads also allocate. */
static _Thread_local bool context_current;

/* "NAME (description)" of a driver result. */
static void describe(CUresult result, char *out, size_t size) {
  const char *name = NULL, *text = NULL;
  if (!cu.cuGetErrorName || cu.cuGetErrorName(result, &name) != CUDA_SUCCESS ||
      !name) {
    snprintf(out, size, "CUDA error %d", result);
    return;
  }
  if (cu.cuGetErrorString(result, &text) != CUDA_SUCCESS || !text)
    text = "no description";
  snprintf(out, size, "%s (%s)", name, text);
}

/* Ends the program: `graphrt: CUDA error in <call>: NAME (description)`,
 * then `suffix` (", kernel k", ": <the JIT's log>") unless NULL. */
static _Noreturn void cuda_fail(const char *call, CUresult result,
                                const char *suffix) {
  char what[512];
  describe(result, what, sizeof what);
  rt_fatal("CUDA error in %s: %s%s", call, what, suffix ? suffix : "");
}

#define CU_CHECK(call, args)                                                   \
  do {                                                                         \
    CUresult cu_result_ = cu.call args;                                        \
    if (cu_result_ != CUDA_SUCCESS)                                            \
      cuda_fail(cu_name.call, cu_result_, NULL);                               \
  } while (0)

static _Noreturn void no_gpu(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
static _Noreturn void no_gpu(const char *fmt, ...) {
  char reason[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(reason, sizeof reason, fmt, ap);
  va_end(ap);
  rt_fatal("this program runs on an NVIDIA GPU (compiled with graphc "
           "--target=gpu), but %s",
           reason);
}

/* Opens the driver and finds every function; ends the program when it
 * cannot. */
static void load_driver(void) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    /* The first error names the library as the loader searched for it. */
    char first[512];
    snprintf(first, sizeof first, "%s", dlerror());
    lib = dlopen("/usr/local/nvidia/lib64/libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib)
      no_gpu("libcuda.so.1 cannot be loaded: %s", first);
  }
#define X(symbol, name, params)                                                \
  *(void **)&cu.symbol = dlsym(lib, name);                                     \
  if (!cu.symbol)                                                              \
    no_gpu("its CUDA driver has no %s (the driver is too old)", name);
  RT_CUDA_FUNCTIONS(X)
#undef X
}

/* The device GRAPHRT_GPU_DEVICE names (or mgpuSetDefaultDevice chose, or
 * 0) among `count`. */
static int choose_device(int count) {
  const char *env = getenv("GRAPHRT_GPU_DEVICE");
  int ordinal = device_ordinal >= 0 ? device_ordinal : 0;
  if (env && *env) {
    char *end;
    errno = 0;
    long value = strtol(env, &end, 10);
    if (*end || errno || value < 0 || value >= count)
      no_gpu("GRAPHRT_GPU_DEVICE=%s is not a device number (the machine has "
             "%d CUDA device%s: 0 to %d)",
             env, count, count == 1 ? "" : "s", count - 1);
    ordinal = (int)value;
  }
  if (ordinal >= count)
    no_gpu("device %d was asked for and the machine has %d CUDA device%s",
           ordinal, count, count == 1 ? "" : "s");
  return ordinal;
}

static void start(void) {
  load_driver();
  CUresult result = cu.cuInit(0);
  if (result != CUDA_SUCCESS) {
    char what[512];
    describe(result, what, sizeof what);
    no_gpu("cuInit failed: %s", what);
  }
  int count = 0;
  CU_CHECK(cuDeviceGetCount, (&count));
  if (count <= 0)
    no_gpu("the machine has no CUDA device");
  device_ordinal = choose_device(count);
  CUdevice device;
  CU_CHECK(cuDeviceGet, (&device, device_ordinal));
  CU_CHECK(cuDeviceGetName, (device_name, sizeof device_name - 1, device));
  CU_CHECK(cuDevicePrimaryCtxRetain, (&context, device));
  if (rt_verbose()) {
    size_t free_bytes = 0, total = 0;
    CU_CHECK(cuCtxSetCurrent, (context));
    CU_CHECK(cuMemGetInfo, (&free_bytes, &total));
    fprintf(stderr,
            "graphrt: GPU %d: %s, %zu bytes of memory, %zu bytes free\n",
            device_ordinal, device_name, total, free_bytes);
  }
}

/* ---- GRAPHRT_GPU_PROFILE=1: where the host's time goes -------------------
 * Counts and wall time of the driver calls that cost the most, printed on
 * stderr when the program exits, and for each timed trial (from
 * graphrt_timer_start to graphrt_timer_stop) when it ends. */
enum {
  GPU_PROFILE_MODULE_LOAD,
  GPU_PROFILE_KERNEL,
  GPU_PROFILE_MANAGED_ALLOC,
  GPU_PROFILE_MANAGED_FREE,
  GPU_PROFILE_MANAGED_ZERO,
  GPU_PROFILE_MANAGED_REUSE,
  GPU_PROFILE_KINDS
};
static const char *const profile_names[GPU_PROFILE_KINDS] = {
    "module loads",  "kernels (launch and wait)", "managed allocations",
    "managed frees", "managed zeroing",           "managed reuses"};
static bool profiling; /* set by start() */
static _Atomic uint64_t profile_count[GPU_PROFILE_KINDS],
    profile_ns[GPU_PROFILE_KINDS];
/* The counters at the trial's start, its longest launch and the kernel's
 * number, and the trials ended. */
static uint64_t trial_count[GPU_PROFILE_KINDS], trial_ns[GPU_PROFILE_KINDS];
static _Atomic uint64_t trial_longest_ns;
static _Atomic int trial_longest_kernel, trials_ended;

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void print_kernel_profile(void);

static void print_profile(void) {
  fprintf(stderr, "graphrt: GPU profile:");
  for (int k = 0; k < GPU_PROFILE_KINDS; ++k)
    fprintf(stderr, "%s %s %llu (%.3f ms)", k ? "," : "", profile_names[k],
            (unsigned long long)profile_count[k], profile_ns[k] / 1e6);
  fprintf(stderr, "\n");
  print_kernel_profile();
}

static void start_profile(void) {
  const char *env = getenv("GRAPHRT_GPU_PROFILE");
  profiling = env && *env && strcmp(env, "0") != 0;
  if (profiling)
    atexit(print_profile);
}

/* The start time of a profiled call, 0 when not profiling. */
static uint64_t rt_gpu_profile_start(void) { return profiling ? now_ns() : 0; }

static void rt_gpu_profile_stop(int kind, uint64_t start_ns) {
  if (!start_ns)
    return;
  profile_ns[kind] += now_ns() - start_ns;
  ++profile_count[kind];
}

void rt_gpu_trial_start(void) {
  if (!profiling)
    return;
  for (int k = 0; k < GPU_PROFILE_KINDS; ++k) {
    trial_count[k] = profile_count[k];
    trial_ns[k] = profile_ns[k];
  }
  trial_longest_ns = 0;
  trial_longest_kernel = 0;
}

/* One line: the trial's number and time, each kind's count and time in
 * it, its longest launch, and the rest: the host's own code (with the
 * page faults of managed memory it touches) and the driver calls not
 * counted. A trial far slower than the others shows where its time went. */
void rt_gpu_trial_stop(double seconds) {
  if (!profiling)
    return;
  double rest = seconds * 1e3;
  fprintf(stderr, "graphrt: GPU profile: trial %d: %.3f ms:", ++trials_ended,
          seconds * 1e3);
  for (int k = 0; k < GPU_PROFILE_KINDS; ++k) {
    double ms = (profile_ns[k] - trial_ns[k]) / 1e6;
    rest -= ms;
    fprintf(stderr, " %s %llu (%.3f ms),", profile_names[k],
            (unsigned long long)(profile_count[k] - trial_count[k]), ms);
  }
  fprintf(stderr, " longest kernel %d (%.3f ms), the rest %.3f ms\n",
          (int)trial_longest_kernel, trial_longest_ns / 1e6, rest);
}

/* Every entry point starts here: GPU mode on, the context current. */
static void enter(void) {
  if (!__atomic_load_n(&rt_gpu_mode, __ATOMIC_ACQUIRE)) {
    pthread_mutex_lock(&init_lock);
    if (!rt_gpu_mode) {
      start();
      start_profile();
      __atomic_store_n(&rt_gpu_mode, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&init_lock);
  }
  if (!context_current) {
    CU_CHECK(cuCtxSetCurrent, (context));
    context_current = true;
  }
}

const char *rt_gpu_device_name(void) { return device_name; }

void rt_gpu_memory(size_t *free_bytes, size_t *total) {
  enter();
  CU_CHECK(cuMemGetInfo, (free_bytes, total));
}

/* ---- managed memory for the program's arrays (mem.c) ---------------------
 * cuMemAllocManaged aligns to at least 256 bytes. A block asked for with a
 * larger alignment is over-allocated, and the driver's pointer is kept in
 * the word before the one returned. Both sets map the pointer handed out to
 * the driver block's size, for the cache. */
#define MANAGED_ALIGN 256
static rt_ptrset managed = RT_PTRSET_INIT, shifted = RT_PTRSET_INIT;

/* Freed managed blocks, kept for the next request of the same size class:
 * a traversal's frontiers are allocated and freed every round, and
 * cuMemAllocManaged/cuMemFree each take hundreds of microseconds (cuMemFree
 * waits for the whole device), and a fresh block's pages must be faulted
 * in again (on the GPU, at its first touch there: a fresh block of hundreds
 * of MB costs a kernel tens of ms or more). Launches are synchronous, so no
 * kernel uses a freed block. At most MANAGED_CACHE_MAX bytes are kept; an
 * allocation that fails empties the cache first. */
#define MANAGED_CACHE_MAX ((size_t)4 << 30)

/* Blocks of more than MANAGED_CLASS_MIN bytes are allocated rounded up to a
 * size class, four to each power of two (2^k, 1.25, 1.5, 1.75 times 2^k):
 * a buffer whose size varies a little from trial to trial (an output sized
 * by a count that races or a frontier's degree sum) then gets the block of
 * the trial before, whose pages are on the GPU already, rather than a fresh
 * one. Managed pages exist when touched, so the rounding costs address
 * space, not memory. */
#define MANAGED_CLASS_MIN ((size_t)64 << 10)
size_t rt_gpu_managed_class(size_t bytes) {
  if (bytes <= MANAGED_CLASS_MIN)
    return bytes ? bytes : 1;
  size_t step = (size_t)1 << (63 - __builtin_clzll((unsigned long long)bytes));
  step /= 4; /* a quarter of the power of two at or below bytes */
  if (bytes > SIZE_MAX - step)
    return bytes;
  return (bytes + step - 1) / step * step;
}
typedef struct cached_block {
  void *p;
  size_t bytes;
  struct cached_block *next;
} cached_block;
static cached_block *managed_cache;
static size_t managed_cache_bytes;
static pthread_mutex_t managed_cache_lock = PTHREAD_MUTEX_INITIALIZER;

static void *cache_take(size_t bytes) {
  uint64_t t0 = rt_gpu_profile_start();
  pthread_mutex_lock(&managed_cache_lock);
  cached_block *hit = NULL;
  for (cached_block **b = &managed_cache; *b; b = &(*b)->next)
    if ((*b)->bytes == bytes) {
      hit = *b;
      *b = hit->next;
      managed_cache_bytes -= bytes;
      break;
    }
  pthread_mutex_unlock(&managed_cache_lock);
  if (!hit)
    return NULL;
  void *p = hit->p;
  free(hit);
  rt_gpu_profile_stop(GPU_PROFILE_MANAGED_REUSE, t0);
  return p;
}

/* Caches a freed block of `bytes`; false when it must be freed. */
static bool cache_put(void *p, size_t bytes) {
  pthread_mutex_lock(&managed_cache_lock);
  bool fits = managed_cache_bytes + bytes <= MANAGED_CACHE_MAX;
  if (fits)
    managed_cache_bytes += bytes;
  pthread_mutex_unlock(&managed_cache_lock);
  if (!fits)
    return false;
  cached_block *block = rt_malloc(sizeof *block);
  *block = (cached_block){p, bytes, NULL};
  pthread_mutex_lock(&managed_cache_lock);
  block->next = managed_cache;
  managed_cache = block;
  pthread_mutex_unlock(&managed_cache_lock);
  return true;
}

/* Frees every cached block (before an allocation is retried). */
static void cache_flush(void) {
  pthread_mutex_lock(&managed_cache_lock);
  cached_block *b = managed_cache;
  managed_cache = NULL;
  managed_cache_bytes = 0;
  pthread_mutex_unlock(&managed_cache_lock);
  while (b) {
    cached_block *next = b->next;
    CU_CHECK(cuMemFree, ((CUdeviceptr)(uintptr_t)b->p));
    free(b);
    b = next;
  }
}

/* A new managed block of `bytes` (at least 1), NULL when the device is out
 * of memory. */
static void *managed_try_alloc(size_t bytes) {
  void *cached = cache_take(bytes);
  if (cached)
    return cached;
  uint64_t t0 = rt_gpu_profile_start();
  CUdeviceptr p;
  CUresult result = cu.cuMemAllocManaged(&p, bytes, CU_MEM_ATTACH_GLOBAL);
  if (result == CUDA_ERROR_OUT_OF_MEMORY && managed_cache) {
    cache_flush();
    result = cu.cuMemAllocManaged(&p, bytes, CU_MEM_ATTACH_GLOBAL);
  }
  rt_gpu_profile_stop(GPU_PROFILE_MANAGED_ALLOC, t0);
  if (result == CUDA_ERROR_OUT_OF_MEMORY)
    return NULL;
  if (result != CUDA_SUCCESS)
    cuda_fail(cu_name.cuMemAllocManaged, result, NULL);
  return (void *)(uintptr_t)p;
}

static void *managed_alloc(size_t bytes) {
  void *p = managed_try_alloc(bytes);
  if (!p)
    cuda_fail(cu_name.cuMemAllocManaged, CUDA_ERROR_OUT_OF_MEMORY, NULL);
  return p;
}

/* Caches or frees a block of managed_alloc of `bytes`. */
static void managed_free(void *p, size_t bytes) {
  if (cache_put(p, bytes))
    return;
  uint64_t t0 = rt_gpu_profile_start();
  CU_CHECK(cuMemFree, ((CUdeviceptr)(uintptr_t)p));
  rt_gpu_profile_stop(GPU_PROFILE_MANAGED_FREE, t0);
}

void *rt_gpu_managed_alloc(size_t alignment, size_t bytes) {
  enter();
  if (alignment <= MANAGED_ALIGN) {
    bytes = rt_gpu_managed_class(bytes);
    void *p = managed_alloc(bytes);
    rt_ptrset_put(&managed, p, bytes);
    return p;
  }
  if (bytes > SIZE_MAX - alignment)
    rt_fatal("out of memory (allocating %zu bytes)", bytes);
  bytes = rt_gpu_managed_class(bytes + alignment);
  char *base = managed_alloc(bytes);
  char *p =
      (char *)(((uintptr_t)base + alignment) & ~(uintptr_t)(alignment - 1));
  ((void **)p)[-1] = base;
  rt_ptrset_put(&shifted, p, bytes);
  return p;
}

/* Zeroes a managed block on the device: a host memset would move every
 * page to the host, and the kernels that use the block would fault each
 * back. Small blocks are zeroed here (one page moves at most). */
void *rt_gpu_managed_zero(void *p, size_t bytes) {
  if (bytes < ((size_t)64 << 10))
    return memset(p, 0, bytes);
  enter();
  uint64_t t0 = rt_gpu_profile_start();
  CU_CHECK(cuMemsetD8, ((CUdeviceptr)(uintptr_t)p, 0, bytes));
  CU_CHECK(cuCtxSynchronize, ());
  rt_gpu_profile_stop(GPU_PROFILE_MANAGED_ZERO, t0);
  return p;
}

void *rt_gpu_managed_try_alloc(size_t bytes) {
  enter();
  bytes = rt_gpu_managed_class(bytes);
  void *p = managed_try_alloc(bytes);
  if (p)
    rt_ptrset_put(&managed, p, bytes);
  return p;
}

int rt_gpu_managed_free(void *p) {
  if (!p)
    return 1;
  size_t bytes;
  if (rt_ptrset_take(&managed, p, &bytes)) {
    enter();
    managed_free(p, bytes);
    return 1;
  }
  if (rt_ptrset_take(&shifted, p, &bytes)) {
    enter();
    managed_free(((void **)p)[-1], bytes);
    return 1;
  }
  return 0;
}

void *rt_gpu_device_alloc(size_t bytes) {
  enter();
  CUdeviceptr p;
  CU_CHECK(cuMemAlloc, (&p, bytes ? bytes : 1));
  return (void *)(uintptr_t)p;
}

void rt_gpu_copy_to_device(void *device, const void *host, size_t bytes) {
  if (bytes)
    CU_CHECK(cuMemcpyHtoD, ((CUdeviceptr)(uintptr_t)device, host, bytes));
}

void rt_gpu_device_free(void *p) {
  enter();
  CU_CHECK(cuMemFree, ((CUdeviceptr)(uintptr_t)p));
}

void *rt_gpu_pinned_alloc(size_t bytes, void **device) {
  enter();
  void *host;
  CU_CHECK(cuMemHostAlloc,
           (&host, bytes ? bytes : 1,
            CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE));
  CUdeviceptr p;
  CU_CHECK(cuMemHostGetDevicePointer, (&p, host, 0));
  *device = (void *)(uintptr_t)p;
  return host;
}

void rt_gpu_pinned_free(void *host) {
  enter();
  CU_CHECK(cuMemFreeHost, (host));
}

/* ---- modules and kernels --------------------------------------------------
 */

/* The kernels' names, for the error of a launch: a list, since a program has
 * few kernels and a failing launch ends it. */
typedef struct kernel_name {
  CUfunction function;
  /* A fused loop (graph-lower-gpu names its kernel graph_grid_N), whose
   * blocks wait for each other: launched cooperatively. */
  bool cooperative;
  /* For GRAPHRT_GPU_PROFILE: the kernel's number (in the order of first
   * look-up), its launches and their host time. */
  int number;
  _Atomic uint64_t launches, ns;
  struct kernel_name *next;
  char name[];
} kernel_name;
static kernel_name *kernel_names;
static int kernel_count;
static pthread_mutex_t names_lock = PTHREAD_MUTEX_INITIALIZER;

/* One profile line per kernel launched, in the order of their numbers. */
static void print_kernel_profile(void) {
  for (int number = 1; number <= kernel_count; ++number)
    for (const kernel_name *k = kernel_names; k; k = k->next)
      if (k->number == number && k->launches)
        fprintf(stderr,
                "graphrt: GPU profile: kernel %d (%s): %llu launches "
                "(%.3f ms)\n",
                number, k->name, (unsigned long long)k->launches, k->ns / 1e6);
}

static kernel_name *kernel_of(CUfunction f) {
  pthread_mutex_lock(&names_lock);
  kernel_name *k = kernel_names;
  while (k && k->function != f)
    k = k->next;
  pthread_mutex_unlock(&names_lock);
  return k;
}

/* The modules loaded, by their image: the LLVM translation of
 * gpu.launch_func loads the kernel's module before every launch and
 * unloads it after, and a load costs far more than a launch (the driver
 * looks the PTX up in its JIT cache and copies the code to the device). So
 * a module stays loaded until the program ends, and a later load of the
 * same image returns it. A graphc module holds no device variables that a
 * reload would reset. */
typedef struct loaded_module {
  const void *image;
  CUmodule module;
  struct loaded_module *next;
} loaded_module;
static loaded_module *loaded_modules;
static pthread_mutex_t modules_lock = PTHREAD_MUTEX_INITIALIZER;

static CUmodule module_of(const void *image) {
  pthread_mutex_lock(&modules_lock);
  const loaded_module *m = loaded_modules;
  while (m && m->image != image)
    m = m->next;
  pthread_mutex_unlock(&modules_lock);
  return m ? m->module : NULL;
}

static CUmodule remember_module(const void *image, CUmodule module) {
  loaded_module *m = rt_malloc(sizeof *m);
  m->image = image;
  m->module = module;
  pthread_mutex_lock(&modules_lock);
  m->next = loaded_modules;
  loaded_modules = m;
  pthread_mutex_unlock(&modules_lock);
  return module;
}

void *mgpuModuleLoad(void *data, size_t size) {
  (void)size; /* a cubin or fatbin carries its own size */
  enter();
  CUmodule module = module_of(data);
  if (module)
    return module;
  uint64_t t0 = rt_gpu_profile_start();
  CU_CHECK(cuModuleLoadData, (&module, data));
  rt_gpu_profile_stop(GPU_PROFILE_MODULE_LOAD, t0);
  return remember_module(data, module);
}

void *mgpuModuleLoadJIT(void *data, int32_t optLevel) {
  enter();
  CUmodule cached = module_of(data);
  if (cached)
    return cached;
  uint64_t t0 = rt_gpu_profile_start();
  /* The PTX (NUL-terminated) is compiled for this GPU: the JIT's error log
   * says why it failed (e.g. a target newer than the GPU). */
  char log[4096] = "";
  int options[] = {CU_JIT_OPTIMIZATION_LEVEL, CU_JIT_ERROR_LOG_BUFFER,
                   CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {(void *)(intptr_t)optLevel, log,
                    (void *)(uintptr_t)sizeof log};
  CUmodule module;
  CUresult result = cu.cuModuleLoadDataEx(&module, data, 3, options, values);
  if (result != CUDA_SUCCESS) {
    log[sizeof log - 1] = '\0';
    for (char *c = log; *c; ++c)
      if (*c == '\n' || *c == '\r')
        *c = ' ';
    size_t len = strlen(log);
    while (len && log[len - 1] == ' ')
      log[--len] = '\0';
    char suffix[sizeof log + 8] = "";
    if (len)
      snprintf(suffix, sizeof suffix, ": %s", log);
    cuda_fail(cu_name.cuModuleLoadDataEx, result, suffix);
  }
  rt_gpu_profile_stop(GPU_PROFILE_MODULE_LOAD, t0);
  return remember_module(data, module);
}

/* Unloads nothing: every module stays loaded (see mgpuModuleLoad), and the
 * driver releases them with the context when the program ends. Also called
 * by a destructor at exit, when the driver may not have started. */
void mgpuModuleUnload(void *module) { (void)module; }

void *mgpuModuleGetFunction(void *module, const char *name) {
  enter();
  CUfunction f;
  CUresult result = cu.cuModuleGetFunction(&f, (CUmodule)module, name);
  if (result != CUDA_SUCCESS) {
    char suffix[300];
    snprintf(suffix, sizeof suffix, ", kernel %s", name);
    cuda_fail(cu_name.cuModuleGetFunction, result, suffix);
  }
  pthread_mutex_lock(&names_lock);
  const kernel_name *k = kernel_names;
  while (k && k->function != f)
    k = k->next;
  if (!k) {
    size_t len = strlen(name) + 1;
    kernel_name *n = rt_malloc(sizeof *n + len);
    n->function = f;
    n->cooperative = strncmp(name, "graph_grid_", 11) == 0;
    n->number = ++kernel_count;
    n->launches = n->ns = 0;
    memcpy(n->name, name, len);
    n->next = kernel_names;
    kernel_names = n;
  }
  pthread_mutex_unlock(&names_lock);
  return f;
}

/* Whether this GPU launches cooperative kernels, which a fused loop's grid
 * barriers need (the program then runs its unfused kernels instead, after
 * one warning). */
int graphrt_gpu_cooperative(void) {
  enter();
  static int answer = -1;
  pthread_mutex_lock(&init_lock);
  if (answer < 0) {
    CUdevice device;
    CU_CHECK(cuDeviceGet, (&device, device_ordinal));
    CU_CHECK(cuDeviceGetAttribute,
             (&answer, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, device));
    answer = answer != 0;
    if (!answer)
      fprintf(stderr,
              "graphrt: warning: GPU %d (%s) cannot launch cooperative "
              "kernels: loops with kernel fusion launch a kernel per step\n",
              device_ordinal, device_name);
  }
  pthread_mutex_unlock(&init_lock);
  return answer;
}

/* The blocks of cooperative kernel `f` of `threads` threads that fit on the
 * GPU at once; ends the program when none fits. */
static unsigned resident_blocks(CUfunction f, unsigned threads, unsigned smem,
                                const char *suffix) {
  CUdevice device;
  int processors = 0, per_processor = 0;
  CU_CHECK(cuDeviceGet, (&device, device_ordinal));
  CU_CHECK(cuDeviceGetAttribute,
           (&processors, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device));
  CUresult result = cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_processor, f, (int)threads, smem);
  if (result != CUDA_SUCCESS)
    cuda_fail(cu_name.cuOccupancyMaxActiveBlocksPerMultiprocessor, result,
              suffix);
  if (per_processor <= 0 || processors <= 0)
    rt_fatal("no block of %u threads fits on GPU %d (%s)%s", threads,
             device_ordinal, device_name, suffix);
  return (unsigned)per_processor * (unsigned)processors;
}

/* A launch is synchronous: it waits for the kernel, so that a fault is
 * reported here, naming the kernel, and the host reads finished results.
 * A fused loop's kernel runs as many of its blocks as fit on the GPU at
 * once (its grid barrier needs all of them resident; its phases stride
 * over any grid), launched cooperatively. */
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount) {
  (void)paramsCount; /* the kernel's signature says how many */
  enter();
  uint64_t t0 = rt_gpu_profile_start();
  CUfunction f = function;
  kernel_name *kernel = kernel_of(f);
  char suffix[300];
  snprintf(suffix, sizeof suffix, ", kernel %s", kernel ? kernel->name : "?");
  CUresult result = CUDA_SUCCESS;
  /* More than 48 KiB of dynamic shared memory must be asked for. */
  if (smem > 48 * 1024)
    result = cu.cuFuncSetAttribute(
        f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem);
  if (result != CUDA_SUCCESS)
    cuda_fail(cu_name.cuFuncSetAttribute, result, suffix);
  if (kernel && kernel->cooperative) {
    unsigned threads = (unsigned)(blockX * blockY * blockZ);
    unsigned most = resident_blocks(f, threads, (unsigned)smem, suffix);
    unsigned blocks = (unsigned)gridX < most ? (unsigned)gridX : most;
    result = cu.cuLaunchCooperativeKernel(
        f, blocks, (unsigned)gridY, (unsigned)gridZ, (unsigned)blockX,
        (unsigned)blockY, (unsigned)blockZ, (unsigned)smem, stream, params);
    if (result != CUDA_SUCCESS)
      cuda_fail(cu_name.cuLaunchCooperativeKernel, result, suffix);
  } else {
    result =
        cu.cuLaunchKernel(f, (unsigned)gridX, (unsigned)gridY, (unsigned)gridZ,
                          (unsigned)blockX, (unsigned)blockY, (unsigned)blockZ,
                          (unsigned)smem, stream, params, extra);
    if (result != CUDA_SUCCESS)
      cuda_fail(cu_name.cuLaunchKernel, result, suffix);
  }
  result = cu.cuStreamSynchronize(stream);
  if (result != CUDA_SUCCESS)
    cuda_fail(cu_name.cuStreamSynchronize, result, suffix);
  if (t0 && kernel) {
    uint64_t ns = now_ns() - t0;
    kernel->ns += ns;
    ++kernel->launches;
    if (ns > trial_longest_ns) {
      trial_longest_ns = ns;
      trial_longest_kernel = kernel->number;
    }
  }
  rt_gpu_profile_stop(GPU_PROFILE_KERNEL, t0);
}

/* ---- streams and events --------------------------------------------------
 */

/* Streams are kept for reuse: every launch creates one and destroys it
 * after. A stream returned here has no work left (its user waited). */
#define STREAMS_KEPT 16
static CUstream idle_streams[STREAMS_KEPT];
static int idle_stream_count;
static pthread_mutex_t streams_lock = PTHREAD_MUTEX_INITIALIZER;

void *mgpuStreamCreate(void) {
  enter();
  CUstream stream = NULL;
  pthread_mutex_lock(&streams_lock);
  if (idle_stream_count)
    stream = idle_streams[--idle_stream_count];
  pthread_mutex_unlock(&streams_lock);
  if (!stream)
    CU_CHECK(cuStreamCreate, (&stream, CU_STREAM_NON_BLOCKING));
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  enter();
  pthread_mutex_lock(&streams_lock);
  bool kept = idle_stream_count < STREAMS_KEPT;
  if (kept)
    idle_streams[idle_stream_count++] = stream;
  pthread_mutex_unlock(&streams_lock);
  if (!kept)
    CU_CHECK(cuStreamDestroy, (stream));
}

void rt_gpu_trim(void) {
  if (!__atomic_load_n(&rt_gpu_mode, __ATOMIC_ACQUIRE))
    return;
  enter();
  cache_flush();
  pthread_mutex_lock(&streams_lock);
  while (idle_stream_count)
    CU_CHECK(cuStreamDestroy, (idle_streams[--idle_stream_count]));
  pthread_mutex_unlock(&streams_lock);
}

void mgpuStreamSynchronize(void *stream) {
  enter();
  CU_CHECK(cuStreamSynchronize, (stream));
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  enter();
  CU_CHECK(cuStreamWaitEvent, (stream, event, 0));
}

void *mgpuEventCreate(void) {
  enter();
  CUevent event;
  CU_CHECK(cuEventCreate, (&event, CU_EVENT_DISABLE_TIMING));
  return event;
}

void mgpuEventDestroy(void *event) {
  enter();
  CU_CHECK(cuEventDestroy, (event));
}

void mgpuEventSynchronize(void *event) {
  enter();
  CU_CHECK(cuEventSynchronize, (event));
}

void mgpuEventRecord(void *event, void *stream) {
  enter();
  CU_CHECK(cuEventRecord, (event, stream));
}

/* ---- memory ---------------------------------------------------------------
 */

void *mgpuMemAlloc(uint64_t bytes, void *stream, uint32_t isHostShared) {
  (void)stream; /* allocation is synchronous */
  enter();
  if (bytes == 0)
    return NULL;
  CUdeviceptr p;
  if (isHostShared & 0xff)
    CU_CHECK(cuMemAllocManaged, (&p, bytes, CU_MEM_ATTACH_GLOBAL));
  else
    CU_CHECK(cuMemAlloc, (&p, bytes));
  return (void *)(uintptr_t)p;
}

void mgpuMemFree(void *p, void *stream) {
  (void)stream; /* cuMemFree waits for the work that uses p */
  enter();
  if (p)
    CU_CHECK(cuMemFree, ((CUdeviceptr)(uintptr_t)p));
}

void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream) {
  enter();
  CU_CHECK(cuMemcpyAsync, ((CUdeviceptr)(uintptr_t)dst,
                           (CUdeviceptr)(uintptr_t)src, bytes, stream));
}

void mgpuMemset32(void *dst, uint32_t value, size_t count, void *stream) {
  enter();
  CU_CHECK(cuMemsetD32Async,
           ((CUdeviceptr)(uintptr_t)dst, value, count, stream));
}

void mgpuMemset16(void *dst, uint32_t value, size_t count, void *stream) {
  enter();
  CU_CHECK(cuMemsetD16Async, ((CUdeviceptr)(uintptr_t)dst,
                              (unsigned short)(value & 0xffff), count, stream));
}

/* The bytes a ranked memref descriptor {allocated, aligned, offset,
 * sizes[rank], strides[rank]} covers, from its first element. */
static char *memref_span(int64_t rank, void *descriptor, int64_t elementBytes,
                         size_t *bytes) {
  struct {
    char *allocated, *aligned;
    int64_t offset, sizes[];
  } *d = descriptor;
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i)
    count *= d->sizes[i];
  *bytes = (size_t)(count * elementBytes);
  return d->aligned + d->offset * elementBytes;
}

void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementBytes) {
  enter();
  size_t bytes;
  char *p = memref_span(rank, descriptor, elementBytes, &bytes);
  CU_CHECK(cuMemHostRegister, (p, bytes, 0));
}

void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementBytes) {
  enter();
  size_t bytes;
  CU_CHECK(cuMemHostUnregister,
           (memref_span(rank, descriptor, elementBytes, &bytes)));
}

void mgpuSetDefaultDevice(int32_t device) {
  if (!__atomic_load_n(&rt_gpu_mode, __ATOMIC_ACQUIRE)) {
    pthread_mutex_lock(&init_lock);
    if (!rt_gpu_mode)
      device_ordinal = device;
    pthread_mutex_unlock(&init_lock);
  }
  enter();
  if (device != device_ordinal)
    rt_fatal("the program asks for GPU %d after it started on GPU %d",
             (int)device, device_ordinal);
}
