//===- GpuFusion.cpp - a whole while loop as one cooperative kernel -------===//
//
// Kernel fusion (GraphIt's configKernelFusion on a while loop): after
// graph-lower-gpu made the loop's traversals and vertex loops gpu.launch
// kernels, the loop moves into one gpu.launch. Each former kernel becomes a
// graph.grid_phase, the host code between them runs on every thread as
// uniform code, and graph.grid_barrier separates what depends on each
// other. The loop's frontier lives on the device: two id queues, used in
// turn, and its size a uniform loop-carried value. A traversal that reads
// it as a bit or byte map (a pull, edge_only) gets the map made from the
// queue by kernels, and one that marks its output in a map (a pull, an
// unfused push) has the marked vertices appended to the next queue by a
// kernel; a hybrid's two directions each fill the next queue.
//
//===----------------------------------------------------------------------===//

#include "Frontier.h"
#include "GpuExecution.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>
#include <limits>

using namespace mlir;
using namespace mlir::graph;

/// Loop-invariant host ops that move in front of the fused kernel: what
/// the traversals read of the graph, and the program's arguments.
static bool isHoistable(Operation *op, scf::WhileOp loop) {
  if (op->getNumRegions() || op->hasTrait<OpTrait::IsTerminator>() ||
      llvm::any_of(op->getOperands(), [&](Value v) {
        return loop->isAncestor(v.getParentRegion()->getParentOp());
      }))
    return false;
  return isa<AdjacencyOp, AdjacencyWeightsOp, NumVerticesOp, NumEdgesOp, ArgvOp,
             AtoiOp>(op) ||
         isMemoryEffectFree(op);
}

/// Host writes of the uniform code, which one thread does in a phase.
static bool isHostWrite(Operation *op) {
  return isa<memref::StoreOp, VectorSetOp>(op);
}

namespace {
/// A set the body makes as the next frontier, and the ops filling it: its
/// id buffers and seal_ids (a push), or its bit or byte map and seal_dense
/// (a pull, or a push with an unfused output).
struct NextFrontier {
  VertexSetNewOp set;
  SmallVector<VertexSetIdBufferOp> buffers;
  SmallVector<Operation *> maps;
  Operation *seal = nullptr;
};

/// The one vertex set the loop carries, and the ops of the loop on it and
/// on the sets it yields in its place.
struct Frontier {
  unsigned position = 0;
  BlockArgument before, after;
  /// The sets the body may yield: one, or one per branch of the scf.ifs
  /// that choose it (a hybrid's directions).
  SmallVector<NextFrontier> nexts;
  /// The size and ids of the set the body yields, read after it is made
  /// (a vertex apply over the new frontier).
  SmallVector<Operation *> reads;
  /// The entry of `nexts` for `set`, or null.
  NextFrontier *nextOf(Value set) {
    for (NextFrontier &next : nexts)
      if (next.set.getResult() == set)
        return &next;
    return nullptr;
  }
};
} // namespace

namespace {
/// A loop over the buckets of a priority queue (GraphIt's delta-stepping:
/// `while (pq.finished() == false)` around `pq.dequeue_ready_set()` and a
/// traversal updating the queue), as graph-lower-gpu left it: the ops on
/// the queue, which run on the host.
struct QueueLoop {
  Value queue;
  PriorityQueueFinishedOp finished;
  PriorityQueueDequeueOp dequeue;
  SmallVector<PriorityQueueRequeueOp> requeues;
  SmallVector<PriorityQueueOverflowOp> overflows;
  SmallVector<PriorityQueueEdgesOp> edges;
};
} // namespace

/// Whether `op` is an op on the queue of `pq`, or on a set it hands out or
/// takes back, that keepBucketsOnDevice moves to the device.
static bool movesToDevice(Operation *op, const QueueLoop &pq) {
  auto is = [&](Operation *other) { return other == op; };
  if (is(pq.finished) || is(pq.dequeue) || llvm::any_of(pq.requeues, is) ||
      llvm::any_of(pq.overflows, is) || llvm::any_of(pq.edges, is))
    return true;
  auto reads = [&](Value set) {
    return op->getNumOperands() && op->getOperand(0) == set;
  };
  return reads(pq.dequeue->getResult(0)) ||
         llvm::any_of(pq.requeues, [&](PriorityQueueRequeueOp requeue) {
           Value set = requeue.getSet();
           return set.getDefiningOp() == op || reads(set);
         });
}

/// Collects in `nexts` the fresh sets that `value`, yielded by the loop
/// body, may be: a graph.vertexset.new of the loop, or a result of an
/// scf.if (in the loop) whose branches yield such. Returns false for any
/// other value.
static bool collectNexts(Value value, scf::WhileOp loop,
                         SmallVector<NextFrontier> &nexts) {
  Operation *def = value.getDefiningOp();
  if (!def || !loop->isAncestor(def))
    return false;
  if (auto fresh = dyn_cast<VertexSetNewOp>(def)) {
    if (fresh.getAll() ||
        llvm::any_of(nexts, [&](NextFrontier &n) { return n.set == fresh; }))
      return false;
    nexts.push_back({fresh, {}, {}, nullptr});
    return true;
  }
  auto branch = dyn_cast<scf::IfOp>(def);
  if (!branch || !branch.elseBlock())
    return false;
  unsigned k = cast<OpResult>(value).getResultNumber();
  return collectNexts(branch.thenYield()->getOperand(k), loop, nexts) &&
         collectNexts(branch.elseYield()->getOperand(k), loop, nexts);
}

/// Whether `op` is in the body of `loop` outside any region but scf.if's:
/// it runs at most once a step.
static bool runsOncePerStep(Operation *op, scf::WhileOp loop) {
  Block &after = loop.getAfter().front();
  for (Operation *parent = op; parent->getBlock() != &after;) {
    parent = parent->getParentOp();
    if (!isa<scf::IfOp>(parent))
      return false;
  }
  return true;
}

/// Whether allocation size `size` in `loop` has a bound before the loop:
/// a value from outside it, the frontier's size or the size of the set a
/// priority queue hands out (`ready`: that set, or its size once on the
/// device; the queues' capacity bounds both), a sum of such, one divided
/// (rounding up) by a value from outside the loop, or a minimum of which one
/// side is such (a level popped from a list: its size and the largest).
static bool isBounded(Value size, scf::WhileOp loop, Value frontier,
                      Value ready) {
  if (!loop->isAncestor(size.getParentRegion()->getParentOp()) ||
      (ready && size == ready))
    return true;
  if (auto dim = size.getDefiningOp<memref::DimOp>()) {
    auto view = dim.getSource().getDefiningOp<VertexSetIdsOp>();
    return view && ((frontier && view.getSet() == frontier) ||
                    (ready && view.getSet() == ready));
  }
  if (auto divide = size.getDefiningOp<arith::CeilDivUIOp>())
    return isBounded(divide.getLhs(), loop, frontier, ready) &&
           !loop->isAncestor(divide.getRhs().getParentRegion()->getParentOp());
  if (auto least = size.getDefiningOp<arith::MinUIOp>())
    return isBounded(least.getLhs(), loop, frontier, ready) ||
           isBounded(least.getRhs(), loop, frontier, ready);
  auto add = size.getDefiningOp<arith::AddIOp>();
  return add && isBounded(add.getLhs(), loop, frontier, ready) &&
         isBounded(add.getRhs(), loop, frontier, ready);
}

/// Why `loop` cannot run as one kernel, or "" when it can; fills `frontier`
/// when the loop carries a vertex set. `ready` is the set a priority queue
/// hands out each step, or its size once on the device, if any; the ops of
/// `queue`, if given, count as moved to the device.
static std::string whyNotFusable(scf::WhileOp loop,
                                 std::optional<Frontier> &frontier, Value ready,
                                 const QueueLoop *queue = nullptr) {
  for (auto [i, type] : llvm::enumerate(loop->getResultTypes())) {
    if (!isa<VertexSetType>(type)) {
      if (!type.isIntOrIndexOrFloat()) {
        std::string text;
        llvm::raw_string_ostream(text)
            << "it carries a value of type " << type << " from step to step";
        return text;
      }
      continue;
    }
    if (frontier)
      return "it carries more than one vertex set from step to step";
    frontier.emplace();
    frontier->position = i;
    frontier->before = loop.getBeforeArguments()[i];
    frontier->after = loop.getAfterArguments()[i];
  }
  std::string reason;
  auto refuse = [&](Operation *op, StringRef why) {
    reason = ("'" + op->getName().getStringRef() + "' " + why).str();
    return WalkResult::interrupt();
  };
  Block &after = loop.getAfter().front();
  if (frontier &&
      !collectNexts(loop.getYieldOp()->getOperand(frontier->position), loop,
                    frontier->nexts))
    return "its next frontier is not made by its traversals";
  auto isFrontier = [&](Value set) {
    return frontier && (set == frontier->before || set == frontier->after);
  };
  WalkResult walk = loop->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == loop.getOperation() || (queue && movesToDevice(op, *queue)))
      return WalkResult::advance();
    if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
      if (!launch.getBody().hasOneBlock())
        return refuse(op, "has control flow between blocks");
      return WalkResult::skip();
    }
    Dialect *dialect = op->getDialect();
    StringRef ns = dialect ? dialect->getNamespace() : "";
    if (ns == "arith" || ns == "math" || ns == "scf" ||
        isa<memref::LoadOp, memref::StoreOp, memref::DimOp,
            memref::ReinterpretCastOp, VectorGetOp, VectorSetOp>(op))
      return WalkResult::advance();
    if (isa<memref::DeallocOp>(op) && !runsOncePerStep(op, loop))
      return refuse(op, "frees memory inside a loop in the loop");
    if (isa<memref::DeallocOp>(op))
      return WalkResult::advance();
    if (isHoistable(op, loop))
      return WalkResult::advance();
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (!runsOncePerStep(op, loop))
        return refuse(op, "allocates inside a loop in the loop");
      Value set = frontier ? Value(frontier->after) : Value();
      for (Value size : alloc.getDynamicSizes())
        if (!isBounded(size, loop, set, ready))
          return refuse(op, "has a size that a step computes");
      return WalkResult::advance();
    }
    // The frontier (as ids, or as a map the GPU makes of them) and the
    // sets the body yields in its place.
    if (isa<VertexSetSizeOp, VertexSetIdsOp, VertexSetFreeOp, VertexSetBitsOp,
            VertexSetBoolsOp>(op) &&
        isFrontier(op->getOperand(0)))
      return WalkResult::advance();
    if (isa<VertexSetNewOp>(op)) {
      NextFrontier *next =
          frontier ? frontier->nextOf(op->getResult(0)) : nullptr;
      if (!next || !runsOncePerStep(op, loop))
        return refuse(op, "makes a vertex set that is not the next frontier");
      return WalkResult::advance();
    }
    if (isa<VertexSetIdsOp, VertexSetSizeOp>(op)) {
      Value set = op->getOperand(0);
      NextFrontier *next = frontier ? frontier->nextOf(set) : nullptr;
      bool made = isa_and_nonnull<scf::IfOp>(set.getDefiningOp()) ||
                  (next && next->seal);
      if (!frontier || !made || op->getBlock() != &after ||
          set != loop.getYieldOp()->getOperand(frontier->position))
        return refuse(op, "runs on the host");
      frontier->reads.push_back(op);
      return WalkResult::advance();
    }
    NextFrontier *next = nullptr;
    if (isa<VertexSetIdBufferOp, VertexSetBitsOp, VertexSetBoolsOp,
            VertexSetSealIdsOp, VertexSetSealDenseOp>(op)) {
      next = frontier ? frontier->nextOf(op->getOperand(0)) : nullptr;
      if (!next)
        return refuse(op, "fills a set that is not the next frontier");
    }
    if (auto buffer = dyn_cast<VertexSetIdBufferOp>(op)) {
      next->buffers.push_back(buffer);
      return WalkResult::advance();
    }
    if (isa<VertexSetBitsOp, VertexSetBoolsOp>(op)) {
      next->maps.push_back(op);
      return WalkResult::advance();
    }
    if (isa<VertexSetSealIdsOp, VertexSetSealDenseOp>(op)) {
      auto seal = dyn_cast<VertexSetSealIdsOp>(op);
      if (seal && !seal.getDistinct() && !seal.getKeepDuplicates())
        return refuse(op, "removes repeated ids on the host (a push without "
                          "deduplication)");
      if (next->seal || op->getBlock() != next->set->getBlock())
        return refuse(op, "seals a set that is not the next frontier");
      next->seal = op;
      return WalkResult::advance();
    }
    return refuse(op, "runs on the host");
  });
  if (walk.wasInterrupted())
    return reason;
  if (frontier) {
    for (NextFrontier &next : frontier->nexts)
      if (!next.seal || (isa<VertexSetSealDenseOp>(next.seal) &&
                         (next.maps.empty() || !next.buffers.empty())))
        return "its next frontier is not made by its traversals";
    for (Block *block : {&loop.getBefore().front(), &after})
      for (Value arg : block->getArguments())
        if (arg != frontier->before && arg != frontier->after &&
            isa<VertexSetType>(arg.getType()))
          return "it carries more than one vertex set";
  }
  return "";
}

