//===- Traversal.cpp - the traversal emitter lowerings share --------------===//
//
// TraversalEmitter and the outer loops that need no more than the graph:
// over the whole graph (AdjacencyLoop) and segment by segment (SegmentLoop).
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"
#include "Frontier.h"
#include "graph-mlir/Dialect/Graph/IR/Reductions.h"
#include "graph-mlir/Dialect/Graph/Transforms/LoopUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/ScopedPrinter.h"

using namespace mlir;
using namespace mlir::graph;

static Value andOf(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (!lhs)
    return rhs;
  return arith::AndIOp::create(b, loc, lhs, rhs);
}

//===----------------------------------------------------------------------===//
// Destinations and outer loops
//===----------------------------------------------------------------------===//

Value VectorDestination::load(OpBuilder &b, Value dst) {
  ReduceOp reduce = emitter.getAccumulated();
  return VectorGetOp::create(b, emitter.getLoc(), reduce.getValue().getType(),
                             reduce.getVector(), dst);
}

void VectorDestination::store(OpBuilder &b, const LoopFrame &frame, Value dst,
                              Value initial, Value final) {
  Location loc = emitter.getLoc();
  Value vector = emitter.getAccumulated().getVector();
  VectorSetOp::create(b, loc, vector, dst, final);
  if (emitter.getOp().getTracked() != vector)
    return;
  OpBuilder::InsertionGuard guard(b);
  auto ifChanged = scf::IfOp::create(
      b, loc, buildNotEqual(b, loc, final, initial), /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifChanged.thenBlock());
  emitter.markModified(b, frame, dst, owned);
}

Value mlir::graph::emitFrontierWork(
    TraversalEmitter &emitter, OpBuilder &b, Value count, Value limit,
    Type type, function_ref<Value(OpBuilder &, Value work)> small,
    function_ref<Value(OpBuilder &)> large) {
  Location loc = emitter.getLoc();
  auto few = scf::IfOp::create(
      b, loc, type,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, count, limit),
      /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(few.thenBlock());
  EdgeSetApplyOp op = emitter.getOp();
  Value degrees = VertexSetOutDegreeSumOp::create(b, loc, b.getIndexType(),
                                                  op.getFrom(), op.getGraph());
  Value total = arith::AddIOp::create(b, loc, count, degrees);
  scf::YieldOp::create(b, loc, small(b, total));
  b.setInsertionPointToStart(few.elseBlock());
  scf::YieldOp::create(b, loc, large(b));
  return few.getResult(0);
}

/// Whether the sparse frontier of `emitter`'s traversal, `count` ids, has at
/// most `work` members plus out-edges (i1); its out-degree sum is asked
/// only when its size is within `work`.
static Value fitsWork(TraversalEmitter &emitter, OpBuilder &b, Value count,
                      int64_t work) {
  Location loc = emitter.getLoc();
  Value limit = emitter.constIndex(b, work);
  return emitFrontierWork(
      emitter, b, count, limit, b.getI1Type(),
      [&](OpBuilder &b, Value total) -> Value {
        return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, total,
                                     limit);
      },
      [&](OpBuilder &b) -> Value {
        return arith::ConstantIntOp::create(b, loc, 0, 1);
      });
}

/// Whether `graph` is split over MPI ranks: loaded with `distributed`, or,
/// where it comes from elsewhere (a function argument), in a module whose
/// loads are (graph-distribute marks every load, and rejects the ops that
/// would make another graph).
static bool isDistributedGraph(Value graph) {
  if (auto load = graph.getDefiningOp<LoadOp>())
    return load.getDistributed();
  Operation *scope = graph.getParentRegion()->getParentOp();
  if (auto module = scope->getParentOfType<ModuleOp>())
    scope = module;
  bool distributed = false;
  scope->walk([&](LoadOp load) {
    distributed = load.getDistributed();
    return WalkResult::interrupt();
  });
  return distributed;
}

void AdjacencyLoop::emit(TraversalEmitter &emitter, OpBuilder &b,
                         VertexBody body) {
  // A pull's destination belongs to the one thread scanning it.
  VectorDestination destination(emitter, /*ownsVertex=*/true);
  EdgeArrays arrays = emitter.graphArrays(b);
  Value ids = emitter.getFrontierIds();
  Value count = arrays.count;
  if (ids)
    count = memref::DimOp::create(b, emitter.getLoc(), ids, 0);
  Value runsAlone;
  if (ids && serialWork > 0 && emitter.getSchedule().isParallel() &&
      !emitter.getExecution().runsIterationPerThread())
    runsAlone = fitsWork(emitter, b, count, serialWork);
  // A rank of a distributed graph holds the in-edges and the in-offsets of
  // its own vertices only: a pull scans those (its vectors may hold no other
  // elements).
  Value first = emitter.constIndex(b, 0);
  EdgeSetApplyOp op = emitter.getOp();
  if (!ids && isDistributedGraph(op.getGraph()) &&
      emitter.getSchedule().getDirection() == Direction::DensePull) {
    auto owned = OwnedRangeOp::create(b, emitter.getLoc(), b.getIndexType(),
                                      b.getIndexType(), op.getGraph());
    first = owned.getBegin();
    count = owned.getEnd();
  }
  // Each vertex once, unless the frontier's ids may repeat one.
  bool exclusive = !ids || op.getFromDistinct();
  emitter.emitVertexLoop(
      b, first, count,
      [&](OpBuilder &b, Value i, const LoopFrame &frame) {
        Value ahead = emitter.vertexAhead(b, ids, i, count);
        Value v = ids ? emitter.loadIndex(b, ids, i) : i;
        body(b, {v, v, arrays.offsets, arrays.neighbors, arrays.weights,
                 destination, frame, ahead, /*lastSegment=*/false, exclusive});
      },
      /*team=*/{}, /*tail=*/{}, runsAlone);
}

