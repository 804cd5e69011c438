//===- Traversal.cpp - the traversal emitter lowerings share --------------===//
//
// TraversalEmitter and the outer loops that need no more than the graph:
// over the whole graph (AdjacencyLoop) and segment by segment (SegmentLoop).
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"
#include "graph-mlir/Dialect/Graph/IR/Reductions.h"
#include "graph-mlir/Dialect/Graph/Transforms/LoopUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::graph;

static MemRefType memrefOf(Type element) {
  return MemRefType::get({ShapedType::kDynamic}, element);
}

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

void VectorDestination::store(OpBuilder &b, Value dst, Value initial,
                              Value final) {
  Location loc = emitter.getLoc();
  Value vector = emitter.getAccumulated().getVector();
  VectorSetOp::create(b, loc, vector, dst, final);
  if (emitter.getOp().getTracked() != vector)
    return;
  OpBuilder::InsertionGuard guard(b);
  auto ifChanged = scf::IfOp::create(
      b, loc, buildNotEqual(b, loc, final, initial), /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifChanged.thenBlock());
  emitter.markModified(b, dst, owned);
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
  emitter.emitVertexLoop(b, emitter.constIndex(b, 0), count,
                         [&](OpBuilder &b, Value i) {
                           Value ahead = emitter.vertexAhead(b, ids, i, count);
                           Value v = ids ? emitter.loadIndex(b, ids, i) : i;
                           body(b, {v, v, arrays.offsets, arrays.neighbors,
                                    arrays.weights, destination, ahead});
                         });
}

void SegmentLoop::emit(TraversalEmitter &emitter, OpBuilder &b,
                       VertexBody body) {
  // Segments partition the sources of a pull, not its destinations, but
  // they run one at a time: each destination still has one writer.
  VectorDestination destination(emitter, /*ownsVertex=*/true);
  Location loc = emitter.getLoc();
  Value count = SegmentsCountOp::create(b, loc, b.getIndexType(),
                                        emitter.getOp().getSegments());
  scf::ForOp::create(b, loc, emitter.constIndex(b, 0), count,
                     emitter.constIndex(b, 1), ValueRange{},
                     [&](OpBuilder &b, Location, Value s, ValueRange) {
                       emitter.scanSegment(b, s, destination, body);
                       scf::YieldOp::create(b, loc);
                     });
}

//===----------------------------------------------------------------------===//
// TraversalEmitter: building blocks
//===----------------------------------------------------------------------===//

TraversalEmitter::TraversalEmitter(EdgeSetApplyOp op, RewriterBase &rewriter)
    : op(op), rewriter(rewriter), loc(op.getLoc()),
      sched(op.getScheduleOrDefault()),
      push(sched.getDirection() != Direction::DensePull),
      parallel(sched.isParallel()), accumulated(findAccumulatedReduce()),
      writesClaimVertices(push && op.getDedup() && firstWriteClosesFilter()) {
  assert(!sched.isHybrid() && "split hybrid traversals first");
}

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
        b, loc, memrefOf(b.getI32Type()), edges, graph);
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
    arrays.weights = SegmentWeightsOp::create(b, loc, memrefOf(b.getI32Type()),
                                              segments, segment);
  arrays.count = memref::DimOp::create(b, loc, arrays.vertices, 0);
  return arrays;
}

