//===- Segment.cpp - segmented subgraphs for dense traversals -------------===//
//
// Materializes the segments a schedule asks for as a graph.segments value
// that graph-lower-direction traverses segment by segment.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/LoweringOrder.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHSEGMENT
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

#define DEBUG_TYPE "graph-segment"

namespace {
struct GraphSegmentPass : graph::impl::GraphSegmentBase<GraphSegmentPass> {
  void runOnOperation() override {
    if (failed(checkLoweredBefore(getOperation(), getArgument(),
                                  ApplyLowering::Segment)))
      return signalPassFailure();
    // Traversals of one graph with equal segment options share one value
    // (the last int: whether the last segment lists every destination).
    using Key = std::tuple<Value, int64_t, int64_t, EdgeDirection,
                           SegmentStrategy, int>;
    DenseMap<Key, Value> built;
    getOperation().walk([&](EdgeSetApplyOp op) {
      if (op.getLowering() != ApplyLowering::Segment)
        return;
      ScheduleAttr sched = op.getScheduleOrDefault();
      EdgeDirection edges = sched.getSegmentDirection();
      Value graph = op.getGraph();
      bool allLast = runsEpilogueInLastSegment(op);
      Key key(graph, sched.getSegments(), sched.getSegmentsArgv(), edges,
              sched.getSegmentStrategy(), allLast);
      Value &segments = built[key];
      LLVM_DEBUG(printTraversal(llvm::dbgs()
                                    << DEBUG_TYPE
                                    << (segments ? ": reusing segments for "
                                                 : ": building segments for "),
                                op));
      if (!segments)
        segments = buildSegments(op, edges);
      op.getSegmentsMutable().assign(segments);
    });
  }

  /// Whether `op` runs its epilogue in its last segment, which must then
  /// list every destination: segments spread over sockets run it in the
  /// merge of the sockets' sums instead.
  static bool runsEpilogueInLastSegment(EdgeSetApplyOp op) {
    return !op.getEpilogue().empty() &&
           op.getScheduleOrDefault().getNuma() == NumaMode::Serial;
  }

  /// graph.segments right after the graph's definition, so that building
  /// them (a copy of the edges) happens once, outside the traversal's loops
  /// and timers, as GraphIt does at load time.
  static Value buildSegments(EdgeSetApplyOp op, EdgeDirection edges) {
    ScheduleAttr sched = op.getScheduleOrDefault();
    OpBuilder b(op);
    b.setInsertionPointAfterValue(op.getGraph());
    Location loc = op.getLoc();
    Value count = ScheduleCount(sched.getSegments(), sched.getSegmentsArgv())
                      .materialize(b, loc);
    auto type = SegmentsType::get(b.getContext(), edges,
                                  op.getGraphType().getWeightType());
    return SegmentsOp::create(b, loc, type, op.getGraph(), count,
                              sched.getSegmentStrategy(),
                              runsEpilogueInLastSegment(op));
  }
};
} // namespace
