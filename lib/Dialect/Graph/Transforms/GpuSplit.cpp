//===- GpuSplit.cpp - a fused loop's phases launched one by one -----------===//
//
// Kernel fusion's split mode: the fused kernel that graph-lower-gpu made of
// a while loop (graph.split_launches) is taken apart again. Its uniform code
// runs on the host, each graph.grid_phase becomes a gpu.launch of the
// phase's grid, and the grid barriers go: the launches run in order and
// the host waits for each. The loop keeps fusion's device state (queues,
// maps, buckets, list levels). See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "GpuExecution.h"
#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHSPLITGRIDPHASES
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

/// Whether `phase` is host writes that fusion gave one thread (zeroing a
/// counter, storing the loop's results): one thread of one block, which
/// does not read its ids, and holds nothing but stores and pure ops without
/// regions.
static bool isHostWrites(GridPhaseOp phase) {
  auto one = [](Value v) {
    std::optional<int64_t> c = getConstantIntValue(v);
    return c && *c == 1;
  };
  Block &body = phase.getBody().front();
  return one(phase.getBlocks()) && one(phase.getThreads()) &&
         llvm::all_of(body.getArguments(),
                      [](BlockArgument arg) { return arg.use_empty(); }) &&
         llvm::all_of(body, [](Operation &op) {
           return isa<memref::StoreOp, VectorSetOp>(op) ||
                  (op.getNumRegions() == 0 && isMemoryEffectFree(&op));
         });
}

/// `phase` as a launch of its grid, in its place (inside an scf.if on a
/// nonzero block count unless that is a constant); returns the launch, or
/// null when `phase` is host writes, which run on the host in its place
/// (the host reads what they write after the next launches anyway, and
/// their memory starts each step as the host set it).
static gpu::LaunchOp launchPhase(GridPhaseOp phase, RewriterBase &rewriter) {
  Location loc = phase.getLoc();
  if (isHostWrites(phase)) {
    Block &body = phase.getBody().front();
    body.eraseArguments(0, body.getNumArguments());
    rewriter.inlineBlockBefore(&body, phase);
    rewriter.eraseOp(phase);
    return nullptr;
  }
  rewriter.setInsertionPoint(phase);
  Value blocks = phase.getBlocks();
  std::optional<int64_t> known = getConstantIntValue(blocks);
  if (!known || *known < 1) {
    Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
    auto some = scf::IfOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, blocks,
                              c0),
        /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(some.thenBlock());
  }
  Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto launch = gpu::LaunchOp::create(rewriter, loc, blocks, c1, c1,
                                      phase.getThreads(), c1, c1);
  Block *body = &launch.getBody().front();
  rewriter.inlineBlockBefore(&phase.getBody().front(), body, body->end(),
                             {launch.getBlockIds().x, launch.getThreadIds().x});
  rewriter.setInsertionPointToEnd(body);
  gpu::TerminatorOp::create(rewriter, loc);
  rewriter.eraseOp(phase);
  return launch;
}

/// Erases `state`, a grid barrier's, when nothing but its initial stores
/// and its dealloc use it any more.
static void eraseBarrierState(Value state, RewriterBase &rewriter) {
  auto alloc = state.getDefiningOp<memref::AllocOp>();
  if (!alloc || llvm::any_of(state.getUsers(), [](Operation *user) {
        return !isa<memref::StoreOp, memref::DeallocOp>(user);
      }))
    return;
  for (Operation *user : llvm::make_early_inc_range(state.getUsers()))
    rewriter.eraseOp(user);
  rewriter.eraseOp(alloc);
}

/// Splits the fused kernel `kernel`: its phases as launches, its uniform
/// code on the host in its place.
static LogicalResult splitKernel(gpu::LaunchOp kernel, RewriterBase &rewriter) {
  Block &body = kernel.getBody().front();
  if (kernel.getNumWorkgroupAttributions() ||
      kernel.getNumPrivateAttributions() || kernel.getAsyncToken() ||
      !kernel.getAsyncDependencies().empty())
    return kernel.emitOpError(
        "with graph.split_launches has attributions or async tokens");
  for (BlockArgument arg : body.getArguments())
    if (!arg.use_empty())
      return kernel.emitOpError("with graph.split_launches reads the "
                                "launch's ids (its phases have their own)");
  WalkResult nested =
      kernel.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (isa<GridPhaseOp>(op))
          return WalkResult::skip();
        if (op != body.getTerminator() &&
            op->getDialect() == kernel->getDialect())
          return WalkResult::interrupt();
        return WalkResult::advance();
      });
  if (nested.wasInterrupted())
    return kernel.emitOpError("with graph.split_launches has gpu ops in its "
                              "uniform code, which split launches run on the "
                              "host");

  SmallVector<GridPhaseOp> phases;
  SmallVector<GridBarrierOp> barriers;
  kernel.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto phase = dyn_cast<GridPhaseOp>(op)) {
      phases.push_back(phase);
      return WalkResult::skip();
    }
    if (auto barrier = dyn_cast<GridBarrierOp>(op))
      barriers.push_back(barrier);
    return WalkResult::advance();
  });
  SmallVector<gpu::LaunchOp> launches;
  for (GridPhaseOp phase : phases)
    if (gpu::LaunchOp launch = launchPhase(phase, rewriter))
      launches.push_back(launch);
  SetVector<Value> states;
  for (GridBarrierOp barrier : barriers) {
    states.insert(barrier.getState());
    rewriter.eraseOp(barrier);
  }

  // The uniform code, once, on the host.
  rewriter.eraseOp(body.getTerminator());
  body.eraseArguments(0, body.getNumArguments());
  rewriter.inlineBlockBefore(&body, kernel);
  rewriter.eraseOp(kernel);
  for (Value state : states)
    eraseBarrierState(state, rewriter);

  for (gpu::LaunchOp launch : launches) {
    deferChecks(launch, rewriter);
    placeCapturedEdges(launch, rewriter);
  }
  return success();
}

namespace {
struct GraphSplitGridPhasesPass
    : graph::impl::GraphSplitGridPhasesBase<GraphSplitGridPhasesPass> {
  void runOnOperation() override {
    SmallVector<gpu::LaunchOp> kernels;
    getOperation().walk([&](gpu::LaunchOp launch) {
      if (launch->hasAttr(kSplitLaunchesAttr))
        kernels.push_back(launch);
    });
    IRRewriter rewriter(&getContext());
    for (gpu::LaunchOp kernel : kernels)
      if (failed(splitKernel(kernel, rewriter)))
        return signalPassFailure();
    hoistPlacedLookups(getOperation(), rewriter);
  }
};
} // namespace