void TraversalEmitter::emitVertexLoop(
    OpBuilder &b, Value lb, Value ub,
    function_ref<void(OpBuilder &, Value)> body,
    const omp::ParallelOperands &team,
    function_ref<void(OpBuilder &, Location)> tail) {
  Value outerStats = threadStats, outerIds = threadIds,
        outerIdCount = threadIdCount, outerIndex = loopIndex;
  bool outerOwnsWords = loopOwnsWords;
  // In parallel, each thread counts its marks of the output in its own
  // counters and adds them to the shared ones once, when its share is done;
  // a push's thread buffers the ids it appends and moves them to the output
  // a block at a time.
  bool countsPerThread = outStats && parallel;
  bool buffersIds = push && outIds && parallel;
  auto threadHead = [&](OpBuilder &b, Location) {
    Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
    if (countsPerThread) {
      threadStats = memref::AllocaOp::create(
          b, loc, MemRefType::get({2}, b.getI64Type()));
      for (int64_t i : {0, 1})
        memref::StoreOp::create(b, loc, zero, threadStats,
                                ValueRange{constIndex(b, i)});
    }
    if (buffersIds) {
      threadIds = memref::AllocaOp::create(
          b, loc, MemRefType::get({kIdBlock}, b.getI32Type()));
      threadIdCount = memref::AllocaOp::create(
          b, loc, MemRefType::get({1}, b.getI64Type()));
      memref::StoreOp::create(b, loc, zero, threadIdCount,
                              ValueRange{constIndex(b, 0)});
    }
  };
  auto threadTail = [&](OpBuilder &b, Location l) {
    if (tail)
      tail(b, l);
    if (buffersIds)
      flushIds(b, memref::LoadOp::create(b, loc, threadIdCount,
                                         ValueRange{constIndex(b, 0)}));
    if (!countsPerThread)
      return;
    for (int64_t i : {0, 1}) {
      Value mine = memref::LoadOp::create(b, loc, threadStats,
                                          ValueRange{constIndex(b, i)});
      memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi, mine,
                                  outStats, ValueRange{constIndex(b, i)});
    }
  };
  using Hook = function_ref<void(OpBuilder &, Location)>;
  bool perThread = countsPerThread || buffersIds;
  // A pull marking a bitvector output by the loop index hands each thread
  // whole cache lines of it (512 vertices), so that threads marking
  // neighbouring chunks do not write to the same line.
  int64_t grain = sched.getGrain();
  if (!push && outDense.isBits && parallel)
    grain = llvm::alignTo(grain, kBitsPerLine);
  // A small sparse frontier of heavy vertices (a Kronecker graph's first
  // rounds) still spreads over the threads: no chunk takes more than 1/64 of
  // the frontier.
  bool chunkOfFrontier = parallel && push && fromIds &&
                         sched.getParallel() != Parallelization::StaticVertex;
  // Chunks of the loop start at multiples of the grain (of a chunk known
  // only at run time, nothing is assumed).
  bool wholeWords = getConstantIntValue(lb) == 0 &&
                    (!parallel || (!chunkOfFrontier && grain % 64 == 0));
  Value chunk;
  if (parallel) {
    chunk = arith::ConstantIntOp::create(b, loc, grain, 64);
    if (chunkOfFrontier) {
      Value share = arith::DivUIOp::create(
          b, loc, arith::IndexCastOp::create(b, loc, b.getI64Type(), ub),
          arith::ConstantIntOp::create(b, loc, kChunksPerFrontier, 64));
      chunk = arith::MaxUIOp::create(
          b, loc, arith::MinUIOp::create(b, loc, chunk, share),
          arith::ConstantIntOp::create(b, loc, 1, 64));
    }
  }
  buildVertexLoop(
      b, loc, lb, ub, sched.getParallel(), chunk,
      [&](OpBuilder &b, Location, Value i) {
        loopIndex = i;
        loopOwnsWords = wholeWords;
        body(b, i);
      },
      team, perThread ? Hook(threadHead) : Hook(),
      perThread ? Hook(threadTail) : tail);
  threadStats = outerStats;
  threadIds = outerIds;
  threadIdCount = outerIdCount;
  loopIndex = outerIndex;
  loopOwnsWords = outerOwnsWords;
}

void TraversalEmitter::scanSegment(OpBuilder &b, Value segment,
                                   Destination &destination, VertexBody body,
                                   const omp::ParallelOperands &team) {
  EdgeArrays arrays = segmentArrays(b, segment);
  emitVertexLoop(
      b, constIndex(b, 0), arrays.count,
      [&](OpBuilder &b, Value i) {
        body(b, {loadIndex(b, arrays.vertices, i), i, arrays.offsets,
                 arrays.neighbors, arrays.weights, destination,
                 /*ahead=*/Value()});
      },
      team);
}

void TraversalEmitter::markModified(OpBuilder &b, Value dst, bool ownsVertex) {
  if (!push) {
    markDense(b, dst, ownsVertex);
    return;
  }
  Value one8 = arith::ConstantIntOp::create(b, loc, 1, 8);
  OpBuilder::InsertionGuard guard(b);
  if (op.getDedup() && !writesClaimVertices) {
    // The first thread to flag dst appends it: the output is duplicate-free.
    Value old = memref::AtomicRMWOp::create(
        b, loc, arith::AtomicRMWKind::assign, one8, outFlags, dst);
    Value first =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old,
                              arith::ConstantIntOp::create(b, loc, 0, 8));
    auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    b.setInsertionPointToStart(ifFirst.thenBlock());
  }
  appendOutput(b, dst);
  if (outStats)
    countMember(b, dst);
}

