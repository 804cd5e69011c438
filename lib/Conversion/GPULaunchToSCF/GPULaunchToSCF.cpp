//===- GPULaunchToSCF.cpp - gpu.launch kernels as host loops --------------===//
//
// Runs every gpu.launch on the host for `graphc --target=gpu-host`: its
// blocks as an scf.parallel, the threads of a block as scf.for loops, one
// after another. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Conversion/GPULaunchToSCF/GPULaunchToSCF.h"
#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Dialect/Graph/IR/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/TypeSwitch.h"

namespace mlir::graph {
#define GEN_PASS_DEF_CONVERTGPULAUNCHTOSCF
#include "graph-mlir/Conversion/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;

#define DEBUG_TYPE "convert-gpu-launch-to-scf"

/// The lanes of a subgroup (a warp on NVIDIA GPUs).
static constexpr int64_t kSubgroupSize = 32;

/// Whether `launch` is a fused kernel: a loop of grid phases.
static bool hasPhases(gpu::LaunchOp launch) {
  return launch.getBody()
      .walk([](graph::GridPhaseOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Why `op`, an op of the gpu dialect, cannot run on the host after this
/// pass; empty when it can.
static StringRef whyNotOnHost(Operation *op) {
  auto kernel = op->getParentOfType<gpu::LaunchOp>();
  if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
    if (kernel)
      return "--target=gpu-host kernels cannot launch kernels";
    if (!launch.getAsyncDependencies().empty() || launch.getAsyncToken())
      return "--target=gpu-host runs each gpu.launch to its end where it "
             "stands, with no async dependencies or token";
    if (launch.getDynamicSharedMemorySize() ||
        launch.getNumWorkgroupAttributions())
      return "--target=gpu-host kernels have no shared (workgroup) memory";
    if (launch.getNumPrivateAttributions())
      return "--target=gpu-host kernels take thread-private memory from "
             "memref.alloca, not from private attributions";
    if (launch.hasClusterSize())
      return "--target=gpu-host has no thread-block clusters";
    if (hasPhases(launch) &&
        llvm::any_of(launch.getBody().getArguments(),
                     [](Value arg) { return !arg.use_empty(); }))
      return "a kernel of grid phases names its blocks and threads by its "
             "phases' arguments, not by the launch's";
    return "";
  }
  if (isa<gpu::BarrierOp, gpu::ShuffleOp, gpu::RotateOp,
          gpu::SubgroupBroadcastOp, gpu::SubgroupReduceOp, gpu::AllReduceOp>(
          op) ||
      op->getName().getStringRef().starts_with("gpu.subgroup_mma_"))
    return "--target=gpu-host runs the threads of a block one after another, "
           "so its kernels must not synchronize or exchange values between "
           "threads";
  if (isa<gpu::DynamicSharedMemoryOp>(op))
    return "--target=gpu-host kernels have no shared (workgroup) memory";
  if (isa<gpu::ClusterIdOp, gpu::ClusterDimOp, gpu::ClusterBlockIdOp,
          gpu::ClusterDimBlocksOp>(op))
    return "--target=gpu-host has no thread-block clusters";
  if (isa<gpu::TerminatorOp>(op))
    return "";
  if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
          gpu::GlobalIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp,
          gpu::SubgroupSizeOp, gpu::NumSubgroupsOp>(op)) {
    if (!kernel)
      return "outside the body of a gpu.launch it has no value";
    if (!op->getParentOfType<graph::GridPhaseOp>() && hasPhases(kernel))
      return "a kernel of grid phases runs its code outside them as one "
             "uniform program, of no thread or block";
    return "";
  }
  return "--target=gpu-host runs gpu.launch kernels and their thread, block "
         "and subgroup ids, and no other gpu op";
}

/// The `dimension` component of `values`.
static Value component(const gpu::KernelDim3 &values,
                       gpu::Dimension dimension) {
  switch (dimension) {
  case gpu::Dimension::x:
    return values.x;
  case gpu::Dimension::y:
    return values.y;
  case gpu::Dimension::z:
    return values.z;
  }
  llvm_unreachable("unknown dimension");
}

namespace {
/// Where a kernel body runs: the loop indices and sizes of one thread.
struct ThreadFrame {
  gpu::KernelDim3 blockIds, gridSize, threadIds, blockSize;

  /// The thread's index in its block, x fastest, as GPUs number lanes.
  Value linearThreadId(OpBuilder &b, Location loc) const {
    Value zy = arith::AddIOp::create(
        b, loc, threadIds.y,
        arith::MulIOp::create(b, loc, threadIds.z, blockSize.y));
    return arith::AddIOp::create(
        b, loc, threadIds.x, arith::MulIOp::create(b, loc, zy, blockSize.x));
  }

  /// The block's index in its grid, x fastest.
  Value linearBlockId(OpBuilder &b, Location loc) const {
    Value zy = arith::AddIOp::create(
        b, loc, blockIds.y,
        arith::MulIOp::create(b, loc, blockIds.z, gridSize.y));
    return arith::AddIOp::create(b, loc, blockIds.x,
                                 arith::MulIOp::create(b, loc, zy, gridSize.x));
  }

  /// The value of id op `op`, built before it; null for other ops.
  Value idValue(OpBuilder &b, Operation *op) const {
    Location loc = op->getLoc();
    auto subgroupSize = [&] {
      return arith::ConstantIndexOp::create(b, loc, kSubgroupSize);
    };
    return TypeSwitch<Operation *, Value>(op)
        .Case([&](gpu::ThreadIdOp id) {
          return component(threadIds, id.getDimension());
        })
        .Case([&](gpu::BlockIdOp id) {
          return component(blockIds, id.getDimension());
        })
        .Case([&](gpu::BlockDimOp id) {
          return component(blockSize, id.getDimension());
        })
        .Case([&](gpu::GridDimOp id) {
          return component(gridSize, id.getDimension());
        })
        .Case([&](gpu::GlobalIdOp id) -> Value {
          Value first = arith::MulIOp::create(
              b, loc, component(blockIds, id.getDimension()),
              component(blockSize, id.getDimension()));
          return arith::AddIOp::create(b, loc, first,
                                       component(threadIds, id.getDimension()));
        })
        .Case([&](gpu::LaneIdOp) -> Value {
          return arith::RemUIOp::create(b, loc, linearThreadId(b, loc),
                                        subgroupSize());
        })
        .Case([&](gpu::SubgroupIdOp) -> Value {
          return arith::DivUIOp::create(b, loc, linearThreadId(b, loc),
                                        subgroupSize());
        })
        .Case([&](gpu::SubgroupSizeOp) -> Value { return subgroupSize(); })
        .Case([&](gpu::NumSubgroupsOp) -> Value {
          Value threads = arith::MulIOp::create(
              b, loc, arith::MulIOp::create(b, loc, blockSize.x, blockSize.y),
              blockSize.z);
          return arith::CeilDivUIOp::create(b, loc, threads, subgroupSize());
        })
        .Default([](Operation *) { return Value(); });
  }
};
} // namespace

/// Loops over the blocks of `grid` and the threads of `block`, before the
/// rewriter's insertion point; returns the frame of one thread and the
/// innermost loop, in which a thread's body goes before the terminator.
static std::pair<ThreadFrame, scf::ForOp>
buildGridLoops(RewriterBase &rewriter, Location loc,
               const gpu::KernelDim3 &grid, const gpu::KernelDim3 &block) {
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto blocks =
      scf::ParallelOp::create(rewriter, loc, {zero, zero, zero},
                              {grid.x, grid.y, grid.z}, {one, one, one});
  // Threads: x innermost, so that the lanes of a subgroup run in a row.
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(blocks.getBody());
  auto threadsZ = scf::ForOp::create(rewriter, loc, zero, block.z, one);
  rewriter.setInsertionPointToStart(threadsZ.getBody());
  auto threadsY = scf::ForOp::create(rewriter, loc, zero, block.y, one);
  rewriter.setInsertionPointToStart(threadsY.getBody());
  auto threadsX = scf::ForOp::create(rewriter, loc, zero, block.x, one);
  SmallVector<Value> blockIds = blocks.getInductionVars();
  ThreadFrame frame{{blockIds[0], blockIds[1], blockIds[2]},
                    grid,
                    {threadsX.getInductionVar(), threadsY.getInductionVar(),
                     threadsZ.getInductionVar()},
                    block};
  return {frame, threadsX};
}

/// The op at whose start a thread of `threadsX` ends, for a thread body
/// `body`: a thread's allocas are freed at its end, as a GPU thread's are.
/// scf.for bodies are allocation scopes, but convert-scf-to-cf frees
/// nothing at their end (and canonicalize folds a memref.alloca_scope there
/// away): without this, every thread's allocas would stay on the host
/// thread's stack until the kernel ends.
static Operation *threadEnd(RewriterBase &rewriter, Location loc,
                            scf::ForOp threadsX, Region &body) {
  Operation *end = threadsX.getBody()->getTerminator();
  if (body.walk([](memref::AllocaOp) { return WalkResult::interrupt(); })
          .wasInterrupted()) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(threadsX.getBody());
    Value stack = LLVM::StackSaveOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()));
    rewriter.setInsertionPoint(end);
    end = LLVM::StackRestoreOp::create(rewriter, loc, stack);
  }
  return end;
}

