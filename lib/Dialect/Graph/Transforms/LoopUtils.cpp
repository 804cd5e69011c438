//===- LoopUtils.cpp - loops that follow a schedule -----------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/LoopUtils.h"
#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace mlir;
using namespace mlir::graph;

void ExecutionModel::emitLoop(OpBuilder &builder, Location loc, Value lb,
                              Value ub, Parallelization parallel, Value chunk,
                              const TeamSpec &team, LoopBody body,
                              ThreadCallback head, ThreadCallback tail) const {
  OpBuilder::InsertionGuard guard(builder);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  if (parallel != Parallelization::Serial) {
    emitParallelLoop(builder, loc, lb, ub, one, parallel, chunk, team, body,
                     head, tail);
    return;
  }
  if (head)
    head(builder, loc);
  scf::ForOp::create(builder, loc, lb, ub, one, ValueRange{},
                     [&](OpBuilder &b, Location l, Value iv, ValueRange) {
                       body(b, l, iv);
                       scf::YieldOp::create(b, l);
                     });
  if (tail)
    tail(builder, loc);
}

/// A static schedule's chunk for `[lb, ub)`: one contiguous block of whole
/// grains per thread, ceil(n / (threads * grain)) * grain iterations (at
/// least one grain). Each thread then streams through memory of its own,
/// instead of the threads taking turns every grain as a chunk of one grain
/// would have them do.
static Value staticBlock(OpBuilder &b, Location loc, Value lb, Value ub,
                         int64_t grain) {
  Type i64 = b.getI64Type();
  auto constant = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, v, 64);
  };
  Value trips = arith::MaxSIOp::create(
      b, loc,
      arith::IndexCastOp::create(b, loc, i64,
                                 arith::SubIOp::create(b, loc, ub, lb)),
      constant(0));
  Value threads = arith::IndexCastOp::create(
      b, loc, i64, MaxThreadsOp::create(b, loc, b.getIndexType()));
  Value grains = arith::CeilDivUIOp::create(
      b, loc, trips, arith::MulIOp::create(b, loc, threads, constant(grain)));
  return arith::MulIOp::create(
      b, loc, arith::MaxUIOp::create(b, loc, grains, constant(1)),
      constant(grain));
}

void mlir::graph::buildVertexLoop(
    OpBuilder &builder, Location loc, Value lb, Value ub,
    Parallelization parallel, int64_t grain,
    function_ref<void(OpBuilder &, Location, Value)> body) {
  // The chunk is created outside the parallel region so that every thread
  // of the team reads the same value.
  Value chunk;
  if (parallel == Parallelization::StaticVertex)
    chunk = staticBlock(builder, loc, lb, ub, grain);
  else if (parallel != Parallelization::Serial)
    chunk = arith::ConstantIntOp::create(builder, loc, grain, 64);
  getOpenMPExecution().emitLoop(builder, loc, lb, ub, parallel, chunk,
                                /*team=*/{}, body);
}

Value mlir::graph::buildNotEqual(OpBuilder &builder, Location loc, Value lhs,
                                 Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNE, lhs,
                                 rhs);
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, lhs,
                               rhs);
}

SmallVector<OpOperand *> mlir::graph::usesThroughBranches(Value set) {
  SmallVector<Value> work{set};
  SmallPtrSet<Value, 8> seen;
  seen.insert(set);
  SmallVector<OpOperand *> uses;
  // Whether `use` is among `operands`, which go on as `inputs`.
  auto forward = [&](OpOperand &use, OperandRange operands, ValueRange inputs) {
    if (operands.empty())
      return false;
    unsigned index = use.getOperandNumber() - operands.getBeginOperandIndex();
    if (index >= operands.size() || index >= inputs.size())
      return false;
    if (seen.insert(inputs[index]).second)
      work.push_back(inputs[index]);
    return true;
  };
  while (!work.empty()) {
    Value value = work.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      SmallVector<Attribute> unknown(user->getNumOperands());
      SmallVector<RegionSuccessor> successors;
      bool forwarded = false;
      auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(user);
      if (terminator && isa<RegionBranchOpInterface>(user->getParentOp())) {
        terminator.getSuccessorRegions(unknown, successors);
        for (const RegionSuccessor &successor : successors)
          forwarded |= forward(use, terminator.getSuccessorOperands(successor),
                               successor.getSuccessorInputs());
      } else if (auto branch = dyn_cast<RegionBranchOpInterface>(user)) {
        branch.getEntrySuccessorRegions(unknown, successors);
        for (const RegionSuccessor &successor : successors)
          forwarded |= forward(use, branch.getEntrySuccessorOperands(successor),
                               successor.getSuccessorInputs());
      }
      if (!forwarded)
        uses.push_back(&use);
    }
  }
  return uses;
}
