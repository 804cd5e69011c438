//===- LowerDirection.cpp - edgeset.apply to traversal loops --------------===//
//
// Expands graph.edgeset.apply into the loops its schedule names. Hybrid
// directions first become an scf.if choosing a dense or a sparse apply per
// call; each single-direction apply then becomes loops over the adjacency
// arrays (or the segments' arrays) with the filters and the body inlined, as
// the traversal emitter (Traversal.h) builds them.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/Epilogue.h"
#include "graph-mlir/Dialect/Graph/Transforms/LoweringOrder.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"
#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHLOWERDIRECTION
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

#define DEBUG_TYPE "graph-lower-direction"

/// A copy of `sched` traversing in `direction`. The sparse side of a hybrid
/// drops segmentation and NUMA placement, which only dense traversals use.
static ScheduleAttr withDirection(ScheduleAttr sched, Direction direction) {
  return sched.with([&](ScheduleAttr::Options &options) {
    options.direction = direction;
    if (direction != Direction::SparsePush)
      return;
    options.segments = options.segmentsArgv = 0;
    options.numa = NumaMode::Serial;
  });
}

namespace {

/// sparse_push_dense_{pull,push} -> scf.if (dense enough) {dense} else
/// {sparse}, the test made once per call (Beamer's direction switch).
struct SplitHybridApply : OpRewritePattern<EdgeSetApplyOp> {
  SplitHybridApply(MLIRContext *context, int64_t threshold)
      : OpRewritePattern(context, /*benefit=*/2), threshold(threshold) {}

  LogicalResult matchAndRewrite(EdgeSetApplyOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getLowering() != ApplyLowering::HybridSplit)
      return rewriter.notifyMatchFailure(op, "not a hybrid traversal");
    LLVM_DEBUG(printTraversal(llvm::dbgs() << DEBUG_TYPE ": splitting ", op));
    ScheduleAttr sched = op.getScheduleOrDefault();
    Direction denseDirection =
        sched.getDirection() == Direction::SparsePushDensePull
            ? Direction::DensePull
            : Direction::DensePush;
    auto setDirection = [&](EdgeSetApplyOp apply, Direction direction) {
      rewriter.modifyOpInPlace(apply, [&] {
        apply.setScheduleAttr(withDirection(sched, direction));
        if (direction == Direction::SparsePush)
          apply.getSegmentsMutable().clear();
      });
    };
    // Without a frontier every vertex is a source: always dense.
    if (!op.getFrom()) {
      setDirection(op, denseDirection);
      return success();
    }

    auto choice = scf::IfOp::create(rewriter, op.getLoc(), op->getResultTypes(),
                                    isDense(op, rewriter),
                                    /*withElseRegion=*/true);
    for (auto [block, direction] :
         {std::pair(choice.thenBlock(), denseDirection),
          std::pair(choice.elseBlock(), Direction::SparsePush)}) {
      rewriter.setInsertionPointToStart(block);
      auto apply = cast<EdgeSetApplyOp>(rewriter.clone(*op));
      setDirection(apply, direction);
      SmallVector<Value> results(apply->getResults());
      // Only the pull runs an epilogue per destination.
      if (direction == Direction::SparsePush && !apply.getEpilogue().empty())
        if (Value kept = unfuseEpilogue(apply, rewriter))
          results = {kept};
      // Without results the scf.if builder already added the terminators.
      if (!results.empty())
        scf::YieldOp::create(rewriter, op.getLoc(), results);
    }
    rewriter.replaceOp(op, choice.getResults());
    return success();
  }