/// The graph.group_reduce ops of the thread body in `threadsX` (the
/// innermost loop of buildGridLoops, `frame` its thread), for threads that
/// run one after another: each thread folds its value into its block's
/// slot of a scratch array (allocated before the grid's loops, freed after
/// them), the group's first thread starting it, and the group's last
/// thread runs the body with the group's total.
static void lowerGroupReduces(RewriterBase &rewriter, scf::ForOp threadsX,
                              const ThreadFrame &frame) {
  SmallVector<graph::GroupReduceOp> groups;
  threadsX.walk([&](graph::GroupReduceOp op) { groups.push_back(op); });
  if (groups.empty())
    return;
  auto gridLoop = threadsX->getParentOfType<scf::ParallelOp>();
  Location loc = gridLoop.getLoc();
  rewriter.setInsertionPoint(gridLoop);
  const gpu::KernelDim3 &grid = frame.gridSize;
  Value blocks = arith::MulIOp::create(
      rewriter, loc, arith::MulIOp::create(rewriter, loc, grid.x, grid.y),
      grid.z);
  for (graph::GroupReduceOp op : groups) {
    Type type = op.getValue().getType();
    rewriter.setInsertionPoint(gridLoop);
    Value scratch = memref::AllocOp::create(
        rewriter, loc, MemRefType::get({ShapedType::kDynamic}, type),
        ValueRange{blocks});
    rewriter.setInsertionPointAfter(gridLoop);
    memref::DeallocOp::create(rewriter, loc, scratch);

    Location at = op.getLoc();
    rewriter.setInsertionPoint(op);
    Value slot = frame.linearBlockId(rewriter, at);
    Value lanes = arith::ConstantIndexOp::create(rewriter, at, op.getLanes());
    Value lane = arith::RemUIOp::create(
        rewriter, at, frame.linearThreadId(rewriter, at), lanes);
    auto isLane = [&](int64_t which) {
      return arith::CmpIOp::create(
          rewriter, at, arith::CmpIPredicate::eq, lane,
          arith::ConstantIndexOp::create(rewriter, at, which));
    };
    auto fold = scf::IfOp::create(rewriter, at, TypeRange{type}, isLane(0),
                                  /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(fold.thenBlock());
      scf::YieldOp::create(rewriter, at, op.getValue());
      rewriter.setInsertionPointToStart(fold.elseBlock());
      Value before = memref::LoadOp::create(rewriter, at, scratch, slot);
      scf::YieldOp::create(rewriter, at,
                           graph::combineReduction(rewriter, at, op.getKind(),
                                                   before, op.getValue()));
    }
    Value total = fold.getResult(0);
    memref::StoreOp::create(rewriter, at, total, scratch, slot);
    auto ifLast = scf::IfOp::create(rewriter, at, isLane(op.getLanes() - 1),
                                    /*withElseRegion=*/false);
    rewriter.inlineBlockBefore(&op.getBody().front(),
                               ifLast.thenBlock()->getTerminator(), {total});
    rewriter.eraseOp(op);
  }
}