void TraversalEmitter::appendOutput(OpBuilder &b, Value dst) {
  Value id = arith::IndexCastOp::create(b, loc, b.getI32Type(), dst);
  if (!threadIds) {
    Value pos =
        memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi,
                                    arith::ConstantIntOp::create(b, loc, 1, 64),
                                    outCount, ValueRange{constIndex(b, 0)});
    memref::StoreOp::create(
        b, loc, id, outIds,
        ValueRange{arith::IndexCastOp::create(b, loc, b.getIndexType(), pos)});
    return;
  }
  Value c0 = constIndex(b, 0);
  Value count = memref::LoadOp::create(b, loc, threadIdCount, c0);
  Value slot = arith::IndexCastOp::create(b, loc, b.getIndexType(), count);
  memref::StoreOp::create(b, loc, id, threadIds, slot);
  Value next = arith::AddIOp::create(
      b, loc, count, arith::ConstantIntOp::create(b, loc, 1, 64));
  Value full =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, next,
                            arith::ConstantIntOp::create(b, loc, kIdBlock, 64));
  auto ifFull = scf::IfOp::create(b, loc, full, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifFull.thenBlock());
  flushIds(b, next);
  memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 64),
                          threadIdCount, c0);
  b.setInsertionPointToStart(ifFull.elseBlock());
  memref::StoreOp::create(b, loc, next, threadIdCount, c0);
}

void TraversalEmitter::flushIds(OpBuilder &b, Value count) {
  // One atomic per block instead of one per id.
  Value pos =
      memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi, count,
                                  outCount, ValueRange{constIndex(b, 0)});
  Value base = arith::IndexCastOp::create(b, loc, b.getIndexType(), pos);
  scf::ForOp::create(
      b, loc, constIndex(b, 0),
      arith::IndexCastOp::create(b, loc, b.getIndexType(), count),
      constIndex(b, 1), ValueRange{},
      [&](OpBuilder &b, Location, Value i, ValueRange) {
        Value id = memref::LoadOp::create(b, loc, threadIds, i);
        Value slot = arith::AddIOp::create(b, loc, base, i);
        memref::StoreOp::create(b, loc, id, outIds, slot);
        scf::YieldOp::create(b, loc);
      });
}

//===----------------------------------------------------------------------===//
// TraversalEmitter: tests and the body
//===----------------------------------------------------------------------===//

void TraversalEmitter::markDense(OpBuilder &b, Value dst, bool ownsVertex) {
  Value first;
  if (outDense.isBits) {
    auto [word, mask] = bitOf(b, dst);
    Value old;
    if (ownsVertex && loopOwnsWords && dst == loopIndex) {
      // No other thread writes this word.
      old = memref::LoadOp::create(b, loc, outDense.view, word);
      memref::StoreOp::create(b, loc, arith::OrIOp::create(b, loc, old, mask),
                              outDense.view, word);
    } else {
      old = memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::ori, mask,
                                        outDense.view, word);
    }
    first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                  arith::AndIOp::create(b, loc, old, mask),
                                  arith::ConstantIntOp::create(b, loc, 0, 64));
  } else {
    Value one8 = arith::ConstantIntOp::create(b, loc, 1, 8);
    Value old;
    if (ownsVertex) {
      old = memref::LoadOp::create(b, loc, outDense.view, dst);
      memref::StoreOp::create(b, loc, one8, outDense.view, dst);
    } else {
      old = memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::assign,
                                        one8, outDense.view, dst);
    }
    first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old,
                                  arith::ConstantIntOp::create(b, loc, 0, 8));
  }
  OpBuilder::InsertionGuard guard(b);
  auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifFirst.thenBlock());
  countMember(b, dst);
}

