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

#include "GpuFusion.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>

using namespace mlir;
using namespace mlir::graph;
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

/// Why the host code of `loop` cannot run on the host between split
/// launches, or "": it reads no edges placed on the device (only its
/// kernels may).
static std::string whyNotSplit(scf::WhileOp loop) {
  std::string reason;
  loop->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::LaunchOp>(op))
      return WalkResult::skip();
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      std::optional<GpuEdgePlacement> placement;
      if (auto edges = dyn_cast_or_null<AdjacencyOp>(def))
        placement = edges.getPlacement();
      else if (auto weights = dyn_cast_or_null<AdjacencyWeightsOp>(def))
        placement = weights.getPlacement();
      if (placement && *placement != GpuEdgePlacement::Managed) {
        reason = ("'" + op->getName().getStringRef() +
                  "' reads edges placed on the device, which the host code "
                  "of split launches cannot")
                     .str();
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return reason;
}

std::string mlir::graph::fuseGpuLoop(scf::WhileOp loop, unsigned kernelNumber,
                                     bool split, RewriterBase &rewriter) {
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
  std::string reason = split ? whyNotSplit(loop) : "";
  if (!reason.empty())
    return reason;
  reason = whyNotQueueLoop(loop, pq);
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
  // Split launches need no cooperative GPU.
  if (!split)
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
  if (split)
    launch->setAttr(kSplitLaunchesAttr, rewriter.getUnitAttr());
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
