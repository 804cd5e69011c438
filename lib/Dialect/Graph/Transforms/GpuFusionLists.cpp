//===- GpuFusionLists.cpp - lists of vertex sets on the device ------------===//
//
// A fused loop that appends to or pops from a list of vertex sets keeps
// the list's levels in device memory (keepListsOnDevice).
//
//===----------------------------------------------------------------------===//

#include "GpuFusion.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::graph;

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
std::string mlir::graph::whyNotDeviceLists(scf::WhileOp loop,
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
Value mlir::graph::keepListsOnDevice(scf::WhileOp loop,
                                     ArrayRef<DeviceList> lists,
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
scf::WhileOp mlir::graph::resumeWhileFull(scf::WhileOp loop,
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
