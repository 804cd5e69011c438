//===- Pipelines.h - end-to-end pass pipelines ------------------*- C++ -*-===//

#ifndef GRAPH_MLIR_PIPELINES_PIPELINES_H
#define GRAPH_MLIR_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::graph {

struct GraphToLLVMOptions : public PassPipelineOptions<GraphToLLVMOptions> {
  PassOptions::Option<int64_t> hybridThreshold{
      *this, "hybrid-threshold",
      llvm::cl::desc("hybrid traversals go dense above |E| / this"),
      llvm::cl::init(20)};
  PassOptions::Option<bool> distributed{
      *this, "distributed",
      llvm::cl::desc("run the program on MPI ranks (graph-distribute)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> library{
      *this, "library",
      llvm::cl::desc("code of an export library: errors in OpenMP regions "
                     "fail the call (convert-graph-to-scf's "
                     "recoverable-errors)"),
      llvm::cl::init(false)};
};

/// graph IR -> LLVM dialect: graph-lower-direction, convert-graph-to-scf,
/// cleanup, then the upstream conversions to LLVM (OpenMP included).
void buildGraphToLLVMPipeline(OpPassManager &pm,
                              const GraphToLLVMOptions &options);

/// Registers `graph-to-llvm` for graph-opt (`--graph-to-llvm`).
void registerGraphPipelines();

} // namespace mlir::graph

#endif // GRAPH_MLIR_PIPELINES_PIPELINES_H