void SegmentLoop::emit(TraversalEmitter &emitter, OpBuilder &b,
                       VertexBody body) {
  // Segments partition the sources of a pull, not its destinations, but
  // they run one at a time: each destination still has one writer.
  VectorDestination destination(emitter, /*ownsVertex=*/true);
  Location loc = emitter.getLoc();
  Value count = SegmentsCountOp::create(b, loc, b.getIndexType(),
                                        emitter.getOp().getSegments());
  // An epilogue runs in the last segment's scan, which lists every
  // destination (there is always one segment).
  bool lastApart = !emitter.getOp().getEpilogue().empty();
  Value last = count;
  if (lastApart)
    last = arith::SubIOp::create(b, loc, count, emitter.constIndex(b, 1));
  scf::ForOp::create(b, loc, emitter.constIndex(b, 0), last,
                     emitter.constIndex(b, 1), ValueRange{},
                     [&](OpBuilder &b, Location, Value s, ValueRange) {
                       emitter.scanSegment(b, s, destination, body);
                       scf::YieldOp::create(b, loc);
                     });
  if (!lastApart)
    return;
  emitter.scanSegment(b, last, destination,
                      [&](OpBuilder &b, const ScannedVertex &vertex) {
                        ScannedVertex inLast = vertex;
                        inLast.lastSegment = true;
                        body(b, inLast);
                      });
}

/// Whether `value` is allocated afresh by its defining op (a
/// graph.vector.new): two such vectors never share an element.
static bool isFreshAllocation(Value value) {
  auto effects = value.getDefiningOp<MemoryEffectOpInterface>();
  return effects &&
         effects.getEffectOnValue<MemoryEffects::Allocate>(value).has_value();
}

