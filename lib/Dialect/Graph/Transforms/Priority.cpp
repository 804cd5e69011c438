//===- Priority.cpp - priority updates to buckets -------------------------===//
//
// Lowers the traversals that update a priority queue: each priority update
// in the body becomes an update of the queue's priority vector followed by
// the bucket insertion its `priority_update` strategy names (an update whose
// value is a sum that wrapped around is a distance overflow error), and bucket
// fusion lowers the traversal itself with a vertex loop that goes on with
// the thread's own small bins; an ordered worklist (obim) replaces the whole
// loop that dequeues the buckets (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Worklist.h"
#include "graph-mlir/Dialect/Graph/IR/Reductions.h"
#include "graph-mlir/Dialect/Graph/Transforms/LoweringOrder.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"
#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHLOWERPRIORITY
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

#define DEBUG_TYPE "graph-lower-priority"

namespace {
/// The sparse frontier (the dequeued bucket) in a loop following the
/// schedule; then each thread, without waiting for the others, takes its own
/// bin of the current bucket while that stays below the threshold and scans
/// it alone (bucket fusion: small buckets need no global round). With
/// `serialWork` > 0, a parallel loop runs on the calling thread, frontier
/// and bins, when the queue expects that cascade to stay within it.
class BucketFusionLoop : public VertexLoop {
public:
  BucketFusionLoop(Value queue, Value threshold, int64_t serialWork)
      : queue(queue), threshold(threshold), serialWork(serialWork) {}

  void emit(TraversalEmitter &emitter, OpBuilder &b, VertexBody body) override {
    VectorDestination destination(emitter, /*ownsVertex=*/true);
    EdgeArrays arrays = emitter.graphArrays(b);
    Location loc = emitter.getLoc();
    auto scan = [&](OpBuilder &b, Value ids, Value i, const LoopFrame &frame) {
      Value ahead =
          emitter.vertexAhead(b, ids, i, memref::DimOp::create(b, loc, ids, 0));
      Value v = emitter.loadIndex(b, ids, i);
      body(b, {v, v, arrays.offsets, arrays.neighbors, arrays.weights,
               destination, frame, ahead});
    };
    Value frontier = emitter.getFrontierIds();
    Value c0 = emitter.constIndex(b, 0);
    Value count = memref::DimOp::create(b, loc, frontier, 0);
    Value runsAlone;
    if (serialWork > 0 && emitter.getSchedule().isParallel() &&
        !emitter.getExecution().runsIterationPerThread())
      runsAlone = cascadeFits(emitter, b, count);
    emitter.emitVertexLoop(
        b, c0, count,
        [&](OpBuilder &b, Value i, const LoopFrame &frame) {
          scan(b, frontier, i, frame);
        },
        {},
        [&](OpBuilder &b, const LoopFrame &frame) {
          Type idsType =
              MemRefType::get({ShapedType::kDynamic}, b.getI32Type());
          auto loop =
              scf::WhileOp::create(b, loc, TypeRange{idsType}, ValueRange{});
          b.createBlock(&loop.getBefore());
          Value local = PriorityQueueTakeLocalOp::create(b, loc, idsType, queue,
                                                         threshold);
          Value size = memref::DimOp::create(b, loc, local, 0);
          Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                            size, c0);
          scf::ConditionOp::create(b, loc, any, ValueRange{local});
          Block *after = b.createBlock(&loop.getAfter(), {}, {idsType}, {loc});
          Value ids = after->getArgument(0);
          scf::ForOp::create(b, loc, c0, memref::DimOp::create(b, loc, ids, 0),
                             emitter.constIndex(b, 1), ValueRange{},
                             [&](OpBuilder &b, Location, Value i, ValueRange) {
                               scan(b, ids, i, frame);
                               scf::YieldOp::create(b, loc);
                             });
          scf::YieldOp::create(b, loc);
          b.setInsertionPointAfter(loop);
        },
        runsAlone);
  }

private:
  /// graph.pq.fusion_alone for the round over `count` frontier ids: their
  /// number plus out-degree sum, the latter asked only when the number is
  /// within serialWork (else the cascade cannot fit).
  Value cascadeFits(TraversalEmitter &emitter, OpBuilder &b, Value count) {
    Location loc = emitter.getLoc();
    Value limit = emitter.constIndex(b, serialWork);
    Value work = emitFrontierWork(
        emitter, b, count, limit, b.getIndexType(),
        [](OpBuilder &, Value work) { return work; },
        [&](OpBuilder &) { return count; });
    return PriorityQueueFusionAloneOp::create(b, loc, b.getI1Type(), queue,
                                              work, limit);
  }

