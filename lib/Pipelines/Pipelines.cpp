//===- Pipelines.cpp - end-to-end pass pipelines --------------------------===//

#include "graph-mlir/Pipelines/Pipelines.h"

#include "graph-mlir/Conversion/Passes.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::graph::buildGraphToLLVMPipeline(OpPassManager &pm,
                                           const GraphToLLVMOptions &options) {
  pm.addPass(createGraphFuseFields());
  pm.addPass(createGraphSegment());
  if (options.distributed)
    pm.addPass(createGraphDistribute());
  pm.addPass(createGraphLowerPriority());
  pm.addPass(createGraphLowerDirection(
      GraphLowerDirectionOptions{options.hybridThreshold}));
  pm.addPass(createGraphNuma());
  pm.addPass(createConvertGraphToSCF(
      ConvertGraphToSCFOptions{/*recoverableErrors=*/options.library}));
  // graph.vector.reduce's scf.parallel becomes an omp.wsloop reduction.
  pm.addPass(createConvertSCFToOpenMPPass());
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
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::graph::registerGraphPipelines() {
  PassPipelineRegistration<GraphToLLVMOptions>(
      "graph-to-llvm",
      "Lower graph IR to the LLVM dialect (ready for mlir-translate)",
      buildGraphToLLVMPipeline);
}