  /// Beamer's test: (size + out-degree sum) * threshold > |E|. The size
  /// alone settles it when it exceeds |E| / threshold (dense) or when even
  /// the largest out-degree at every member stays within it (sparse); only
  /// otherwise is the frontier's out-degree sum asked for, which costs a
  /// scan of every vertex for a dense set that did not count it.
  Value isDense(EdgeSetApplyOp op, OpBuilder &b) const {
    Location loc = op.getLoc();
    Type index = b.getIndexType();
    Value graph = op.getGraph();
    auto constant = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    Value size = VertexSetSizeOp::create(b, loc, index, op.getFrom());
    Value edges = NumEdgesOp::create(b, loc, index, graph);
    Value budget = arith::DivUIOp::create(b, loc, edges, constant(threshold));
    Value tooMany =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, size, budget);
    Value perMember = arith::AddIOp::create(
        b, loc, MaxOutDegreeOp::create(b, loc, index, graph), constant(1));
    Value fewEnough = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ule, size,
        arith::DivUIOp::create(b, loc, budget, perMember));
    auto test = scf::IfOp::create(
        b, loc, b.getI1Type(), arith::OrIOp::create(b, loc, tooMany, fewEnough),
        /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(test.thenBlock());
    scf::YieldOp::create(b, loc, tooMany);
    b.setInsertionPointToStart(test.elseBlock());
    Value degrees =
        VertexSetOutDegreeSumOp::create(b, loc, index, op.getFrom(), graph);
    Value work = arith::AddIOp::create(b, loc, size, degrees);
    Value scaled = arith::MulIOp::create(b, loc, work, constant(threshold));
    scf::YieldOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, scaled, edges)
            .getResult());
    return test.getResult(0);
  }

  int64_t threshold;
};

/// A single-direction traversal through the traversal emitter: over the
/// whole graph, or with segments one segment after another.
struct LowerApply : OpRewritePattern<EdgeSetApplyOp> {
  LowerApply(MLIRContext *context, int64_t serialWork)
      : OpRewritePattern(context), serialWork(serialWork) {}

  LogicalResult matchAndRewrite(EdgeSetApplyOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getLowering() != ApplyLowering::Direction)
      return rewriter.notifyMatchFailure(op, "another step lowers it");
    LLVM_DEBUG(printTraversal(llvm::dbgs() << DEBUG_TYPE ": lowering ", op));
    if (op.getSegments()) {
      SegmentLoop segments;
      TraversalEmitter(op, rewriter).emit(segments);
    } else {
      AdjacencyLoop vertices(serialWork);
      TraversalEmitter(op, rewriter).emit(vertices);
    }
    return success();
  }

  int64_t serialWork;
};

struct GraphLowerDirectionPass
    : graph::impl::GraphLowerDirectionBase<GraphLowerDirectionPass> {
  using GraphLowerDirectionBase::GraphLowerDirectionBase;

  void runOnOperation() override {
    if (hybridThreshold < 1) {
      getOperation().emitError("hybrid-threshold must be positive, got ")
          << static_cast<int64_t>(hybridThreshold);
      return signalPassFailure();
    }
    if (serialWork < 0) {
      getOperation().emitError("serial-work must be non-negative, got ")
          << static_cast<int64_t>(serialWork);
      return signalPassFailure();
    }
    if (failed(checkLoweredBefore(getOperation(), getArgument(),
                                  ApplyLowering::HybridSplit)))
      return signalPassFailure();
    // The output buffer of a push without dedup holds one entry per tracked
    // write per edge, so each write must run at most once per edge.
    WalkResult unbounded = getOperation().walk([](EdgeSetApplyOp apply) {
      if (apply.getDedup() ||
          apply.getScheduleOrDefault().getDirection() == Direction::DensePull)
        return WalkResult::advance();
      for (Operation *write : apply.getTrackedWrites())
        for (Operation *parent = write->getParentOp(); parent != apply;
             parent = parent->getParentOp())
          if (isa<LoopLikeOpInterface>(parent)) {
            write->emitError("a write of the tracked vector inside a loop "
                             "of the body needs dedup in a push traversal");
            return WalkResult::interrupt();
          }
      return WalkResult::advance();
    });
    if (unbounded.wasInterrupted())
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitHybridApply>(&getContext(), hybridThreshold);
    patterns.add<LowerApply>(&getContext(), serialWork);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};
} // namespace
