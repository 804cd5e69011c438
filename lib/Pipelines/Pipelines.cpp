//===- Pipelines.cpp - end-to-end pass pipelines --------------------------===//

#include "graph-mlir/Pipelines/Pipelines.h"

#include "graph-mlir/Conversion/Passes.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUCommon/GPUToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// target=gpu, after convert-graph-to-scf: each gpu.launch becomes a
/// gpu.launch_func of a kernel in its own gpu.module, compiled to PTX in a
/// gpu.binary. The host code keeps the gpu.launch_funcs for gpu-to-llvm.
static void addGPUKernelPasses(OpPassManager &pm,
                               const graph::GraphToLLVMOptions &options) {
  pm.addPass(graph::createConvertGridPhasesToGPU());
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  // MLIR's default data layout aligns i64 to 4 bytes, and NVPTX then splits
  // every load of a CSR offset (and every other i64) into two 32-bit loads:
  // the kernel modules get 8-byte aligned i64s.
  GpuKernelOutliningPassOptions outlining;
  outlining.dataLayoutStr = "#dlti.dl_spec<i64 = dense<64> : vector<2xi64>>";
  pm.addPass(createGpuKernelOutliningPass(outlining));
  // No PTX features: LLVM then picks the lowest PTX ISA the chip takes (7.0
  // for sm_80, 7.8 for sm_90); an older one, like +ptx60 (the default of
  // upstream's gpu-lower-to-nvvm-pipeline), makes LLVM abort for sm_90.
  GpuNVVMAttachTargetOptions target;
  target.chip = options.gpuArch;
  target.features = "";
  target.optLevel = 3;
  pm.addPass(createGpuNVVMAttachTarget(target));
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createSCFToControlFlowPass());
  ConvertGpuOpsToNVVMOpsOptions nvvm;
  nvvm.indexBitwidth = 64;
  kernels.addPass(createConvertGpuOpsToNVVMOps(nvvm));
  // Math without CUDA's libdevice: native intrinsics, else an error; then
  // what convert-gpu-to-nvvm leaves (math.trunc).
  kernels.addPass(graph::createReplaceLibdeviceCalls());
  kernels.addPass(createConvertMathToLLVMPass());
  kernels.addPass(createCanonicalizerPass());
  // Only the kernels are in LLVM form yet: the host's casts stay.
  kernels.addPass(createReconcileUnrealizedCastsPass());
  // PTX, which the driver JIT-compiles (binaries would need ptxas).
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void mlir::graph::buildGraphToLLVMPipeline(OpPassManager &pm,
                                           const GraphToLLVMOptions &options) {
  pm.addPass(createGraphFuseFields());
  // Vertex loops become epilogues of the pulls before them while loops and
  // traversals are still ops; not for the GPU's kernels.
  if (options.epilogueFusion && options.target == Target::CPU)
    pm.addPass(createGraphFuseEpilogue(GraphFuseEpilogueOptions{
        options.fusionRemarks, options.segmentedEpilogue}));
  // GPU-scheduled traversals and vertex loops become gpu.launch kernels,
  // before any other pass lowers them.
  if (options.target != Target::CPU) {
    pm.addPass(createGraphLowerGpu());
    // Kernel fusion's split mode: a launch per phase of a fused loop.
    pm.addPass(createGraphSplitGridPhases());
  }
  pm.addPass(createGraphSegment());
  if (options.distributed) {
    GraphDistributeOptions distribute;
    distribute.remarks = options.distributionRemarks;
    pm.addPass(createGraphDistribute(distribute));
  }
  // Which traversals' source sets list each member once, before the
  // passes that lower traversals read it.
  pm.addPass(createGraphInferDistinctSets());
  pm.addPass(
      createGraphLowerPriority(GraphLowerPriorityOptions{options.serialWork}));
  pm.addPass(createGraphLowerAsync());
  pm.addPass(createGraphLowerDirection(
      GraphLowerDirectionOptions{options.hybridThreshold, options.serialWork}));
  pm.addPass(createGraphNuma());
  pm.addPass(createConvertGraphToSCF(
      ConvertGraphToSCFOptions{/*recoverableErrors=*/options.library}));
  if (options.target == Target::GPUHost)
    pm.addPass(createConvertGPULaunchToSCF());
  else if (options.target == Target::GPU)
    addGPUKernelPasses(pm, options);
  // graph.vector.reduce's scf.parallel becomes an omp.wsloop reduction.
  pm.addPass(createConvertSCFToOpenMPPass());
  if (options.library)
    pm.addPass(createGuardParallelIterations());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSCFToControlFlowPass());
  // Allocations go through the runtime, which gives large ones huge pages.
  FinalizeMemRefToLLVMConversionPassOptions memrefOptions;
  memrefOptions.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefOptions));
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  if (options.distributed) {
    // MPI's lowering comes through its ConvertToLLVM interface only.
    ConvertToLLVMPassOptions mpiOnly;
    mpiOnly.filterDialects = {"mpi"};
    pm.addPass(createConvertToLLVMPass(mpiOnly));
    pm.addPass(createFixOpenMPIReductionSymbols());
  }
  // The launches: runtime calls that load the PTX and run its kernels.
  if (options.target == Target::GPU)
    pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::graph::registerGPUTargetInterfaces(DialectRegistry &registry) {
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  registerConvertNVVMToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  gpu::registerConvertGpuToLLVMInterface(registry);
}

void mlir::graph::registerGraphPipelines() {
  PassPipelineRegistration<GraphToLLVMOptions>(
      "graph-to-llvm",
      "Lower graph IR to the LLVM dialect (ready for mlir-translate)",
      buildGraphToLLVMPipeline);
}
