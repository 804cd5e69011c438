//===- GpuExecution.cpp - the traversal emitter's GPU hooks ---------------===//
//
// Kernels in the region form (gpu.launch inside the host function), so that
// convert-graph-to-scf lowers the graph ops of their bodies like any other;
// the GPU pipeline outlines them into a gpu.module, the gpu-host pipeline
// runs them as host loops.
//
//===----------------------------------------------------------------------===//

#include "GpuExecution.h"

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
  assert(!init && "lanes of a group carry nothing across edges");
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value lane = arith::RemUIOp::create(
      b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
      index(group.lanes));
  // 32 ids of 4 bytes: the line a warp reads in one merged transaction.
  Value aligned = arith::AndIOp::create(b, loc, begin, index(~int64_t(31)));
  Value first = arith::AddIOp::create(b, loc, aligned, lane);
  scf::ForOp::create(
      b, loc, first, end, index(group.lanes), ValueRange{},
      [&](OpBuilder &b, Location, Value k, ValueRange) {
        Value mine =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, k, begin);
        auto ifMine = scf::IfOp::create(b, loc, mine, /*withElseRegion=*/false);
        b.setInsertionPointToStart(ifMine.thenBlock());
        visit(b, k, Value());
        b.setInsertionPointAfter(ifMine);
        scf::YieldOp::create(b, loc);
      });
  return Value();
}

void LaneEdgeScan::emitSearch(OpBuilder &b, Location loc, Value begin,
                              Value end, Test test, VisitWhile visit) const {
  // graph-lower-gpu scans a pull's in-edges with one thread per destination:
  // a search that stops at its first hit has no lanes to share it with.
  assert(group.lanes == 1 && !group.edge && "a pull scans with one thread");
  getSerialEdgeScan().emitSearch(b, loc, begin, end, test, visit);
}
