/* gpu_driver.h - the part of the CUDA driver API that libgraphrt uses,
 * declared here because nothing links against CUDA: lib/gpu.c gets each
 * function with dlsym from libcuda.so.1, and the test driver
 * (test/fake_cuda.c) defines them. The values are those of CUDA's cuda.h. */
#ifndef GRAPHRT_GPU_DRIVER_H
#define GRAPHRT_GPU_DRIVER_H

#include <stddef.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;

enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
};

enum { CU_MEM_ATTACH_GLOBAL = 1 };
enum { CU_MEMHOSTALLOC_PORTABLE = 1, CU_MEMHOSTALLOC_DEVICEMAP = 2 };
enum { CU_STREAM_NON_BLOCKING = 1 };
enum { CU_EVENT_DISABLE_TIMING = 2 };
enum {
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_OPTIMIZATION_LEVEL = 7,
};
enum { CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8 };
enum {
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
};

/* X(symbol, name in the driver, result, parameters): every driver function
 * libgraphrt calls, under its versioned name where the driver has several. */
#define RT_CUDA_FUNCTIONS(X)                                                   \
  X(cuGetErrorName, "cuGetErrorName", (CUresult, const char **))               \
  X(cuGetErrorString, "cuGetErrorString", (CUresult, const char **))           \
  X(cuInit, "cuInit", (unsigned))                                              \
  X(cuDeviceGetCount, "cuDeviceGetCount", (int *))                             \
  X(cuDeviceGet, "cuDeviceGet", (CUdevice *, int))                             \
  X(cuDeviceGetName, "cuDeviceGetName", (char *, int, CUdevice))               \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",                      \
    (CUcontext *, CUdevice))                                                   \
  X(cuCtxSetCurrent, "cuCtxSetCurrent", (CUcontext))                           \
  X(cuModuleLoadData, "cuModuleLoadData", (CUmodule *, const void *))          \
  X(cuModuleLoadDataEx, "cuModuleLoadDataEx",                                  \
    (CUmodule *, const void *, unsigned, int *, void **))                      \
  X(cuModuleGetFunction, "cuModuleGetFunction",                                \
    (CUfunction *, CUmodule, const char *))                                    \
  X(cuFuncSetAttribute, "cuFuncSetAttribute", (CUfunction, int, int))          \
  X(cuLaunchKernel, "cuLaunchKernel",                                          \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,   \
     unsigned, CUstream, void **, void **))                                    \
  X(cuLaunchCooperativeKernel, "cuLaunchCooperativeKernel",                    \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,   \
     unsigned, CUstream, void **))                                             \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor,                               \
    "cuOccupancyMaxActiveBlocksPerMultiprocessor",                             \
    (int *, CUfunction, int, size_t))                                          \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute", (int *, int, CUdevice))      \
  X(cuStreamCreate, "cuStreamCreate", (CUstream *, unsigned))                  \
  X(cuStreamDestroy, "cuStreamDestroy_v2", (CUstream))                         \
  X(cuStreamSynchronize, "cuStreamSynchronize", (CUstream))                    \
  X(cuStreamWaitEvent, "cuStreamWaitEvent", (CUstream, CUevent, unsigned))     \
  X(cuEventCreate, "cuEventCreate", (CUevent *, unsigned))                     \
  X(cuEventDestroy, "cuEventDestroy_v2", (CUevent))                            \
  X(cuEventSynchronize, "cuEventSynchronize", (CUevent))                       \
  X(cuEventRecord, "cuEventRecord", (CUevent, CUstream))                       \
  X(cuMemGetInfo, "cuMemGetInfo_v2", (size_t *, size_t *))                     \
  X(cuMemAlloc, "cuMemAlloc_v2", (CUdeviceptr *, size_t))                      \
  X(cuMemAllocManaged, "cuMemAllocManaged", (CUdeviceptr *, size_t, unsigned)) \
  X(cuMemFree, "cuMemFree_v2", (CUdeviceptr))                                  \
  X(cuMemHostAlloc, "cuMemHostAlloc", (void **, size_t, unsigned))             \
  X(cuMemHostGetDevicePointer, "cuMemHostGetDevicePointer_v2",                 \
    (CUdeviceptr *, void *, unsigned))                                         \
  X(cuMemFreeHost, "cuMemFreeHost", (void *))                                  \
  X(cuMemHostRegister, "cuMemHostRegister_v2", (void *, size_t, unsigned))     \
  X(cuMemHostUnregister, "cuMemHostUnregister", (void *))                      \
  X(cuMemcpyHtoD, "cuMemcpyHtoD_v2", (CUdeviceptr, const void *, size_t))      \
  X(cuMemcpyAsync, "cuMemcpyAsync",                                            \
    (CUdeviceptr, CUdeviceptr, size_t, CUstream))                              \
  X(cuMemsetD32Async, "cuMemsetD32Async",                                      \
    (CUdeviceptr, unsigned, size_t, CUstream))                                 \
  X(cuMemsetD8, "cuMemsetD8_v2", (CUdeviceptr, unsigned char, size_t))         \
  X(cuCtxSynchronize, "cuCtxSynchronize", (void))                              \
  X(cuMemsetD16Async, "cuMemsetD16Async",                                      \
    (CUdeviceptr, unsigned short, size_t, CUstream))

#endif /* GRAPHRT_GPU_DRIVER_H */
