/* fake_cuda.c - a CUDA driver for tests on machines without a GPU, built as
 * libcuda.so.1 in its own directory (put it first in LD_LIBRARY_PATH). It
 * defines the driver functions libgraphrt calls, on the CPU: every kind of
 * memory is malloc, copies are memcpy, a module is any text, and a kernel
 * launch runs nothing. The environment steers it:
 *   FAKE_CUDA_FAIL=cuXxx[:code]  that call (its exported, versioned name)
 *                                returns code (default 2, out of memory)
 *   FAKE_CUDA_NO_DEVICE=1        cuDeviceGetCount finds no device
 *   FAKE_CUDA_FREE_BYTES=n       cuMemGetInfo's free bytes (total 8 GiB)
 *   FAKE_CUDA_TRACE=1            each module load, function look-up and
 *                                launch is printed on stderr
 * fake_cuda_live_blocks() counts the memory blocks, streams and events not
 * freed. */
#include "gpu_driver.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

/* Most of the driver's parameters mean nothing here. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

static long live_blocks;

EXPORT long fake_cuda_live_blocks(void) { return live_blocks; }

/* The result FAKE_CUDA_FAIL gives `name`, or CUDA_SUCCESS. */
static CUresult injected(const char *name) {
  const char *fail = getenv("FAKE_CUDA_FAIL");
  size_t len = strlen(name);
  if (!fail || strncmp(fail, name, len) != 0)
    return CUDA_SUCCESS;
  if (fail[len] == '\0')
    return CUDA_ERROR_OUT_OF_MEMORY;
  return fail[len] == ':' ? atoi(fail + len + 1) : CUDA_SUCCESS;
}

#define ENTER(name)                                                            \
  do {                                                                         \
    CUresult fake_result_ = injected(name);                                    \
    if (fake_result_ != CUDA_SUCCESS)                                          \
      return fake_result_;                                                     \
  } while (0)

/* Calls that only succeed (or fail as FAKE_CUDA_FAIL says). */
#define NO_OP(name, params)                                                    \
  EXPORT CUresult name params {                                                \
    ENTER(#name);                                                              \
    return CUDA_SUCCESS;                                                       \
  }
NO_OP(cuInit, (unsigned flags))
NO_OP(cuCtxSetCurrent, (CUcontext ctx))
NO_OP(cuFuncSetAttribute, (CUfunction f, int attribute, int value))
NO_OP(cuStreamSynchronize, (CUstream stream))
NO_OP(cuCtxSynchronize, (void))
NO_OP(cuStreamWaitEvent, (CUstream stream, CUevent event, unsigned flags))
NO_OP(cuEventSynchronize, (CUevent event))
NO_OP(cuEventRecord, (CUevent event, CUstream stream))
NO_OP(cuMemHostRegister_v2, (void *p, size_t bytes, unsigned flags))
NO_OP(cuMemHostUnregister, (void *p))

static int tracing(void) {
  const char *t = getenv("FAKE_CUDA_TRACE");
  return t && *t && strcmp(t, "0") != 0;
}

static const struct {
  CUresult code;
  const char *name, *text;
} errors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
     "a PTX JIT compilation failed"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
};

EXPORT CUresult cuGetErrorName(CUresult error, const char **name) {
  for (size_t i = 0; i < sizeof errors / sizeof *errors; ++i)
    if (errors[i].code == error) {
      *name = errors[i].name;
      return CUDA_SUCCESS;
    }
  *name = NULL;
  return CUDA_ERROR_INVALID_VALUE;
}

EXPORT CUresult cuGetErrorString(CUresult error, const char **text) {
  for (size_t i = 0; i < sizeof errors / sizeof *errors; ++i)
    if (errors[i].code == error) {
      *text = errors[i].text;
      return CUDA_SUCCESS;
    }
  *text = NULL;
  return CUDA_ERROR_INVALID_VALUE;
}