void TraversalEmitter::countMember(OpBuilder &b, Value dst) {
  Value next = arith::AddIOp::create(b, loc, dst, constIndex(b, 1));
  Value degree = arith::SubIOp::create(
      b, loc, memref::LoadOp::create(b, loc, outOffsets, next),
      memref::LoadOp::create(b, loc, outOffsets, dst));
  auto add = [&](int64_t counter, Value amount) {
    Value at = constIndex(b, counter);
    Value sum = arith::AddIOp::create(
        b, loc, memref::LoadOp::create(b, loc, threadStats, at), amount);
    memref::StoreOp::create(b, loc, sum, threadStats, at);
  };
  add(0, arith::ConstantIntOp::create(b, loc, 1, 64));
  add(1, degree);
}

TraversalEmitter::DenseSet TraversalEmitter::denseView(OpBuilder &b, Value set,
                                                       FrontierSets side) {
  DenseSet dense;
  dense.isBits = sched.getFrontier() == FrontierLayout::Bitvector &&
                 (sched.getFrontierSets() == FrontierSets::Both ||
                  sched.getFrontierSets() == side);
  if (dense.isBits)
    dense.view = VertexSetBitsOp::create(b, loc, memrefOf(b.getI64Type()), set);
  else
    dense.view = VertexSetBoolsOp::create(b, loc, memrefOf(b.getI8Type()), set);
  return dense;
}

Value TraversalEmitter::contains(OpBuilder &b, const DenseSet &set, Value v) {
  if (!set.isBits) {
    Value byte = memref::LoadOp::create(b, loc, set.view, v);
    Value zero = arith::ConstantIntOp::create(b, loc, 0, 8);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, byte, zero);
  }
  auto [wordIndex, mask] = bitOf(b, v);
  Value word = memref::LoadOp::create(b, loc, set.view, wordIndex);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                               arith::AndIOp::create(b, loc, word, mask),
                               arith::ConstantIntOp::create(b, loc, 0, 64));
}

std::pair<Value, Value> TraversalEmitter::bitOf(OpBuilder &b, Value v) {
  Value word = arith::ShRUIOp::create(b, loc, v, constIndex(b, 6));
  Value bit = arith::IndexCastOp::create(
      b, loc, b.getI64Type(),
      arith::AndIOp::create(b, loc, v, constIndex(b, 63)));
  Value mask = arith::ShLIOp::create(
      b, loc, arith::ConstantIntOp::create(b, loc, 1, 64), bit);
  return {word, mask};
}

Value TraversalEmitter::emitFilter(OpBuilder &b, Region &filter, Value v,
                                   IRMapping &mapping) {
  Block &block = filter.front();
  mapping.map(block.getArgument(0), v);
  for (Operation &inner : block.without_terminator())
    b.clone(inner, mapping);
  return mapping.lookupOrDefault(block.getTerminator()->getOperand(0));
}

Value TraversalEmitter::sourcePasses(OpBuilder &b, Value src) {
  Value pass;
  if (fromDense.view)
    pass = contains(b, fromDense, src);
  if (!op.getSrcFilter().empty()) {
    IRMapping mapping;
    pass = andOf(b, loc, pass, emitFilter(b, op.getSrcFilter(), src, mapping));
  }
  return pass;
}

TraversalEmitter::DestinationTest
TraversalEmitter::destinationPasses(OpBuilder &b, Value dst) {
  DestinationTest test;
  if (toDense.view)
    test.pass = contains(b, toDense, dst);
  if (op.getDstFilter().empty())
    return test;
  IRMapping mapping;
  test.pass =
      andOf(b, loc, test.pass, emitFilter(b, op.getDstFilter(), dst, mapping));
  Value tracked = op.getTracked();
  Value arg = op.getDstFilter().front().getArgument(0);
  for (auto get : op.getDstFilter().getOps<VectorGetOp>())
    if (tracked && get.getVector() == tracked && get.getIndex() == arg)
      test.trackedRead = mapping.lookup(get.getResult());
  return test;
}

