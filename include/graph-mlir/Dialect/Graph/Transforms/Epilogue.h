//===- Epilogue.h - graph.edgeset.apply epilogues ---------------*- C++ -*-===//

#ifndef GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_EPILOGUE_H
#define GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_EPILOGUE_H

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::graph {

/// Moves `op`'s epilogue back into a vertex loop over all vertices right
/// after it, reading the sum from the accumulated vector (and resetting
/// that, for `reset(...)`), for a traversal that cannot run it per
/// destination: the sparse side of a split hybrid (FuseEpilogue.cpp). An
/// epilogue yielding whether to keep its vertex becomes a
/// graph.vertexset.filter, whose set replaces `op`'s result (`op` is then
/// replaced by a copy without one): returns that set, else null.
Value unfuseEpilogue(EdgeSetApplyOp op, RewriterBase &rewriter);

} // namespace mlir::graph

#endif // GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_EPILOGUE_H