/// Whether `op` (with what it holds) reads memory that a phase may write.
static bool readsMemory(Operation *op) {
  WalkResult walk = op->walk([](Operation *inner) {
    if (isa<GridPhaseOp, GridBarrierOp>(inner))
      return WalkResult::skip();
    if (isa<memref::LoadOp, VectorGetOp>(inner))
      return WalkResult::interrupt();
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    if (!effects) {
      bool known = inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
                   isa<memref::DimOp, memref::StoreOp, VectorSetOp>(inner);
      return known ? WalkResult::advance() : WalkResult::interrupt();
    }
    return effects.hasEffect<MemoryEffects::Read>() ? WalkResult::interrupt()
                                                    : WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// Whether uniform code may have read, since the last barrier, memory that
/// `phase` writes: any read between the previous barrier and it, looking
/// out of enclosing scf.ifs; at the start of a loop body, the loop's
/// condition and the previous step's tail, so always.
static bool needsBarrierBefore(Operation *phase) {
  for (Operation *op = phase;;) {
    for (Operation *prev = op->getPrevNode(); prev;
         prev = prev->getPrevNode()) {
      if (isa<GridBarrierOp>(prev))
        return false;
      if (readsMemory(prev))
        return true;
    }
    Operation *parent = op->getParentOp();
    if (!isa<scf::IfOp>(parent))
      return true;
    op = parent;
  }
}

/// The body of `launch` as a phase of the fused kernel, in its place.
static GridPhaseOp phaseOf(gpu::LaunchOp launch, RewriterBase &rewriter) {
  Location loc = launch.getLoc();
  rewriter.setInsertionPoint(launch);
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  auto phase = GridPhaseOp::create(rewriter, loc, grid.x, block.x);
  Block *body = rewriter.createBlock(
      &phase.getBody(), {}, {rewriter.getIndexType(), rewriter.getIndexType()},
      {loc, loc});
  Value blockId = body->getArgument(0), threadId = body->getArgument(1);
  rewriter.setInsertionPointToStart(body);
  Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto pick = [&](gpu::Dimension d, Value x, Value other) {
    return d == gpu::Dimension::x ? x : other;
  };
  // The launch's y and z extents are 1 (GpuExecution's launches).
  SmallVector<Operation *> ids;
  launch.getBody().walk([&](Operation *op) {
    if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
            gpu::GlobalIdOp>(op))
      ids.push_back(op);
  });
  for (Operation *op : ids) {
    auto dim = op->getAttrOfType<gpu::DimensionAttr>("dimension").getValue();
    Value value;
    if (isa<gpu::ThreadIdOp>(op))
      value = pick(dim, threadId, c0);
    else if (isa<gpu::BlockIdOp>(op))
      value = pick(dim, blockId, c0);
    else if (isa<gpu::BlockDimOp>(op))
      value = pick(dim, block.x, c1);
    else if (isa<gpu::GridDimOp>(op))
      value = pick(dim, grid.x, c1);
    else
      value = pick(dim,
                   arith::AddIOp::create(
                       rewriter, loc,
                       arith::MulIOp::create(rewriter, loc, blockId, block.x),
                       threadId),
                   c0);
    rewriter.replaceOp(op, value);
  }
  Block &entry = launch.getBody().front();
  gpu::KernelDim3 blockIds = launch.getBlockIds(),
                  threadIds = launch.getThreadIds(),
                  gridSize = launch.getGridSize(),
                  blockSize = launch.getBlockSize();
  SmallVector<Value> values = {blockId, c0, c0, threadId, c0, c0,
                               grid.x,  c1, c1, block.x,  c1, c1};
  SmallVector<Value> args = {blockIds.x,  blockIds.y,  blockIds.z,
                             threadIds.x, threadIds.y, threadIds.z,
                             gridSize.x,  gridSize.y,  gridSize.z,
                             blockSize.x, blockSize.y, blockSize.z};
  for (auto [arg, value] : llvm::zip(args, values))
    rewriter.replaceAllUsesWith(arg, value);
  rewriter.eraseOp(entry.getTerminator());
  entry.eraseArguments(0, entry.getNumArguments());
  rewriter.inlineBlockBefore(&entry, body, body->end());
  rewriter.eraseOp(launch);
  return phase;
}

/// Whether `op` writes memory on the host, in ops a phase does not hold.
static bool writesOnHost(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        if (isa<GridPhaseOp>(inner))
          return WalkResult::skip();
        return isHostWrite(inner) ? WalkResult::interrupt()
                                  : WalkResult::advance();
      })
      .wasInterrupted();
}

/// A one-thread phase in place of `op`: an scf.for that writes memory on
/// the host (strict's prefix sums), run whole by one thread rather than
/// with a barrier at each write. Its results cross to the other threads
/// through memory allocated before `kernel`, read after the phase.
static void phaseHostLoop(scf::ForOp op, gpu::LaunchOp kernel,
                          RewriterBase &rewriter) {
  Location loc = op.getLoc();
  SmallVector<Value> slots;
  for (Type type : op->getResultTypes()) {
    rewriter.setInsertionPoint(kernel);
    Value slot =
        memref::AllocOp::create(rewriter, loc, MemRefType::get({1}, type));
    slots.push_back(slot);
    rewriter.setInsertionPointAfter(kernel);
    memref::DeallocOp::create(rewriter, loc, slot);
  }
  rewriter.setInsertionPoint(op);
  Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto phase = GridPhaseOp::create(rewriter, loc, c1, c1);
  SmallVector<Value> loaded;
  for (Value slot : slots)
    loaded.push_back(memref::LoadOp::create(rewriter, loc, slot, c0));
  Block *body = rewriter.createBlock(
      &phase.getBody(), {}, {rewriter.getIndexType(), rewriter.getIndexType()},
      {loc, loc});
  rewriter.setInsertionPointToStart(body);
  for (auto [result, slot] : llvm::zip(op->getResults(), slots))
    memref::StoreOp::create(rewriter, loc, result, slot, c0);
  op->moveBefore(body, body->begin());
  for (auto [result, value] : llvm::zip(op->getResults(), loaded))
    rewriter.replaceUsesWithIf(result, value, [&](OpOperand &use) {
      return !phase->isAncestor(use.getOwner());
    });
}

/// Puts each run of host writes of `block` (and of the scf regions in it)
/// into a phase that one thread runs, and each host loop over data that
/// writes memory.
static void phaseHostWrites(Block &block, gpu::LaunchOp kernel,
                            RewriterBase &rewriter) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (isa<GridPhaseOp>(op))
      continue;
    auto loop = dyn_cast<scf::ForOp>(op);
    bool hasPhase = op.walk([](GridPhaseOp) {
                        return WalkResult::interrupt();
                      }).wasInterrupted();
    if (loop && !hasPhase && writesOnHost(loop)) {
      phaseHostLoop(loop, kernel, rewriter);
      continue;
    }
    for (Region &region : op.getRegions())
      for (Block &inner : region)
        phaseHostWrites(inner, kernel, rewriter);
  }
  SmallVector<SmallVector<Operation *>> runs;
  for (Operation &op : block) {
    if (!isHostWrite(&op))
      continue;
    if (!runs.empty() && runs.back().back()->getNextNode() == &op)
      runs.back().push_back(&op);
    else
      runs.push_back({&op});
  }
  for (ArrayRef<Operation *> run : runs) {
    Location loc = run.front()->getLoc();
    rewriter.setInsertionPoint(run.front());
    Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto phase = GridPhaseOp::create(rewriter, loc, c1, c1);
    Block *body = rewriter.createBlock(
        &phase.getBody(), {},
        {rewriter.getIndexType(), rewriter.getIndexType()}, {loc, loc});
    for (Operation *op : run)
      op->moveBefore(body, body->end());
  }
}

/// Separates each phase in `launch` from what depends on it by barriers on
/// `state`.
static void placeBarriers(gpu::LaunchOp launch, Value state,
                          RewriterBase &rewriter) {
  SmallVector<GridPhaseOp> phases;
  launch.getBody().walk([&](GridPhaseOp phase) { phases.push_back(phase); });
  for (GridPhaseOp phase : phases) {
    if (needsBarrierBefore(phase)) {
      rewriter.setInsertionPoint(phase);
      GridBarrierOp::create(rewriter, phase.getLoc(), state);
    }
    rewriter.setInsertionPointAfter(phase);
    GridBarrierOp::create(rewriter, phase.getLoc(), state);
  }
}

/// A zeroed memref<2xi32>: a grid barrier's state.
static Value allocateBarrier(OpBuilder &b, Location loc) {
  Value state =
      memref::AllocOp::create(b, loc, MemRefType::get({2}, b.getI32Type()));
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  for (int64_t i = 0; i < 2; ++i)
    memref::StoreOp::create(
        b, loc, zero, state,
        ValueRange{arith::ConstantIndexOp::create(b, loc, i)});
  return state;
}

/// Copies `count` ids from `from` to `to` on the host.
static void copyIds(OpBuilder &b, Location loc, Value from, Value to,
                    Value count) {
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp::create(b, loc, c0, count, c1, ValueRange{},
                     [&](OpBuilder &b, Location, Value i, ValueRange) {
                       Value id = memref::LoadOp::create(b, loc, from, i);
                       memref::StoreOp::create(b, loc, id, to, i);
                       scf::YieldOp::create(b, loc);
                     });
}

/// Puts `loop` in the then-branch of an scf.if on graph.gpu_cooperative,
/// a copy of it (its kernels launched one by one) in the else-branch: the
/// fused kernel needs a GPU that runs cooperative kernels.
static void keepUnfused(scf::WhileOp loop, RewriterBase &rewriter) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Value cooperative =
      GpuCooperativeOp::create(rewriter, loc, rewriter.getI1Type());
  auto choice = scf::IfOp::create(rewriter, loc, loop->getResultTypes(),
                                  cooperative, /*withElseRegion=*/true);
  rewriter.replaceAllUsesWith(loop->getResults(), choice.getResults());
  // The yield of each branch (the builder made them when there are no
  // results).
  auto yieldOf = [&](Block *block, ValueRange values) -> Operation * {
    if (!block->empty())
      return block->getTerminator();
    rewriter.setInsertionPointToEnd(block);
    return scf::YieldOp::create(rewriter, loc, values);
  };
  Operation *unfused = loop->clone();
  unfused->removeAttr("graph.kernel_fusion");
  rewriter.setInsertionPoint(
      yieldOf(choice.elseBlock(), unfused->getResults()));
  rewriter.insert(unfused);
  loop->moveBefore(yieldOf(choice.thenBlock(), loop->getResults()));
}