Value TraversalEmitter::edgeWeight(OpBuilder &b, Value weights, Value k) {
  if (!weights)
    return {};
  Value w = memref::LoadOp::create(b, loc, weights, k);
  Type type = op.getGraphType().getWeightType();
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
                                 Value trackedRead, Value accumulator) {
  Block &block = op.getBody().front();
  bool ownsDst = scanned.destination.ownsVertex();
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
    cloned.push_back(b.clone(inner, mapping));
  }
  // A body yielding whether to keep dst.
  if (op.yieldsKeep()) {
    Value keep = mapping.lookupOrDefault(block.getTerminator()->getOperand(0));
    OpBuilder::InsertionGuard guard(b);
    auto ifKeep = scf::IfOp::create(b, loc, keep, /*withElseRegion=*/false);
    b.setInsertionPointToStart(ifKeep.thenBlock());
    markModified(b, dst, ownsDst);
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
      // Pull: dst may belong to this thread; anything else may be shared.
      bool ownedByThread =
          !push && scanned.destination.ownsVertex() && reduce.getIndex() == dst;
      if (parallel && !ownedByThread)
        rewriter.modifyOpInPlace(reduce, [&] { reduce.setAtomic(true); });
      if (writesTrackedDst(reduce.getVector(), reduce.getIndex())) {
        auto ifChanged = scf::IfOp::create(b, loc, reduce.getChanged(),
                                           /*withElseRegion=*/false);
        b.setInsertionPointToStart(ifChanged.thenBlock());
        markModified(b, dst, ownsDst);
      }
      continue;
    }
    auto set = cast<VectorSetOp>(write);
    if (!writesTrackedDst(set.getVector(), set.getIndex()))
      continue;
    if (push && parallel && trackedRead) {
      // Only the thread whose CAS wins from the value the filter saw
      // assigns dst, and only it reports dst as modified.
      Value swapped =
          VectorCasOp::create(b, loc, b.getI1Type(), set.getVector(),
                              set.getIndex(), trackedRead, set.getValue());
      auto ifSwapped =
          scf::IfOp::create(b, loc, swapped, /*withElseRegion=*/false);
      b.setInsertionPointToStart(ifSwapped.thenBlock());
      markModified(b, dst, ownsDst);
      rewriter.eraseOp(set);
      continue;
    }
    markModified(b, dst, ownsDst);
  }
  return combined;
}

ReduceOp TraversalEmitter::findAccumulatedReduce() {
  if (push || !op.getDstFilter().empty())
    return {};
  Block &block = op.getBody().front();
  Value dst = block.getArgument(1);
  ReduceOp candidate;
  for (auto reduce : block.getOps<ReduceOp>()) {
    if (reduce.getIndex() != dst || candidate)
      return {};
    candidate = reduce;
  }
  // A fixed-length vector has no element per destination to accumulate in,
  // and a vector of rows has several.
  if (!candidate || !candidate.getVector().getType().isPerVertex() ||
      candidate.getColumn())
    return {};
  // Any other access of the vector in the traversal would see a stale value.
  Value vector = candidate.getVector();
  for (Operation *user : vector.getUsers())
    if (user != candidate && user != op && op->isAncestor(user))
      return {};
  return candidate;
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

/// Whether the out-degree sum of `set` is asked for: by a hybrid
/// traversal's direction test, a push without dedup sizing its output, or
/// graph.vertexset.out_degree_sum, reached directly or through the region
/// arguments and results of the loops and branches that forward the set.
static bool feedsDegreeSum(Value set) {
  SmallVector<Value> work{set};
  llvm::SmallPtrSet<Value, 8> seen;
  seen.insert(set);
  auto forward = [&](OpOperand &use, OperandRange operands, ValueRange inputs) {
    if (operands.empty())
      return;
    unsigned index = use.getOperandNumber() - operands.getBeginOperandIndex();
    if (index < operands.size() && index < inputs.size() &&
        seen.insert(inputs[index]).second)
      work.push_back(inputs[index]);
  };
  while (!work.empty()) {
    Value value = work.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<VertexSetOutDegreeSumOp>(user))
        return true;
      if (auto apply = dyn_cast<EdgeSetApplyOp>(user)) {
        ScheduleAttr sched = apply.getScheduleOrDefault();
        if (apply.getFrom() == value &&
            (sched.isHybrid() ||
             (sched.getDirection() == Direction::SparsePush &&
              !apply.getDedup())))
          return true;
        continue;
      }
      SmallVector<Attribute> unknown(user->getNumOperands());
      SmallVector<RegionSuccessor> successors;
      auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(user);
      // Return-like terminators of other ops (func.return) forward nothing.
      if (terminator && isa<RegionBranchOpInterface>(user->getParentOp())) {
        terminator.getSuccessorRegions(unknown, successors);
        for (const RegionSuccessor &successor : successors)
          forward(use, terminator.getSuccessorOperands(successor),
                  successor.getSuccessorInputs());
      } else if (auto branch = dyn_cast<RegionBranchOpInterface>(user)) {
        branch.getEntrySuccessorRegions(unknown, successors);
        for (const RegionSuccessor &successor : successors)
          forward(use, branch.getEntrySuccessorOperands(successor),
                  successor.getSuccessorInputs());
      }
    }
  }
  return false;
}

