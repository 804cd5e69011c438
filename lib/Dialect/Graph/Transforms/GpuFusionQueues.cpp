//===- GpuFusionQueues.cpp - a priority queue's buckets on the device -----===//
//
// A loop over the buckets of a priority queue fuses into one kernel with the
// buckets in device memory (keepBucketsOnDevice).
//
//===----------------------------------------------------------------------===//

#include "GpuFusion.h"

#include <limits>

using namespace mlir;
using namespace mlir::graph;

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
std::string mlir::graph::whyNotQueueLoop(scf::WhileOp loop, QueueLoop &pq) {
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
std::pair<Value, Value>
mlir::graph::keepBucketsOnDevice(scf::WhileOp loop, QueueLoop &pq,
                                 RewriterBase &rewriter) {
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
