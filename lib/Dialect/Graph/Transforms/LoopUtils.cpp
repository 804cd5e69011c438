//===- LoopUtils.cpp - loops that follow a schedule -----------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/LoopUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::graph;

void mlir::graph::buildVertexLoop(
    OpBuilder &builder, Location loc, Value lb, Value ub,
    Parallelization parallel, int64_t grain,
    function_ref<void(OpBuilder &, Location, Value)> body,
    const omp::ParallelOperands &team,
    function_ref<void(OpBuilder &, Location)> head,
    function_ref<void(OpBuilder &, Location)> tail) {
  // The chunk is created outside the parallel region so that every thread
  // of the team reads the same value.
  Value chunk = parallel == Parallelization::Serial
                    ? Value()
                    : arith::ConstantIntOp::create(builder, loc, grain, 64);
  buildVertexLoop(builder, loc, lb, ub, parallel, chunk, body, team, head,
                  tail);
}

void mlir::graph::buildVertexLoop(
    OpBuilder &builder, Location loc, Value lb, Value ub,
    Parallelization parallel, Value chunk,
    function_ref<void(OpBuilder &, Location, Value)> body,
    const omp::ParallelOperands &team,
    function_ref<void(OpBuilder &, Location)> head,
    function_ref<void(OpBuilder &, Location)> tail) {
  OpBuilder::InsertionGuard guard(builder);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  if (parallel == Parallelization::Serial) {
    if (head)
      head(builder, loc);
    scf::ForOp::create(builder, loc, lb, ub, one, ValueRange{},
                       [&](OpBuilder &b, Location l, Value iv, ValueRange) {
                         body(b, l, iv);
                         scf::YieldOp::create(b, l);
                       });
    if (tail)
      tail(builder, loc);
    return;
  }

  omp::WsloopOperands loopClauses;
  loopClauses.scheduleKind = omp::ClauseScheduleKindAttr::get(
      builder.getContext(), parallel == Parallelization::StaticVertex
                                ? omp::ClauseScheduleKind::Static
                                : omp::ClauseScheduleKind::Dynamic);
  loopClauses.scheduleChunk = chunk;
  if (tail)
    loopClauses.nowait = builder.getUnitAttr();

  auto parallelOp = omp::ParallelOp::create(builder, loc, team);
  builder.createBlock(&parallelOp.getRegion());
  if (head)
    head(builder, loc);
  auto wsloop = omp::WsloopOp::create(builder, loc, loopClauses);
  builder.createBlock(&wsloop.getRegion());
  omp::LoopNestOperands nestClauses;
  nestClauses.loopLowerBounds.push_back(lb);
  nestClauses.loopUpperBounds.push_back(ub);
  nestClauses.loopSteps.push_back(one);
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

Value mlir::graph::buildNotEqual(OpBuilder &builder, Location loc, Value lhs,
                                 Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNE, lhs,
                                 rhs);
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, lhs,
                               rhs);
}