std::pair<Value, Value>
TraversalEmitter::edgeRange(OpBuilder &b, const ScannedVertex &vertex) {
  Value next = arith::AddIOp::create(b, loc, vertex.position, constIndex(b, 1));
  return {loadIndex(b, vertex.offsets, vertex.position),
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
  ScannedVertex ahead{source.ahead,     source.ahead,   source.offsets,
                      source.neighbors, source.weights, source.destination,
                      /*ahead=*/Value()};
  auto [begin, end] = pushedRange(b, ahead);
  auto hasEdge = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, begin, end),
      /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
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
  auto emitEdges = [&](OpBuilder &b) {
    auto [begin, end] = pushedRange(b, source);
    scf::ForOp::create(
        b, loc, begin, end, constIndex(b, 1), ValueRange{},
        [&](OpBuilder &b, Location, Value k, ValueRange) {
          Value dst = loadIndex(b, source.neighbors, k);
          Value weight = edgeWeight(b, source.weights, k);
          DestinationTest test = destinationPasses(b, dst);
          {
            OpBuilder::InsertionGuard guard(b);
            if (test.pass) {
              auto ifPass = scf::IfOp::create(b, loc, test.pass, false);
              b.setInsertionPointToStart(ifPass.thenBlock());
            }
            emitBody(b, source, src, dst, weight, test.trackedRead);
          }
          scf::YieldOp::create(b, loc);
        });
  };
  OpBuilder::InsertionGuard guard(b);
  if (Value pass = sourcePasses(b, src)) {
    auto ifPass = scf::IfOp::create(b, loc, pass, false);
    b.setInsertionPointToStart(ifPass.thenBlock());
  }
  emitEdges(b);
}