/// The vectors `op`'s body writes only at its source (see
/// TraversalEmitter::writtenAtSourceOnly).
static SmallPtrSet<Value, 4> findWrittenAtSourceOnly(EdgeSetApplyOp op) {
  Region &body = op.getBody();
  Value src = body.getArgument(0);
  SmallVector<Value> atSource, elsewhere;
  op->walk([&](Operation *inner) {
    if (inner == op.getOperation() ||
        inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    for (Value operand : inner->getOperands()) {
      if (!isa<VertexVectorType>(operand.getType()))
        continue;
      SmallVector<MemoryEffects::EffectInstance> found;
      if (effects)
        effects.getEffects(found);
      bool writes = !effects || llvm::any_of(found, [&](auto &effect) {
        return isa<MemoryEffects::Write>(effect.getEffect()) &&
               (!effect.getValue() || effect.getValue() == operand);
      });
      if (!writes)
        continue;
      Value index;
      if (auto reduce = dyn_cast<ReduceOp>(inner))
        index = reduce.getIndex();
      else if (auto set = dyn_cast<VectorSetOp>(inner))
        index = set.getIndex();
      bool atSrc = index == src && body.isAncestor(inner->getParentRegion());
      (atSrc ? atSource : elsewhere).push_back(operand);
    }
  });
  SmallPtrSet<Value, 4> owned;
  for (Value vector : atSource)
    if (llvm::all_of(elsewhere, [&](Value other) {
          return other != vector && isFreshAllocation(other) &&
                 isFreshAllocation(vector);
        }))
      owned.insert(vector);
  return owned;
}

//===----------------------------------------------------------------------===//
// TraversalEmitter: building blocks
//===----------------------------------------------------------------------===//

TraversalEmitter::TraversalEmitter(EdgeSetApplyOp op, RewriterBase &rewriter,
                                   const ExecutionModel &execution,
                                   const EdgeScan &edgeScan,
                                   bool marksPushOutput)
    : op(op), rewriter(rewriter), execution(execution), edgeScan(edgeScan),
      loc(op.getLoc()), sched(op.getScheduleOrDefault()),
      push(sched.getDirection() != Direction::DensePull),
      parallel(sched.isParallel()), marksPushOutput(marksPushOutput),
      accumulated(findAccumulatedReduce()),
      writesClaimVertices(push && op.getDedup() && firstWriteClosesFilter()),
      writtenAtSourceOnly(push ? findWrittenAtSourceOnly(op)
                               : SmallPtrSet<Value, 4>()) {
  assert(!sched.isHybrid() && "split hybrid traversals first");
}

TraversalEmitter::~TraversalEmitter() = default;

Value TraversalEmitter::vertexAhead(OpBuilder &b, Value ids, Value i,
                                    Value count) {
  if (!prefetchesAhead())
    return {};
  Value later =
      arith::AddIOp::create(b, loc, i, constIndex(b, kPrefetchDistance));
  Value last = arith::SubIOp::create(b, loc, count, constIndex(b, 1));
  Value at = arith::MinUIOp::create(b, loc, later, last);
  return ids ? loadIndex(b, ids, at) : at;
}

Value TraversalEmitter::constIndex(OpBuilder &b, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value TraversalEmitter::loadIndex(OpBuilder &b, Value memref, Value i) {
  Value v = memref::LoadOp::create(b, loc, memref, i);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

EdgeArrays TraversalEmitter::graphArrays(OpBuilder &b) {
  Value graph = op.getGraph();
  EdgeArrays arrays;
  arrays.count = NumVerticesOp::create(b, loc, b.getIndexType(), graph);
  EdgeDirection edges = push ? EdgeDirection::Out : EdgeDirection::In;
  auto adjacency = AdjacencyOp::create(b, loc, memrefOf(b.getI64Type()),
                                       memrefOf(b.getI32Type()), edges, graph);
  arrays.offsets = adjacency.getOffsets();
  arrays.neighbors = adjacency.getNeighbors();
  if (op.getGraphType().isWeighted())
    arrays.weights = AdjacencyWeightsOp::create(
        b, loc, memrefOf(op.getGraphType().getWeightStorageType()), edges,
        graph);
  // A rank of a distributed graph holds the out-offsets of its owned
  // vertices and mirrors only, indexed by slot: a push finds its source's
  // row through the slot map (edgeRange).
  if (push && isDistributedGraph(graph)) {
    if (sourceSlotMap) {
      slotRowsOf[arrays.offsets] = {sourceSlotMap, sourceOwnedBegin,
                                    sourceOwnedEnd};
    } else {
      Value slots =
          MirrorSlotsOp::create(b, loc, memrefOf(b.getI64Type()), graph);
      auto owned = OwnedRangeOp::create(b, loc, b.getIndexType(),
                                        b.getIndexType(), graph);
      slotRowsOf[arrays.offsets] = {slots, owned.getBegin(), owned.getEnd()};
    }
  }
  return arrays;
}

EdgeArrays TraversalEmitter::segmentArrays(OpBuilder &b, Value segment) {
  Value segments = op.getSegments();
  auto view = SegmentViewOp::create(
      b, loc, memrefOf(b.getI32Type()), memrefOf(b.getI64Type()),
      memrefOf(b.getI32Type()), segments, segment);
  EdgeArrays arrays;
  arrays.vertices = view.getVertices();
  arrays.offsets = view.getOffsets();
  arrays.neighbors = view.getNeighbors();
  if (op.getGraphType().isWeighted())
    arrays.weights = SegmentWeightsOp::create(
        b, loc, memrefOf(op.getGraphType().getWeightStorageType()), segments,
        segment);
  arrays.count = memref::DimOp::create(b, loc, arrays.vertices, 0);
  return arrays;
}

void TraversalEmitter::emitVertexLoop(OpBuilder &b, Value lb, Value ub,
                                      LoopBody body, const TeamSpec &team,
                                      LoopTail tail, Value runsAlone) {
  if (!runsAlone || !parallel) {
    emitLoopCopy(b, lb, ub, body, team, tail, parallel);
    return;
  }
  assert(!team.threads && !execution.runsIterationPerThread() &&
         "a serial copy of a CPU loop without team");
  auto choice = scf::IfOp::create(b, loc, runsAlone, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(choice.thenBlock());
  emitLoopCopy(b, lb, ub, body, team, tail, /*concurrent=*/false);
  b.setInsertionPointToStart(choice.elseBlock());
  emitLoopCopy(b, lb, ub, body, team, tail, /*concurrent=*/true);
}

void TraversalEmitter::emitLoopCopy(OpBuilder &b, Value lb, Value ub,
                                    LoopBody body, const TeamSpec &team,
                                    LoopTail tail, bool concurrent) {
  // In parallel, each thread counts its marks of the output in its own
  // counters and adds them to the shared ones once, when its share is done;
  // a push's thread buffers the ids it appends and moves them to the output
  // a block at a time. Outside a parallel loop the shared state is used.
  LoopFrame frame;
  frame.concurrent = concurrent;
  bool perThread = concurrent && output && output->keepsThreadState() &&
                   !execution.runsIterationPerThread();
  if (output) {
    frame.output = output->shared();
    frame.output.sharedByThreads = concurrent && !perThread;
  }
  auto threadHead = [&](OpBuilder &b, Location) {
    frame.output = output->openThread(b);
  };
  auto threadTail = [&](OpBuilder &b, Location) {
    if (tail)
      tail(b, frame);
    if (perThread)
      output->closeThread(b, frame.output);
  };
  using Hook = ExecutionModel::ThreadCallback;
  // A pull marking a bitvector output by the loop index hands each thread
  // whole cache lines of it (512 vertices), so that threads marking
  // neighbouring chunks do not write to the same line.
  int64_t grain = sched.getGrain();
  if (output && output->marksBits() && concurrent)
    grain = llvm::alignTo(grain, kBitsPerLine);
  // A small sparse frontier of heavy vertices (a Kronecker graph's first
  // rounds) still spreads over the threads: each thread gets a few chunks of
  // the frontier.
  bool chunks = !execution.runsIterationPerThread();
  bool chunkOfFrontier = concurrent && chunks && push && fromIds &&
                         sched.getParallel() != Parallelization::StaticVertex;
  // Chunks of the loop start at multiples of the grain (of a chunk known
  // only at run time, nothing is assumed).
  bool wholeWords =
      getConstantIntValue(lb) == 0 &&
      (!concurrent || (chunks && !chunkOfFrontier && grain % 64 == 0));
  Value chunk;
  if (concurrent) {
    chunk = arith::ConstantIntOp::create(b, loc, grain, 64);
    if (chunkOfFrontier) {
      Value threads = arith::IndexCastOp::create(
          b, loc, b.getI64Type(),
          MaxThreadsOp::create(b, loc, b.getIndexType()));
      Value chunks = arith::MulIOp::create(
          b, loc, threads,
          arith::ConstantIntOp::create(b, loc, kChunksPerThread, 64));
      Value share = arith::DivUIOp::create(
          b, loc, arith::IndexCastOp::create(b, loc, b.getI64Type(), ub),
          chunks);
      chunk = arith::MaxUIOp::create(
          b, loc, arith::MinUIOp::create(b, loc, chunk, share),
          arith::ConstantIntOp::create(b, loc, 1, 64));
    }
  }
  execution.emitLoop(
      b, loc, lb, ub,
      concurrent ? sched.getParallel() : Parallelization::Serial, chunk, team,
      [&](OpBuilder &b, Location, Value i) {
        LoopFrame iteration = frame;
        iteration.index = i;
        iteration.ownsWords = wholeWords;
        body(b, i, iteration);
      },
      perThread ? Hook(threadHead) : Hook(),
      perThread || tail ? Hook(threadTail) : Hook());
}

void TraversalEmitter::scanSegment(OpBuilder &b, Value segment,
                                   Destination &destination, VertexBody body,
                                   const TeamSpec &team) {
  EdgeArrays arrays = segmentArrays(b, segment);
  emitVertexLoop(
      b, constIndex(b, 0), arrays.count,
      [&](OpBuilder &b, Value i, const LoopFrame &frame) {
        body(b, {loadIndex(b, arrays.vertices, i), i, arrays.offsets,
                 arrays.neighbors, arrays.weights, destination, frame,
                 /*ahead=*/Value()});
      },
      team);
}

void TraversalEmitter::markModified(OpBuilder &b, const LoopFrame &frame,
                                    Value dst, bool ownsVertex) {
  output->add(b, frame, dst, ownsVertex);
}

void TraversalEmitter::emitEpilogue(OpBuilder &b, const LoopFrame &frame,
                                    Value v, Value sum) {
  // The fused vertex loop's body, for v, with its sum in a register.
  Block &epilogue = op.getEpilogue().front();
  IRMapping mapping;
  mapping.map(epilogue.getArgument(0), v);
  // After reductions into rows there is no sum: the epilogue reads them.
  if (sum)
    mapping.map(epilogue.getArgument(1), sum);
  for (Operation &inner : epilogue.without_terminator())
    b.clone(inner, mapping);
  // A fused filter (an epilogue with a result yields whether to keep its
  // vertex): the kept vertex joins the output set.
  if (!op.getModified())
    return;
  Value keep = mapping.lookupOrDefault(epilogue.getTerminator()->getOperand(0));
  OpBuilder::InsertionGuard guard(b);
  auto ifKeep = scf::IfOp::create(b, loc, keep, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifKeep.thenBlock());
  markModified(b, frame, v, /*ownsVertex=*/true);
}

//===----------------------------------------------------------------------===//
// TraversalEmitter: tests and the body
//===----------------------------------------------------------------------===//

Value TraversalEmitter::emitFilter(OpBuilder &b, Region &filter, Value v,
                                   IRMapping &mapping, Value slot) {
  Block &block = filter.front();
  mapping.map(block.getArgument(0), v);
  for (Operation &inner : block.without_terminator())
    cloneForSource(b, inner, mapping, v, slot);
  return mapping.lookupOrDefault(block.getTerminator()->getOperand(0));
}

Value TraversalEmitter::sourcePasses(OpBuilder &b, Value src, Value slot) {
  Value pass;
  if (fromDense)
    pass = fromDense->contains(b, loc, src);
  if (!op.getSrcFilter().empty()) {
    IRMapping mapping;
    pass = andOf(b, loc, pass,
                 emitFilter(b, op.getSrcFilter(), src, mapping, slot));
  }
  return pass;
}

MirrorSlotOp TraversalEmitter::findSourceSlotMap() {
  MirrorSlotOp found;
  auto find = [&](Region &region) {
    if (region.empty())
      return;
    Value src = region.front().getArgument(0);
    region.walk([&](MirrorSlotOp lookup) {
      auto slots = lookup.getSlots().getDefiningOp<MirrorSlotsOp>();
      if (slots && slots.getGraph() == op.getGraph() &&
          lookup.getVertex() == src)
        found = lookup;
    });
  };
  find(op.getBody());
  find(op.getSrcFilter());
  return found;
}

Operation *TraversalEmitter::cloneForSource(OpBuilder &b, Operation &inner,
                                            IRMapping &mapping, Value src,
                                            Value slot) {
  auto readsSlot = [&](MirrorSlotOp lookup) {
    return lookup.getSlots() == sourceSlotMap &&
           mapping.lookupOrDefault(lookup.getVertex()) == src;
  };
  auto lookup = dyn_cast<MirrorSlotOp>(inner);
  if (slot && lookup && readsSlot(lookup)) {
    mapping.map(lookup.getResult(), slot);
    return nullptr;
  }
  Operation *clone = b.clone(inner, mapping);
  if (slot)
    for (Region &region : clone->getRegions())
      region.walk([&](MirrorSlotOp nested) {
        if (readsSlot(nested))
          rewriter.replaceOp(nested, slot);
      });
  return clone;
}

TraversalEmitter::DestinationTest
TraversalEmitter::destinationPasses(OpBuilder &b, Value dst) {
  DestinationTest test;
  if (toDense)
    test.pass = toDense->contains(b, loc, dst);
  if (op.getDstFilter().empty())
    return test;
  IRMapping mapping;
  test.pass =
      andOf(b, loc, test.pass, emitFilter(b, op.getDstFilter(), dst, mapping));
  test.trackedRead = trackedReadOf(mapping);
  return test;
}

Value TraversalEmitter::trackedReadOf(const IRMapping &mapping) {
  Value tracked = op.getTracked();
  Value arg = op.getDstFilter().front().getArgument(0);
  Value read;
  for (auto get : op.getDstFilter().getOps<VectorGetOp>())
    if (tracked && get.getVector() == tracked && get.getIndex() == arg)
      read = mapping.lookup(get.getResult());
  return read;
}

Value TraversalEmitter::edgeWeight(OpBuilder &b, Value weights, Value k) {
  if (!weights)
    return {};
  Value w = memref::LoadOp::create(b, loc, weights, k);
  Type type = op.getGraphType().getWeightType();
  if (w.getType() == type)
    return w;
  if (isa<FloatType>(type))
    return arith::SIToFPOp::create(b, loc, type, w);
  if (type.getIntOrFloatBitWidth() > 32)
    return arith::ExtSIOp::create(b, loc, type, w);
  if (type.getIntOrFloatBitWidth() < 32)
    return arith::TruncIOp::create(b, loc, type, w);
  return w;
}

Value TraversalEmitter::emitBody(OpBuilder &b, const ScannedVertex &scanned,
                                 Value src, Value dst, Value weight,
                                 Value trackedRead, Value accumulator,
                                 Value srcSlot) {
  Block &block = op.getBody().front();
  // A pull's destination shared by the threads of a group has as many
  // writers as a push's.
  bool sharedDst = !push && edgeScan.sharesVertex();
  bool ownsDst = scanned.destination.ownsVertex() && !sharedDst;
  IRMapping mapping;
  mapping.map(block.getArgument(0), src);
  mapping.map(block.getArgument(1), dst);
  if (weight)
    mapping.map(block.getArgument(2), weight);
  Value combined;
  SmallVector<Operation *> cloned;
  for (Operation &inner : block.without_terminator()) {
    if (accumulator && &inner == accumulated.getOperation()) {
      combined =
          combineReduction(b, loc, accumulated.getKind(), accumulator,
                           mapping.lookupOrDefault(accumulated.getValue()));
      mapping.map(accumulated.getChanged(),
                  buildNotEqual(b, loc, combined, accumulator));
      continue;
    }
    if (Operation *clone = cloneForSource(b, inner, mapping, src, srcSlot))
      cloned.push_back(clone);
  }
  // A body yielding whether to keep dst.
  if (op.yieldsKeep()) {
    Value keep = mapping.lookupOrDefault(block.getTerminator()->getOperand(0));
    OpBuilder::InsertionGuard guard(b);
    auto ifKeep = scf::IfOp::create(b, loc, keep, /*withElseRegion=*/false);
    b.setInsertionPointToStart(ifKeep.thenBlock());
    markModified(b, scanned.frame, dst, ownsDst);
  }

  Value tracked = op.getTracked();
  auto writesTrackedDst = [&](Value vector, Value index) {
    return tracked && vector == tracked && index == dst;
  };
  SmallVector<Operation *> writes;
  for (Operation *top : cloned)
    top->walk([&](Operation *inner) {
      if (isa<ReduceOp, VectorSetOp>(inner))
        writes.push_back(inner);
    });
  for (Operation *write : writes) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfter(write);
    if (auto reduce = dyn_cast<ReduceOp>(write)) {
      // Pull: dst may belong to this thread; push: src may, when no other
      // thread scans it and nothing else writes the vector. Anything else
      // may be shared.
      bool ownedByThread =
          push ? scanned.exclusive && !edgeScan.sharesVertex() &&
                     reduce.getIndex() == src &&
                     writtenAtSourceOnly.contains(reduce.getVector())
               : ownsDst && reduce.getIndex() == dst;
      if (scanned.frame.concurrent && !ownedByThread)
        rewriter.modifyOpInPlace(reduce, [&] { reduce.setAtomic(true); });
      if (writesTrackedDst(reduce.getVector(), reduce.getIndex())) {
        auto ifChanged = scf::IfOp::create(b, loc, reduce.getChanged(),
                                           /*withElseRegion=*/false);
        b.setInsertionPointToStart(ifChanged.thenBlock());
        markModified(b, scanned.frame, dst, ownsDst);
      }
      continue;
    }
    auto set = cast<VectorSetOp>(write);
    if (!writesTrackedDst(set.getVector(), set.getIndex()))
      continue;
    if ((push || sharedDst) && scanned.frame.concurrent && trackedRead) {
      // Only the thread whose CAS wins from the value the filter saw
      // assigns dst, and only it reports dst as modified.
      Value swapped =
          VectorCasOp::create(b, loc, b.getI1Type(), set.getVector(),
                              set.getIndex(), trackedRead, set.getValue());
      auto ifSwapped =
          scf::IfOp::create(b, loc, swapped, /*withElseRegion=*/false);
      b.setInsertionPointToStart(ifSwapped.thenBlock());
      markModified(b, scanned.frame, dst, ownsDst);
      rewriter.eraseOp(set);
      continue;
    }
    markModified(b, scanned.frame, dst, ownsDst);
  }
  return combined;
}

ReduceOp TraversalEmitter::findAccumulatedReduce() {
  if (push || !op.getDstFilter().empty())
    return {};
  return op.getDestinationReduce();
}

bool TraversalEmitter::firstWriteClosesFilter() {
  Value tracked = op.getTracked();
  SmallVector<Operation *> writes = op.getTrackedWrites();
  if (op.getDstFilter().empty() || writes.size() != 1)
    return false;
  // One assignment, run once per edge, and nothing else writes the vector.
  Block &body = op.getBody().front();
  auto set = dyn_cast<VectorSetOp>(writes.front());
  if (!set || set->getBlock() != &body)
    return false;
  for (Operation *user : tracked.getUsers())
    if (user != op && op->isAncestor(user) && user != set &&
        !isa<VectorGetOp>(user))
      return false;
  // The filter: tracked[v] == closed.
  Block &filter = op.getDstFilter().front();
  auto test =
      filter.getTerminator()->getOperand(0).getDefiningOp<arith::CmpIOp>();
  if (!test || test.getPredicate() != arith::CmpIPredicate::eq)
    return false;
  auto read = test.getLhs().getDefiningOp<VectorGetOp>();
  APInt closed, written;
  if (!read || read.getVector() != tracked ||
      read.getIndex() != filter.getArgument(0) ||
      !matchPattern(test.getRhs(), m_ConstantInt(&closed)))
    return false;
  if (matchPattern(set.getValue(), m_ConstantInt(&written)))
    return written != closed;
  // A vertex id (src or dst) is never negative.
  auto id = set.getValue().getDefiningOp<arith::IndexCastOp>();
  return id && closed.isNegative() &&
         llvm::is_contained(body.getArguments().take_front(2), id.getIn());
}

//===----------------------------------------------------------------------===//
// TraversalEmitter: the traversal
//===----------------------------------------------------------------------===//

std::pair<Value, Value>
TraversalEmitter::edgeRange(OpBuilder &b, const ScannedVertex &vertex) {
  Value position = vertex.position;
  Value next = arith::AddIOp::create(b, loc, position, constIndex(b, 1));
  auto rows = slotRowsOf.find(vertex.offsets);
  if (rows != slotRowsOf.end()) {
    // The row of the source's slot. A vertex whose slot is not its own and
    // not a mirror's (the slot map's first owned slot, for a vertex with no
    // edge into the rank) has no row: its range is empty.
    Value slot = MirrorSlotOp::create(
        b, loc, b.getIndexType(), rows->second.slots, position,
        rows->second.ownedBegin, rows->second.ownedEnd);
    Value hasRow = arith::OrIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, slot, position),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, slot,
                              rows->second.ownedEnd));
    position = slot;
    next = arith::SelectOp::create(
        b, loc, hasRow, arith::AddIOp::create(b, loc, slot, constIndex(b, 1)),
        slot);
  }
  return {loadIndex(b, vertex.offsets, position),
          loadIndex(b, vertex.offsets, next)};
}