/// A kernel of a thread per `i` in [0, count), a phase once fused.
static void emitKernel(OpBuilder &b, Location loc, Value count,
                       function_ref<void(OpBuilder &, Value)> body) {
  LaneGroup group;
  GpuExecution execution(group);
  execution.emitLoop(b, loc, arith::ConstantIndexOp::create(b, loc, 0), count,
                     Parallelization::DynamicVertex,
                     arith::ConstantIntOp::create(b, loc, 1, 64), TeamSpec(),
                     [&](OpBuilder &b, Location, Value i) { body(b, i); });
}

/// The 64-bit words of a bit map of `vertices` vertices.
static Value mapWords(OpBuilder &b, Location loc, Value vertices) {
  return arith::CeilDivUIOp::create(b, loc, vertices,
                                    arith::ConstantIndexOp::create(b, loc, 64));
}

/// Clears a bit map (`bits`) or byte map of `vertices` vertices by a kernel.
static void clearMap(OpBuilder &b, Location loc, Value map, bool bits,
                     Value vertices) {
  Value size = bits ? mapWords(b, loc, vertices) : vertices;
  emitKernel(b, loc, size, [&](OpBuilder &b, Value i) {
    Value zero = arith::ConstantIntOp::create(b, loc, 0, bits ? 64 : 8);
    memref::StoreOp::create(b, loc, zero, map, ValueRange{i});
  });
}

/// Marks the first `count` ids of `queue` in a cleared map, by a kernel.
static void fillMap(OpBuilder &b, Location loc, Value map, bool bits,
                    Value queue, Value count) {
  emitKernel(b, loc, count, [&](OpBuilder &b, Value i) {
    Value v = arith::IndexCastOp::create(
        b, loc, b.getIndexType(),
        memref::LoadOp::create(b, loc, queue, ValueRange{i}));
    if (!bits) {
      memref::StoreOp::create(b, loc,
                              arith::ConstantIntOp::create(b, loc, 1, 8), map,
                              ValueRange{v});
      return;
    }
    auto [word, mask] = bitOf(b, loc, v);
    memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::ori, mask, map,
                                ValueRange{word});
  });
}

/// In a kernel: whether vertex `v` is marked in a bit map (`bits`) or byte
/// map.
static Value isMarked(OpBuilder &b, Location loc, Value map, bool bits,
                      Value v) {
  if (!bits)
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        memref::LoadOp::create(b, loc, map, ValueRange{v}),
        arith::ConstantIntOp::create(b, loc, 0, 8));
  auto [word, mask] = bitOf(b, loc, v);
  Value held = arith::AndIOp::create(
      b, loc, memref::LoadOp::create(b, loc, map, ValueRange{word}), mask);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, held,
                               arith::ConstantIntOp::create(b, loc, 0, 64));
}

/// Appends the vertices marked in `map` to `queue`, by a kernel of a thread
/// per vertex; `moved` (memref<1xi64>) counts them.
static void mapToQueue(OpBuilder &b, Location loc, Value map, bool bits,
                       Value vertices, Value queue, Value moved) {
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 64),
                          moved, ValueRange{c0});
  emitKernel(b, loc, vertices, [&](OpBuilder &b, Value v) {
    Value marked = isMarked(b, loc, map, bits, v);
    auto ifMarked = scf::IfOp::create(b, loc, marked, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifMarked.thenBlock());
    Value slot = memref::AtomicRMWOp::create(
        b, loc, arith::AtomicRMWKind::addi,
        arith::ConstantIntOp::create(b, loc, 1, 64), moved, ValueRange{c0});
    memref::StoreOp::create(
        b, loc, arith::IndexCastOp::create(b, loc, b.getI32Type(), v), queue,
        ValueRange{arith::IndexCastOp::create(b, loc, b.getIndexType(), slot)});
  });
}

/// Replaces graph.vertexset.ids `op` by the first `count` ids of `queue`.
static void replaceIds(Operation *op, Value queue, Value count,
                       RewriterBase &rewriter) {
  for (Operation *user : llvm::make_early_inc_range(op->getUsers()))
    if (isa<memref::DimOp>(user))
      rewriter.replaceOp(user, count);
  rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
      op, cast<MemRefType>(op->getResult(0).getType()), queue,
      rewriter.getIndexAttr(0), ArrayRef<OpFoldResult>{count},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
}

/// The size of the next frontier that `set`, yielded by the loop body, is:
/// the count of the fresh set it is (`counts`), or of the one the scf.if
/// defining it yields, which then yields the size (an index) instead.
static Value countOf(Value set, const DenseMap<Operation *, Value> &counts,
                     RewriterBase &rewriter) {
  Operation *def = set.getDefiningOp();
  if (Value count = counts.lookup(def))
    return count;
  auto branch = cast<scf::IfOp>(def);
  unsigned k = cast<OpResult>(set).getResultNumber();
  for (scf::YieldOp yield : {branch.thenYield(), branch.elseYield()}) {
    Value count = countOf(yield->getOperand(k), counts, rewriter);
    rewriter.modifyOpInPlace(yield, [&] { yield->setOperand(k, count); });
  }
  SmallVector<Type> types(branch->getResultTypes());
  types[k] = rewriter.getIndexType();
  rewriter.setInsertionPoint(branch);
  auto sized =
      scf::IfOp::create(rewriter, branch.getLoc(), types, branch.getCondition(),
                        /*withElseRegion=*/true);
  for (auto [from, to] : llvm::zip(branch->getRegions(), sized->getRegions())) {
    rewriter.eraseBlock(&to.front());
    rewriter.inlineRegionBefore(from, to, to.end());
  }
  Value count = sized.getResult(k);
  for (unsigned i = 0, e = branch->getNumResults(); i < e; ++i)
    if (i != k)
      rewriter.replaceAllUsesWith(branch.getResult(i), sized.getResult(i));
  rewriter.replaceAllUsesWith(branch.getResult(k), count);
  rewriter.eraseOp(branch);
  return count;
}

//===----------------------------------------------------------------------===//
// Priority-queue loops: the buckets on the device
//===----------------------------------------------------------------------===//

/// Whether `condition` is `!finished` (`finished == false`).
static bool isNotFinished(Value condition, Value finished) {
  auto compare = condition.getDefiningOp<arith::CmpIOp>();
  if (compare && compare.getLhs() == finished &&
      (compare.getPredicate() == arith::CmpIPredicate::eq ||
       compare.getPredicate() == arith::CmpIPredicate::ne))
    if (auto constant = compare.getRhs().getDefiningOp<arith::ConstantIntOp>())
      return (constant.value() != 0) ==
             (compare.getPredicate() == arith::CmpIPredicate::ne);
  auto negate = condition.getDefiningOp<arith::XOrIOp>();
  auto one = negate ? negate.getRhs().getDefiningOp<arith::ConstantIntOp>()
                    : arith::ConstantIntOp();
  return one && negate.getLhs() == finished && one.value() != 0;
}

/// Why the priority-queue ops of `loop` keep it from running as one kernel,
/// or "" when they do not (or when it has none); fills `pq`.
static std::string whyNotQueueLoop(scf::WhileOp loop, QueueLoop &pq) {
  Block &before = loop.getBefore().front(), &after = loop.getAfter().front();
  std::string reason;
  auto refuse = [&](Operation *op, const Twine &why) {
    reason = ("'" + op->getName().getStringRef() + "' " + why).str();
    return WalkResult::interrupt();
  };
  WalkResult walk = loop->walk([&](Operation *op) {
    auto usesQueue = [](Value v) {
      return isa<PriorityQueueType>(v.getType());
    };
    if (!llvm::any_of(op->getOperands(), usesQueue))
      return WalkResult::advance();
    Value queue = op->getOperand(0);
    if (loop->isAncestor(queue.getParentRegion()->getParentOp()) ||
        (pq.queue && queue != pq.queue))
      return refuse(op, "uses a priority queue the loop makes or a second "
                        "one, which the host keeps");
    pq.queue = queue;
    if (auto finished = dyn_cast<PriorityQueueFinishedOp>(op)) {
      if (finished.getVertex())
        return refuse(op, "with a vertex (finishedNode) runs on the host");
      Operation *test =
          finished->hasOneUse() ? *finished->getUsers().begin() : nullptr;
      if (pq.finished || op->getBlock() != &before || !test ||
          !isNotFinished(test->getResult(0), finished.getResult()) ||
          !test->hasOneUse() ||
          !isa<scf::ConditionOp>(*test->getUsers().begin()))
        return refuse(op, "runs on the host: the loop's condition is not "
                          "'pq.finished() == false'");
      pq.finished = finished;
      return WalkResult::advance();
    }
    if (auto dequeue = dyn_cast<PriorityQueueDequeueOp>(op)) {
      if (pq.dequeue || op->getBlock() != &after)
        return refuse(op, "runs on the host: the loop does not dequeue once "
                          "a step");
      for (Operation *user : dequeue->getUsers())
        if (!isa<VertexSetIdsOp, VertexSetSizeOp, VertexSetFreeOp,
                 VertexSetBitsOp, VertexSetBoolsOp>(user))
          return refuse(user, "reads the set of vertices the queue hands out "
                              "on the host");
      pq.dequeue = dequeue;
      return WalkResult::advance();
    }
    if (auto requeue = dyn_cast<PriorityQueueRequeueOp>(op)) {
      auto fresh = requeue.getSet().getDefiningOp<VertexSetNewOp>();
      if (!fresh || fresh.getAll() || !loop->isAncestor(fresh))
        return refuse(op, "runs on the host: the set it requeues is not "
                          "made by a traversal");
      for (Operation *user : fresh->getUsers()) {
        auto buffer = dyn_cast<VertexSetIdBufferOp>(user);
        if (buffer && buffer.getCapacity() &&
            loop->isAncestor(
                buffer.getCapacity().getParentRegion()->getParentOp()))
          return refuse(op, "runs on the host: its traversal sizes its "
                            "output by the out-degree sum of the vertices the "
                            "queue hands out (a push without deduplication)");
        if (!isa<VertexSetIdBufferOp, VertexSetBoolsOp, VertexSetBitsOp,
                 VertexSetSealIdsOp, VertexSetSealDenseOp,
                 PriorityQueueRequeueOp, VertexSetFreeOp>(user) ||
            (isa<PriorityQueueRequeueOp>(user) && user != op))
          return refuse(user, "reads the set of updated vertices on the host");
      }
      pq.requeues.push_back(requeue);
      return WalkResult::advance();
    }
    if (auto overflow = dyn_cast<PriorityQueueOverflowOp>(op)) {
      pq.overflows.push_back(overflow);
      return WalkResult::advance();
    }
    auto edges = dyn_cast<PriorityQueueEdgesOp>(op);
    if (edges &&
        !loop->isAncestor(edges.getGraph().getParentRegion()->getParentOp())) {
      pq.edges.push_back(edges);
      return WalkResult::advance();
    }
    return refuse(op, "runs on the host");
  });
  if (walk.wasInterrupted())
    return reason;
  if (pq.queue && !pq.finished)
    return "it does not run until its priority queue is empty "
           "('pq.finished() == false')";
  if (pq.queue && !pq.dequeue)
    return "it does not dequeue from its priority queue once a step";
  return "";
}

