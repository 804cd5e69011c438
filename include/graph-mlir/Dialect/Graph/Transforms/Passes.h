//===- Passes.h - graph -> graph rewrites -----------------------*- C++ -*-===//

#ifndef GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_PASSES_H
#define GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_PASSES_H

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Dialect/Graph/Transforms/SegmentedEpilogue.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace mlir::graph {

#define GEN_PASS_DECL
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"

} // namespace mlir::graph

#endif // GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_PASSES_H
