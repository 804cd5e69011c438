//===- GpuExecution.cpp - the traversal emitter's GPU hooks ---------------===//
//
// Kernels in the region form (gpu.launch inside the host function), so that
// convert-graph-to-scf lowers the graph ops of their bodies like any other;
// the GPU pipeline outlines them into a gpu.module, the gpu-host pipeline
// runs them as host loops.
//
//===----------------------------------------------------------------------===//

#include "GpuExecution.h"
#include "graph-mlir/Dialect/Graph/IR/Reductions.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::graph;

void GpuExecution::emitParallelLoop(OpBuilder &b, Location loc, Value lb,
                                    Value ub, Value step, Parallelization,
                                    Value, const TeamSpec &, LoopBody body,
                                    ThreadCallback head,
                                    ThreadCallback tail) const {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value trips = arith::CeilDivUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, ub, lb), step);
  // A launch of no blocks is a driver error, not an empty kernel.
  Value any =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, trips, index(0));
  auto ifAny = scf::IfOp::create(b, loc, any, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifAny.thenBlock());
  Value lanes = index(group.lanes);
  Value blockThreads = index(kGpuBlockThreads);
  Value blocks = arith::CeilDivUIOp::create(
      b, loc, arith::MulIOp::create(b, loc, trips, lanes), blockThreads);
  Value one = index(1);
  auto launch =
      gpu::LaunchOp::create(b, loc, blocks, one, one, blockThreads, one, one);
  b.setInsertionPointToStart(&launch.getBody().front());
  Value thread = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, launch.getBlockIds().x, blockThreads),
      launch.getThreadIds().x);
  Value trip = arith::DivUIOp::create(b, loc, thread, lanes);
  if (head)
    head(b, loc);
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, trip, trips);
  auto ifInRange = scf::IfOp::create(b, loc, inRange, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(ifInRange.thenBlock());
    body(b, loc,
         arith::AddIOp::create(b, loc, lb,
                               arith::MulIOp::create(b, loc, trip, step)));
  }
  if (tail)
    tail(b, loc);
  gpu::TerminatorOp::create(b, loc);
}

Value GpuExecution::allocateThreadPrivate(OpBuilder &b, Location loc,
                                          MemRefType type) const {
  return memref::AllocaOp::create(b, loc, type);
}

Value GpuExecution::emitAtomic(OpBuilder &b, Location loc,
                               arith::AtomicRMWKind kind, Value value,
                               Value memref, ValueRange indices) const {
  return memref::AtomicRMWOp::create(b, loc, kind, value, memref, indices);
}

std::pair<Value, Value> LaneEdgeScan::laneStart(OpBuilder &b, Location loc,
                                                Value begin) const {
  Value lane = arith::RemUIOp::create(
      b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
      arith::ConstantIndexOp::create(b, loc, group.lanes));
  // 32 ids of 4 bytes: the line a warp reads in one merged transaction.
  Value aligned = arith::AndIOp::create(
      b, loc, begin, arith::ConstantIndexOp::create(b, loc, ~int64_t(31)));
  return {lane, arith::AddIOp::create(b, loc, aligned, lane)};
}

Value LaneEdgeScan::emitStrided(OpBuilder &b, Location loc, Value first,
                                Value begin, Value end, Value init,
                                Visit visit) const {
  SmallVector<Value, 1> inits;
  if (init)
    inits.push_back(init);
  auto loop = scf::ForOp::create(
      b, loc, first, end, arith::ConstantIndexOp::create(b, loc, group.lanes),
      inits, [&](OpBuilder &b, Location, Value k, ValueRange carried) {
        Value mine =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, k, begin);
        auto ifMine = scf::IfOp::create(b, loc, TypeRange(inits), mine,
                                        /*withElseRegion=*/bool(init));
        b.setInsertionPointToStart(ifMine.thenBlock());
        Value next = visit(b, k, init ? carried[0] : Value());
        if (init) {
          scf::YieldOp::create(b, loc, next);
          b.setInsertionPointToStart(ifMine.elseBlock());
          scf::YieldOp::create(b, loc, carried[0]);
        }
        b.setInsertionPointAfter(ifMine);
        scf::YieldOp::create(b, loc, ifMine.getResults());
      });
  return init ? loop.getResult(0) : Value();
}

