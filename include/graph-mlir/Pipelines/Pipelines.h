//===- Pipelines.h - end-to-end pass pipelines ------------------*- C++ -*-===//

#ifndef GRAPH_MLIR_PIPELINES_PIPELINES_H
#define GRAPH_MLIR_PIPELINES_PIPELINES_H

#include "graph-mlir/Dialect/Graph/Transforms/SegmentedEpilogue.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::graph {

/// What graph-to-llvm compiles for: the host CPU, an NVIDIA GPU (kernels as
/// PTX that the CUDA driver JIT-compiles), or the GPU's kernels run on the
/// host CPU (for testing and debugging them without a GPU).
enum class Target { CPU, GPU, GPUHost };

struct GraphToLLVMOptions : public PassPipelineOptions<GraphToLLVMOptions> {
  PassOptions::Option<int64_t> hybridThreshold{
      *this, "hybrid-threshold",
      llvm::cl::desc("hybrid traversals go dense above |E| / this"),
      llvm::cl::init(20)};
  PassOptions::Option<int64_t> serialWork{
      *this, "serial-work",
      llvm::cl::desc("a parallel sparse push runs on the calling thread when "
                     "its frontier's size plus out-degree sum is at most "
                     "this (0: never)"),
      llvm::cl::init(1024)};
  PassOptions::Option<bool> distributed{
      *this, "distributed",
      llvm::cl::desc("run the program on MPI ranks (graph-distribute)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> distributionRemarks{
      *this, "distribution-remarks",
      llvm::cl::desc("graph-distribute remarks: why a vector or vertex set "
                     "stays whole on every rank"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> epilogueFusion{
      *this, "epilogue-fusion",
      llvm::cl::desc("fuse vertex loops into the pull traversals before "
                     "them (graph-fuse-epilogue; target=cpu)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> fusionRemarks{
      *this, "fusion-remarks",
      llvm::cl::desc("graph-fuse-epilogue remarks: which loops fused, and "
                     "why others did not"),
      llvm::cl::init(false)};
  PassOptions::Option<SegmentedEpilogue> segmentedEpilogue{
      *this, "segmented-epilogue",
      llvm::cl::desc("under plain segments, whether a vertex loop fuses "
                     "into the pull's last segment (graph-fuse-epilogue)"),
      llvm::cl::init(SegmentedEpilogue::Auto), segmentedEpilogueValues()};
  PassOptions::Option<bool> library{
      *this, "library",
      llvm::cl::desc("code of an export library: errors in OpenMP regions "
                     "fail the call (convert-graph-to-scf's "
                     "recoverable-errors)"),
      llvm::cl::init(false)};
  PassOptions::Option<Target> target{
      *this, "target", llvm::cl::desc("what the program runs on"),
      llvm::cl::init(Target::CPU),
      llvm::cl::values(
          clEnumValN(Target::CPU, "cpu", "the host CPU"),
          clEnumValN(Target::GPU, "gpu",
                     "an NVIDIA GPU: gpu.launch kernels become PTX"),
          clEnumValN(Target::GPUHost, "gpu-host",
                     "the host CPU, gpu.launch kernels as host loops "
                     "(convert-gpu-launch-to-scf)"))};
  PassOptions::Option<std::string> gpuArch{
      *this, "gpu-arch",
      llvm::cl::desc("with target=gpu: the PTX target, sm_XX"),
      llvm::cl::init("sm_80")};
};

/// graph IR -> LLVM dialect: graph-lower-direction, convert-graph-to-scf,
/// cleanup, then the upstream conversions to LLVM (OpenMP included). For
/// target=gpu, the gpu.launch kernels become gpu.binary PTX objects and
/// their launches runtime calls; for target=gpu-host, host loops.
void buildGraphToLLVMPipeline(OpPassManager &pm,
                              const GraphToLLVMOptions &options);

/// Registers the interfaces the target=gpu pipeline needs beyond the
/// dialects and their LLVM IR translations: the conversions to LLVM that
/// convert-gpu-to-nvvm and gpu-to-llvm gather from the dialects.
void registerGPUTargetInterfaces(DialectRegistry &registry);

/// Registers `graph-to-llvm` for graph-opt (`--graph-to-llvm`).
void registerGraphPipelines();

} // namespace mlir::graph

#endif // GRAPH_MLIR_PIPELINES_PIPELINES_H