/// Replaces `launch` by loops over its blocks and threads running its body.
static void lowerLaunch(RewriterBase &rewriter, gpu::LaunchOp launch) {
  Location loc = launch.getLoc();
  rewriter.setInsertionPoint(launch);
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  auto [frame, threadsX] = buildGridLoops(rewriter, loc, grid, block);
  // The body's arguments and id ops become the frame's values, all defined
  // outside the body, before it moves.
  Region &body = launch.getBody();
  auto replaceArgs = [&](const gpu::KernelDim3 &args,
                         const gpu::KernelDim3 &values) {
    rewriter.replaceAllUsesWith(args.x, values.x);
    rewriter.replaceAllUsesWith(args.y, values.y);
    rewriter.replaceAllUsesWith(args.z, values.z);
  };
  replaceArgs(launch.getBlockIds(), frame.blockIds);
  replaceArgs(launch.getGridSize(), frame.gridSize);
  replaceArgs(launch.getThreadIds(), frame.threadIds);
  replaceArgs(launch.getBlockSize(), frame.blockSize);
  SmallVector<Operation *> idOps;
  body.walk([&](Operation *op) {
    if (isa<gpu::GPUDialect>(op->getDialect()) && !isa<gpu::TerminatorOp>(op))
      idOps.push_back(op);
  });
  for (Operation *op : idOps) {
    rewriter.setInsertionPoint(op);
    rewriter.replaceOp(op, frame.idValue(rewriter, op));
  }

  Operation *end = threadEnd(rewriter, loc, threadsX, body);
  Block &entry = body.front();
  entry.eraseArguments(0, entry.getNumArguments());
  if (body.hasOneBlock()) {
    rewriter.eraseOp(entry.getTerminator());
    rewriter.inlineBlockBefore(&entry, end);
  } else {
    // Control flow between blocks: the body becomes one region, whose
    // gpu.terminators end the thread.
    rewriter.setInsertionPoint(end);
    auto region = scf::ExecuteRegionOp::create(rewriter, loc, TypeRange());
    rewriter.inlineRegionBefore(body, region.getRegion(),
                                region.getRegion().end());
    for (Block &each : region.getRegion()) {
      Operation *terminator = each.getTerminator();
      if (isa<gpu::TerminatorOp>(terminator)) {
        rewriter.setInsertionPoint(terminator);
        rewriter.replaceOpWithNewOp<scf::YieldOp>(terminator);
      }
    }
  }
  rewriter.eraseOp(launch);
  lowerGroupReduces(rewriter, threadsX, frame);
}