Value LaneEdgeScan::emitForEach(OpBuilder &b, Location loc, Value begin,
                                Value end, Value init, Visit visit) const {
  if (Value edge = group.edge) {
    assert(!init && "an edge-parallel loop carries nothing across edges");
    Value inRange = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, begin, edge),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, edge, end));
    auto ifInRange =
        scf::IfOp::create(b, loc, inRange, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifInRange.thenBlock());
    visit(b, edge, Value());
    return Value();
  }
  if (group.lanes == 1)
    return getSerialEdgeScan().emitForEach(b, loc, begin, end, init, visit);
  assert(!init && "a lane's carried value is a fold's (emitFold)");
  Value first = laneStart(b, loc, begin).second;
  return emitStrided(b, loc, first, begin, end, Value(), visit);
}

void LaneEdgeScan::emitFold(OpBuilder &b, Location loc, Value begin, Value end,
                            Value init, ReduceKind kind, Visit visit,
                            Finish finish) const {
  if (group.lanes == 1 || group.edge)
    return EdgeScan::emitFold(b, loc, begin, end, init, kind, visit, finish);
  auto [lane, first] = laneStart(b, loc, begin);
  // Each lane folds its entries into its own copy of `init`, which a sum
  // must count once: the other lanes start from zero, and their partial
  // differences add up.
  Value start = init;
  ReduceKind across = kind == ReduceKind::Sub ? ReduceKind::Add : kind;
  if (!isIdempotent(kind)) {
    Value zero =
        arith::ConstantOp::create(b, loc, b.getZeroAttr(init.getType()));
    Value leader =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane,
                              arith::ConstantIndexOp::create(b, loc, 0));
    start = arith::SelectOp::create(b, loc, leader, init, zero);
  }
  Value partial = emitStrided(b, loc, first, begin, end, start, visit);
  auto combined = GroupReduceOp::create(b, loc, across, partial, group.lanes);
  OpBuilder::InsertionGuard guard(b);
  Block *body =
      b.createBlock(&combined.getBody(), {}, {partial.getType()}, {loc});
  finish(b, body->getArgument(0));
}

void LaneEdgeScan::emitSearch(OpBuilder &b, Location loc, Value begin,
                              Value end, Test test, VisitWhile visit,
                              StillOpen open) const {
  assert(!group.edge && "a pull scans a destination's in-edges in a group");
  if (group.lanes == 1)
    return getSerialEdgeScan().emitSearch(b, loc, begin, end, test, visit,
                                          open);
  // Each lane visits its entries until a visit (its own or another lane's,
  // seen through `open` at its next entry) closes the vertex.
  Value first = laneStart(b, loc, begin).second;
  Type indexType = b.getIndexType(), i1 = b.getI1Type();
  auto yes = [&](OpBuilder &b) {
    return arith::ConstantIntOp::create(b, loc, 1, 1);
  };
  scf::WhileOp::create(
      b, loc, TypeRange{indexType}, ValueRange{first},
      [&](OpBuilder &b, Location, ValueRange args) {
        scf::ConditionOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, args[0],
                                  end),
            args);
      },
      [&](OpBuilder &b, Location, ValueRange args) {
        Value k = args[0];
        auto ifMine = scf::IfOp::create(
            b, loc, TypeRange{i1},
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, k, begin),
            /*withElseRegion=*/true);
        {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(ifMine.thenBlock());
          Value goOn;
          if (test) {
            auto ifPass = scf::IfOp::create(b, loc, TypeRange{i1}, test(b, k),
                                            /*withElseRegion=*/true);
            b.setInsertionPointToStart(ifPass.thenBlock());
            scf::YieldOp::create(b, loc, visit(b, k));
            b.setInsertionPointToStart(ifPass.elseBlock());
            scf::YieldOp::create(b, loc, open(b));
            b.setInsertionPointAfter(ifPass);
            goOn = ifPass.getResult(0);
          } else {
            goOn = visit(b, k);
          }
          scf::YieldOp::create(b, loc, goOn);
          b.setInsertionPointToStart(ifMine.elseBlock());
          scf::YieldOp::create(b, loc, ValueRange{yes(b)});
        }
        Value next = arith::SelectOp::create(
            b, loc, ifMine.getResult(0),
            arith::AddIOp::create(
                b, loc, k, arith::ConstantIndexOp::create(b, loc, group.lanes)),
            end);
        scf::YieldOp::create(b, loc, next);
      });
}