void TraversalEmitter::emitPullEdges(OpBuilder &b,
                                     const ScannedVertex &destination) {
  Value dst = destination.vertex;
  OpBuilder::InsertionGuard guard(b);
  if (toDense.view) {
    auto ifTo = scf::IfOp::create(b, loc, contains(b, toDense, dst), false);
    b.setInsertionPointToStart(ifTo.thenBlock());
  }
  auto filterPasses = [&](OpBuilder &b) {
    IRMapping mapping;
    return emitFilter(b, op.getDstFilter(), dst, mapping);
  };
  if (!op.getDstFilter().empty()) {
    // Test the destination before reading its edge range: in BFS's last
    // steps most vertices are visited, and their offsets would triple the
    // bytes the scan reads.
    auto ifPass = scf::IfOp::create(b, loc, filterPasses(b), false);
    b.setInsertionPointToStart(ifPass.thenBlock());
  }
  Value begin, end;
  std::tie(begin, end) = edgeRange(b, destination);

  // One in-edge k: the source's tests, then `body`, which returns the new
  // value of the scan's carried value (if any); a failing source keeps it.
  using EdgeBody = function_ref<Value(OpBuilder &, Value src, Value weight)>;
  auto emitEdge = [&](OpBuilder &b, Value k, Value carried,
                      EdgeBody body) -> Value {
    Value src = loadIndex(b, destination.neighbors, k);
    Value weight = edgeWeight(b, destination.weights, k);
    Value pass = sourcePasses(b, src);
    if (!pass)
      return body(b, src, weight);
    SmallVector<Type, 1> resultTypes;
    if (carried)
      resultTypes.push_back(carried.getType());
    auto ifPass = scf::IfOp::create(b, loc, resultTypes, pass,
                                    /*withElseRegion=*/bool(carried));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifPass.thenBlock());
    Value next = body(b, src, weight);
    if (!carried)
      return {};
    scf::YieldOp::create(b, loc, next);
    b.setInsertionPointToStart(ifPass.elseBlock());
    scf::YieldOp::create(b, loc, carried);
    return ifPass.getResult(0);
  };

  if (accumulated) {
    // The destination's value stays in a register across its in-edges.
    Value initial = destination.destination.load(b, dst);
    auto loop = scf::ForOp::create(
        b, loc, begin, end, constIndex(b, 1), ValueRange{initial},
        [&](OpBuilder &b, Location, Value k, ValueRange iterArgs) {
          if (sourceListOffsets)
            prefetchSourceLists(b, k, end, destination.neighbors);
          Value acc = iterArgs[0];
          scf::YieldOp::create(
              b, loc,
              emitEdge(b, k, acc, [&](OpBuilder &b, Value src, Value w) {
                return emitBody(b, destination, src, dst, w, {}, acc);
              }));
        });
    destination.destination.store(b, dst, initial, loop.getResult(0));
    return;
  }
  if (op.getDstFilter().empty()) {
    scf::ForOp::create(
        b, loc, begin, end, constIndex(b, 1), ValueRange{},
        [&](OpBuilder &b, Location, Value k, ValueRange) {
          if (sourceListOffsets)
            prefetchSourceLists(b, k, end, destination.neighbors);
          emitEdge(b, k, {}, [&](OpBuilder &b, Value src, Value w) {
            emitBody(b, destination, src, dst, w, {});
            return Value();
          });
          scf::YieldOp::create(b, loc);
        });
    return;
  }
  // Only the body changes what the filter reads, so the filter is re-tested
  // after the body runs, not before every in-edge, and the scan stops as
  // soon as it turns false (BFS stops at the first parent), as in GraphIt's
  // pull. Between bodies, an inner loop looks for the next in-edge whose
  // source passes: one load, one test and one branch per edge skipped.
  Type indexType = b.getIndexType();
  auto scan =
      scf::WhileOp::create(b, loc, TypeRange{indexType}, ValueRange{begin});
  b.createBlock(&scan.getBefore(), {}, {indexType}, {loc});
  Value found = nextPassingEdge(b, scan.getBeforeArguments()[0], end,
                                destination.neighbors);
  scf::ConditionOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, found, end),
      ValueRange{found});
  b.createBlock(&scan.getAfter(), {}, {indexType}, {loc});
  Value k = scan.getAfterArguments()[0];
  emitBody(b, destination, loadIndex(b, destination.neighbors, k), dst,
           edgeWeight(b, destination.weights, k), {});
  Value next = arith::SelectOp::create(
      b, loc, filterPasses(b),
      arith::AddIOp::create(b, loc, k, constIndex(b, 1)), end);
  scf::YieldOp::create(b, loc, next);
}

Value TraversalEmitter::nextPassingEdge(OpBuilder &b, Value from, Value end,
                                        Value neighbors) {
  // Without a source frontier or filter every edge passes.
  if (!fromDense.view && op.getSrcFilter().empty())
    return from;
  Type indexType = b.getIndexType();
  auto search =
      scf::WhileOp::create(b, loc, TypeRange{indexType}, ValueRange{from});
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&search.getBefore(), {}, {indexType}, {loc});
  Value j = search.getBeforeArguments()[0];
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, j, end);
  auto ifInRange = scf::IfOp::create(b, loc, TypeRange{b.getI1Type()}, inRange,
                                     /*withElseRegion=*/true);
  b.setInsertionPointToStart(ifInRange.thenBlock());
  Value pass = sourcePasses(b, loadIndex(b, neighbors, j));
  scf::YieldOp::create(
      b, loc,
      ValueRange{arith::XOrIOp::create(
          b, loc, pass, arith::ConstantIntOp::create(b, loc, 1, 1))});
  b.setInsertionPointToStart(ifInRange.elseBlock());
  scf::YieldOp::create(b, loc,
                       ValueRange{arith::ConstantIntOp::create(b, loc, 0, 1)});
  b.setInsertionPointAfter(ifInRange);
  scf::ConditionOp::create(b, loc, ifInRange.getResult(0), ValueRange{j});
  b.createBlock(&search.getAfter(), {}, {indexType}, {loc});
  scf::YieldOp::create(
      b, loc,
      ValueRange{arith::AddIOp::create(b, loc, search.getAfterArguments()[0],
                                       constIndex(b, 1))});
  return search.getResult(0);
}

