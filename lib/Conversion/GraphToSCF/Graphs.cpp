//===- Graphs.cpp - graphs, their arrays, segments ------------------------===//
//
// Part of convert-graph-to-scf; GraphToSCFInternal.h lists its files.
//
//===----------------------------------------------------------------------===//

#include "GraphToSCFInternal.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::graph;

Value mlir::graph::numVertices(OpBuilder &b, Location loc, Operation *from,
                               Value graph) {
  return toIndex(
      b, loc, callRuntime1(b, loc, from, RuntimeFunction::NumVertices, graph));
}

/// graphrt_load's weight type argument (graph_rt.h's GRAPHRT_WEIGHTS_*) for
/// a graph of `type`.
static int32_t runtimeWeightType(EdgeSetType type) {
  if (!type.isWeighted())
    return 0; // GRAPHRT_UNWEIGHTED
  Type storage = type.getWeightStorageType();
  return storage.isF32() ? 2 : storage.isF64() ? 3 : 1;
}

/// The runtime function of the weight array of `storage` element type among
/// the int32, float and double ones.
static RuntimeFunction byWeightType(Type storage, RuntimeFunction i32,
                                    RuntimeFunction f32, RuntimeFunction f64) {
  return storage.isF32() ? f32 : storage.isF64() ? f64 : i32;
}

/// Frees the graph `op` makes at the end of `op`'s block or, when its handle
/// leaves the block (a loop or branch yields it), when the program ends.
static void releaseGraph(OpBuilder &b, Operation *op, Value graph) {
  Location loc = op->getLoc();
  // Program state lives as long as the library; a graph yielded out of its
  // block, to the end of the program.
  if (llvm::any_of(op->getUsers(), llvm::IsaPred<GlobalStoreOp>))
    return;
  if (escapesBlock(op)) {
    callRuntime(b, loc, op, RuntimeFunction::GraphKeep, graph);
    return;
  }
  freeAtEndOfBlock(b, op, [&](OpBuilder &b) {
    callRuntime(b, loc, op, RuntimeFunction::GraphFree, graph);
  });
}

namespace {

struct LoadLowering : GraphPattern<LoadOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value weighted = constI32(rewriter, loc, runtimeWeightType(op.getType()));
    Value symmetrize = constI32(rewriter, loc, op.getSymmetrize());
    Value graph = callRuntime1(rewriter, loc, op,
                               op.getDistributed() ? RuntimeFunction::DistLoad
                                                   : RuntimeFunction::Load,
                               {adaptor.getPath(), weighted, symmetrize});
    if (adaptor.getLike())
      callRuntime(rewriter, loc, op, RuntimeFunction::CheckVertexCount,
                  {graph, adaptor.getLike(), adaptor.getPath()});
    releaseGraph(rewriter, op, graph);
    rewriter.replaceOp(op, graph);
    return success();
  }
};

struct EmptyGraphLowering : GraphPattern<EmptyGraphOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(EmptyGraphOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value count = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI64Type(), adaptor.getCount());
    Value graph =
        callRuntime1(rewriter, loc, op, RuntimeFunction::GraphEmpty, count);
    releaseGraph(rewriter, op, graph);
    rewriter.replaceOp(op, graph);
    return success();
  }
};

struct RelabelLowering : GraphPattern<RelabelOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(RelabelOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value graph = callRuntime1(rewriter, op.getLoc(), op,
                               RuntimeFunction::Relabel, adaptor.getGraph());
    releaseGraph(rewriter, op, graph);
    rewriter.replaceOp(op, graph);
    return success();
  }
};

/// A transposed graph is freed at the end of its block.
struct TransposeLowering : GraphPattern<TransposeOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value graph = callRuntime1(rewriter, loc, op, RuntimeFunction::Transpose,
                               adaptor.getGraph());
    freeAtEndOfBlock(rewriter, op, [&](OpBuilder &b) {
      callRuntime(b, loc, op, RuntimeFunction::GraphFree, graph);
    });
    rewriter.replaceOp(op, graph);
    return success();
  }
};

struct IsDirectedLowering : GraphPattern<IsDirectedOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(IsDirectedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value symmetric = callRuntime1(
        rewriter, loc, op, RuntimeFunction::IsSymmetric, adaptor.getGraph());
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(
        op, arith::CmpIPredicate::eq, symmetric, constI32(rewriter, loc, 0));
    return success();
  }
};