/// Makes each mark of the traversal in its byte map output `marks` (the
/// queue's flags) that finds the vertex unmarked call `first` with it: the
/// output marks a vertex with an atomic exchange, or with a load and a store
/// where the thread owns the vertex.
static void onFirstMark(Value marks,
                        function_ref<void(OpBuilder &, Value)> first,
                        RewriterBase &rewriter) {
  auto ifFirst = [&](Location loc, Value old, Value v) {
    Value unmarked = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, old,
        arith::ConstantIntOp::create(rewriter, loc, 0, 8));
    auto branch =
        scf::IfOp::create(rewriter, loc, unmarked, /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(branch.thenBlock());
    first(rewriter, v);
  };
  for (Operation *user : llvm::make_early_inc_range(marks.getUsers())) {
    OpBuilder::InsertionGuard guard(rewriter);
    if (auto exchange = dyn_cast<memref::AtomicRMWOp>(user)) {
      assert(exchange.getKind() == arith::AtomicRMWKind::assign);
      rewriter.setInsertionPointAfter(exchange);
      ifFirst(exchange.getLoc(), exchange.getResult(),
              exchange.getIndices()[0]);
    } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
      // The output's own load of the byte, if right before the store.
      auto prior = dyn_cast_or_null<memref::LoadOp>(store->getPrevNode());
      Value old = prior;
      if (!prior || prior.getMemRef() != marks ||
          !llvm::equal(prior.getIndices(), store.getIndices())) {
        rewriter.setInsertionPoint(store);
        old = memref::LoadOp::create(rewriter, store.getLoc(), marks,
                                     store.getIndices());
      }
      rewriter.setInsertionPointAfter(store);
      ifFirst(store.getLoc(), old, store.getIndices()[0]);
    } else {
      assert(isa<memref::LoadOp>(user) && "a byte map output only marks");
    }
  }
}

/// Keeps the buckets of the queue of `pq` on the device, in ops a fused
/// kernel runs (GraphIt's GPU buckets, as a list of queued vertices):
/// before the loop the queue hands its vertices to a device list, each
/// vertex flagged in a byte map, `queued`, while it is listed. Each step
/// reads only the list: one pass takes the least bucket of a listed vertex
/// (an atomic min), a second moves that bucket's vertices into the ready
/// set (clearing their flags) and compacts the others into the second list,
/// which becomes the list. A vertex the traversal updates is appended when
/// it is flagged first: a byte map the traversal marks (its output, or the
/// flags of its deduplicated ids) is the flags themselves, each first mark
/// appending; other ids or a bit map are flagged by a kernel after it. So a
/// step's bucket work is O(listed vertices), not O(vertices).
/// A bucket keeps coming back while vertices fall before it, as on the host.
/// What the host queue would report (a distance overflow, a negative
/// priority, a bucket coming back more often than there are vertices: a
/// negative cycle) is recorded and ends the loop; the queue reports it after
/// the loop. Returns the ready set's size in a step and the vertex count.
static std::pair<Value, Value>
keepBucketsOnDevice(scf::WhileOp loop, QueueLoop &pq, RewriterBase &rewriter) {
  Location loc = loop.getLoc();
  Type i64 = rewriter.getI64Type(), i32 = rewriter.getI32Type(),
       i8 = rewriter.getI8Type(), index = rewriter.getIndexType();
  auto idsType = MemRefType::get({ShapedType::kDynamic}, i32);
  rewriter.setInsertionPoint(loop);
  for (PriorityQueueEdgesOp op : pq.edges)
    op->moveBefore(loop);
  // Constants before the loop, so that the host writes of a step are runs
  // (each run one phase).
  OpBuilder constants(loop);
  auto constIndex = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(constants, loc, v);
  };
  auto constI64 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(constants, loc, v, 64);
  };
  auto load = [&](Value memref, int64_t at) -> Value {
    return memref::LoadOp::create(rewriter, loc, memref,
                                  ValueRange{constIndex(at)});
  };
  auto store = [&](Value value, Value memref, int64_t at) {
    memref::StoreOp::create(rewriter, loc, value, memref,
                            ValueRange{constIndex(at)});
  };
  auto compare = [&](arith::CmpIPredicate predicate, Value a, Value b) {
    return arith::CmpIOp::create(rewriter, loc, predicate, a, b).getResult();
  };
  auto toIndex = [&](OpBuilder &b, Value v) -> Value {
    return arith::IndexCastOp::create(b, loc, index, v);
  };
  SmallVector<Value> owned;
  auto allocate = [&](Type element, ValueRange sizes, int64_t fixed = 4) {
    SmallVector<int64_t> shape(sizes.size(), ShapedType::kDynamic);
    if (sizes.empty())
      shape = {fixed};
    Value memref = memref::AllocOp::create(
        rewriter, loc, MemRefType::get(shape, element), sizes);
    owned.push_back(memref);
    return memref;
  };

  Value queue = pq.queue;
  Type priorityType =
      cast<PriorityQueueType>(queue.getType()).getPriorityType();
  Value priorities = PriorityQueuePrioritiesOp::create(
      rewriter, loc, VertexVectorType::get(priorityType), queue);
  Value taken = PriorityQueueTakeAllOp::create(rewriter, loc, idsType, queue);
  Value shape = PriorityQueueDeviceShapeOp::create(
      rewriter, loc, MemRefType::get({ShapedType::kDynamic}, i64), queue);
  Value keyDelta = load(shape, 0);
  Value vertices64 = load(shape, 2);
  Value vertices = toIndex(rewriter, vertices64);
  Value none = constI64(std::numeric_limits<int64_t>::max());
  // [key of the current bucket, dequeues of it in a row, least key of a
  // listed vertex, size of the ready set, which of the two lists is the
  // list (0 or 1), its size, the size of the other one].
  enum { kKey, kRounds, kLeast, kReady, kParity, kListed, kRest };
  Value state = allocate(i64, {}, 7);
  store(load(shape, 1), state, kKey);
  store(constI64(0), state, kRounds);
  store(none, state, kLeast);
  store(constI64(0), state, kParity);
  // [what failed (graphrt's GRAPHRT_PQ_FAILED_*), its two values, the least
  // vertex of a negative priority].
  Value failed = allocate(i64, {});
  for (int64_t i = 0; i < 3; ++i)
    store(constI64(0), failed, i);
  store(none, failed, 3);
  // Each vertex is listed at most once (while flagged): n ids a list.
  Value queued = allocate(i8, vertices);
  Value ready = allocate(i32, vertices);
  Value lists[2] = {allocate(i32, vertices), allocate(i32, vertices)};
  clearMap(rewriter, loc, queued, /*bits=*/false, vertices);
  Value c0 = constIndex(0), c1 = constIndex(1);
  Value takenCount = memref::DimOp::create(rewriter, loc, taken, c0);
  scf::ForOp::create(rewriter, loc, c0, takenCount, c1, ValueRange{},
                     [&](OpBuilder &b, Location, Value i, ValueRange) {
                       Value id = memref::LoadOp::create(b, loc, taken, i);
                       memref::StoreOp::create(
                           b, loc, arith::ConstantIntOp::create(b, loc, 1, 8),
                           queued, toIndex(b, id));
                       memref::StoreOp::create(b, loc, id, lists[0], i);
                       scf::YieldOp::create(b, loc);
                     });
  store(arith::IndexCastOp::create(rewriter, loc, i64, takenCount), state,
        kListed);

  // The list (`other`: the second one) that `parity` (an i64) names.
  auto listOf = [&](OpBuilder &b, Value parity, bool other) -> Value {
    Value first =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, parity,
                              arith::ConstantIntOp::create(b, loc, 0, 64));
    return arith::SelectOp::create(b, loc, first, lists[other], lists[!other]);
  };
  auto indexAt = [&](OpBuilder &b, int64_t at) -> Value {
    return arith::ConstantIndexOp::create(b, loc, at);
  };
  // In a kernel: takes the next slot of state[at].
  auto takeSlot = [&](OpBuilder &b, int64_t at) {
    return toIndex(b, memref::AtomicRMWOp::create(
                          b, loc, arith::AtomicRMWKind::addi,
                          arith::ConstantIntOp::create(b, loc, 1, 64), state,
                          ValueRange{indexAt(b, at)}));
  };
  auto storeId = [&](OpBuilder &b, Value v, Value ids, Value slot) {
    memref::StoreOp::create(b, loc, arith::IndexCastOp::create(b, loc, i32, v),
                            ids, ValueRange{slot});
  };
  // In a kernel: appends vertex v (an index) to the list.
  auto append = [&](OpBuilder &b, Value v) {
    Value parity =
        memref::LoadOp::create(b, loc, state, ValueRange{indexAt(b, kParity)});
    storeId(b, v, listOf(b, parity, /*other=*/false), takeSlot(b, kListed));
  };
  // In a kernel: flags v and appends it unless it was flagged; `atomic`
  // where other threads may flag it at the same time.
  auto claim = [&](OpBuilder &b, Value v, bool atomic) {
    Value one = arith::ConstantIntOp::create(b, loc, 1, 8);
    Value old;
    if (atomic) {
      old = memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::assign,
                                        one, queued, ValueRange{v});
    } else {
      old = memref::LoadOp::create(b, loc, queued, ValueRange{v});
      memref::StoreOp::create(b, loc, one, queued, ValueRange{v});
    }
    auto branch = scf::IfOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old,
                              arith::ConstantIntOp::create(b, loc, 0, 8)),
        /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    append(b, v);
  };
  // In a kernel: calls `body` with entry i of `list` and its priority.
  auto listed = [&](OpBuilder &b, Value list, Value i,
                    function_ref<void(OpBuilder &, Value, Value)> body) {
    Value v = toIndex(b, memref::LoadOp::create(b, loc, list, ValueRange{i}));
    Value priority = VectorGetOp::create(b, loc, priorityType, priorities, v);
    if (priorityType.getIntOrFloatBitWidth() < 64)
      priority = arith::ExtSIOp::create(b, loc, b.getI64Type(), priority);
    body(b, v, priority);
  };

  // The condition: the least key of a listed vertex, and whether the loop
  // is done (an empty list, or something failed).
  rewriter.setInsertionPoint(pq.finished);
  {
    Value list = listOf(rewriter, load(state, kParity), /*other=*/false);
    emitKernel(rewriter, loc, toIndex(rewriter, load(state, kListed)),
               [&](OpBuilder &b, Value i) {
                 listed(b, list, i, [&](OpBuilder &b, Value v, Value priority) {
                   Value negative = arith::CmpIOp::create(
                       b, loc, arith::CmpIPredicate::slt, priority,
                       arith::ConstantIntOp::create(b, loc, 0, 64));
                   auto branch = scf::IfOp::create(b, loc, negative,
                                                   /*withElseRegion=*/true);
                   b.setInsertionPointToStart(branch.thenBlock());
                   memref::AtomicRMWOp::create(
                       b, loc, arith::AtomicRMWKind::mins,
                       arith::IndexCastOp::create(b, loc, i64, v), failed,
                       ValueRange{indexAt(b, 3)});
                   b.setInsertionPointToStart(branch.elseBlock());
                   memref::AtomicRMWOp::create(
                       b, loc, arith::AtomicRMWKind::mins,
                       arith::DivSIOp::create(b, loc, priority, keyDelta),
                       state, ValueRange{indexAt(b, kLeast)});
                 });
               });
  }
  Value done = arith::OrIOp::create(
      rewriter, loc,
      arith::OrIOp::create(
          rewriter, loc,
          compare(arith::CmpIPredicate::eq, load(state, kLeast), none),
          compare(arith::CmpIPredicate::ne, load(failed, 0), constI64(0))),
      compare(arith::CmpIPredicate::ne, load(failed, 3), none));
  rewriter.replaceOp(pq.finished, done);

  // The dequeue: the current bucket again while a vertex fell before it,
  // else the least one; a negative cycle where it keeps coming back.
  rewriter.setInsertionPoint(pq.dequeue);
  Value current = load(state, kKey), rounds = load(state, kRounds);
  Value key =
      arith::MaxSIOp::create(rewriter, loc, current, load(state, kLeast));
  Value parity = load(state, kParity);
  Value listedCount = toIndex(rewriter, load(state, kListed));
  Value again = arith::AndIOp::create(
      rewriter, loc, compare(arith::CmpIPredicate::ne, rounds, constI64(0)),
      compare(arith::CmpIPredicate::eq, key, current));
  Value nextRounds = arith::SelectOp::create(
      rewriter, loc, again,
      arith::AddIOp::create(rewriter, loc, rounds, constI64(1)), constI64(1));
  Value cycle =
      compare(arith::CmpIPredicate::sgt, nextRounds,
              arith::AddIOp::create(rewriter, loc, vertices64, constI64(1)));
  store(key, state, kKey);
  store(nextRounds, state, kRounds);
  store(constI64(0), state, kReady);
  store(constI64(0), state, kRest);
  auto ifCycle =
      scf::IfOp::create(rewriter, loc, cycle, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifCycle.thenBlock());
    Value bucket = arith::SelectOp::create(
        rewriter, loc,
        compare(arith::CmpIPredicate::slt, keyDelta, constI64(0)),
        arith::SubIOp::create(rewriter, loc, constI64(0), key), key);
    store(constI64(3), failed, 0);
    store(bucket, failed, 1);
    store(nextRounds, failed, 2);
    // The bucket's vertices to the ready set, the others to the other
    // list, which then is the list.
    rewriter.setInsertionPointToStart(ifCycle.elseBlock());
    Value list = listOf(rewriter, parity, /*other=*/false);
    Value rest = listOf(rewriter, parity, /*other=*/true);
    emitKernel(rewriter, loc, listedCount, [&](OpBuilder &b, Value i) {
      listed(b, list, i, [&](OpBuilder &b, Value v, Value priority) {
        Value inBucket = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::sle,
            arith::DivSIOp::create(b, loc, priority, keyDelta), key);
        auto branch =
            scf::IfOp::create(b, loc, inBucket, /*withElseRegion=*/true);
        b.setInsertionPointToStart(branch.thenBlock());
        memref::StoreOp::create(b, loc,
                                arith::ConstantIntOp::create(b, loc, 0, 8),
                                queued, ValueRange{v});
        storeId(b, v, ready, takeSlot(b, kReady));
        b.setInsertionPointToStart(branch.elseBlock());
        storeId(b, v, rest, takeSlot(b, kRest));
      });
    });
    Value restCount = load(state, kRest);
    store(arith::SubIOp::create(rewriter, loc, constI64(1), parity), state,
          kParity);
    store(restCount, state, kListed);
    store(none, state, kLeast);
  }
  Value count = toIndex(rewriter, load(state, kReady));
  for (Operation *user : llvm::make_early_inc_range(pq.dequeue->getUsers())) {
    rewriter.setInsertionPoint(user);
    if (isa<VertexSetIdsOp>(user)) {
      replaceIds(user, ready, count, rewriter);
    } else if (isa<VertexSetBitsOp, VertexSetBoolsOp>(user)) {
      // A pull, or edge_only, reads it as a map: made from the ids.
      bool bits = isa<VertexSetBitsOp>(user);
      Value map;
      {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPoint(loop);
        map = bits ? allocate(i64, mapWords(rewriter, loc, vertices))
                   : allocate(i8, vertices);
      }
      clearMap(rewriter, loc, map, bits, vertices);
      fillMap(rewriter, loc, map, bits, ready, count);
      rewriter.replaceOp(user, map);
    } else if (isa<VertexSetSizeOp>(user)) {
      rewriter.replaceOp(user, count);
    } else {
      rewriter.eraseOp(user);
    }
  }
  rewriter.eraseOp(pq.dequeue);

  // The updated vertices join the list. Each traversal (one a branch of a
  // hybrid) fills its output in one block. Its byte map there (its output,
  // or the flags of its ids with dedup) is the queue's flags themselves,
  // and a first mark appends the vertex; ids it did not flag, or a bit map,
  // are flagged and appended by a kernel after it.
  for (PriorityQueueRequeueOp requeue : pq.requeues) {
    auto fresh = requeue.getSet().getDefiningOp<VertexSetNewOp>();
    DenseMap<Block *, Value> buffers, bitMaps;
    llvm::SmallPtrSet<Block *, 2> flagged;
    for (Operation *user : fresh->getUsers())
      if (isa<VertexSetBoolsOp>(user))
        flagged.insert(user->getBlock());
    // Maps and buffers before the seals that read them.
    SmallVector<Operation *> users;
    for (bool seals : {false, true})
      for (Operation *user : fresh->getUsers())
        if (isa<VertexSetSealIdsOp, VertexSetSealDenseOp>(user) == seals)
          users.push_back(user);
    for (Operation *user : users) {
      OpBuilder::InsertionGuard guard(rewriter);
      Block *block = user->getBlock();
      if (isa<VertexSetBoolsOp>(user)) {
        onFirstMark(user->getResult(0), append, rewriter);
        rewriter.replaceOp(user, queued);
      } else if (isa<VertexSetBitsOp>(user)) {
        rewriter.setInsertionPoint(loop);
        Value bits = allocate(i64, mapWords(rewriter, loc, vertices));
        bitMaps[block] = bits;
        rewriter.setInsertionPoint(user);
        clearMap(rewriter, loc, bits, /*bits=*/true, vertices);
        rewriter.replaceOp(user, bits);
      } else if (auto idBuffer = dyn_cast<VertexSetIdBufferOp>(user)) {
        rewriter.setInsertionPoint(loop);
        Value size = vertices;
        if (Value capacity = idBuffer.getCapacity())
          size = arith::MaxUIOp::create(rewriter, loc, size, capacity);
        Value buffer = allocate(i32, size);
        buffers[block] = buffer;
        rewriter.replaceOp(user, buffer);
      } else if (auto seal = dyn_cast<VertexSetSealIdsOp>(user)) {
        // Ids flagged as they were added are on the list already.
        rewriter.setInsertionPoint(seal);
        Value buffer = buffers.lookup(block);
        if (!flagged.contains(block))
          emitKernel(
              rewriter, loc, toIndex(rewriter, seal.getCount()),
              [&](OpBuilder &b, Value i) {
                claim(b, toIndex(b, memref::LoadOp::create(b, loc, buffer, i)),
                      /*atomic=*/true);
              });
        rewriter.eraseOp(seal);
      } else if (isa<VertexSetSealDenseOp>(user)) {
        rewriter.setInsertionPoint(user);
        if (Value bits = bitMaps.lookup(block))
          emitKernel(rewriter, loc, vertices, [&](OpBuilder &b, Value v) {
            auto branch = scf::IfOp::create(
                b, loc, isMarked(b, loc, bits, /*bits=*/true, v),
                /*withElseRegion=*/false);
            b.setInsertionPointToStart(branch.thenBlock());
            claim(b, v, /*atomic=*/false);
          });
        rewriter.eraseOp(user);
      } else {
        rewriter.eraseOp(user);
      }
    }
    rewriter.eraseOp(fresh);
  }
  for (PriorityQueueOverflowOp overflow : pq.overflows) {
    rewriter.setInsertionPoint(overflow);
    Value vertex =
        arith::IndexCastOp::create(rewriter, loc, i64, overflow.getVertex());
    store(constI64(1), failed, 0);
    store(vertex, failed, 1);
    rewriter.eraseOp(overflow);
  }

  // After the loop: what failed, reported by the queue (a negative
  // priority when nothing else failed first).
  rewriter.setInsertionPointAfter(loop);
  Value code = load(failed, 0), negative = load(failed, 3);
  Value onlyNegative = arith::AndIOp::create(
      rewriter, loc, compare(arith::CmpIPredicate::eq, code, constI64(0)),
      compare(arith::CmpIPredicate::ne, negative, none));
  PriorityQueueDeviceFailureOp::create(
      rewriter, loc, queue,
      arith::SelectOp::create(rewriter, loc, onlyNegative, constI64(2), code),
      arith::SelectOp::create(rewriter, loc, onlyNegative, negative,
                              load(failed, 1)),
      load(failed, 2));
  for (Value memref : owned)
    memref::DeallocOp::create(rewriter, loc, memref);
  return {count, vertices};
}

