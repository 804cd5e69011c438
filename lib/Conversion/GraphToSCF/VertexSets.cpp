//===- VertexSets.cpp - vertex sets, frontiers, their loops ---------------===//
//
// Part of convert-graph-to-scf; GraphToSCFInternal.h lists its files.
//
//===----------------------------------------------------------------------===//

#include "GraphToSCFInternal.h"

#include "graph-mlir/Dialect/Graph/Transforms/LoopUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::graph;

/// Moves a single-block region's ops before the builder's insertion point
/// with its block arguments replaced; returns what its graph.yield yielded.
static SmallVector<Value> inlineRegion(ConversionPatternRewriter &rewriter,
                                       Region &region, ValueRange args) {
  Block *block = &region.front();
  auto yield = cast<YieldOp>(block->getTerminator());
  SmallVector<Value> yielded(yield.getResults());
  rewriter.inlineBlockBefore(block, rewriter.getInsertionBlock(),
                             rewriter.getInsertionPoint(), args);
  rewriter.eraseOp(yield);
  return yielded;
}

/// The loop over a set's members: 0..n directly for a set of all vertices,
/// else over its id list; only those in [lo, hi) where `range` says so (a
/// loop's `[%begin to %end]`).
/// Calls `body` with the vertex id.
static void buildMemberLoop(ConversionPatternRewriter &rewriter, Location loc,
                            Operation *from, Value originalSet, Value set,
                            Parallelization parallel, int64_t grain,
                            std::pair<Value, Value> range,
                            function_ref<void(OpBuilder &, Value)> body) {
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  auto [lo, hi] = range;
  auto allVertices = originalSet.getDefiningOp<VertexSetNewOp>();
  if (allVertices && allVertices.getAll()) {
    // A set that may have been deleted under another name is looked up
    // once, so that the loop stops on a deleted set as other uses do.
    if (allVertices.mayBeFreedAt(from))
      callRuntime1(rewriter, loc, from, RuntimeFunction::VsetNumVertices, set);
    Value graph = rewriter.getRemappedValue(allVertices.getGraph());
    Value n = numVertices(rewriter, loc, from, graph);
    Value first = zero;
    if (lo) {
      // The range is within the vertices (a rank's owned ones).
      first = lo;
      n = arith::MinUIOp::create(rewriter, loc, hi, n);
    }
    buildVertexLoop(rewriter, loc, first, n, parallel, grain,
                    [&](OpBuilder &b, Location, Value v) { body(b, v); });
    return;
  }
  Value ids =
      lo ? callRuntime1(
               rewriter, loc, from, RuntimeFunction::VsetIdsIn,
               {set, toI64(rewriter, loc, lo), toI64(rewriter, loc, hi)})
         : callRuntime1(rewriter, loc, from, RuntimeFunction::VsetIds, set);
  Value count = memref::DimOp::create(rewriter, loc, ids, zero);
  buildVertexLoop(
      rewriter, loc, zero, count, parallel, grain,
      [&](OpBuilder &b, Location, Value i) {
        body(b, toIndex(b, loc, memref::LoadOp::create(b, loc, ids, i)));
      });
}

/// GraphIt runs vertex set operations in parallel unless told otherwise;
/// an unscheduled `body` that prints runs serially, keeping vertex order.
static std::pair<Parallelization, int64_t>
vertexLoopSchedule(std::optional<ScheduleAttr> sched, Region &body) {
  if (sched)
    return {sched->getParallel(), sched->getGrain()};
  bool prints = body.walk([](PrintOp) { return WalkResult::interrupt(); })
                    .wasInterrupted();
  return {prints ? Parallelization::Serial : Parallelization::DynamicVertex,
          256};
}

namespace {

struct VertexSetNewLowering : GraphPattern<VertexSetNewOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetNewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value n = callRuntime1(rewriter, loc, op, RuntimeFunction::NumVertices,
                           adaptor.getGraph());
    Value all = constI32(rewriter, loc, op.getAll());
    if (Value size = adaptor.getSize()) {
      Value zero =
          arith::ConstantIntOp::create(rewriter, loc, size.getType(), 0);
      Value nonzero = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ne, size, zero);
      all =
          arith::ExtUIOp::create(rewriter, loc, rewriter.getI32Type(), nonzero);
    }
    rewriter.replaceOp(op, callRuntime1(rewriter, loc, op,
                                        RuntimeFunction::VsetNew, {n, all}));
    return success();
  }
};

struct VertexSetInsertLowering : GraphPattern<VertexSetInsertOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetInsertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    callRuntime(rewriter, loc, op, RuntimeFunction::VsetInsert,
                {adaptor.getSet(), toI64(rewriter, loc, adaptor.getVertex())});
    rewriter.eraseOp(op);
    return success();
  }
};

struct VertexSetIdBufferLowering : GraphPattern<VertexSetIdBufferOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetIdBufferOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value set = adaptor.getSet();
    Value capacity = adaptor.getCapacity();
    rewriter.replaceOp(
        op, capacity ? callRuntime1(rewriter, loc, op,
                                    RuntimeFunction::VsetIdBufferN,
                                    {set, toI64(rewriter, loc, capacity)})
                     : callRuntime1(rewriter, loc, op,
                                    RuntimeFunction::VsetIdBuffer, set));
    return success();
  }
};

