//===- Numa.cpp - segmented traversals spread over sockets ----------------===//
//
// Lowers the segmented dense traversals whose schedule has a parallel NUMA
// mode: the traversal emitter's outer loop becomes a team over sockets, each
// socket running its segments with a nested team, and a pull's accumulated
// reduction goes to per-socket buffers merged once at the end. A fused
// epilogue runs in that merge, or (after reductions into rows) in a pass
// over the vertices of its own after the sockets.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/IR/Reductions.h"
#include "graph-mlir/Dialect/Graph/Transforms/LoweringOrder.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"
#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHNUMA
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

#define DEBUG_TYPE "graph-numa"

namespace {
/// Row `socket` of the buffers (sockets x vertices) a pull's accumulated
/// reduction goes to: sockets' segments share destinations, so each socket
/// folds into its own row, merged into the vector by SocketLoop.
class SocketBufferDestination : public Destination {
public:
  SocketBufferDestination(Location loc, Value buffers, Value socket)
      : loc(loc), buffers(buffers), socket(socket) {}
  bool ownsVertex() const override { return false; }
  Value load(OpBuilder &b, Value dst) override {
    return memref::LoadOp::create(b, loc, buffers, ValueRange{socket, dst});
  }
  void store(OpBuilder &b, const LoopFrame &, Value dst, Value,
             Value final) override {
    // The merge stores dst and reports whether it changed.
    memref::StoreOp::create(b, loc, final, buffers, ValueRange{socket, dst});
  }

private:
  Location loc;
  Value buffers, socket;
};

/// The segments spread over sockets: a team over sockets (proc_bind
/// spread), each socket taking segments statically (segment i on socket
/// i % sockets, where the runtime placed it) or from a shared counter, and
/// scanning each with a nested team (proc_bind close).
class SocketLoop : public VertexLoop {
public:
  void emit(TraversalEmitter &emitter, OpBuilder &b, VertexBody body) override;

private:
  /// After the sockets' loops, one pass over the vertices: dst <kind>=
  /// every socket's buffer entry (with an accumulated reduction), then the
  /// epilogue (if any) on dst's complete sum or rows.
  void emitAfterSockets(TraversalEmitter &emitter, OpBuilder &b, Value buffers,
                        Value sockets, Value vertices);
};
} // namespace

void SocketLoop::emit(TraversalEmitter &emitter, OpBuilder &b,
                      VertexBody body) {
  EdgeSetApplyOp op = emitter.getOp();
  ScheduleAttr sched = emitter.getSchedule();
  const ExecutionModel &execution = emitter.getExecution();
  ReduceOp accumulated = emitter.getAccumulated();
  Location loc = emitter.getLoc();
  Value c0 = emitter.constIndex(b, 0);
  Value count =
      SegmentsCountOp::create(b, loc, b.getIndexType(), op.getSegments());
  Value sockets = NumaSocketsOp::create(b, loc, b.getIndexType());
  Value perSocket = NumaThreadsPerSocketOp::create(b, loc, b.getIndexType());
  TeamSpec socketTeam{perSocket, ThreadPlacement::Close};

  Value vertices, buffers;
  Type element;
  bool hasEpilogue = !op.getEpilogue().empty();
  if (accumulated || hasEpilogue)
    vertices = NumVerticesOp::create(b, loc, b.getIndexType(), op.getGraph());
  if (accumulated) {
    element = accumulated.getValue().getType();
    buffers = memref::AllocOp::create(
        b, loc,
        MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic}, element),
        ValueRange{sockets, vertices});
  }
  bool dynamic = sched.getNuma() == NumaMode::DynamicParallel;
  Value next;
  if (dynamic) {
    next =
        memref::AllocOp::create(b, loc, MemRefType::get({1}, b.getI64Type()));
    memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 64),
                            next, ValueRange{c0});
  }

  // One iteration per socket, each on its own thread of the spread team.
  execution.emitLoop(
      b, loc, c0, sockets, Parallelization::StaticVertex,
      arith::ConstantIntOp::create(b, loc, 1, 64),
      TeamSpec{sockets, ThreadPlacement::Spread},
      [&](OpBuilder &b, Location, Value s) {
        SocketBufferDestination toBuffer(loc, buffers, s);
        // Without a buffer, other sockets reach the same destinations.
        VectorDestination toVector(emitter, /*ownsVertex=*/false);
        Destination &destination =
            accumulated ? static_cast<Destination &>(toBuffer) : toVector;
        if (accumulated) {
          // Filled by the socket's own threads: first touch places the
          // buffer on the socket's node.
          Value identity =
              reductionIdentity(b, loc, accumulated.getKind(), element);
          emitter.emitVertexLoop(
              b, emitter.constIndex(b, 0), vertices,
              [&](OpBuilder &b, Value v, const LoopFrame &) {
                memref::StoreOp::create(b, loc, identity, buffers,
                                        ValueRange{s, v});
              },
              socketTeam);
        }
        if (!dynamic) {
          scf::ForOp::create(b, loc, s, count, sockets, ValueRange{},
                             [&](OpBuilder &b, Location, Value i, ValueRange) {
                               emitter.scanSegment(b, i, destination, body,
                                                   socketTeam);
                               scf::YieldOp::create(b, loc);
                             });
          return;
        }
        // Whole segments from the shared counter until none is left.
        OpBuilder::InsertionGuard guard(b);
        auto take = scf::WhileOp::create(b, loc, TypeRange{b.getIndexType()},
                                         ValueRange{});
        b.createBlock(&take.getBefore());
        Value taken =
            execution.emitAtomic(b, loc, arith::AtomicRMWKind::addi,
                                 arith::ConstantIntOp::create(b, loc, 1, 64),
                                 next, ValueRange{emitter.constIndex(b, 0)});
        Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), taken);
        Value more =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i, count);
        scf::ConditionOp::create(b, loc, more, ValueRange{i});
        Block *after =
            b.createBlock(&take.getAfter(), {}, {b.getIndexType()}, {loc});
        emitter.scanSegment(b, after->getArgument(0), destination, body,
                            socketTeam);
        scf::YieldOp::create(b, loc);
      });
  if (dynamic)
    memref::DeallocOp::create(b, loc, next);
  if (accumulated || hasEpilogue)
    emitAfterSockets(emitter, b, buffers, sockets, vertices);
}