std::pair<Value, Value>
TraversalEmitter::pushedRange(OpBuilder &b, const ScannedVertex &source) {
  auto [begin, end] = edgeRange(b, source);
  // A neighbour range keeps positions [first, until) of the list.
  Value first = begin;
  if (Value from = op.getNeighborsFrom())
    begin = arith::MinUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, first, from), end);
  if (Value until = op.getNeighborsUntil())
    end = arith::MinUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, first, until), end);
  return {begin, end};
}

SmallVector<std::pair<Value, bool>> TraversalEmitter::destinationData() {
  SmallVector<std::pair<Value, bool>> vectors;
  auto scan = [&](Region &region, Value dst) {
    region.walk([&](MemoryEffectOpInterface access) {
      if (!llvm::is_contained(access->getOperands(), dst))
        return;
      SmallVector<MemoryEffects::EffectInstance> effects;
      access.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects) {
        Value vector = effect.getValue();
        auto type =
            vector ? dyn_cast<VertexVectorType>(vector.getType()) : nullptr;
        // Only vectors defined outside the op can be read ahead of it.
        if (!type || !type.isPerVertex() ||
            !vector.getParentRegion()->isProperAncestor(&op.getBody()))
          continue;
        bool write = isa<MemoryEffects::Write>(effect.getEffect());
        auto *known = llvm::find_if(
            vectors, [&](auto &entry) { return entry.first == vector; });
        if (known == vectors.end())
          vectors.push_back({vector, write});
        else
          known->second |= write;
      }
    });
  };
  scan(op.getBody(), op.getBody().getArgument(1));
  if (!op.getDstFilter().empty())
    scan(op.getDstFilter(), op.getDstFilter().getArgument(0));
  return vectors;
}