/// Sorted ids, or unsorted ones where the caller visits them in any order.
struct VertexSetIdsLowering : GraphPattern<VertexSetIdsOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetIdsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callRuntime1(rewriter, op.getLoc(), op,
                                        op.getUnordered()
                                            ? RuntimeFunction::VsetIdsUnordered
                                            : RuntimeFunction::VsetIds,
                                        adaptor.getSet()));
    return success();
  }
};

struct VertexSetSealIdsLowering : GraphPattern<VertexSetSealIdsOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetSealIdsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeFunction function =
        op.getKeepDuplicates() ? RuntimeFunction::VsetSealIdsKeepDups
        : op.getDegrees()      ? RuntimeFunction::VsetSealCountedIds
        : op.getDistinct()     ? RuntimeFunction::VsetSealDistinctIds
                               : RuntimeFunction::VsetSealIds;
    callRuntime(rewriter, op.getLoc(), op, function, adaptor.getOperands());
    rewriter.eraseOp(op);
    return success();
  }
};

struct VertexSetApplyLowering : GraphPattern<VertexSetApplyOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetApplyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto [parallel, grain] = vertexLoopSchedule(op.getSchedule(), op.getBody());
    buildMemberLoop(
        rewriter, op.getLoc(), op, op.getSet(), adaptor.getSet(), parallel,
        grain, {adaptor.getBegin(), adaptor.getEnd()},
        [&](OpBuilder &, Value v) { inlineRegion(rewriter, op.getBody(), v); });
    rewriter.eraseOp(op);
    return success();
  }
};

/// A dynamically scheduled loop, `grain` iterations at a time (default 1:
/// par_for iterations are coarse).
struct ParallelForLowering : GraphPattern<ParallelForOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ParallelForOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<ScheduleAttr> sched = op.getSchedule();
    Parallelization parallel =
        sched ? sched->getParallel() : Parallelization::DynamicVertex;
    int64_t grain = sched && sched->getGrain() ? sched->getGrain() : 1;
    buildVertexLoop(rewriter, op.getLoc(), adaptor.getLower(),
                    adaptor.getUpper(), parallel, grain,
                    [&](OpBuilder &, Location, Value i) {
                      inlineRegion(rewriter, op.getBody(), i);
                    });
    rewriter.eraseOp(op);
    return success();
  }
};

struct VertexSetFilterLowering : GraphPattern<VertexSetFilterOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetFilterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value set = adaptor.getSet();
    Value n =
        callRuntime1(rewriter, loc, op, RuntimeFunction::VsetNumVertices, set);
    Value result = callRuntime1(rewriter, loc, op, RuntimeFunction::VsetNew,
                                {n, constI32(rewriter, loc, 0)});
    Value flags =
        callRuntime1(rewriter, loc, op, RuntimeFunction::VsetBools, result);
    auto [parallel, grain] =
        vertexLoopSchedule(op.getSchedule(), op.getPredicate());
    std::pair<Value, Value> range{adaptor.getBegin(), adaptor.getEnd()};
    buildMemberLoop(
        rewriter, loc, op, op.getSet(), set, parallel, grain, range,
        [&](OpBuilder &b, Value v) {
          Value keep = inlineRegion(rewriter, op.getPredicate(), v)[0];
          auto ifKeep = scf::IfOp::create(b, loc, keep, false);
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(ifKeep.thenBlock());
          memref::StoreOp::create(
              b, loc, arith::ConstantIntOp::create(b, loc, 1, 8), flags, v);
        });
    // Only the members in the range may be marked.
    if (range.first)
      callRuntime(rewriter, loc, op, RuntimeFunction::VsetSealBoolsIn,
                  {result, toI64(rewriter, loc, range.first),
                   toI64(rewriter, loc, range.second)});
    else
      callRuntime(rewriter, loc, op, RuntimeFunction::VsetSealBools, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mlir::graph::populateVertexSetPatterns(const GraphTypeConverter &converter,
                                            RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<NullHandleLowering<VertexSetDeletedOp>, VertexSetNewLowering,
               VertexSetInsertLowering, VertexSetIdBufferLowering,
               VertexSetIdsLowering, VertexSetSealIdsLowering,
               VertexSetApplyLowering, ParallelForLowering,
               VertexSetFilterLowering>(converter, context);
  patterns.add<CountLowering<VertexSetSizeOp>>(converter, context,
                                               RuntimeFunction::VsetSize);
  patterns.add<CountLowering<VertexSetOutDegreeSumOp>>(
      converter, context, RuntimeFunction::VsetOutDegreeSum);
  patterns.add<ArrayLowering<VertexSetBoolsOp>>(converter, context,
                                                RuntimeFunction::VsetBools);
  patterns.add<ArrayLowering<VertexSetBitsOp>>(converter, context,
                                               RuntimeFunction::VsetBits);
  patterns.add<VoidCallLowering<VertexSetFreeOp>>(converter, context,
                                                  RuntimeFunction::VsetFree);
  patterns.add<VoidCallLowering<VertexSetSealDenseOp>>(
      converter, context, RuntimeFunction::VsetSealDense);
}