void TraversalEmitter::emit(VertexLoop &loop) {
  OpBuilder &b = rewriter;
  Value graph = op.getGraph();
  if (Value from = op.getFrom()) {
    if (sched.getDirection() == Direction::SparsePush)
      fromIds = VertexSetIdsOp::create(b, loc, memrefOf(b.getI32Type()), from);
    else
      fromDense = denseView(b, from, FrontierSets::Src);
  }
  if (Value to = op.getTo())
    toDense = denseView(b, to, FrontierSets::Dst);
  if (push && !fromDense.view && op.getSrcFilter().empty())
    prefetched = destinationData();
  if (!push && op.getDstFilter().empty()) {
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

  if (op.getModified()) {
    out = VertexSetNewOp::create(b, loc, VertexSetType::get(b.getContext()),
                                 graph, /*all=*/false);
    // Laid out as the next traversal reads it as its source frontier.
    if (!push)
      outDense = denseView(b, out, FrontierSets::Src);
    // A pull counts its output as it marks it (the members' out-degrees are
    // a sequential read there); a push with a distinct output only when a
    // later out-degree sum needs them.
    if (!push || (op.getDedup() && feedsDegreeSum(op.getModified()))) {
      outOffsets = AdjacencyOp::create(b, loc, memrefOf(b.getI64Type()),
                                       memrefOf(b.getI32Type()),
                                       EdgeDirection::Out, graph)
                       .getOffsets();
      outStats =
          memref::AllocOp::create(b, loc, MemRefType::get({2}, b.getI64Type()));
      for (int64_t i : {0, 1})
        memref::StoreOp::create(b, loc,
                                arith::ConstantIntOp::create(b, loc, 0, 64),
                                outStats, ValueRange{constIndex(b, i)});
      threadStats = outStats;
    }
    if (push) {
      if (op.getDedup() && !writesClaimVertices)
        outFlags =
            VertexSetBoolsOp::create(b, loc, memrefOf(b.getI8Type()), out);
      // Without dedup every change appends: up to one entry per tracked
      // write per traversed edge, and a push traverses at most the
      // frontier's out-edges.
      Value capacity;
      if (!op.getDedup()) {
        if (Value from = op.getFrom())
          capacity = VertexSetOutDegreeSumOp::create(b, loc, b.getIndexType(),
                                                     from, graph);
        else
          capacity = NumEdgesOp::create(b, loc, b.getIndexType(), graph);
        size_t writes = op.getTrackedWrites().size();
        if (writes > 1)
          capacity =
              arith::MulIOp::create(b, loc, capacity, constIndex(b, writes));
      }
      outIds = VertexSetIdBufferOp::create(b, loc, memrefOf(b.getI32Type()),
                                           out, capacity);
      // Heap, not stack: traversals run in loops of unbounded trip count.
      outCount =
          memref::AllocOp::create(b, loc, MemRefType::get({1}, b.getI64Type()));
      memref::StoreOp::create(b, loc,
                              arith::ConstantIntOp::create(b, loc, 0, 64),
                              outCount, ValueRange{constIndex(b, 0)});
    }
  }

  loop.emit(*this, b, [&](OpBuilder &b, const ScannedVertex &vertex) {
    if (push)
      emitPushEdges(b, vertex);
    else
      emitPullEdges(b, vertex);
  });

  if (!out) {
    rewriter.eraseOp(op);
    return;
  }
  if (push) {
    Value count =
        memref::LoadOp::create(b, loc, outCount, ValueRange{constIndex(b, 0)});
    memref::DeallocOp::create(b, loc, outCount);
    Value degrees;
    if (outStats) {
      degrees = memref::LoadOp::create(b, loc, outStats,
                                       ValueRange{constIndex(b, 1)});
      memref::DeallocOp::create(b, loc, outStats);
    }
    // With dedup, the flag exchange or the write's claim let each id in once.
    VertexSetSealIdsOp::create(b, loc, out, count,
                               /*keepDuplicates=*/!op.getDedup(),
                               /*distinct=*/op.getDedup(), degrees,
                               degrees ? graph : Value());
  } else {
    Value count =
        memref::LoadOp::create(b, loc, outStats, ValueRange{constIndex(b, 0)});
    Value degrees =
        memref::LoadOp::create(b, loc, outStats, ValueRange{constIndex(b, 1)});
    memref::DeallocOp::create(b, loc, outStats);
    VertexSetSealDenseOp::create(b, loc, out, count, degrees, graph);
  }
  rewriter.replaceOp(op, out);
}
