//===- LoopUtils.h - loops that follow a schedule ---------------*- C++ -*-===//

#ifndef GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_LOOPUTILS_H
#define GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_LOOPUTILS_H

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Dialect/Graph/IR/Reductions.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::graph {

/// Builds `for i in [lb, ub)` calling `body(builder, loc, i)` with the
/// OpenMP execution model (Traversal.h's ExecutionModel::emitLoop): an
/// `scf.for` for a serial schedule, otherwise `omp.parallel { omp.wsloop
/// schedule(dynamic, grain) | schedule(static, block) { omp.loop_nest ... }
/// }`, where a static schedule's block gives each thread one contiguous run
/// of whole grains (`graph.max_threads` threads).
void buildVertexLoop(OpBuilder &builder, Location loc, Value lb, Value ub,
                     Parallelization parallel, int64_t grain,
                     function_ref<void(OpBuilder &, Location, Value)> body);

/// `lhs != rhs` for an integer or float element type.
Value buildNotEqual(OpBuilder &builder, Location loc, Value lhs, Value rhs);

/// The uses of `set` and of the region arguments and results it reaches
/// through the loops and branches that forward it (a frontier carried by an
/// `scf.while`), except the forwarding uses themselves.
SmallVector<OpOperand *> usesThroughBranches(Value set);

} // namespace mlir::graph

#endif // GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_LOOPUTILS_H