void TraversalEmitter::prefetchAhead(OpBuilder &b,
                                     const ScannedVertex &source) {
  ScannedVertex ahead{source.ahead,     source.ahead,     source.offsets,
                      source.neighbors, source.weights,   source.destination,
                      source.frame,     /*ahead=*/Value()};
  OpBuilder::InsertionGuard guard(b);
  if (farEdges) {
    auto far = scf::IfOp::create(b, loc, farEdges, /*withElseRegion=*/false);
    b.setInsertionPointToStart(far.thenBlock());
  }
  auto [begin, end] = pushedRange(b, ahead);
  auto hasEdge = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, begin, end),
      /*withElseRegion=*/false);
  b.setInsertionPointToStart(hasEdge.thenBlock());
  Value dst = loadIndex(b, source.neighbors, begin);
  for (auto [vector, write] : prefetched)
    VectorPrefetchOp::create(b, loc, vector, dst, write);
}

void TraversalEmitter::prefetchSourceLists(OpBuilder &b, Value k, Value end,
                                           Value neighbors) {
  Value last = arith::SubIOp::create(b, loc, end, constIndex(b, 1));
  auto sourceAhead = [&](int64_t distance) {
    Value later = arith::AddIOp::create(b, loc, k, constIndex(b, distance));
    return loadIndex(b, neighbors, arith::MinUIOp::create(b, loc, later, last));
  };
  auto prefetch = [&](Value memref, Value i) {
    memref::PrefetchOp::create(b, loc, memref, ValueRange{i},
                               /*isWrite=*/false, /*localityHint=*/3,
                               /*isDataCache=*/true);
  };
  prefetch(sourceListOffsets, sourceAhead(2 * kListPrefetchDistance));
  // An empty last list starts past the end of the neighbour array.
  Value lastEdge = arith::SubIOp::create(
      b, loc, memref::DimOp::create(b, loc, sourceListNeighbors, 0),
      constIndex(b, 1));
  Value first =
      loadIndex(b, sourceListOffsets, sourceAhead(kListPrefetchDistance));
  prefetch(sourceListNeighbors,
           arith::MinUIOp::create(b, loc, first, lastEdge));
}