void SocketLoop::emitAfterSockets(TraversalEmitter &emitter, OpBuilder &b,
                                  Value buffers, Value sockets,
                                  Value vertices) {
  ReduceOp accumulated = emitter.getAccumulated();
  Location loc = emitter.getLoc();
  EdgeSetApplyOp op = emitter.getOp();
  if (!accumulated) {
    // Reductions into rows went to the vector itself: once every socket is
    // done, each destination's rows are complete and its epilogue reads
    // them (the order of the additions is the unfused program's).
    emitter.emitVertexLoop(b, emitter.constIndex(b, 0), vertices,
                           [&](OpBuilder &b, Value v, const LoopFrame &frame) {
                             emitter.emitEpilogue(b, frame, v, Value());
                           });
    return;
  }
  Type element = accumulated.getValue().getType();
  // A subtraction's buffer holds minus the socket's contributions: it merges
  // by addition.
  ReduceKind mergeKind = accumulated.getKind() == ReduceKind::Sub
                             ? ReduceKind::Add
                             : accumulated.getKind();
  Value vector = accumulated.getVector();
  TypedAttr reset = op.getResetAttr();
  emitter.emitVertexLoop(
      b, emitter.constIndex(b, 0), vertices,
      [&](OpBuilder &b, Value v, const LoopFrame &frame) {
        // With reset(c) the sum starts from c, as it does unsegmented.
        Value old =
            reset ? arith::ConstantOp::create(b, loc, reset).getResult()
                  : VectorGetOp::create(b, loc, element, vector, v).getResult();
        auto merge = scf::ForOp::create(
            b, loc, emitter.constIndex(b, 0), sockets, emitter.constIndex(b, 1),
            ValueRange{old},
            [&](OpBuilder &b, Location, Value s, ValueRange acc) {
              Value local =
                  memref::LoadOp::create(b, loc, buffers, ValueRange{s, v});
              scf::YieldOp::create(
                  b, loc, combineReduction(b, loc, mergeKind, acc[0], local));
            });
        if (!reset)
          VectorDestination(emitter, /*ownsVertex=*/true)
              .store(b, frame, v, old, merge.getResult(0));
        // v's sum is complete: its epilogue runs here.
        if (!op.getEpilogue().empty())
          emitter.emitEpilogue(b, frame, v, merge.getResult(0));
      });
  memref::DeallocOp::create(b, loc, buffers);
}

namespace {
struct LowerSocketApply : OpRewritePattern<EdgeSetApplyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EdgeSetApplyOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getLowering() != ApplyLowering::Numa)
      return rewriter.notifyMatchFailure(op, "not spread over sockets");
    LLVM_DEBUG(printTraversal(
        llvm::dbgs() << DEBUG_TYPE ": spreading over sockets ", op));
    SocketLoop sockets;
    TraversalEmitter(op, rewriter).emit(sockets);
    return success();
  }
};

struct GraphNumaPass : graph::impl::GraphNumaBase<GraphNumaPass> {
  void runOnOperation() override {
    if (failed(checkLoweredBefore(getOperation(), getArgument(),
                                  ApplyLowering::Numa)))
      return signalPassFailure();
    // Sockets share the destinations of pull segments: an assignment to
    // one would race, where a reduction can be buffered or made atomic.
    WalkResult racy = getOperation().walk([](EdgeSetApplyOp apply) {
      if (apply.getLowering() != ApplyLowering::Numa ||
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
