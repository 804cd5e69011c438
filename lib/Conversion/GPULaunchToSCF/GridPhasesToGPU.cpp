//===- GridPhasesToGPU.cpp - fused kernels' phases on a GPU ---------------===//
//
// The grid phases and barriers of a fused kernel (graph-lower-gpu's kernel
// fusion) as a GPU runs them: strided loops and a barrier of the whole grid
// in global memory. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Conversion/GPULaunchToSCF/GPULaunchToSCF.h"
#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Dialect/Graph/IR/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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

/// `value` of the lane whose id differs from the calling lane's in the bits
/// of `offset` (gpu.shuffle xor), for any integer or float of at most 64
/// bits: shuffles move 32 bits, so a 64-bit value moves as two halves.
static Value shuffleXor(OpBuilder &b, Location loc, Value value,
                        int64_t offset) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type(), bitsType = b.getIntegerType(bits);
  Value by = arith::ConstantIntOp::create(b, loc, offset, 32);
  Value width = arith::ConstantIntOp::create(b, loc, 32, 32);
  auto shuffle = [&](Value word) {
    return gpu::ShuffleOp::create(b, loc, word, by, width,
                                  gpu::ShuffleMode::XOR)
        .getShuffleResult();
  };
  Value word = value;
  if (isa<FloatType>(type))
    word = arith::BitcastOp::create(b, loc, bitsType, value);
  Value moved;
  if (bits == 64) {
    Value half = arith::ConstantIntOp::create(b, loc, 32, 64);
    Value low = shuffle(arith::TruncIOp::create(b, loc, i32, word));
    Value high = shuffle(arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, word, half)));
    Type i64 = b.getI64Type();
    moved = arith::OrIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, i64, low),
        arith::ShLIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, high),
                              half));
  } else if (bits < 32) {
    moved = arith::TruncIOp::create(
        b, loc, bitsType, shuffle(arith::ExtUIOp::create(b, loc, i32, word)));
  } else {
    moved = shuffle(word);
  }
  if (isa<FloatType>(type))
    moved = arith::BitcastOp::create(b, loc, type, moved);
  return moved;
}

/// Combines `value` over aligned runs of `lanes` lanes (at most a warp) by
/// a butterfly of shuffles: every lane ends with its run's total.
static Value combineLanes(OpBuilder &b, Location loc, graph::ReduceKind kind,
                          Value value, int64_t lanes) {
  for (int64_t offset = lanes / 2; offset > 0; offset /= 2)
    value = graph::combineReduction(b, loc, kind, value,
                                    shuffleXor(b, loc, value, offset));
  return value;
}

/// A group's total on every lane: within a warp by shuffles; a block's warps
/// then leave their totals in shared memory, between two block barriers
/// (the second before a phase's next block writes them again), and every
/// warp combines them. The group's first thread runs the body.
static LogicalResult lowerGroupReduce(RewriterBase &rewriter,
                                      graph::GroupReduceOp op) {
  Location loc = op.getLoc();
  constexpr int64_t kWarp = 32;
  int64_t lanes = op.getLanes();
  auto launch = op->getParentOfType<gpu::LaunchOp>();
  std::optional<int64_t> blockThreads =
      getConstantIntValue(launch.getBlockSizeX());
  if (lanes > kWarp && blockThreads && *blockThreads != lanes)
    return op.emitOpError("groups more than a warp, so its group is the "
                          "whole block, but the block has ")
           << *blockThreads << " threads";
  rewriter.setInsertionPoint(op);
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  graph::ReduceKind kind = op.getKind();
  Value total =
      combineLanes(rewriter, loc, kind, op.getValue(), std::min(lanes, kWarp));
  Value thread = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
  if (lanes > kWarp) {
    int64_t warps = lanes / kWarp;
    auto shared = MemRefType::get(
        {warps}, total.getType(), MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(rewriter.getContext(),
                                   gpu::AddressSpace::Workgroup));
    Value totals = launch.addWorkgroupAttribution(shared, loc);
    Value lane = arith::RemUIOp::create(rewriter, loc, thread, index(kWarp));
    Value warp = arith::DivUIOp::create(
        rewriter, loc,
        arith::RemUIOp::create(rewriter, loc, thread, index(lanes)),
        index(kWarp));
    auto ifLeader = scf::IfOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, lane,
                              index(0)),
        /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifLeader.thenBlock());
      memref::StoreOp::create(rewriter, loc, total, totals, warp);
    }
    gpu::BarrierOp::create(rewriter, loc);
    Value mine = memref::LoadOp::create(
        rewriter, loc, totals,
        ValueRange{arith::RemUIOp::create(rewriter, loc, lane, index(warps))});
    total = combineLanes(rewriter, loc, kind, mine, warps);
    gpu::BarrierOp::create(rewriter, loc);
  }
  auto ifFirst = scf::IfOp::create(
      rewriter, loc,
      arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq,
          arith::RemUIOp::create(rewriter, loc, thread, index(lanes)),
          index(0)),
      /*withElseRegion=*/false);
  rewriter.inlineBlockBefore(&op.getBody().front(),
                             ifFirst.thenBlock()->getTerminator(), {total});
  rewriter.eraseOp(op);
  return success();
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
    SmallVector<graph::GroupReduceOp> groups;
    getOperation().walk([&](graph::GroupReduceOp op) { groups.push_back(op); });
    for (graph::GroupReduceOp op : groups)
      if (failed(lowerGroupReduce(rewriter, op)))
        return signalPassFailure();
  }
};
} // namespace
