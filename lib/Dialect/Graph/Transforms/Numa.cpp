//===- Numa.cpp - segmented traversals spread over sockets ----------------===//
//
// Lowers the segmented dense traversals whose schedule has a parallel NUMA
// mode with the traversal builder of graph-lower-direction, which emits a
// team over sockets in place of its sequential segment loop.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/LoopUtils.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHNUMA
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

namespace {
struct LowerSocketApply : OpRewritePattern<EdgeSetApplyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EdgeSetApplyOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.spreadsOverSockets())
      return rewriter.notifyMatchFailure(op, "not spread over sockets");
    buildTraversal(op, rewriter);
    return success();
  }
};

struct GraphNumaPass : graph::impl::GraphNumaBase<GraphNumaPass> {
  void runOnOperation() override {
    // Sockets share the destinations of pull segments: an assignment to
    // one would race, where a reduction can be buffered or made atomic.
    WalkResult racy = getOperation().walk([](EdgeSetApplyOp apply) {
      if (!apply.spreadsOverSockets() ||
          apply.getScheduleOrDefault().getDirection() != Direction::DensePull)
        return WalkResult::advance();
      WalkResult found = apply.getBody().walk([](VectorSetOp set) {
        set.emitError("a dense_pull traversal spread over sockets (numa = ")
            << stringifyNumaMode(set->getParentOfType<EdgeSetApplyOp>()
                                     .getScheduleOrDefault()
                                     .getNuma())
            << ") writes vertex data only through graph.reduce: other "
               "sockets' segments reach the same destinations";
        return WalkResult::interrupt();
      });
      return found.wasInterrupted() ? WalkResult::interrupt()
                                    : WalkResult::advance();
    });
    if (racy.wasInterrupted())
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<LowerSocketApply>(&getContext());
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};
} // namespace
