//===- OpenMPExecution.cpp - the OpenMP execution model -------------------===//
//
// The traversal emitter's loops on CPU threads: a team is an omp.parallel
// region sharing an omp.wsloop, a thread's private memory is on its stack,
// and threads combine their results with memref atomics.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

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

void OpenMPExecution::emitParallelLoop(OpBuilder &builder, Location loc,
                                       Value lb, Value ub, Value step,
                                       Parallelization parallel, Value chunk,
                                       const TeamSpec &team, LoopBody body,
                                       ThreadCallback head,
                                       ThreadCallback tail) const {
  omp::WsloopOperands loopClauses;
  loopClauses.scheduleKind = omp::ClauseScheduleKindAttr::get(
      builder.getContext(), parallel == Parallelization::StaticVertex
                                ? omp::ClauseScheduleKind::Static
                                : omp::ClauseScheduleKind::Dynamic);
  loopClauses.scheduleChunk = chunk;
  if (tail)
    loopClauses.nowait = builder.getUnitAttr();

  auto parallelOp = omp::ParallelOp::create(
      builder, loc, teamClauses(builder.getContext(), team));
  builder.createBlock(&parallelOp.getRegion());
  if (head)
    head(builder, loc);
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
  if (tail)
    tail(builder, loc);
  omp::TerminatorOp::create(builder, loc);
}

const ExecutionModel &mlir::graph::getOpenMPExecution() {
  static const OpenMPExecution model;
  return model;
}
