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

/// The chunk counters of a dynamic loop: one cache line of i64 per range of
/// the loop, `memref<R x 8 x i64>`, on the calling thread's stack: [r][0]
/// the next iteration to claim from range r, [r][1] the range's end. A line
/// each, so that a thread's claims from its own range do not contend with
/// the other threads' claims. The caller puts it in a `memref.alloca_scope`
/// around the team, so that a loop run once per round does not grow the
/// stack each round, and so that the loop gets counters of its own when an
/// enclosing loop (a `graph.parallel_for` lowered later) runs it on several
/// threads at once.
static Value chunkCounters(OpBuilder &builder, Location loc, Value ranges) {
  return memref::AllocaOp::create(
      builder, loc,
      MemRefType::get({ShapedType::kDynamic, 8}, builder.getI64Type()),
      ValueRange{ranges}, builder.getI64IntegerAttr(64));
}

/// Runs `body` for the iterations of range `range` of a dynamic loop by
/// `step`, in chunks of `stride` / `step` iterations, each claimed by one
/// atomic add on `counters[range][0]`, until it reaches the range's end
/// `counters[range][1]`: the dynamic schedule without libomp's dispatcher,
/// whose claims cost several times an atomic add in rounds of a few
/// thousand iterations (bench/team_cost.c).
static void emitClaimedChunks(OpBuilder &builder, Location loc, Value range,
                              Value step, Value stride, Value counters,
                              ExecutionModel::LoopBody body) {
  Type i64 = builder.getI64Type();
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value ub64 =
      memref::LoadOp::create(builder, loc, counters, ValueRange{range, one});
  auto loop = scf::WhileOp::create(builder, loc, TypeRange{i64}, ValueRange{});
  builder.createBlock(&loop.getBefore());
  Value first =
      memref::AtomicRMWOp::create(builder, loc, arith::AtomicRMWKind::addi,
                                  stride, counters, ValueRange{range, zero});
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

/// Stores range `r`'s first iteration and end in its line of `counters`:
/// [lb, ub) split into `ranges` ranges of whole chunks of `stride`
/// (iterations times step), range r from chunk r * chunks / ranges. Chunks
/// start at lb plus multiples of the stride, as in an omp.wsloop's dynamic
/// schedule (a pull's bitvector words stay whole per chunk).
static void emitRange(OpBuilder &b, Location loc, Value lb, Value ub,
                      Value stride, Value ranges, Value counters, Value r) {
  Type i64 = b.getI64Type();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value lb64 = arith::IndexCastOp::create(b, loc, i64, lb);
  Value ub64 = arith::IndexCastOp::create(b, loc, i64, ub);
  Value ranges64 = arith::IndexCastOp::create(b, loc, i64, ranges);
  Value span =
      arith::MaxSIOp::create(b, loc, arith::SubIOp::create(b, loc, ub64, lb64),
                             arith::ConstantIntOp::create(b, loc, 0, 64));
  Value chunks = arith::CeilDivUIOp::create(b, loc, span, stride);
  auto boundary = [&](Value r64) -> Value {
    Value first = arith::DivUIOp::create(
        b, loc, arith::MulIOp::create(b, loc, r64, chunks), ranges64);
    Value at = arith::AddIOp::create(
        b, loc, lb64, arith::MulIOp::create(b, loc, first, stride));
    return arith::MinSIOp::create(b, loc, at, ub64);
  };
  Value r64 = arith::IndexCastOp::create(b, loc, i64, r);
  Value next = arith::AddIOp::create(
      b, loc, r64, arith::ConstantIntOp::create(b, loc, 1, 64));
  memref::StoreOp::create(b, loc, boundary(r64), counters, ValueRange{r, zero});
  memref::StoreOp::create(b, loc, boundary(next), counters, ValueRange{r, one});
}

/// An omp.wsloop schedule(static[, chunk]) over [lb, ub) by `step`, whose
/// loop nest runs `body(iv)`; `nowait` drops the barrier at its end.
/// Leaves the insertion point after the wsloop.
static omp::WsloopOp emitStaticWsloop(OpBuilder &builder, Location loc,
                                      Value lb, Value ub, Value step,
                                      Value chunk, bool nowait,
                                      ExecutionModel::LoopBody body) {
  omp::WsloopOperands loopClauses;
  loopClauses.scheduleKind = omp::ClauseScheduleKindAttr::get(
      builder.getContext(), omp::ClauseScheduleKind::Static);
  loopClauses.scheduleChunk = chunk;
  if (nowait)
    loopClauses.nowait = builder.getUnitAttr();
  OpBuilder::InsertionGuard guard(builder);
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
  return wsloop;
}

void OpenMPExecution::emitParallelLoop(OpBuilder &builder, Location loc,
                                       Value lb, Value ub, Value step,
                                       Parallelization parallel, Value chunk,
                                       const TeamSpec &team, LoopBody body,
                                       ThreadCallback head,
                                       ThreadCallback tail) const {
  // A dynamic schedule claims its chunks from counters the team shares
  // (emitClaimedChunks); a static one is libomp's, which divides the loop
  // without a claim per chunk.
  bool claimed = parallel != Parallelization::StaticVertex;
  Value counters, stride, ranges;
  OpBuilder::InsertionGuard afterLoop(builder);
  if (claimed) {
    auto scope = memref::AllocaScopeOp::create(builder, loc, TypeRange{});
    Block *scopeBody = builder.createBlock(&scope.getBodyRegion());
    memref::AllocaScopeReturnOp::create(builder, loc);
    builder.setInsertionPointToStart(scopeBody);
    Type i64 = builder.getI64Type();
    // One range per thread the team can have: each thread claims the
    // chunks of its own range first, then those left in the others'.
    ranges = MaxThreadsOp::create(builder, loc, builder.getIndexType());
    counters = chunkCounters(builder, loc, ranges);
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
    // Thread t of a team of T sets up ranges t, t + T, ... (range t for
    // thread t, so that it claims from a line it wrote: no worksharing
    // construct, only the thread's id and the team's size), and the team
    // waits at one barrier, since a thread that runs out of its own chunks
    // reads and claims from the others' ranges: every range is set before
    // any claim. Then it claims the chunks of its own range, so that it
    // keeps the same part of the loop from one run to the next (a
    // frontier's vertices stay with the thread whose cache holds them)
    // without contending with the others' claims, and then those left in
    // the ranges after its own, in turn: the threads that finish first take
    // over the others' work, also the ranges of threads the team lacks. The
    // body is emitted once. (A team of one thread has no barrier.)
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    Value thread = ThreadNumOp::create(builder, loc, builder.getIndexType());
    Value threads = NumThreadsOp::create(builder, loc, builder.getIndexType());
    scf::ForOp::create(builder, loc, thread, ranges, threads, ValueRange{},
                       [&](OpBuilder &b, Location l, Value r, ValueRange) {
                         emitRange(b, l, lb, ub, stride, ranges, counters, r);
                         scf::YieldOp::create(b, l);
                       });
    Value shared = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne,
                                         threads, one);
    auto ifShared = scf::IfOp::create(builder, loc, shared,
                                      /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(ifShared.thenBlock());
      omp::BarrierOp::create(builder, loc);
    }
    scf::ForOp::create(
        builder, loc, zero, ranges, one, ValueRange{},
        [&](OpBuilder &b, Location l, Value k, ValueRange) {
          Value r = arith::RemUIOp::create(
              b, l, arith::AddIOp::create(b, l, thread, k), ranges);
          emitClaimedChunks(b, l, r, step, stride, counters, body);
          scf::YieldOp::create(b, l);
        });
  } else {
    emitStaticWsloop(builder, loc, lb, ub, step, chunk, /*nowait=*/bool(tail),
                     body);
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