void TraversalEmitter::emitPushEdges(OpBuilder &b,
                                     const ScannedVertex &source) {
  Value src = source.vertex;
  if (source.ahead)
    prefetchAhead(b, source);
  OpBuilder::InsertionGuard guard(b);
  // The source's slot, once for all its edges.
  Value slot;
  if (sourceSlotMap)
    slot = MirrorSlotOp::create(b, loc, b.getIndexType(), sourceSlotMap, src,
                                sourceOwnedBegin, sourceOwnedEnd);
  if (Value pass = sourcePasses(b, src, slot)) {
    auto ifPass = scf::IfOp::create(b, loc, pass, false);
    b.setInsertionPointToStart(ifPass.thenBlock());
  }
  auto [begin, end] = pushedRange(b, source);
  edgeScan.emitForEach(
      b, loc, begin, end, /*init=*/{}, [&](OpBuilder &b, Value k, Value) {
        Value dst = loadIndex(b, source.neighbors, k);
        Value weight = edgeWeight(b, source.weights, k);
        DestinationTest test = destinationPasses(b, dst);
        OpBuilder::InsertionGuard guard(b);
        if (test.pass) {
          auto ifPass = scf::IfOp::create(b, loc, test.pass, false);
          b.setInsertionPointToStart(ifPass.thenBlock());
        }
        emitBody(b, source, src, dst, weight, test.trackedRead, {}, slot);
        return Value();
      });
}