EXPORT CUresult cuDeviceGetCount(int *count) {
  ENTER("cuDeviceGetCount");
  const char *none = getenv("FAKE_CUDA_NO_DEVICE");
  *count = none && *none && strcmp(none, "0") != 0 ? 0 : 2;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  ENTER("cuDeviceGet");
  *device = ordinal;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetName(char *name, int len, CUdevice device) {
  ENTER("cuDeviceGetName");
  snprintf(name, (size_t)len, "Fake GPU %d", device);
  return CUDA_SUCCESS;
}

static int fake_context;

EXPORT CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice device) {
  ENTER("cuDevicePrimaryCtxRetain");
  *ctx = (CUcontext)&fake_context;
  return CUDA_SUCCESS;
}

/* A module keeps its text, to find its kernels' names in. */
static CUresult load(CUmodule *module, const void *image, const char *how) {
  size_t len = strlen(image);
  char *copy = malloc(len + 1);
  memcpy(copy, image, len + 1);
  *module = (CUmodule)copy;
  if (tracing()) {
    const char *target = strstr(copy, ".target ");
    fprintf(stderr, "fake-cuda: %s: %zu bytes, %.*s\n", how, len,
            target ? (int)strcspn(target, "\n") : 9,
            target ? target : "no target");
  }
  return CUDA_SUCCESS;
}

EXPORT CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  ENTER("cuModuleLoadData");
  return load(module, image, "cuModuleLoadData");
}

EXPORT CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
                                   unsigned count, int *options,
                                   void **values) {
  CUresult result = injected("cuModuleLoadDataEx");
  char how[64] = "cuModuleLoadDataEx";
  for (unsigned i = 0; i < count; ++i) {
    if (options[i] == CU_JIT_OPTIMIZATION_LEVEL)
      snprintf(how, sizeof how, "cuModuleLoadDataEx O%d",
               (int)(intptr_t)values[i]);
    /* The log of a failed JIT: what the driver writes there. */
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER && result != CUDA_SUCCESS)
      snprintf(values[i], 64, "ptxas fatal   : fake failure\n");
  }
  if (result != CUDA_SUCCESS)
    return result;
  return load(module, image, how);
}

/* Functions are their names, kept until the process ends. */
EXPORT CUresult cuModuleGetFunction(CUfunction *f, CUmodule module,
                                    const char *name) {
  ENTER("cuModuleGetFunction");
  if (!strstr((const char *)module, name))
    return CUDA_ERROR_NOT_FOUND;
  *f = (CUfunction)strdup(name);
  if (tracing())
    fprintf(stderr, "fake-cuda: cuModuleGetFunction %s\n", name);
  return CUDA_SUCCESS;
}

/* A launch runs nothing; traced, it shows the kernel and its sizes. */
static void trace_launch(const char *call, CUfunction f, unsigned gx,
                         unsigned gy, unsigned gz, unsigned bx, unsigned by,
                         unsigned bz, unsigned smem) {
  if (tracing())
    fprintf(stderr, "fake-cuda: %s %s grid %ux%ux%u block %ux%ux%u shared %u\n",
            call, (const char *)f, gx, gy, gz, bx, by, bz, smem);
}

EXPORT CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy,
                               unsigned gz, unsigned bx, unsigned by,
                               unsigned bz, unsigned smem, CUstream stream,
                               void **params, void **extra) {
  ENTER("cuLaunchKernel");
  trace_launch("cuLaunchKernel", f, gx, gy, gz, bx, by, bz, smem);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned gx,
                                          unsigned gy, unsigned gz, unsigned bx,
                                          unsigned by, unsigned bz,
                                          unsigned smem, CUstream stream,
                                          void **params) {
  ENTER("cuLaunchCooperativeKernel");
  trace_launch("cuLaunchCooperativeKernel", f, gx, gy, gz, bx, by, bz, smem);
  return CUDA_SUCCESS;
}

/* Two blocks of any kernel fit on each of the fake's 4 multiprocessors. */
EXPORT CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks,
                                                            CUfunction f,
                                                            int threads,
                                                            size_t smem) {
  ENTER("cuOccupancyMaxActiveBlocksPerMultiprocessor");
  *blocks = 2;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetAttribute(int *value, int attribute,
                                     CUdevice device) {
  ENTER("cuDeviceGetAttribute");
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *value = 4;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH:
    *value = getenv("FAKE_CUDA_NO_COOPERATIVE") ? 0 : 1;
    return CUDA_SUCCESS;
  }
  return CUDA_ERROR_INVALID_VALUE;
}

