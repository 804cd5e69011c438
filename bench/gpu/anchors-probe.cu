// anchors-probe: prints the compute capability (major * 10 + minor) and the
// multiprocessors of GPU 0, one line, for bench/gpu/anchors.sh's nvcc flags;
// says why and exits 1 when there is none.
#include <cstdio>
#include <cuda_runtime.h>

int main() {
  cudaDeviceProp prop;
  cudaError_t status = cudaGetDeviceProperties(&prop, 0);
  if (status != cudaSuccess) {
    std::fprintf(stderr, "anchors-probe: %s\n", cudaGetErrorString(status));
    return 1;
  }
  std::printf("%d %d\n", prop.major * 10 + prop.minor,
              prop.multiProcessorCount);
  return 0;
}