void TraversalEmitter::emitPullEdges(OpBuilder &b,
                                     const ScannedVertex &destination) {
  Value dst = destination.vertex;
  OpBuilder::InsertionGuard guard(b);
  if (toDense) {
    auto ifTo =
        scf::IfOp::create(b, loc, toDense->contains(b, loc, dst), false);
    b.setInsertionPointToStart(ifTo.thenBlock());
  }
  auto filterPasses = [&](OpBuilder &b) {
    IRMapping mapping;
    return emitFilter(b, op.getDstFilter(), dst, mapping);
  };
  // What the filter read of the tracked element, which the CAS of threads
  // sharing the destination expects.
  Value trackedRead;
  if (!op.getDstFilter().empty()) {
    // Test the destination before reading its edge range: in BFS's last
    // steps most vertices are visited, and their offsets would triple the
    // bytes the scan reads.
    IRMapping mapping;
    auto ifPass = scf::IfOp::create(
        b, loc, emitFilter(b, op.getDstFilter(), dst, mapping), false);
    if (edgeScan.sharesVertex())
      trackedRead = trackedReadOf(mapping);
    b.setInsertionPointToStart(ifPass.thenBlock());
  }
  Value begin, end;
  std::tie(begin, end) = edgeRange(b, destination);

  // In-edge k's source slot, renumbered at load: no slot map lookup.
  auto slotAt = [&](OpBuilder &b, Value k) -> Value {
    if (!sourceSlots)
      return {};
    return arith::IndexCastUIOp::create(
        b, loc, b.getIndexType(),
        memref::LoadOp::create(b, loc, sourceSlots, k));
  };
  // One in-edge k: the source's tests, then `body`, which returns the new
  // value of the scan's carried value (if any); a failing source keeps it.
  using EdgeBody =
      function_ref<Value(OpBuilder &, Value src, Value slot, Value weight)>;
  auto emitEdge = [&](OpBuilder &b, Value k, Value carried,
                      EdgeBody body) -> Value {
    Value src = loadIndex(b, destination.neighbors, k);
    Value slot = slotAt(b, k);
    Value weight = edgeWeight(b, destination.weights, k);
    Value pass = sourcePasses(b, src, slot);
    if (!pass)
      return body(b, src, slot, weight);
    SmallVector<Type, 1> resultTypes;
    if (carried)
      resultTypes.push_back(carried.getType());
    auto ifPass = scf::IfOp::create(b, loc, resultTypes, pass,
                                    /*withElseRegion=*/bool(carried));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifPass.thenBlock());
    Value next = body(b, src, slot, weight);
    if (!carried)
      return {};
    scf::YieldOp::create(b, loc, next);
    b.setInsertionPointToStart(ifPass.elseBlock());
    scf::YieldOp::create(b, loc, carried);
    return ifPass.getResult(0);
  };

  if (accumulated || op.getDstFilter().empty()) {
    // An accumulated destination value stays in a register across the
    // in-edges (a filtered pull has none).
    // With reset(c) the sum starts from c and never touches the vector; a
    // segment's scan has only part of the sum, which the segments (or the
    // merge of their sockets' sums) complete.
    bool segmented = bool(op.getSegments());
    TypedAttr reset = op.getResetAttr();
    bool inRegister = reset && !segmented;
    Value initial;
    if (inRegister)
      initial = arith::ConstantOp::create(b, loc, reset);
    else if (accumulated)
      initial = destination.destination.load(b, dst);
    auto visit = [&](OpBuilder &b, Value k, Value acc) {
      if (sourceListOffsets)
        prefetchSourceLists(b, k, end, destination.neighbors);
      return emitEdge(
          b, k, acc, [&](OpBuilder &b, Value src, Value slot, Value w) {
            return emitBody(b, destination, src, dst, w, {}, acc, slot);
          });
    };
    auto finish = [&](OpBuilder &b, Value final) {
      if (accumulated && !inRegister) {
        // With reset(c) the last segment leaves c for the next run, its
        // epilogue taking the sum.
        Value stored = final;
        if (reset && destination.lastSegment)
          stored = arith::ConstantOp::create(b, loc, reset);
        destination.destination.store(b, destination.frame, dst, initial,
                                      stored);
      }
      if ((!segmented || destination.lastSegment) && !op.getEpilogue().empty())
        emitEpilogue(b, destination.frame, dst, final);
    };
    if (accumulated)
      edgeScan.emitFold(b, loc, begin, end, initial, accumulated.getKind(),
                        visit, finish);
    else
      finish(b, edgeScan.emitForEach(b, loc, begin, end, initial, visit));
    return;
  }
  // Only the body changes what the filter reads, so the filter is re-tested
  // after the body runs, not before every in-edge, and the scan stops as
  // soon as it turns false (BFS stops at the first parent), as in GraphIt's
  // pull. Between bodies, an inner loop looks for the next in-edge whose
  // source passes: one load, one test and one branch per edge skipped.
  auto sourceTest = [&](OpBuilder &b, Value k) {
    return sourcePasses(b, loadIndex(b, destination.neighbors, k),
                        slotAt(b, k));
  };
  // Without a source frontier or filter every in-edge passes.
  bool testsSources = fromDense || !op.getSrcFilter().empty();
  edgeScan.emitSearch(
      b, loc, begin, end,
      testsSources ? EdgeScan::Test(sourceTest) : EdgeScan::Test(),
      [&](OpBuilder &b, Value k) {
        emitBody(b, destination, loadIndex(b, destination.neighbors, k), dst,
                 edgeWeight(b, destination.weights, k), trackedRead, {},
                 slotAt(b, k));
        return filterPasses(b);
      },
      filterPasses);
}