  Value queue, threshold;
  int64_t serialWork;
};

bool isEager(PriorityUpdate update) {
  return update == PriorityUpdate::Eager ||
         update == PriorityUpdate::EagerWithFusion;
}

/// `value` computed before `op`: itself if defined outside `op`, else a copy
/// before `op` of the ops defining it when they are pure or read the current
/// priority (which only a dequeue changes); null if some op is neither.
Value hoistBefore(Operation *op, Value value, RewriterBase &rewriter) {
  if (!op->isAncestor(value.getParentRegion()->getParentOp()))
    return value;
  Operation *def = value.getDefiningOp();
  if (!def || def->getNumRegions() ||
      !(isPure(def) || isa<PriorityQueueCurrentOp>(def)))
    return {};
  IRMapping mapping;
  for (Value operand : def->getOperands()) {
    Value hoisted = hoistBefore(op, operand, rewriter);
    if (!hoisted)
      return {};
    mapping.map(operand, hoisted);
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  return rewriter.clone(*def, mapping)
      ->getResult(cast<OpResult>(value).getResultNumber());
}

/// Reports a distance overflow for `vertex` if `wrapped` is true.
void reportOverflowIf(OpBuilder &b, Location loc, Value queue, Value vertex,
                      Value wrapped) {
  auto ifWrapped = scf::IfOp::create(b, loc, wrapped, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifWrapped.thenBlock());
  PriorityQueueOverflowOp::create(b, loc, queue, vertex);
}

/// Reports a distance overflow for `vertex` if `value` wrapped around.
void checkOverflow(OpBuilder &b, Location loc, Value queue, Value vertex,
                   Value value) {
  if (Value wrapped = wrappedAround(b, loc, value))
    reportOverflowIf(b, loc, queue, vertex, wrapped);
}

/// The test of `queue` if `condition` is `finished(queue) == false` (or
/// `!= true`), with or without a vertex; null otherwise.
PriorityQueueFinishedOp testsNotFinished(Value condition, Value queue) {
  auto test = condition.getDefiningOp<arith::CmpIOp>();
  if (!test)
    return {};
  Value lhs = test.getLhs(), rhs = test.getRhs();
  if (rhs.getDefiningOp<PriorityQueueFinishedOp>())
    std::swap(lhs, rhs);
  auto finished = lhs.getDefiningOp<PriorityQueueFinishedOp>();
  if (!finished || finished.getQueue() != queue)
    return {};
  bool notFinished = (test.getPredicate() == arith::CmpIPredicate::eq &&
                      matchPattern(rhs, m_Zero())) ||
                     (test.getPredicate() == arith::CmpIPredicate::ne &&
                      matchPattern(rhs, m_One()));
  return notFinished ? finished : PriorityQueueFinishedOp();
}

/// Why the body of `op` (which updates `queue`) could give another answer
/// if buckets overlapped in time; empty if not.
std::string obimBodyProblem(EdgeSetApplyOp op, Value queue) {
  Value dst = op.getBody().getArgument(1);
  WalkResult walk = op.getBody().walk([&](Operation *inner) {
    if (isa<YieldOp>(inner) || isPure(inner) ||
        inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    if (auto update = dyn_cast<PriorityQueueUpdateOp>(inner))
      return update.getQueue() == queue && update.getVertex() == dst &&
                     update.getKind() == ReduceKind::Min
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    // The current priority is the bucket order itself.
    if (isa<PriorityQueueCurrentOp>(inner))
      return WalkResult::interrupt();
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    if (effects && effects.onlyHasEffect<MemoryEffects::Read>())
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted())
    return "the traversal's body may only lower the destination's priority "
           "(updatePriorityMin) and read anything but the current priority; "
           "other updates and writes depend on the order of the buckets";
  return "";
}

/// Why the loop around `op` cannot run over an ordered worklist; empty if
/// it can. `loop` is set to that loop and `finished` to its test.
std::string obimProblem(EdgeSetApplyOp op, scf::WhileOp &loop,
                        PriorityQueueFinishedOp &finished) {
  Value queue = op.getUpdatedQueue();
  auto create = queue.getDefiningOp<PriorityQueueNewOp>();
  if (create && create.getOrder() != BucketOrder::LowerFirst)
    return "the queue must process lower priorities first";
  std::string problem = obimBodyProblem(op, queue);
  if (!problem.empty())
    return problem;
  loop = dyn_cast<scf::WhileOp>(op->getParentOp());
  Block *after = op->getBlock();
  if (!loop || after->getParent() != &loop.getAfter() ||
      !loop.getInits().empty() || loop->getNumResults())
    return "the traversal must be the body of a while loop over the queue's "
           "buckets that changes no variable";
  scf::ConditionOp condition = loop.getConditionOp();
  bool onlyTest = llvm::all_of(
      loop.getBefore().front().without_terminator(), [](Operation &inner) {
        return isPure(&inner) || isa<PriorityQueueFinishedOp>(inner);
      });
  finished = testsNotFinished(condition.getCondition(), queue);
  if (!condition.getArgs().empty() || !onlyTest || !finished)
    return "the loop must run until the queue is finished "
           "(pq.finished() == false) or a vertex is "
           "(pq.finishedNode(v) == false), and test nothing else";
  // The dequeue, the traversal of the bucket, and deleting it.
  auto dequeue = dyn_cast<PriorityQueueDequeueOp>(&after->front());
  auto free = dyn_cast_or_null<VertexSetFreeOp>(op->getNextNode());
  if (!dequeue || dequeue.getQueue() != queue || dequeue->getNextNode() != op ||
      op.getFrom() != dequeue.getResult() || !free ||
      free.getSet() != dequeue.getResult() ||
      !isa<scf::YieldOp>(free->getNextNode()))
    return "the loop may only dequeue a bucket, run the traversal from it "
           "and delete it";
  if (op.getTo() || !op.getSrcFilter().empty() || !op.getDstFilter().empty())
    return "the traversal may not filter its sources or destinations";
  if (usesValuesOf(op, loop))
    return "the traversal may only use values defined outside the loop";
  return "";
}

/// Whether `op`'s regions only read and make idempotent updates (a
/// priority lowered or raised, an idempotent reduction): running it from
/// a source twice gives what running it once does.
bool updatesIdempotently(EdgeSetApplyOp op) {
  WalkResult walk = op->walk([&](Operation *inner) {
    if (inner == op.getOperation() || isa<YieldOp>(inner) || isPure(inner) ||
        inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    if (auto update = dyn_cast<PriorityQueueUpdateOp>(inner))
      return isIdempotent(update.getKind()) ? WalkResult::advance()
                                            : WalkResult::interrupt();
    if (auto reduce = dyn_cast<ReduceOp>(inner))
      return isIdempotent(reduce.getKind()) ? WalkResult::advance()
                                            : WalkResult::interrupt();
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    if (effects && effects.onlyHasEffect<MemoryEffects::Read>())
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !walk.wasInterrupted();
}

/// Whether the bucket `dequeue` hands out may list a vertex twice without
/// changing the program's answer: its only uses are traversals from it
/// that update its queue's priorities idempotently and return nothing,
/// and its free. A distributed queue (mirrored) keeps its dedup.
bool repeatsAreHarmless(PriorityQueueDequeueOp dequeue) {
  if (llvm::any_of(dequeue.getQueue().getUsers(), [](Operation *user) {
        return isa<PriorityQueueMirrorOp>(user);
      }))
    return false;
  for (OpOperand &use : dequeue.getSet().getUses()) {
    Operation *user = use.getOwner();
    if (isa<VertexSetFreeOp>(user))
      continue;
    auto apply = dyn_cast<EdgeSetApplyOp>(user);
    if (!apply || apply.getTo() == use.get() ||
        apply.getUpdatedQueue() != dequeue.getQueue() ||
        apply->getNumResults() || !updatesIdempotently(apply))
      return false;
  }
  return true;
}

/// Rewrites the priority updates of `op`'s body and lowers a fused
/// traversal; leaves the others to graph-lower-direction.
LogicalResult lowerPriorityTraversal(EdgeSetApplyOp op, RewriterBase &rewriter,
                                     int64_t serialWork) {
  Value queue = op.getUpdatedQueue();
  Type priority = cast<PriorityQueueType>(queue.getType()).getPriorityType();
  ScheduleAttr sched = op.getScheduleOrDefault();
  PriorityUpdate strategy = sched.getPriorityUpdate();
  bool fused = op.getLowering() == ApplyLowering::BucketFusion;
  bool ordered = strategy == PriorityUpdate::Obim;
  Location loc = op.getLoc();
  if (fused && !op.getFrom())
    return op.emitOpError("bucket fusion (priority_update = "
                          "eager_with_fusion) needs a frontier: from(...)");
  // An ordered worklist takes over the queue's vertices before the loop,
  // and the traversal, now of the worklist's chunks, replaces the loop.
  Value target;
  if (ordered) {
    scf::WhileOp bucketLoop;
    PriorityQueueFinishedOp finished;
    std::string problem = obimProblem(op, bucketLoop, finished);
    if (!problem.empty()) {
      // At the statement, without a dump of IR the user never wrote.
      InFlightDiagnostic diag = mlir::emitError(loc, "priority_update = obim");
      if (std::optional<StringRef> label = op.getLabel())
        diag << " of '" << *label << "'";
      return diag << ": " << problem;
    }
    // The loop's test is pure but for `finished`, so its vertex hoists.
    if (Value vertex = finished.getVertex())
      target = hoistBefore(bucketLoop, vertex, rewriter);
    rewriter.modifyOpInPlace(op, [&] { op.getFromMutable().clear(); });
    rewriter.moveOpBefore(op, bucketLoop);
    rewriter.eraseOp(bucketLoop);
  }

  rewriter.setInsertionPoint(op);
  PriorityQueueEdgesOp::create(rewriter, loc, queue, op.getGraph());
  // After graph.pq.edges, which tells the queue whether weights are negative.
  Value worklist;
  if (ordered)
    worklist = WorklistNewOrderedOp::create(
        rewriter, loc, WorklistType::get(rewriter.getContext()), queue, target);
  Value priorities = PriorityQueuePrioritiesOp::create(
      rewriter, loc, VertexVectorType::get(priority), queue);
  // A changed vertex goes to the thread's bin of its bucket (eager) or is
  // recorded for the next dequeue's bulk move (lazy).
  // A value that wrapped around lowers a priority (min) unless both of its
  // operands were negative, so a min update checks only when it changed the
  // priority, off the path of the edges that change nothing.
  auto insert = [&](Location loc, Value changed, Value vertex, Value value,
                    bool checkIfChanged) {
    OpBuilder::InsertionGuard guard(rewriter);
    auto ifChanged =
        scf::IfOp::create(rewriter, loc, changed, /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(ifChanged.thenBlock());
    if (checkIfChanged)
      checkOverflow(rewriter, loc, queue, vertex, value);
    if (ordered)
      WorklistPushOrderedOp::create(rewriter, loc, worklist, vertex, value);
    else if (isEager(strategy))
      PriorityQueuePushOp::create(rewriter, loc, queue, vertex, value);
    else
      PriorityQueueChangedOp::create(rewriter, loc, queue, vertex);
  };

  SmallVector<Operation *> updates;
  op.getBody().walk([&](Operation *inner) {
    if (isa<PriorityQueueUpdateOp, PriorityQueueUpdateSumOp>(inner))
      updates.push_back(inner);
  });
  std::optional<std::pair<Value, Value>> counted;
  for (Operation *update : updates) {
    rewriter.setInsertionPoint(update);
    Location updateLoc = update->getLoc();
    if (auto minMax = dyn_cast<PriorityQueueUpdateOp>(update)) {
      bool isMin = minMax.getKind() == ReduceKind::Min;
      if (!isMin)
        checkOverflow(rewriter, updateLoc, queue, minMax.getVertex(),
                      minMax.getValue());
      Value changed = ReduceOp::create(
          rewriter, updateLoc, rewriter.getI1Type(), minMax.getKind(),
          priorities, minMax.getVertex(), minMax.getValue());
      insert(updateLoc, changed, minMax.getVertex(), minMax.getValue(), isMin);
      rewriter.replaceOp(update, changed);
      continue;
    }
    auto sum = cast<PriorityQueueUpdateSumOp>(update);
    if (strategy == PriorityUpdate::LazyConstantSum) {
      Value amount = hoistBefore(op, sum.getAmount(), rewriter);
      Value floor = hoistBefore(op, sum.getFloor(), rewriter);
      if (!amount || !floor)
        return sum.emitOpError("with priority_update = lazy_constant_sum, "
                               "the amount and the floor must be the same "
                               "for the whole traversal (computed from "
                               "values defined outside it and the current "
                               "priority)");
      std::pair<Value, Value> sumArgs(amount, floor);
      auto same = [](Value a, Value b) {
        std::optional<int64_t> constant = getConstantIntValue(a);
        return a == b || (constant && constant == getConstantIntValue(b));
      };
      if (counted &&
          !(same(counted->first, amount) && same(counted->second, floor)))
        return sum.emitOpError("every sum of a lazy_constant_sum traversal "
                               "must add the same amount with the same floor");
      if (!sum.getChanged().use_empty())
        return sum.emitOpError("with priority_update = lazy_constant_sum, "
                               "whether a sum changed the priority is known "
                               "only after the traversal; its result cannot "
                               "be used");
      counted = sumArgs;
      PriorityQueueCountOp::create(rewriter, updateLoc, queue, sum.getVertex());
      rewriter.eraseOp(sum);
      continue;
    }
    auto add = VectorAddFlooredOp::create(
        rewriter, updateLoc, rewriter.getI1Type(), priority,
        rewriter.getI1Type(), priorities, sum.getVertex(), sum.getAmount(),
        sum.getFloor(), sched.isParallel());
    reportOverflowIf(rewriter, updateLoc, queue, sum.getVertex(),
                     add.getOverflow());
    insert(updateLoc, add.getChanged(), sum.getVertex(), add.getUpdated(),
           false);
    rewriter.replaceOp(sum, add.getChanged());
  }

  rewriter.modifyOpInPlace(op, [&] { op.getUpdatedQueueMutable().clear(); });
  if (counted) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointAfter(op);
    PriorityQueueApplyCountsOp::create(rewriter, loc, queue, counted->first,
                                       counted->second);
  }
  if (fused) {
    rewriter.setInsertionPoint(op);
    Value threshold = sched.getFusionThreshold().materialize(rewriter, loc);
    BucketFusionLoop loop(queue, threshold, serialWork);
    TraversalEmitter(op, rewriter).emit(loop);
  }
  if (ordered) {
    rewriter.setInsertionPointAfter(op);
    WorklistFreeOp::create(rewriter, loc, worklist);
    rewriter.setInsertionPoint(op);
    WorklistLoop vertexLoop(worklist);
    TraversalEmitter(op, rewriter).emit(vertexLoop);
  }
  return success();
}

struct GraphLowerPriorityPass
    : graph::impl::GraphLowerPriorityBase<GraphLowerPriorityPass> {
  using GraphLowerPriorityBase::GraphLowerPriorityBase;

  void runOnOperation() override {
    if (serialWork < 0) {
      getOperation().emitError("serial-work must be non-negative, got ")
          << static_cast<int64_t>(serialWork);
      return signalPassFailure();
    }
    if (failed(checkLoweredBefore(getOperation(), getArgument(),
                                  ApplyLowering::PriorityUpdates)))
      return signalPassFailure();
    SmallVector<EdgeSetApplyOp> traversals;
    getOperation().walk([&](EdgeSetApplyOp op) {
      ApplyLowering step = op.getLowering();
      if (step == ApplyLowering::PriorityUpdates ||
          step == ApplyLowering::BucketFusion)
        traversals.push_back(op);
    });
    // While the updates are still graph.pq.update ops: the dequeues whose
    // buckets may keep their repeats.
    getOperation().walk([&](PriorityQueueDequeueOp dequeue) {
      if (!dequeue.getKeepDuplicates() && repeatsAreHarmless(dequeue))
        dequeue.setKeepDuplicates(true);
    });
    IRRewriter rewriter(&getContext());
    for (EdgeSetApplyOp op : traversals) {
      LLVM_DEBUG(printTraversal(llvm::dbgs() << DEBUG_TYPE
                                    ": lowering the priority updates of ",
                                op));
      if (failed(lowerPriorityTraversal(op, rewriter, serialWork)))
        return signalPassFailure();
    }
  }
};
} // namespace