/* Streams and events are blocks of one byte. */
static void *handle(void) {
  ++live_blocks;
  return malloc(1);
}

static void release(void *h) {
  --live_blocks;
  free(h);
}

/* Create and destroy functions of a kind of handle. */
#define HANDLE_FUNCTIONS(create, destroy, Handle)                              \
  EXPORT CUresult create(Handle *h, unsigned flags) {                          \
    ENTER(#create);                                                            \
    *h = handle();                                                             \
    return CUDA_SUCCESS;                                                       \
  }                                                                            \
  EXPORT CUresult destroy(Handle h) {                                          \
    ENTER(#destroy);                                                           \
    release(h);                                                                \
    return CUDA_SUCCESS;                                                       \
  }
HANDLE_FUNCTIONS(cuStreamCreate, cuStreamDestroy_v2, CUstream)
HANDLE_FUNCTIONS(cuEventCreate, cuEventDestroy_v2, CUevent)

EXPORT CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total) {
  ENTER("cuMemGetInfo_v2");
  const char *env = getenv("FAKE_CUDA_FREE_BYTES");
  *total = (size_t)8 << 30;
  *free_bytes = env ? strtoull(env, NULL, 10) : (size_t)6 << 30;
  return CUDA_SUCCESS;
}

/* Device and managed memory: 256-byte aligned, as the driver's. */
static CUresult allocate(CUdeviceptr *p, size_t bytes) {
  void *block = aligned_alloc(256, (bytes + 255) & ~(size_t)255);
  if (!block)
    return CUDA_ERROR_OUT_OF_MEMORY;
  ++live_blocks;
  *p = (CUdeviceptr)(uintptr_t)block;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
  ENTER("cuMemAlloc_v2");
  return allocate(p, bytes);
}

EXPORT CUresult cuMemAllocManaged(CUdeviceptr *p, size_t bytes,
                                  unsigned flags) {
  ENTER("cuMemAllocManaged");
  return allocate(p, bytes);
}

EXPORT CUresult cuMemFree_v2(CUdeviceptr p) {
  ENTER("cuMemFree_v2");
  release((void *)(uintptr_t)p);
  return CUDA_SUCCESS;
}

/* Pinned memory starts 64 bytes past a page, so that the runtime's 128-byte
 * alignment of zero-copy arrays is tested. */
#define PINNED_SHIFT 64

EXPORT CUresult cuMemHostAlloc(void **p, size_t bytes, unsigned flags) {
  ENTER("cuMemHostAlloc");
  char *block = aligned_alloc(4096, (bytes + PINNED_SHIFT + 4095) & ~4095ul);
  if (!block)
    return CUDA_ERROR_OUT_OF_MEMORY;
  ++live_blocks;
  *p = block + PINNED_SHIFT;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *p, void *host,
                                             unsigned flags) {
  ENTER("cuMemHostGetDevicePointer_v2");
  *p = (CUdeviceptr)(uintptr_t)host;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemFreeHost(void *p) {
  ENTER("cuMemFreeHost");
  release((char *)p - PINNED_SHIFT);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src,
                                size_t bytes) {
  ENTER("cuMemcpyHtoD_v2");
  memcpy((void *)(uintptr_t)dst, src, bytes);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                              CUstream stream) {
  ENTER("cuMemcpyAsync");
  memcpy((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, bytes);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned value, size_t count,
                                 CUstream stream) {
  ENTER("cuMemsetD32Async");
  for (size_t i = 0; i < count; ++i)
    ((uint32_t *)(uintptr_t)dst)[i] = value;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char value,
                              size_t count) {
  ENTER("cuMemsetD8_v2");
  memset((void *)(uintptr_t)dst, value, count);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value,
                                 size_t count, CUstream stream) {
  ENTER("cuMemsetD16Async");
  for (size_t i = 0; i < count; ++i)
    ((uint16_t *)(uintptr_t)dst)[i] = value;
  return CUDA_SUCCESS;
}
