//===- Segment.cpp - segmented subgraphs for dense traversals -------------===//
//
// Materializes the segments a schedule asks for as a graph.segments value
// that graph-lower-direction traverses segment by segment.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHSEGMENT
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

namespace {
struct GraphSegmentPass : graph::impl::GraphSegmentBase<GraphSegmentPass> {
  void runOnOperation() override {
    getOperation().walk([](EdgeSetApplyOp op) {
      ScheduleAttr sched = op.getScheduleOrDefault();
      if (!sched.isSegmented() || op.getSegments())
        return;
      OpBuilder b(op);
      Location loc = op.getLoc();
      Value count;
      if (int64_t k = sched.getSegmentsArgv()) {
        Value arg = ArgvOp::create(b, loc, StringType::get(b.getContext()), k);
        Value n = AtoiOp::create(b, loc, b.getI64Type(), arg);
        count = arith::IndexCastOp::create(b, loc, b.getIndexType(), n);
      } else {
        count = arith::ConstantIndexOp::create(b, loc, sched.getSegments());
      }
      Direction direction = sched.getDirection();
      EdgeDirection edges = direction == Direction::DensePull ||
                                    direction == Direction::SparsePushDensePull
                                ? EdgeDirection::In
                                : EdgeDirection::Out;
      auto type = SegmentsType::get(b.getContext(), edges,
                                    op.getGraphType().getWeightType());
      Value segments = SegmentsOp::create(b, loc, type, op.getGraph(), count,
                                          sched.getSegmentStrategy());
      op.getSegmentsMutable().assign(segments);
    });
  }
};
} // namespace
