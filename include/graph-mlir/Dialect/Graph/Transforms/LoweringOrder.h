//===- LoweringOrder.h - which pass lowers an edgeset.apply -----*- C++ -*-===//
//
// graph.edgeset.apply's getLowering() says which step a traversal waits for;
// this names the pass of each step and checks, when a pass starts, that no
// traversal still waits for a pass that graph-to-llvm runs before it.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_LOWERINGORDER_H
#define GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_LOWERINGORDER_H

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"

#include <optional>

namespace mlir::graph {

/// The pass that performs `step`.
StringRef getLoweringPass(ApplyLowering step);

/// Fails with one error at the first graph.edgeset.apply under `root` whose
/// step comes before `first` (any step, when `first` is none): the pass of
/// that step must run before `pass`.
LogicalResult checkLoweredBefore(Operation *root, StringRef pass,
                                 std::optional<ApplyLowering> first);

/// One line naming `op` for a pass's -debug-only output: its label, its
/// location and its schedule.
void printTraversal(llvm::raw_ostream &os, EdgeSetApplyOp op);

} // namespace mlir::graph

#endif // GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_LOWERINGORDER_H
