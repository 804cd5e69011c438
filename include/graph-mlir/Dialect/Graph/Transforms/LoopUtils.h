//===- LoopUtils.h - loops that follow a schedule ---------------*- C++ -*-===//

#ifndef GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_LOOPUTILS_H
#define GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_LOOPUTILS_H

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Dialect/Graph/IR/Reductions.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::graph {

/// Builds `for i in [lb, ub)` calling `body(builder, loc, i)`: an `scf.for`
/// for a serial schedule, otherwise `omp.parallel { omp.wsloop
/// schedule(dynamic|static, grain) { omp.loop_nest ... } }`, the team
/// built with `team`'s clauses (num_threads, proc_bind). With `head`, each
/// thread runs it before its share of the loop; with `tail`, after it,
/// without waiting for the others (`nowait`). A serial loop runs them once
/// before and after the loop.
void buildVertexLoop(OpBuilder &builder, Location loc, Value lb, Value ub,
                     Parallelization parallel, int64_t grain,
                     function_ref<void(OpBuilder &, Location, Value)> body,
                     const omp::ParallelOperands &team = {},
                     function_ref<void(OpBuilder &, Location)> head = {},
                     function_ref<void(OpBuilder &, Location)> tail = {});
/// The same with the chunk computed at run time (an i64 defined outside the
/// loop).
void buildVertexLoop(OpBuilder &builder, Location loc, Value lb, Value ub,
                     Parallelization parallel, Value chunk,
                     function_ref<void(OpBuilder &, Location, Value)> body,
                     const omp::ParallelOperands &team = {},
                     function_ref<void(OpBuilder &, Location)> head = {},
                     function_ref<void(OpBuilder &, Location)> tail = {});

/// `lhs != rhs` for an integer or float element type.
Value buildNotEqual(OpBuilder &builder, Location loc, Value lhs, Value rhs);

} // namespace mlir::graph

#endif // GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_LOOPUTILS_H
