//===- OpenMPExecution.cpp - the OpenMP execution model -------------------===//
//
// The traversal emitter's loops on CPU threads: a team is an omp.parallel
// region whose threads claim chunks of a dynamic loop from a shared counter
// or share a static omp.wsloop, a thread's private memory is on its stack,
// and threads combine their results with memref atomics.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::graph;

namespace {
class OpenMPExecution : public ExecutionModel {
public:
  void emitParallelLoop(OpBuilder &builder, Location loc, Value lb, Value ub,
                        Value step, Parallelization parallel, Value chunk,
                        const TeamSpec &team, LoopBody body,
                        ThreadCallback head,
                        ThreadCallback tail) const override;
  Value allocateThreadPrivate(OpBuilder &builder, Location loc,
                              MemRefType type) const override {
    return memref::AllocaOp::create(builder, loc, type);
  }
  Value emitAtomic(OpBuilder &builder, Location loc, arith::AtomicRMWKind kind,
                   Value value, Value memref,
                   ValueRange indices) const override {
    return memref::AtomicRMWOp::create(builder, loc, kind, value, memref,
                                       indices);
  }
};
} // namespace

/// The omp.parallel clauses that form `team`.
static omp::ParallelOperands teamClauses(MLIRContext *context,
                                         const TeamSpec &team) {
  omp::ParallelOperands clauses;
  clauses.numThreads = team.threads;
  if (team.placement != ThreadPlacement::Default)
    clauses.procBindKind = omp::ClauseProcBindKindAttr::get(
        context, team.placement == ThreadPlacement::Close
                     ? omp::ClauseProcBindKind::Close
                     : omp::ClauseProcBindKind::Spread);
  return clauses;
}

/// A cache line of i64 counters, the first of which a dynamic loop's threads
/// claim their chunks from, on the calling thread's stack: a line of its own,
/// so that the claims do not contend with the thread's other stack slots.
/// The caller puts it in a `memref.alloca_scope` around the team, so that a
/// loop run once per round does not grow the stack each round, and so that
/// the loop gets a counter of its own when an enclosing loop (a
/// `graph.parallel_for` lowered later) runs it on several threads at once.
static Value chunkCounter(OpBuilder &builder, Location loc) {
  return memref::AllocaOp::create(builder, loc,
                                  MemRefType::get({8}, builder.getI64Type()),
                                  ValueRange{}, builder.getI64IntegerAttr(64));
}

/// Runs `body` for the iterations of [lb, ub) by `step` in chunks of `chunk`
/// iterations from lb, each claimed by one atomic add on `counter[0]` (which
/// holds lb when the team starts): the dynamic schedule without libomp's
/// dispatcher, whose claims cost several times an atomic add in rounds of a
/// few thousand iterations (bench/team_cost.c). Chunks start at lb plus a
/// multiple of `chunk` iterations, as in an omp.wsloop's dynamic schedule.
static void emitClaimedChunks(OpBuilder &builder, Location loc, Value lb,
                              Value ub, Value step, Value stride, Value counter,
                              ExecutionModel::LoopBody body) {
  Type i64 = builder.getI64Type();
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value ub64 = arith::IndexCastOp::create(builder, loc, i64, ub);
  auto loop = scf::WhileOp::create(builder, loc, TypeRange{i64}, ValueRange{});
  builder.createBlock(&loop.getBefore());
  Value first = memref::AtomicRMWOp::create(
      builder, loc, arith::AtomicRMWKind::addi, stride, counter, zero);
  Value more = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                     first, ub64);
  scf::ConditionOp::create(builder, loc, more, ValueRange{first});
  Block *after = builder.createBlock(&loop.getAfter(), {}, {i64}, {loc});
  Value begin = after->getArgument(0);
  Value end = arith::MinSIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, begin, stride), ub64);
  Type index = builder.getIndexType();
  auto chunkLoop = scf::ForOp::create(
      builder, loc, arith::IndexCastOp::create(builder, loc, index, begin),
      arith::IndexCastOp::create(builder, loc, index, end), step, ValueRange{},
      [&](OpBuilder &b, Location l, Value iv, ValueRange) {
        body(b, l, iv);
        scf::YieldOp::create(b, l);
      });
  // Its iterations are the parallel loop's (guard-parallel-iterations).
  chunkLoop->setAttr("graph.team_chunk", builder.getUnitAttr());
  scf::YieldOp::create(builder, loc);
  builder.setInsertionPointAfter(loop);
}

void OpenMPExecution::emitParallelLoop(OpBuilder &builder, Location loc,
                                       Value lb, Value ub, Value step,
                                       Parallelization parallel, Value chunk,
                                       const TeamSpec &team, LoopBody body,
                                       ThreadCallback head,
                                       ThreadCallback tail) const {
  // A dynamic schedule claims its chunks from a counter the team shares
  // (emitClaimedChunks); a static one is libomp's, which divides the loop
  // without a claim per chunk.
  bool claimed = parallel != Parallelization::StaticVertex;
  Value counter, stride;
  OpBuilder::InsertionGuard afterLoop(builder);
  if (claimed) {
    auto scope = memref::AllocaScopeOp::create(builder, loc, TypeRange{});
    Block *scopeBody = builder.createBlock(&scope.getBodyRegion());
    memref::AllocaScopeReturnOp::create(builder, loc);
    builder.setInsertionPointToStart(scopeBody);
    Type i64 = builder.getI64Type();
    counter = chunkCounter(builder, loc);
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    memref::StoreOp::create(builder, loc,
                            arith::IndexCastOp::create(builder, loc, i64, lb),
                            counter, zero);
    if (!chunk)
      chunk = arith::ConstantIntOp::create(builder, loc, 1, 64);
    stride = arith::MulIOp::create(
        builder, loc, chunk,
        arith::IndexCastOp::create(builder, loc, i64, step));
  }

  auto parallelOp = omp::ParallelOp::create(
      builder, loc, teamClauses(builder.getContext(), team));
  builder.createBlock(&parallelOp.getRegion());
  if (head)
    head(builder, loc);
  if (claimed) {
    emitClaimedChunks(builder, loc, lb, ub, step, stride, counter, body);
  } else {
    omp::WsloopOperands loopClauses;
    loopClauses.scheduleKind = omp::ClauseScheduleKindAttr::get(
        builder.getContext(), omp::ClauseScheduleKind::Static);
    loopClauses.scheduleChunk = chunk;
    if (tail)
      loopClauses.nowait = builder.getUnitAttr();
    auto wsloop = omp::WsloopOp::create(builder, loc, loopClauses);
    builder.createBlock(&wsloop.getRegion());
    omp::LoopNestOperands nestClauses;
    nestClauses.loopLowerBounds.push_back(lb);
    nestClauses.loopUpperBounds.push_back(ub);
    nestClauses.loopSteps.push_back(step);
    auto nest = omp::LoopNestOp::create(builder, loc, nestClauses);
    Block *nestBody = builder.createBlock(&nest.getRegion(), {},
                                          {builder.getIndexType()}, {loc});
    body(builder, loc, nestBody->getArgument(0));
    omp::YieldOp::create(builder, loc);
    builder.setInsertionPointToEnd(&parallelOp.getRegion().front());
  }
  if (tail)
    tail(builder, loc);
  omp::TerminatorOp::create(builder, loc);
}

const ExecutionModel &mlir::graph::getOpenMPExecution() {
  static const OpenMPExecution model;
  return model;
}