struct NearEdgeShareLowering : GraphPattern<NearEdgeShareOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(NearEdgeShareOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value window =
        arith::ConstantIntOp::create(rewriter, op.getLoc(), op.getWindow(), 64);
    rewriter.replaceOp(op, callRuntime1(rewriter, op.getLoc(), op,
                                        RuntimeFunction::NearEdgeShare,
                                        {adaptor.getGraph(), window}));
    return success();
  }
};

/// The arguments of graphrt_placed_*: the graph, its direction (0 out, 1 in)
/// and the placement (graph_rt.h: 0 auto, 1 device, 2 zero-copy, 3
/// managed, GpuEdgePlacement's values).
static SmallVector<Value> placedArguments(OpBuilder &b, Location loc,
                                          Value graph, bool out,
                                          GpuEdgePlacement placement) {
  return {graph, constI32(b, loc, out ? 0 : 1),
          constI32(b, loc, static_cast<int32_t>(placement))};
}

struct AdjacencyLowering : GraphPattern<AdjacencyOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(AdjacencyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool out = op.getDirection() == EdgeDirection::Out;
    Value graph = adaptor.getGraph();
    if (std::optional<GpuEdgePlacement> placement = op.getPlacement()) {
      SmallVector<Value> args =
          placedArguments(rewriter, loc, graph, out, *placement);
      rewriter.replaceOp(
          op, {callRuntime1(rewriter, loc, op, RuntimeFunction::PlacedOffsets,
                            args),
               callRuntime1(rewriter, loc, op, RuntimeFunction::PlacedNeighbors,
                            args)});
      return success();
    }
    Value offsets = callRuntime1(
        rewriter, loc, op,
        out ? RuntimeFunction::OutOffsets : RuntimeFunction::InOffsets, graph);
    Value neighbors = callRuntime1(rewriter, loc, op,
                                   out ? RuntimeFunction::OutNeighbors
                                       : RuntimeFunction::InNeighbors,
                                   graph);
    rewriter.replaceOp(op, {offsets, neighbors});
    return success();
  }
};

struct AdjacencyWeightsLowering : GraphPattern<AdjacencyWeightsOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(AdjacencyWeightsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool out = op.getDirection() == EdgeDirection::Out;
    if (std::optional<GpuEdgePlacement> placement = op.getPlacement()) {
      rewriter.replaceOp(op, callRuntime1(rewriter, op.getLoc(), op,
                                          RuntimeFunction::PlacedWeights,
                                          placedArguments(rewriter, op.getLoc(),
                                                          adaptor.getGraph(),
                                                          out, *placement)));
      return success();
    }
    Type storage = op.getGraph().getType().getWeightStorageType();
    RuntimeFunction weights =
        out ? byWeightType(storage, RuntimeFunction::OutWeights,
                           RuntimeFunction::OutWeightsF32,
                           RuntimeFunction::OutWeightsF64)
            : byWeightType(storage, RuntimeFunction::InWeights,
                           RuntimeFunction::InWeightsF32,
                           RuntimeFunction::InWeightsF64);
    rewriter.replaceOp(op, callRuntime1(rewriter, op.getLoc(), op, weights,
                                        adaptor.getGraph()));
    return success();
  }
};

struct SegmentsLowering : GraphPattern<SegmentsOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(SegmentsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // graph_rt.h: GRAPHRT_PULL / GRAPHRT_PUSH, GRAPHRT_FIXED_VERTEX_COUNT /
    // GRAPHRT_EDGE_AWARE.
    bool pull = op.getType().getDirection() == EdgeDirection::In;
    bool edgeAware = op.getStrategy() == SegmentStrategy::EdgeAwareVertexCount;
    rewriter.replaceOp(
        op, callRuntime1(
                rewriter, loc, op,
                op.getLastListsAll() ? RuntimeFunction::SegmentsGetAllLast
                                     : RuntimeFunction::SegmentsGet,
                {adaptor.getGraph(), toI64(rewriter, loc, adaptor.getCount()),
                 constI32(rewriter, loc, pull ? 0 : 1),
                 constI32(rewriter, loc, edgeAware ? 1 : 0)}));
    return success();
  }
};

/// Replaces `op`'s results by the results of calls of `functions`, each
/// with `args`.
static void replaceByCalls(Operation *op, ConversionPatternRewriter &rewriter,
                           ArrayRef<RuntimeFunction> functions,
                           ValueRange args) {
  SmallVector<Value> results;
  for (RuntimeFunction function : functions)
    results.push_back(callRuntime1(rewriter, op->getLoc(), op, function, args));
  rewriter.replaceOp(op, results);
}

