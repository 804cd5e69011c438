//===- Passes.h - conversions out of the graph dialect ----------*- C++ -*-===//

#ifndef GRAPH_MLIR_CONVERSION_PASSES_H
#define GRAPH_MLIR_CONVERSION_PASSES_H

#include "graph-mlir/Conversion/GPULaunchToSCF/GPULaunchToSCF.h"
#include "graph-mlir/Conversion/GraphToSCF/GraphToSCF.h"

namespace mlir::graph {
#define GEN_PASS_DECL_FIXOPENMPIREDUCTIONSYMBOLS
#define GEN_PASS_DECL_GUARDPARALLELITERATIONS
#define GEN_PASS_DECL_REPLACELIBDEVICECALLS
#include "graph-mlir/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "graph-mlir/Conversion/Passes.h.inc"
} // namespace mlir::graph

#endif // GRAPH_MLIR_CONVERSION_PASSES_H