std::string TraversalEmitter::whyNotSharedDestination() {
  assert(!push && "a push's destinations have many writers anyway");
  bool search = !accumulated && !op.getDstFilter().empty();
  if (search && !firstWriteClosesFilter())
    return "it stops at an in-edge whose body closes the destination filter, "
           "and only a body whose one write is an assignment closing it (as "
           "BFS's parent[dst] = src closes parent[dst] == -1) lets one "
           "thread of a group claim the destination";
  if (search && op.yieldsKeep())
    return "its body decides at the in-edge that closes the destination "
           "filter whether the destination joins the output, and each thread "
           "finding a parent would decide";
  if (accumulated &&
      accumulated.getValue().getType().getIntOrFloatBitWidth() > 64)
    return "its sum, of type " +
           llvm::to_string(accumulated.getValue().getType()) +
           ", is wider than the 64 bits lanes exchange";
  // A search writes only the claiming assignment (then a CAS). Otherwise,
  // writes at the destination had one thread, edge after edge: reductions
  // there still combine (in a register, else atomically); any other write
  // at a value computed from dst would race. Writes elsewhere were shared
  // by threads already.
  Value dst = op.getBody().getArgument(1);
  SmallVector<Operation *> claims = op.getTrackedWrites();
  llvm::SmallPtrSet<Value, 8> fromDst = {dst};
  auto atDst = [&](ValueRange values) {
    return llvm::any_of(values, [&](Value v) { return fromDst.contains(v); });
  };
  std::string why;
  op.getBody().walk([&](Operation *inner) {
    if (atDst(inner->getOperands()))
      fromDst.insert(inner->result_begin(), inner->result_end());
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    if (!effects ? inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
                 : !effects.hasEffect<MemoryEffects::Write>())
      return WalkResult::advance();
    bool shared;
    auto set = dyn_cast<VectorSetOp>(inner);
    auto rmw = dyn_cast<memref::AtomicRMWOp>(inner);
    if (search)
      shared = set && set.getIndex() == dst && llvm::is_contained(claims, set);
    else if (isa<ReduceOp>(inner))
      shared = true;
    else if (set)
      shared = !atDst(set.getIndex());
    else if (auto store = dyn_cast<memref::StoreOp>(inner))
      shared = !atDst(store.getIndices());
    else if (rmw)
      shared = rmw.getKind() != arith::AtomicRMWKind::assign ||
               !atDst(rmw.getIndices());
    else
      shared = !atDst(inner->getOperands());
    if (shared)
      return WalkResult::advance();
    why = "its body's '" + inner->getName().getStringRef().str() + "' " +
          (search ? "writes besides the assignment that claims the "
                    "destination, and each thread finding a parent would "
                    "make it"
                  : "writes at the destination without a reduction, which "
                    "one thread did edge by edge and threads sharing the "
                    "destination would do in any order");
    return WalkResult::interrupt();
  });
  return why;
}

void TraversalEmitter::supplyOutput(std::unique_ptr<OutputFrontier> given) {
  output = std::move(given);
}

void TraversalEmitter::emit(VertexLoop &loop) {
  OpBuilder &b = rewriter;
  if (Value from = op.getFrom()) {
    if (sched.getDirection() == Direction::SparsePush) {
      // Threads take the sources in no fixed order anyway, so a parallel
      // traversal spares the sort of its frontier every round.
      bool parallel = sched.getParallel() != Parallelization::Serial;
      fromIds = VertexSetIdsOp::create(b, loc, memrefOf(b.getI32Type()), from,
                                       parallel);
    } else
      fromDense = std::make_unique<DenseFrontier>(b, loc, from, sched,
                                                  FrontierSets::Src);
  }
  if (Value to = op.getTo())
    toDense =
        std::make_unique<DenseFrontier>(b, loc, to, sched, FrontierSets::Dst);
  bool prefetches = !execution.runsIterationPerThread();
  if (prefetches && push && !fromDense && op.getSrcFilter().empty())
    prefetched = destinationData();
  // Only a scan of every vertex in id order finds the data of a near
  // destination in cache: a frontier's sources lie anywhere.
  if (prefetchesAhead() && !op.getFrom()) {
    Value near = NearEdgeShareOp::create(b, loc, b.getF64Type(), op.getGraph(),
                                         kNearWindow);
    Value limit = arith::ConstantOp::create(
        b, loc, b.getF64FloatAttr(kPrefetchBelowNearShare));
    farEdges =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, near, limit);
  }
  if (prefetches && !push && op.getDstFilter().empty()) {
    Value src = op.getBody().getArgument(0);
    op.getBody().walk([&](CommonNeighborsOp common) {
      Value graph = common.getGraph();
      if (sourceListOffsets || (common.getU() != src && common.getV() != src) ||
          !graph.getParentRegion()->isProperAncestor(&op.getBody()))
        return;
      auto adjacency = AdjacencyOp::create(b, loc, memrefOf(b.getI64Type()),
                                           memrefOf(b.getI32Type()),
                                           EdgeDirection::Out, graph);
      sourceListOffsets = adjacency.getOffsets();
      sourceListNeighbors = adjacency.getNeighbors();
    });
  }
  // graph-distribute's reads of mirrored vectors at the source: a pull over
  // the in-edges reads each edge's slot, renumbered at load, with one load;
  // a push loads its source's slot once for all its edges.
  if (MirrorSlotOp lookup = findSourceSlotMap()) {
    sourceSlotMap = lookup.getSlots();
    sourceOwnedBegin = lookup.getBegin();
    sourceOwnedEnd = lookup.getEnd();
  }
  if (sourceSlotMap && !push && !op.getSegments())
    sourceSlots = MirrorSourcesOp::create(b, loc, memrefOf(b.getI32Type()),
                                          op.getGraph());
  if (op.getModified() && !output)
    output = OutputFrontier::create(b, op, writesClaimVertices, execution,
                                    !push || marksPushOutput);

  loop.emit(*this, b, [&](OpBuilder &b, const ScannedVertex &vertex) {
    if (push)
      emitPushEdges(b, vertex);
    else
      emitPullEdges(b, vertex);
  });

  if (!output) {
    rewriter.eraseOp(op);
    return;
  }
  rewriter.replaceOp(op, output->seal(b));
}
