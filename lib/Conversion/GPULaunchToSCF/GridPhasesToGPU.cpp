//===- GridPhasesToGPU.cpp - fused kernels' phases on a GPU ---------------===//
//
// The grid phases and barriers of a fused kernel (graph-lower-gpu's kernel
// fusion) as a GPU runs them: strided loops and a barrier of the whole grid
// in global memory. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Conversion/GPULaunchToSCF/GPULaunchToSCF.h"
#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::graph {
#define GEN_PASS_DEF_CONVERTGRIDPHASESTOGPU
#include "graph-mlir/Conversion/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;

#define DEBUG_TYPE "convert-grid-phases-to-gpu"

/// Block `b` of the launch runs the phase's blocks b, b + gridDim.x, ...;
/// thread `t` its threads t, t + blockDim.x, ...
static void lowerPhase(RewriterBase &rewriter, graph::GridPhaseOp phase) {
  Location loc = phase.getLoc();
  rewriter.setInsertionPoint(phase);
  auto x = gpu::Dimension::x;
  auto blocks = scf::ForOp::create(
      rewriter, loc, gpu::BlockIdOp::create(rewriter, loc, x),
      phase.getBlocks(), gpu::GridDimOp::create(rewriter, loc, x));
  rewriter.setInsertionPointToStart(blocks.getBody());
  auto threads = scf::ForOp::create(
      rewriter, loc, gpu::ThreadIdOp::create(rewriter, loc, x),
      phase.getThreads(), gpu::BlockDimOp::create(rewriter, loc, x));
  rewriter.inlineBlockBefore(
      &phase.getBody().front(), threads.getBody()->getTerminator(),
      {blocks.getInductionVar(), threads.getInductionVar()});
  rewriter.eraseOp(phase);
}

/// A barrier of the whole grid on `state` (arrivals, generation).
static void lowerBarrier(RewriterBase &rewriter, graph::GridBarrierOp barrier) {
  Location loc = barrier.getLoc();
  rewriter.setInsertionPoint(barrier);
  Value state = barrier.getState();
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  auto i32 = [&](int64_t v) {
    return arith::ConstantIntOp::create(rewriter, loc, v, 32);
  };
  auto atomic = [&](OpBuilder &b, arith::AtomicRMWKind kind, Value value,
                    int64_t slot) {
    return memref::AtomicRMWOp::create(b, loc, kind, value, state,
                                       ValueRange{index(slot)})
        .getResult();
  };
  gpu::BarrierOp::create(rewriter, loc);
  Value first = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq,
      gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x), index(0));
  auto ifFirst = scf::IfOp::create(rewriter, loc, first, false);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifFirst.thenBlock());
    // The block's writes reach the GPU before it counts itself in.
    NVVM::MembarOp::create(rewriter, loc, NVVM::MemScopeKind::GPU);
    Value generation = atomic(rewriter, arith::AtomicRMWKind::addi, i32(0), 1);
    Value arrived = atomic(rewriter, arith::AtomicRMWKind::addi, i32(1), 0);
    Value blocks = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI32Type(),
        gpu::GridDimOp::create(rewriter, loc, gpu::Dimension::x));
    Value last = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, arrived,
        arith::SubIOp::create(rewriter, loc, blocks, i32(1)));
    auto ifLast = scf::IfOp::create(rewriter, loc, last, true);
    rewriter.setInsertionPointToStart(ifLast.thenBlock());
    atomic(rewriter, arith::AtomicRMWKind::assign, i32(0), 0);
    atomic(rewriter, arith::AtomicRMWKind::addi, i32(1), 1);
    rewriter.setInsertionPointToStart(ifLast.elseBlock());
    scf::WhileOp::create(
        rewriter, loc, TypeRange{}, ValueRange{},
        [&](OpBuilder &b, Location, ValueRange) {
          Value now = atomic(b, arith::AtomicRMWKind::addi, i32(0), 1);
          scf::ConditionOp::create(
              b, loc,
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, now,
                                    generation),
              ValueRange{});
        },
        [&](OpBuilder &b, Location, ValueRange) {
          scf::YieldOp::create(b, loc);
        });
    rewriter.setInsertionPointAfter(ifLast);
    // The other blocks' writes are seen after it.
    NVVM::MembarOp::create(rewriter, loc, NVVM::MemScopeKind::GPU);
  }
  gpu::BarrierOp::create(rewriter, loc);
  rewriter.eraseOp(barrier);
}

namespace {
struct ConvertGridPhasesToGPUPass
    : graph::impl::ConvertGridPhasesToGPUBase<ConvertGridPhasesToGPUPass> {
  void runOnOperation() override {
    SmallVector<graph::GridPhaseOp> phases;
    SmallVector<graph::GridBarrierOp> barriers;
    getOperation().walk([&](Operation *op) {
      if (auto phase = dyn_cast<graph::GridPhaseOp>(op))
        phases.push_back(phase);
      else if (auto barrier = dyn_cast<graph::GridBarrierOp>(op))
        barriers.push_back(barrier);
    });
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE ": " << phases.size() << " grid phases, "
               << barriers.size() << " grid barriers\n");
    IRRewriter rewriter(&getContext());
    SmallVector<graph::GpuCooperativeOp> queries;
    getOperation().walk(
        [&](graph::GpuCooperativeOp op) { queries.push_back(op); });
    if (!queries.empty()) {
      // libgraphrt's answer: int graphrt_gpu_cooperative(void).
      ModuleOp module = getOperation();
      StringRef name = "graphrt_gpu_cooperative";
      auto type = rewriter.getFunctionType({}, rewriter.getI32Type());
      if (!module.lookupSymbol<func::FuncOp>(name)) {
        rewriter.setInsertionPointToStart(module.getBody());
        func::FuncOp::create(rewriter, module.getLoc(), name, type)
            .setPrivate();
      }
      for (graph::GpuCooperativeOp op : queries) {
        rewriter.setInsertionPoint(op);
        Value answer = func::CallOp::create(rewriter, op.getLoc(), name,
                                            rewriter.getI32Type(), ValueRange{})
                           .getResult(0);
        rewriter.replaceOpWithNewOp<arith::CmpIOp>(
            op, arith::CmpIPredicate::ne, answer,
            arith::ConstantIntOp::create(rewriter, op.getLoc(), 0, 32));
      }
    }
    for (graph::GridPhaseOp phase : phases)
      lowerPhase(rewriter, phase);
    for (graph::GridBarrierOp barrier : barriers)
      lowerBarrier(rewriter, barrier);
  }
};
} // namespace