//===----------------------------------------------------------------------===//
// Lists of vertex sets: their levels on the device
//===----------------------------------------------------------------------===//

namespace {
/// A list of vertex sets a loop appends to or pops from, and those ops.
struct DeviceList {
  Value list;
  SmallVector<ListAppendOp> appends;
  SmallVector<ListPopOp> pops;
};

/// A list a fused loop appends to, which may stop the loop for room
/// (graph.list.device_resume): `next` when it appends the next frontier,
/// which the loop's last frontier then is.
struct ListResume {
  Value list;
  bool next;
};
} // namespace

/// Whether `region` writes or frees memory, or may (an op of unknown
/// effects).
static bool mayWrite(Region &region) {
  return region
      .walk([](Operation *op) {
        if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
          return WalkResult::advance();
        auto effects = dyn_cast<MemoryEffectOpInterface>(op);
        if (!effects || effects.hasEffect<MemoryEffects::Write>() ||
            effects.hasEffect<MemoryEffects::Free>())
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// The set an append of `value` keeps: the set it copies, if it is a copy
/// (GraphIt's `insert`: a filter keeping every vertex, used only by the
/// append), else `value` itself.
static Value appendedSet(Value value) {
  auto copy = value.getDefiningOp<VertexSetFilterOp>();
  if (!copy || !copy->hasOneUse())
    return value;
  auto yield = cast<YieldOp>(copy.getPredicate().front().getTerminator());
  auto keep = yield->getOperand(0).getDefiningOp<arith::ConstantIntOp>();
  return keep && keep.value() != 0 ? copy.getSet() : value;
}

/// Why the lists of vertex sets `loop` uses cannot keep their levels on the
/// device, or "" when they can (or it uses none); fills `lists`. Each list
/// comes from before the loop and is either appended to, once a step, the
/// step's frontier (which it then owns) or a copy of it or of the next
/// frontier, or popped once a step, the popped set read as ids, a size or
/// a map, freed, or the next frontier.
static std::string whyNotDeviceLists(scf::WhileOp loop,
                                     SmallVector<DeviceList> &lists) {
  Block &after = loop.getAfter().front();
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  std::string reason;
  auto refuse = [&](Operation *op, const Twine &why) {
    reason = ("'" + op->getName().getStringRef() + "' " + why).str();
    return WalkResult::interrupt();
  };
  WalkResult walk = loop->walk([&](Operation *op) {
    if (!isa<ListAppendOp, ListPopOp>(op) ||
        !isa<VertexSetType>(
            cast<ListType>(op->getOperand(0).getType()).getElementType()))
      return WalkResult::advance();
    Value list = op->getOperand(0);
    if (loop->isAncestor(list.getParentRegion()->getParentOp()))
      return refuse(op, "uses a list of vertex sets the loop makes, which "
                        "lives on the host");
    if (op->getBlock() != &after)
      return refuse(op, "runs in a branch or an inner loop of the step, but "
                        "the list's device storage takes one append or pop "
                        "a step");
    auto entry = llvm::find_if(
        lists, [&](DeviceList &known) { return known.list == list; });
    if (entry == lists.end()) {
      lists.push_back({list, {}, {}});
      entry = std::prev(lists.end());
    }
    if (auto append = dyn_cast<ListAppendOp>(op)) {
      Value set = appendedSet(append.getValue());
      bool copied = set != append.getValue();
      bool current = isa<BlockArgument>(set) &&
                     cast<BlockArgument>(set).getOwner() == &after;
      bool next = copied && llvm::is_contained(yield->getOperands(), set);
      if (!current && !next)
        return refuse(op, "keeps a vertex set that is neither the step's "
                          "frontier nor a copy of the next one, which the "
                          "device does not hold");
      entry->appends.push_back(append);
    } else {
      auto pop = cast<ListPopOp>(op);
      for (Operation *user : pop->getUsers())
        if (!isa<VertexSetIdsOp, VertexSetSizeOp, VertexSetBitsOp,
                 VertexSetBoolsOp, VertexSetFreeOp, scf::YieldOp>(user) ||
            user->getBlock() != &after)
          return refuse(user, "reads a set popped from a list on the host");
      entry->pops.push_back(pop);
    }
    if (!entry->appends.empty() && !entry->pops.empty())
      return refuse(op, "appends to and pops from one list in a loop, whose "
                        "device storage would be overwritten while a popped "
                        "set is read");
    if (entry->appends.size() + entry->pops.size() > 1)
      return refuse(op, "uses a list more than once a step");
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return reason;
  // A loop that stops for room in a list's storage runs again from its
  // condition, which must not change anything when it runs twice.
  for (DeviceList &list : lists)
    if (!list.appends.empty() && mayWrite(loop.getBefore()))
      return ("'" + list.appends.front()->getName().getStringRef() +
              "' appends to a list in a loop whose condition writes memory, "
              "which would run again when the loop resumes after growing "
              "the list's device storage")
          .str();
  return "";
}

/// A value of EdgeSet type the loop's traversals read (hoisted in front of
/// it), the graph whose vertex count a popped set gets.
static Value graphOf(scf::WhileOp loop) {
  auto graphIn = [](Operation *op) -> Value {
    for (Value operand : op->getOperands())
      if (isa<EdgeSetType>(operand.getType()))
        return operand;
    return Value();
  };
  for (Operation *op = loop->getPrevNode(); op; op = op->getPrevNode())
    if (Value graph = graphIn(op))
      return graph;
  Value found;
  loop->walk([&](Operation *op) {
    if (!found)
      found = graphIn(op);
  });
  return found;
}

/// Gives each list of `lists` its device storage (graph.list.device) in
/// front of `loop` and makes its appends and pops in the loop memory ops
/// and kernels on it, which a fused kernel runs: an append copies the set's
/// ids at the end of the storage and records the level's end, a pop takes
/// the top level's range, copied into the next frontier's queue or a
/// buffer of the largest level. An append the storage has no room for
/// stops the loop with the state consistent: the loop's condition stops it
/// before a step whose append of its frontier would not fit
/// (GRAPHRT_VLIST_FULL_BEFORE), and an append of the next frontier that
/// does not fit copies nothing and stops it after the step
/// (GRAPHRT_VLIST_FULL_AFTER); fills `resumes` with these lists, which
/// graph.list.device_resume grows after the loop (see resumeWhileFull).
/// A pop of an empty list copies nothing and records the failure, which
/// ends the loop and is reported after it (graph.list.device_check).
/// Returns the sets' vertex count, or null when the loop reads no graph to
/// take it from.
static Value keepListsOnDevice(scf::WhileOp loop, ArrayRef<DeviceList> lists,
                               SmallVector<ListResume> &resumes,
                               RewriterBase &rewriter) {
  Value graph = graphOf(loop);
  if (!graph)
    return Value();
  Location loc = loop.getLoc();
  Type i64 = rewriter.getI64Type(), index = rewriter.getIndexType();
  auto idsType = MemRefType::get({ShapedType::kDynamic}, rewriter.getI32Type());
  auto i64Array = MemRefType::get({ShapedType::kDynamic}, i64);
  enum { kLevels, kIdCapacity, kLevelCapacity, kFailed, kNeeded, kLargest };
  // GRAPHRT_VLIST_FAILED_* and _FULL_*.
  enum { kFailedIds = 1, kFailedLevels, kFailedEmpty, kFullBefore, kFullAfter };
  auto constIndex = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto toIndex = [&](Value v) -> Value {
    return arith::IndexCastOp::create(rewriter, loc, index, v);
  };
  auto toI64 = [&](Value v) -> Value {
    return arith::IndexCastOp::create(rewriter, loc, i64, v);
  };
  auto load = [&](Value memref, Value at) -> Value {
    return memref::LoadOp::create(rewriter, loc, memref, ValueRange{at});
  };
  auto select = [&](Value condition, Value a, Value b) -> Value {
    return arith::SelectOp::create(rewriter, loc, condition, a, b);
  };
  auto compare = [&](arith::CmpIPredicate predicate, Value a, Value b) {
    return arith::CmpIOp::create(rewriter, loc, predicate, a, b).getResult();
  };
  // In a kernel of `count` threads: to[i + toStart] = from[i + fromStart].
  auto copy = [&](Value from, Value fromStart, Value to, Value toStart,
                  Value count) {
    emitKernel(rewriter, loc, count, [&](OpBuilder &b, Value i) {
      Value id = memref::LoadOp::create(
          b, loc, from,
          ValueRange{arith::AddIOp::create(b, loc, i, fromStart)});
      memref::StoreOp::create(
          b, loc, id, to,
          ValueRange{arith::AddIOp::create(b, loc, i, toStart)});
    });
  };
  Value vertices = [&] {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(loop);
    return NumVerticesOp::create(rewriter, loc, index, graph).getResult();
  }();
  auto constI64 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(rewriter, loc, v, 64);
  };
  auto condition = loop.getConditionOp();
  // The frontier checks in the condition: (state, offsets, capacities, the
  // frontier as the condition forwards it) of each list the step appends
  // the frontier to.
  struct FrontierCheck {
    Value state, offsets, idCapacity, levelCapacity, frontier;
  };
  SmallVector<FrontierCheck> frontierChecks;
  SmallVector<Value> owned;
  SmallVector<Value> states;
  // Where each list's check reports a failure: a failed pop at the pop, by
  // the name the program gave it (taken before the pops are erased).
  SmallVector<std::pair<Location, StringAttr>> checks;
  for (const DeviceList &list : lists) {
    if (list.pops.empty()) {
      checks.push_back({loc, StringAttr()});
      continue;
    }
    ListPopOp pop = list.pops.front();
    checks.push_back({pop.getLoc(), pop.getWhatAttr()});
  }
  for (const DeviceList &list : lists) {
    rewriter.setInsertionPoint(loop);
    Value c0 = constIndex(rewriter, 0);
    Value room = list.appends.empty() ? c0 : vertices;
    auto storage = ListDeviceOp::create(rewriter, loc, idsType, i64Array,
                                        i64Array, list.list, vertices, room);
    Value ids = storage.getIds(), offsets = storage.getOffsets(),
          state = storage.getState();
    states.push_back(state);
    Value at[6];
    for (int64_t i = 0; i < 6; ++i)
      at[i] = constIndex(rewriter, i);
    Value idCapacity = toIndex(load(state, at[kIdCapacity]));
    Value levelCapacity = toIndex(load(state, at[kLevelCapacity]));
    Value largest = arith::MaxUIOp::create(rewriter, loc,
                                           toIndex(load(state, at[kLargest])),
                                           constIndex(rewriter, 1));
    Value c1 = constIndex(rewriter, 1);
    for (ListAppendOp append : list.appends) {
      rewriter.setInsertionPoint(append);
      Value set = appendedSet(append.getValue());
      // The next frontier (a copy of it) or the step's own frontier, which
      // the condition checks the room for.
      bool next = set != append.getValue();
      resumes.push_back({list.list, next});
      if (!next)
        frontierChecks.push_back(
            {state, offsets, idCapacity, levelCapacity,
             condition.getArgs()[cast<BlockArgument>(set).getArgNumber()]});
      Value setIds = VertexSetIdsOp::create(rewriter, loc, idsType, set);
      Value count = memref::DimOp::create(rewriter, loc, setIds, c0);
      Value levels = toIndex(load(state, at[kLevels]));
      Value start = toIndex(load(offsets, levels));
      Value end = arith::AddIOp::create(rewriter, loc, start, count);
      Value above = arith::AddIOp::create(rewriter, loc, levels, c1);
      Value idsFit = compare(arith::CmpIPredicate::ule, end, idCapacity);
      Value fits = arith::AndIOp::create(
          rewriter, loc, idsFit,
          compare(arith::CmpIPredicate::ult, above, levelCapacity));
      Value failed = load(state, at[kFailed]);
      Value needed = load(state, at[kNeeded]);
      Value copied = select(fits, count, c0);
      Value largestNow = arith::MaxSIOp::create(
          rewriter, loc, load(state, at[kLargest]), toI64(copied));
      // The next frontier's append stops the loop after the step; the
      // frontier's own was checked by the condition (an internal error).
      Value code = select(
          fits, failed,
          next ? constI64(kFullAfter)
               : select(idsFit, constI64(kFailedLevels), constI64(kFailedIds)));
      copy(setIds, c0, ids, start, copied);
      // One run of stores: one thread's phase once fused.
      Value top = select(fits, above, levels);
      Value topEnd = toI64(select(fits, end, start));
      Value neededNow = select(fits, needed, toI64(end));
      Value levelsNow = toI64(top);
      memref::StoreOp::create(rewriter, loc, topEnd, offsets, ValueRange{top});
      memref::StoreOp::create(rewriter, loc, levelsNow, state,
                              ValueRange{at[kLevels]});
      memref::StoreOp::create(rewriter, loc, code, state,
                              ValueRange{at[kFailed]});
      memref::StoreOp::create(rewriter, loc, neededNow, state,
                              ValueRange{at[kNeeded]});
      memref::StoreOp::create(rewriter, loc, largestNow, state,
                              ValueRange{at[kLargest]});
      // The list owned the frontier it kept: its ids are copied.
      if (set == append.getValue()) {
        rewriter.setInsertionPoint(loop.getAfter().front().getTerminator());
        VertexSetFreeOp::create(rewriter, loc, set);
      }
      Operation *filter = set == append.getValue()
                              ? nullptr
                              : append.getValue().getDefiningOp();
      rewriter.eraseOp(append);
      if (filter)
        rewriter.eraseOp(filter);
    }
    for (ListPopOp pop : list.pops) {
      rewriter.setInsertionPoint(pop);
      Value levels = toIndex(load(state, at[kLevels]));
      Value empty = compare(arith::CmpIPredicate::eq, levels, c0);
      Value top =
          select(empty, c0, arith::SubIOp::create(rewriter, loc, levels, c1));
      Value start = toIndex(load(offsets, top));
      // The level's size, at most the largest level's: what bounds the
      // allocations of the step that reads it.
      Value count = arith::MinUIOp::create(
          rewriter, loc,
          arith::SubIOp::create(
              rewriter, loc, toIndex(load(offsets, select(empty, c0, levels))),
              start),
          largest);
      Value code =
          select(empty, constI64(kFailedEmpty), load(state, at[kFailed]));
      memref::StoreOp::create(rewriter, loc, toI64(top), state,
                              ValueRange{at[kLevels]});
      memref::StoreOp::create(rewriter, loc, code, state,
                              ValueRange{at[kFailed]});
      bool next = llvm::any_of(pop->getUsers(), [](Operation *user) {
        return isa<scf::YieldOp>(user);
      });
      if (next) {
        // The next frontier: a set the copy fills, which becomes the other
        // queue of the fused loop.
        Value set = VertexSetNewOp::create(
            rewriter, loc, VertexSetType::get(loop.getContext()), graph,
            /*all=*/false);
        Value buffer =
            VertexSetIdBufferOp::create(rewriter, loc, idsType, set, largest);
        copy(ids, start, buffer, c0, count);
        VertexSetSealIdsOp::create(rewriter, loc, set, toI64(count),
                                   /*keepDuplicates=*/false,
                                   /*distinct=*/true);
        rewriter.replaceOp(pop, set);
        continue;
      }
      // A set the step reads: a buffer of the largest level, made before
      // the loop, and the maps a traversal reads, made from it.
      Value scratch;
      {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPoint(loop);
        scratch = memref::AllocOp::create(rewriter, loc, idsType, largest);
        owned.push_back(scratch);
      }
      copy(ids, start, scratch, c0, count);
      for (Operation *user : llvm::make_early_inc_range(pop->getUsers())) {
        rewriter.setInsertionPoint(user);
        if (isa<VertexSetIdsOp>(user)) {
          replaceIds(user, scratch, count, rewriter);
        } else if (isa<VertexSetSizeOp>(user)) {
          rewriter.replaceOp(user, count);
        } else if (isa<VertexSetBitsOp, VertexSetBoolsOp>(user)) {
          bool bits = isa<VertexSetBitsOp>(user);
          Value map;
          {
            OpBuilder::InsertionGuard guard(rewriter);
            rewriter.setInsertionPoint(loop);
            map = memref::AllocOp::create(
                rewriter, loc, cast<MemRefType>(user->getResult(0).getType()),
                ValueRange{bits ? mapWords(rewriter, loc, vertices)
                                : vertices});
            owned.push_back(map);
          }
          clearMap(rewriter, loc, map, bits, vertices);
          fillMap(rewriter, loc, map, bits, scratch, count);
          rewriter.replaceOp(user, map);
        } else {
          rewriter.eraseOp(user);
        }
      }
      rewriter.eraseOp(pop);
    }
  }
  // The loop ends at a recorded failure, which is reported after it, and
  // at a step whose append of its frontier would not fit, recorded by one
  // thread (the ids it needs), for graph.list.device_resume.
  rewriter.setInsertionPoint(condition);
  Value go = condition.getCondition();
  for (Value state : states)
    go = arith::AndIOp::create(
        rewriter, loc, go,
        compare(arith::CmpIPredicate::eq,
                load(state, constIndex(rewriter, kFailed)), constI64(0)));
  for (const FrontierCheck &check : frontierChecks) {
    Value c1 = constIndex(rewriter, 1);
    Value count = VertexSetSizeOp::create(rewriter, loc, index, check.frontier);
    Value levels = toIndex(load(check.state, constIndex(rewriter, kLevels)));
    Value end = arith::AddIOp::create(
        rewriter, loc, toIndex(load(check.offsets, levels)), count);
    Value fits = arith::AndIOp::create(
        rewriter, loc,
        compare(arith::CmpIPredicate::ule, end, check.idCapacity),
        compare(arith::CmpIPredicate::ult,
                arith::AddIOp::create(rewriter, loc, levels, c1),
                check.levelCapacity));
    Value stop = arith::AndIOp::create(
        rewriter, loc, go,
        arith::XOrIOp::create(
            rewriter, loc, fits,
            arith::ConstantIntOp::create(rewriter, loc, 1, 1)));
    // (Both stores one run: one thread's phase once fused.)
    Value needed = toI64(end), full = constI64(kFullBefore);
    Value failedAt = constIndex(rewriter, kFailed);
    Value neededAt = constIndex(rewriter, kNeeded);
    auto record = scf::IfOp::create(rewriter, loc, stop);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(record.thenBlock()->getTerminator());
      memref::StoreOp::create(rewriter, loc, full, check.state,
                              ValueRange{failedAt});
      memref::StoreOp::create(rewriter, loc, needed, check.state,
                              ValueRange{neededAt});
    }
    go = arith::AndIOp::create(rewriter, loc, go, fits);
  }
  rewriter.modifyOpInPlace(condition,
                           [&] { condition.getConditionMutable().assign(go); });
  rewriter.setInsertionPointAfter(loop);
  for (auto [list, check] : llvm::zip(lists, checks))
    ListDeviceCheckOp::create(rewriter, check.first, list.list, check.second);
  for (Value memref : owned)
    memref::DeallocOp::create(rewriter, loc, memref);
  return vertices;
}

/// Runs `loop` again while a list it appends to stopped it for room (see
/// keepListsOnDevice): an scf.while whose condition region holds `front`
/// (graph.list.device and what it made before the loop), the loop, `back`
/// (the checks and frees after it) and a graph.list.device_resume of each
/// list of `resumes`, which grows the list's storage; its results, the
/// loop's at the stop, are the next run's initial values. `loop` moves
/// inside; returns the new loop.
static scf::WhileOp resumeWhileFull(scf::WhileOp loop,
                                    ArrayRef<Operation *> front,
                                    ArrayRef<Operation *> back,
                                    ArrayRef<ListResume> resumes,
                                    RewriterBase &rewriter) {
  Location loc = loop.getLoc();
  TypeRange types = loop->getResultTypes();
  SmallVector<Location> locs(types.size(), loc);
  rewriter.setInsertionPoint(front.empty() ? loop.getOperation()
                                           : front.front());
  auto outer = scf::WhileOp::create(rewriter, loc, types, loop.getInits());
  Block *before = rewriter.createBlock(&outer.getBefore(), {}, types, locs);
  Block *after = rewriter.createBlock(&outer.getAfter(), {}, types, locs);
  for (Operation *op : front)
    op->moveBefore(before, before->end());
  loop->moveBefore(before, before->end());
  rewriter.modifyOpInPlace(
      loop, [&] { loop.getInitsMutable().assign(before->getArguments()); });
  for (Operation *op : back)
    op->moveBefore(before, before->end());
  rewriter.setInsertionPointToEnd(before);
  Value last;
  for (Value result : loop->getResults())
    if (isa<VertexSetType>(result.getType()))
      last = result;
  Value again = arith::ConstantIntOp::create(rewriter, loc, 0, 1);
  for (const ListResume &resume : resumes)
    again = arith::OrIOp::create(
        rewriter, loc, again,
        ListDeviceResumeOp::create(rewriter, loc, rewriter.getI1Type(),
                                   resume.list, resume.next ? last : Value()));
  scf::ConditionOp::create(rewriter, loc, again, loop->getResults());
  rewriter.setInsertionPointToEnd(after);
  scf::YieldOp::create(rewriter, loc, after->getArguments());
  return outer;
}

std::string mlir::graph::fuseGpuLoop(scf::WhileOp loop, unsigned kernelNumber,
                                     RewriterBase &rewriter) {
  // Loop-invariant host ops first: they may make the rest fusable.
  for (bool moved = true; moved;) {
    SmallVector<Operation *> invariant;
    loop->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::LaunchOp>(op))
        return WalkResult::skip();
      if (op != loop.getOperation() && isHoistable(op, loop)) {
        invariant.push_back(op);
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    for (Operation *op : invariant)
      op->moveBefore(loop);
    moved = !invariant.empty();
  }
  QueueLoop pq;
  std::string reason = whyNotQueueLoop(loop, pq);
  if (!reason.empty())
    return reason;
  // Lists of vertex sets keep their levels on the device. Whether the loop
  // fuses then is checked on a copy of it with its lists there, which
  // replaces the loop when it does.
  SmallVector<DeviceList> lists;
  Value listVertices;
  reason = whyNotDeviceLists(loop, lists);
  if (!reason.empty())
    return reason;
  if (!lists.empty()) {
    ListAppendOp append = lists.front().appends.empty()
                              ? ListAppendOp()
                              : lists.front().appends.front();
    Operation *op = append ? append.getOperation()
                           : lists.front().pops.front().getOperation();
    if (pq.queue)
      return ("'" + op->getName().getStringRef() +
              "' uses a list of vertex sets in a loop over a priority queue")
          .str();
    Operation *before = loop->getPrevNode();
    rewriter.setInsertionPoint(loop);
    auto trial = cast<scf::WhileOp>(rewriter.clone(*loop));
    SmallVector<DeviceList> trialLists;
    (void)whyNotDeviceLists(trial, trialLists);
    std::optional<Frontier> trialFrontier;
    SmallVector<ListResume> resumes;
    listVertices = keepListsOnDevice(trial, trialLists, resumes, rewriter);
    if (!listVertices)
      reason = ("'" + op->getName().getStringRef() +
                "' keeps vertex sets of a graph the loop does not read")
                   .str();
    else
      reason = whyNotFusable(trial, trialFrontier, Value());
    if (!reason.empty()) {
      SmallVector<Operation *> made;
      for (Operation *op = before ? before->getNextNode()
                                  : &loop->getBlock()->front();
           op != loop.getOperation(); op = op->getNextNode())
        made.push_back(op);
      for (Operation *op : llvm::reverse(made))
        rewriter.eraseOp(op);
      return reason;
    }
    // A loop that appends runs again while a list's storage stops it.
    Operation *result = trial;
    if (!resumes.empty()) {
      SmallVector<Operation *> front, back;
      for (Operation *op = before ? before->getNextNode()
                                  : &loop->getBlock()->front();
           op != trial.getOperation(); op = op->getNextNode())
        front.push_back(op);
      for (Operation *op = trial->getNextNode(); op != loop.getOperation();
           op = op->getNextNode())
        back.push_back(op);
      result = resumeWhileFull(trial, front, back, resumes, rewriter);
    }
    rewriter.replaceOp(loop, result->getResults());
    loop = trial;
  }
  // A queue's loop is checked before its buckets move to the device, so
  // that a loop that does not fuse keeps the host's buckets.
  std::optional<Frontier> frontier;
  Value ready, queueVertices;
  if (pq.queue) {
    reason = whyNotFusable(loop, frontier, pq.dequeue.getResult(), &pq);
    if (!reason.empty())
      return reason;
    frontier.reset();
    std::tie(ready, queueVertices) = keepBucketsOnDevice(loop, pq, rewriter);
  }
  reason = whyNotFusable(loop, frontier, ready);
  if (!reason.empty())
    return reason;
  keepUnfused(loop, rewriter);

  // The last frontier keeps repeated ids if a step's may have them.
  bool duplicates =
      frontier && llvm::any_of(frontier->nexts, [](NextFrontier &next) {
        auto seal = dyn_cast<VertexSetSealIdsOp>(next.seal);
        return seal && seal.getKeepDuplicates();
      });
  Location loc = loop.getLoc();
  MLIRContext *ctx = loop.getContext();
  Type index = rewriter.getIndexType();
  rewriter.setInsertionPoint(loop);
  Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Block &after = loop.getAfter().front();

  // The device frontier: two queues of `capacity` ids, the step's input
  // the one its parity names; the initial set copied into the first.
  Value queues[2], capacity, initialCount, graphValue, vertices;
  auto ids = MemRefType::get({ShapedType::kDynamic}, rewriter.getI32Type());
  if (frontier) {
    graphValue = frontier->nexts.front().set.getGraph();
    vertices = NumVerticesOp::create(rewriter, loc, index, graphValue);
    capacity = vertices;
    for (NextFrontier &next : frontier->nexts)
      for (VertexSetIdBufferOp buffer : next.buffers)
        if (Value more = buffer.getCapacity())
          capacity = arith::MaxUIOp::create(rewriter, loc, capacity, more);
    for (Value &queue : queues)
      queue = memref::AllocOp::create(rewriter, loc, ids, capacity);
    Value initial = loop.getInits()[frontier->position];
    Value initialIds = VertexSetIdsOp::create(rewriter, loc, ids, initial);
    initialCount = memref::DimOp::create(rewriter, loc, initialIds, c0);
    copyIds(rewriter, loc, initialIds, queues[0], initialCount);
    VertexSetFreeOp::create(rewriter, loc, initial);
  }

  // Allocations of a step are made once, for the largest step: a size the
  // frontier's size gives becomes the queues' capacity.
  // (whyNotFusable checked that each has one: isBounded.)
  // (Without a frontier, the vertices of a queue's or a list's sets.)
  if (!capacity)
    capacity = queueVertices ? queueVertices : listVertices;
  std::function<Value(Value)> bound = [&](Value size) -> Value {
    if (!loop->isAncestor(size.getParentRegion()->getParentOp()))
      return size;
    if (size == ready)
      return capacity;
    if (isa<memref::DimOp>(size.getDefiningOp()))
      return capacity;
    if (auto divide = size.getDefiningOp<arith::CeilDivUIOp>())
      return arith::CeilDivUIOp::create(
          rewriter, divide.getLoc(), bound(divide.getLhs()), divide.getRhs());
    if (auto least = size.getDefiningOp<arith::MinUIOp>())
      return loop->isAncestor(least.getRhs().getParentRegion()->getParentOp())
                 ? bound(least.getLhs())
                 : least.getRhs();
    auto add = size.getDefiningOp<arith::AddIOp>();
    return arith::AddIOp::create(rewriter, add.getLoc(), bound(add.getLhs()),
                                 bound(add.getRhs()));
  };
  // (Those of both branches of a hybrid too: one runs at a time.)
  SmallVector<Operation *> deallocs, allocs;
  after.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::LaunchOp>(op))
      return WalkResult::skip();
    if (isa<memref::AllocOp>(op))
      allocs.push_back(op);
    else if (isa<memref::DeallocOp>(op))
      deallocs.push_back(op);
    return WalkResult::advance();
  });
  for (Operation *op : allocs) {
    auto alloc = cast<memref::AllocOp>(op);
    rewriter.setInsertionPoint(loop);
    SmallVector<Value> sizes;
    for (Value size : alloc.getDynamicSizes())
      sizes.push_back(bound(size));
    rewriter.modifyOpInPlace(
        alloc, [&] { alloc.getDynamicSizesMutable().assign(sizes); });
    alloc->moveBefore(loop);
  }
  rewriter.setInsertionPoint(loop);
  // The frontier as maps (a pull's input, a pull's or an unfused push's
  // output), made from and into the queues on the GPU; allocated once.
  Value maps[2][2];
  gpu::LaunchOp launch;
  auto mapOf = [&](bool output, bool bits) {
    Value &map = maps[output][bits];
    if (!map) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(launch);
      map =
          bits ? memref::AllocOp::create(
                     rewriter, loc,
                     MemRefType::get({ShapedType::kDynamic},
                                     rewriter.getI64Type()),
                     ValueRange{mapWords(rewriter, loc, vertices)})
               : memref::AllocOp::create(rewriter, loc,
                                         MemRefType::get({ShapedType::kDynamic},
                                                         rewriter.getI8Type()),
                                         ValueRange{vertices});
      deallocs.push_back(memref::DeallocOp::create(rewriter, loc, map));
    }
    return map;
  };
  Value moved;
  if (frontier && llvm::any_of(frontier->nexts, [](NextFrontier &next) {
        return isa<VertexSetSealDenseOp>(next.seal);
      })) {
    moved = memref::AllocOp::create(
        rewriter, loc, MemRefType::get({1}, rewriter.getI64Type()));
    deallocs.push_back(memref::DeallocOp::create(rewriter, loc, moved));
  }
  Value barrier = allocateBarrier(rewriter, loc);

  // The kernel: a nominal grid of a thread per vertex, which the runtime
  // shrinks to the blocks that fit on the GPU at once.
  Value blocks = c1;
  if (capacity)
    blocks = arith::MaxUIOp::create(
        rewriter, loc, c1,
        arith::CeilDivUIOp::create(
            rewriter, loc, capacity,
            arith::ConstantIndexOp::create(rewriter, loc, kGpuBlockThreads)));
  Value threads =
      arith::ConstantIndexOp::create(rewriter, loc, kGpuBlockThreads);
  launch =
      gpu::LaunchOp::create(rewriter, loc, blocks, c1, c1, threads, c1, c1);
  launch.setFunctionAttr(
      FlatSymbolRefAttr::get(ctx, ("graph_grid_" + Twine(kernelNumber)).str()));
  // The loop's results, stored by one thread after the loop, read on the
  // host after the kernel; they start as the loop's initial values, the
  // results of no step.
  SmallVector<Value> resultSlots;
  rewriter.setInsertionPoint(launch);
  for (auto [i, type] : llvm::enumerate(loop->getResultTypes())) {
    bool isFrontier = frontier && i == frontier->position;
    Value slot = memref::AllocOp::create(
        rewriter, loc, MemRefType::get({2}, isFrontier ? index : type));
    memref::StoreOp::create(rewriter, loc, isFrontier ? c0 : loop.getInits()[i],
                            slot, ValueRange{c0});
    if (isFrontier)
      memref::StoreOp::create(rewriter, loc, initialCount, slot,
                              ValueRange{c1});
    resultSlots.push_back(slot);
  }

  // The loop inside the kernel: the frontier becomes (parity, size).
  Block *kernel = &launch.getBody().front();
  rewriter.setInsertionPointToStart(kernel);
  SmallVector<Value> inits(loop.getInits());
  SmallVector<Type> types(loop->getResultTypes());
  if (frontier) {
    inits[frontier->position] = initialCount;
    types[frontier->position] = index;
    inits.insert(inits.begin() + frontier->position, c0);
    types.insert(types.begin() + frontier->position, index);
  }
  auto fused = scf::WhileOp::create(rewriter, loc, types, inits);
  rewriter.inlineRegionBefore(loop.getBefore(), fused.getBefore(),
                              fused.getBefore().end());
  rewriter.inlineRegionBefore(loop.getAfter(), fused.getAfter(),
                              fused.getAfter().end());
  gpu::TerminatorOp::create(rewriter, loc);
  Block &before = fused.getBefore().front();
  Block &body = fused.getAfter().front();
  if (frontier) {
    unsigned p = frontier->position;
    for (Block *block : {&before, &body}) {
      BlockArgument set = block->getArgument(p);
      BlockArgument parity = block->insertArgument(p, index, loc);
      BlockArgument count = block->insertArgument(p + 1, index, loc);
      for (Operation *user : llvm::make_early_inc_range(set.getUsers())) {
        rewriter.setInsertionPoint(user);
        if (isa<VertexSetSizeOp>(user)) {
          rewriter.replaceOp(user, count);
        } else if (isa<VertexSetBitsOp, VertexSetBoolsOp>(user)) {
          Value first = arith::CmpIOp::create(
              rewriter, loc, arith::CmpIPredicate::eq, parity, c0);
          Value queue = arith::SelectOp::create(rewriter, loc, first, queues[0],
                                                queues[1]);
          bool bits = isa<VertexSetBitsOp>(user);
          Value map = mapOf(/*output=*/false, bits);
          clearMap(rewriter, loc, map, bits, vertices);
          fillMap(rewriter, loc, map, bits, queue, count);
          rewriter.replaceOp(user, map);
        } else if (isa<VertexSetFreeOp>(user)) {
          rewriter.eraseOp(user);
        } else if (auto idsOp = dyn_cast<VertexSetIdsOp>(user)) {
          Value first = arith::CmpIOp::create(
              rewriter, loc, arith::CmpIPredicate::eq, parity, c0);
          Value queue = arith::SelectOp::create(rewriter, loc, first, queues[0],
                                                queues[1]);
          replaceIds(idsOp, queue, count, rewriter);
        } else {
          // scf.condition and scf.yield forward the set: its two values.
          unsigned at = set.getUses().begin()->getOperandNumber();
          SmallVector<Value> operands(user->getOperands());
          operands[at] = count;
          operands.insert(operands.begin() + at, parity);
          rewriter.modifyOpInPlace(user, [&] { user->setOperands(operands); });
        }
      }
      block->eraseArgument(p + 2);
    }
    // Each next frontier: the other queue, its size what the seal counted;
    // a map it is marked in becomes ids of the queue after the traversal.
    Value parity = body.getArgument(p);
    DenseMap<Operation *, Value> counts;
    for (NextFrontier &next : frontier->nexts) {
      rewriter.setInsertionPoint(next.set);
      Value first = arith::CmpIOp::create(rewriter, loc,
                                          arith::CmpIPredicate::eq, parity, c0);
      Value other =
          arith::SelectOp::create(rewriter, loc, first, queues[1], queues[0]);
      for (VertexSetIdBufferOp buffer : next.buffers)
        rewriter.replaceOp(buffer, other);
      Value marks;
      bool bits = false;
      for (Operation *map : next.maps) {
        rewriter.setInsertionPoint(map);
        bits = isa<VertexSetBitsOp>(map);
        marks = mapOf(/*output=*/true, bits);
        clearMap(rewriter, loc, marks, bits, vertices);
        rewriter.replaceOp(map, marks);
      }
      rewriter.setInsertionPoint(next.seal);
      Value sealed = next.seal->getOperand(1);
      if (isa<VertexSetSealDenseOp>(next.seal))
        mapToQueue(rewriter, loc, marks, bits, vertices, other, moved);
      counts[next.set] =
          arith::IndexCastOp::create(rewriter, loc, index, sealed);
      rewriter.eraseOp(next.seal);
    }
    auto yield = cast<scf::YieldOp>(body.getTerminator());
    Value nextCount = countOf(yield->getOperand(p), counts, rewriter);
    for (Operation *read : frontier->reads) {
      rewriter.setInsertionPoint(read);
      if (isa<VertexSetSizeOp>(read)) {
        rewriter.replaceOp(read, nextCount);
        continue;
      }
      Value first = arith::CmpIOp::create(rewriter, loc,
                                          arith::CmpIPredicate::eq, parity, c0);
      replaceIds(
          read,
          arith::SelectOp::create(rewriter, loc, first, queues[1], queues[0]),
          nextCount, rewriter);
    }
    rewriter.setInsertionPoint(yield);
    Value nextParity = arith::SubIOp::create(rewriter, loc, c1, parity);
    SmallVector<Value> operands(yield.getOperands());
    operands[p] = nextCount;
    operands.insert(operands.begin() + p, nextParity);
    rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(operands); });
    for (NextFrontier &next : frontier->nexts)
      rewriter.eraseOp(next.set);
  }

  // Each kernel a phase, each host write one thread's phase, barriers
  // between them.
  SmallVector<gpu::LaunchOp> kernels;
  fused->walk([&](gpu::LaunchOp inner) { kernels.push_back(inner); });
  for (gpu::LaunchOp inner : kernels)
    phaseOf(inner, rewriter);
  phaseHostWrites(before, launch, rewriter);
  phaseHostWrites(body, launch, rewriter);

  // The results, by one thread; on the host after the kernel.
  rewriter.setInsertionPointAfter(fused);
  auto store = GridPhaseOp::create(rewriter, loc, c1, c1);
  Block *storeBody =
      rewriter.createBlock(&store.getBody(), {}, {index, index}, {loc, loc});
  rewriter.setInsertionPointToStart(storeBody);
  unsigned shift = frontier ? 1 : 0;
  for (unsigned i = 0, e = loop->getNumResults(); i < e; ++i) {
    bool isFrontier = frontier && i == frontier->position;
    unsigned at = i > (frontier ? frontier->position : e) ? i + shift : i;
    memref::StoreOp::create(rewriter, loc, fused->getResult(at), resultSlots[i],
                            ValueRange{c0});
    if (isFrontier)
      memref::StoreOp::create(rewriter, loc, fused->getResult(at + 1),
                              resultSlots[i], ValueRange{c1});
  }
  placeBarriers(launch, barrier, rewriter);

  rewriter.setInsertionPointAfter(launch);
  for (auto [i, result] : llvm::enumerate(loop->getResults())) {
    if (frontier && i == frontier->position)
      continue;
    rewriter.replaceAllUsesWith(
        result,
        memref::LoadOp::create(rewriter, loc, resultSlots[i], ValueRange{c0})
            .getResult());
  }
  if (frontier) {
    unsigned p = frontier->position;
    // After the kernel: the last frontier as a vertex set.
    Value lastParity =
        memref::LoadOp::create(rewriter, loc, resultSlots[p], ValueRange{c0});
    Value lastCount =
        memref::LoadOp::create(rewriter, loc, resultSlots[p], ValueRange{c1});
    Value set = VertexSetNewOp::create(rewriter, loc, VertexSetType::get(ctx),
                                       graphValue, /*all=*/false);
    Value buffer =
        VertexSetIdBufferOp::create(rewriter, loc, ids, set, Value());
    Value last = arith::SelectOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                              lastParity, c0),
        queues[0], queues[1]);
    copyIds(rewriter, loc, last, buffer, lastCount);
    VertexSetSealIdsOp::create(rewriter, loc, set,
                               arith::IndexCastOp::create(rewriter, loc,
                                                          rewriter.getI64Type(),
                                                          lastCount),
                               duplicates, /*distinct=*/!duplicates);
    rewriter.replaceAllUsesWith(loop->getResult(p), set);
  }
  for (Operation *dealloc : deallocs)
    dealloc->moveBefore(rewriter.getInsertionBlock(),
                        rewriter.getInsertionPoint());
  for (Value slot : resultSlots)
    memref::DeallocOp::create(rewriter, loc, slot);
  memref::DeallocOp::create(rewriter, loc, barrier);
  if (frontier)
    for (Value queue : queues)
      memref::DeallocOp::create(rewriter, loc, queue);
  rewriter.eraseOp(loop);
  return "";
}