struct SegmentViewLowering : GraphPattern<SegmentViewOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(SegmentViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> args = {adaptor.getSegments(),
                               toI64(rewriter, loc, adaptor.getIndex())};
    replaceByCalls(op, rewriter,
                   {RuntimeFunction::SegmentVertices,
                    RuntimeFunction::SegmentOffsets,
                    RuntimeFunction::SegmentNeighbors},
                   args);
    return success();
  }
};

struct SegmentWeightsLowering : GraphPattern<SegmentWeightsOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(SegmentWeightsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeFunction weights = byWeightType(
        op.getSegments().getType().getWeightStorageType(),
        RuntimeFunction::SegmentWeights, RuntimeFunction::SegmentWeightsF32,
        RuntimeFunction::SegmentWeightsF64);
    rewriter.replaceOp(
        op, callRuntime1(rewriter, loc, op, weights,
                         {adaptor.getSegments(),
                          toI64(rewriter, loc, adaptor.getIndex())}));
    return success();
  }
};

struct EdgeBlocksLowering : GraphPattern<EdgeBlocksOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(EdgeBlocksOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> args = {
        adaptor.getGraph(),
        arith::ConstantIntOp::create(rewriter, loc, op.getSize(), 64),
        constI32(rewriter, loc, static_cast<int32_t>(op.getPlacement()))};
    replaceByCalls(op, rewriter,
                   {RuntimeFunction::EdgeBlockStarts,
                    RuntimeFunction::EdgeBlockSources,
                    RuntimeFunction::EdgeBlockEdges},
                   args);
    return success();
  }
};

/// graph.thread_num and graph.num_threads: a call of libomp's
/// `int name(void)` (omp_get_thread_num, omp_get_num_threads; not
/// libgraphrt functions), declared in the module on first use.
template <typename OpTy> struct TeamQueryLowering : GraphPattern<OpTy> {
  TeamQueryLowering(const TypeConverter &converter, MLIRContext *context,
                    StringRef name)
      : GraphPattern<OpTy>(converter, context), name(name) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    func::FuncOp callee =
        declareExternal(rewriter, loc, op, name,
                        rewriter.getFunctionType({}, rewriter.getI32Type()));
    Value result = func::CallOp::create(rewriter, loc, callee).getResult(0);
    rewriter.replaceOp(op, toIndex(rewriter, loc, result));
    return success();
  }
  StringRef name;
};

} // namespace

void mlir::graph::populateGraphPatterns(const GraphTypeConverter &converter,
                                        RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<LoadLowering, EmptyGraphLowering, RelabelLowering,
               TransposeLowering, IsDirectedLowering, NearEdgeShareLowering,
               AdjacencyLowering, AdjacencyWeightsLowering, SegmentsLowering,
               SegmentViewLowering, SegmentWeightsLowering, EdgeBlocksLowering>(
      converter, context);
  patterns.add<CountLowering<NumVerticesOp>>(converter, context,
                                             RuntimeFunction::NumVertices);
  patterns.add<CountLowering<NumEdgesOp>>(converter, context,
                                          RuntimeFunction::NumEdges);
  patterns.add<CountLowering<MaxOutDegreeOp>>(converter, context,
                                              RuntimeFunction::MaxOutDegree);
  patterns.add<CountLowering<CommonNeighborsOp>>(
      converter, context, RuntimeFunction::CommonNeighbors);
  patterns.add<CountLowering<SegmentsCountOp>>(converter, context,
                                               RuntimeFunction::SegmentsCount);
  patterns.add<CountLowering<NumaSocketsOp>>(converter, context,
                                             RuntimeFunction::NumaSockets);
  patterns.add<CountLowering<NumaThreadsPerSocketOp>>(
      converter, context, RuntimeFunction::NumaThreadsPerSocket);
  patterns.add<CountLowering<MaxThreadsOp>>(converter, context,
                                            RuntimeFunction::MaxThreads);
  patterns.add<TeamQueryLowering<ThreadNumOp>>(converter, context,
                                               "omp_get_thread_num");
  patterns.add<TeamQueryLowering<NumThreadsOp>>(converter, context,
                                                "omp_get_num_threads");
}
