//===- Worklist.h - vertex loops over a worklist ----------------*- C++ -*-===//
//
// The vertex loop of the data-driven loops: graph-lower-async's over an
// unordered worklist and graph-lower-priority's (priority_update = obim)
// over an ordered one. Both take chunks until the worklist is drained.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_WORKLIST_H
#define GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_WORKLIST_H

#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"

namespace mlir::graph {

/// Each thread of the schedule's team takes chunks of the worklist and scans
/// their vertices until the worklist's take reports that no thread has work
/// left. The team runs the chunk loop in the tail of a vertex loop of no
/// iterations, which gives every thread its own tail without a barrier.
class WorklistLoop : public VertexLoop {
public:
  explicit WorklistLoop(Value worklist) : worklist(worklist) {}

  void emit(TraversalEmitter &emitter, OpBuilder &b, VertexBody body) override;

private:
  Value worklist;
};

/// Whether the regions of `op` use a value defined inside `loop`, which a
/// worklist region replacing the loop no longer computes.
bool usesValuesOf(Operation *op, Operation *loop);

} // namespace mlir::graph

#endif // GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_WORKLIST_H