/// Replaces the fused kernel `launch` by its uniform code, run once on the
/// host, in which each grid phase is loops over its blocks and threads and
/// each grid barrier is the boundary between two such loops.
static void lowerFusedLaunch(RewriterBase &rewriter, gpu::LaunchOp launch) {
  SmallVector<graph::GridPhaseOp> phases;
  SmallVector<graph::GridBarrierOp> barriers;
  launch.getBody().walk([&](Operation *op) {
    if (auto phase = dyn_cast<graph::GridPhaseOp>(op))
      phases.push_back(phase);
    else if (auto barrier = dyn_cast<graph::GridBarrierOp>(op))
      barriers.push_back(barrier);
  });
  for (graph::GridBarrierOp barrier : barriers)
    rewriter.eraseOp(barrier);
  for (graph::GridPhaseOp phase : phases) {
    Location loc = phase.getLoc();
    rewriter.setInsertionPoint(phase);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto [frame, threadsX] =
        buildGridLoops(rewriter, loc, {phase.getBlocks(), one, one},
                       {phase.getThreads(), one, one});
    Operation *end = threadEnd(rewriter, loc, threadsX, phase.getBody());
    Block &entry = phase.getBody().front();
    rewriter.inlineBlockBefore(&entry, end,
                               {frame.blockIds.x, frame.threadIds.x});
    rewriter.eraseOp(phase);
    lowerGroupReduces(rewriter, threadsX, frame);
  }
  Block &entry = launch.getBody().front();
  rewriter.eraseOp(entry.getTerminator());
  rewriter.inlineBlockBefore(&entry, launch);
  rewriter.eraseOp(launch);
}

namespace {
struct ConvertGPULaunchToSCFPass
    : graph::impl::ConvertGPULaunchToSCFBase<ConvertGPULaunchToSCFPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Nothing changes unless every gpu op can run on the host.
    SmallVector<gpu::LaunchOp> launches;
    WalkResult checked = module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->getName().getDialectNamespace() !=
          gpu::GPUDialect::getDialectNamespace())
        return WalkResult::advance();
      StringRef reason = whyNotOnHost(op);
      if (!reason.empty()) {
        // One line: no dump of the op, which the user may not have written.
        emitError(op->getLoc())
            << "'" << op->getName() << "' cannot run on the host: " << reason;
        return WalkResult::interrupt();
      }
      if (auto launch = dyn_cast<gpu::LaunchOp>(op))
        launches.push_back(launch);
      return WalkResult::advance();
    });
    if (checked.wasInterrupted())
      return signalPassFailure();

    IRRewriter rewriter(&getContext());
    // The host runs a fused loop's phases whatever its grid.
    module.walk([&](graph::GpuCooperativeOp op) {
      rewriter.setInsertionPoint(op);
      rewriter.replaceOpWithNewOp<arith::ConstantIntOp>(op, 1, 1);
    });
    for (gpu::LaunchOp launch : launches) {
      LLVM_DEBUG(llvm::dbgs()
                 << DEBUG_TYPE ": running on the host the launch at "
                 << launch.getLoc()
                 << (hasPhases(launch) ? " (grid phases)\n" : "\n"));
      if (hasPhases(launch))
        lowerFusedLaunch(rewriter, launch);
      else
        lowerLaunch(rewriter, launch);
    }
    module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  }
};
} // namespace
