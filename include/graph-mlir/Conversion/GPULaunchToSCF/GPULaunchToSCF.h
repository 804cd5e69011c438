//===- GPULaunchToSCF.h - gpu.launch kernels as host loops ------*- C++ -*-===//

#ifndef GRAPH_MLIR_CONVERSION_GPULAUNCHTOSCF_GPULAUNCHTOSCF_H
#define GRAPH_MLIR_CONVERSION_GPULAUNCHTOSCF_GPULAUNCHTOSCF_H

#include "mlir/Pass/Pass.h"

namespace mlir::graph {

#define GEN_PASS_DECL_CONVERTGPULAUNCHTOSCF
#define GEN_PASS_DECL_CONVERTGRIDPHASESTOGPU
#include "graph-mlir/Conversion/Passes.h.inc"

} // namespace mlir::graph

#endif // GRAPH_MLIR_CONVERSION_GPULAUNCHTOSCF_GPULAUNCHTOSCF_H
