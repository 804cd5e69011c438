//===- LowerDirection.cpp - edgeset.apply to traversal loops --------------===//
//
// Expands graph.edgeset.apply into the loops its schedule names. Hybrid
// directions first become an scf.if choosing a dense or a sparse apply per
// call; each single-direction apply then becomes loops over the adjacency
// arrays with the filters and the body inlined.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/LoopUtils.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHLOWERDIRECTION
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

/// A copy of `sched` traversing in `direction`. The sparse side of a hybrid
/// drops segmentation and NUMA placement, which only dense traversals use.
static ScheduleAttr withDirection(ScheduleAttr sched, Direction direction) {
  bool dense = direction != Direction::SparsePush;
  return ScheduleAttr::get(
      sched.getContext(), direction, sched.getParallel(), sched.getGrain(),
      sched.getFrontier(), sched.getFrontierSets(),
      dense ? sched.getSegments() : 0, dense ? sched.getSegmentsArgv() : 0,
      sched.getSegmentStrategy(), dense ? sched.getNuma() : NumaMode::Serial);
}

namespace {

/// sparse_push_dense_{pull,push} -> scf.if (dense enough) {dense} else
/// {sparse}, the test made once per call (Beamer's direction switch).
struct SplitHybridApply : OpRewritePattern<EdgeSetApplyOp> {
  SplitHybridApply(MLIRContext *context, int64_t threshold)
      : OpRewritePattern(context, /*benefit=*/2), threshold(threshold) {}

  LogicalResult matchAndRewrite(EdgeSetApplyOp op,
                                PatternRewriter &rewriter) const override {
    ScheduleAttr sched = op.getScheduleOrDefault();
    if (!sched.isHybrid())
      return rewriter.notifyMatchFailure(op, "not a hybrid traversal");
    Direction denseDirection =
        sched.getDirection() == Direction::SparsePushDensePull
            ? Direction::DensePull
            : Direction::DensePush;
    auto setDirection = [&](EdgeSetApplyOp apply, Direction direction) {
      rewriter.modifyOpInPlace(apply, [&] {
        apply.setScheduleAttr(withDirection(sched, direction));
        if (direction == Direction::SparsePush)
          apply.getSegmentsMutable().clear();
      });
    };
    // Without a frontier every vertex is a source: always dense.
    if (!op.getFrom()) {
      setDirection(op, denseDirection);
      return success();
    }

    Location loc = op.getLoc();
    Value size = VertexSetSizeOp::create(rewriter, loc, rewriter.getIndexType(),
                                         op.getFrom());
    Value degrees = VertexSetOutDegreeSumOp::create(
        rewriter, loc, rewriter.getIndexType(), op.getFrom(), op.getGraph());
    Value edges = NumEdgesOp::create(rewriter, loc, rewriter.getIndexType(),
                                     op.getGraph());
    Value work = arith::AddIOp::create(rewriter, loc, size, degrees);
    Value scaled = arith::MulIOp::create(
        rewriter, loc, work,
        arith::ConstantIndexOp::create(rewriter, loc, threshold));
    Value dense = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ugt, scaled, edges);
    auto choice = scf::IfOp::create(rewriter, loc, op->getResultTypes(), dense,
                                    /*withElseRegion=*/true);
    for (auto [block, direction] :
         {std::pair(choice.thenBlock(), denseDirection),
          std::pair(choice.elseBlock(), Direction::SparsePush)}) {
      rewriter.setInsertionPointToStart(block);
      auto apply = cast<EdgeSetApplyOp>(rewriter.clone(*op));
      setDirection(apply, direction);
      // Without results the scf.if builder already added the terminators.
      if (apply->getNumResults())
        scf::YieldOp::create(rewriter, loc, apply->getResults());
    }
    rewriter.replaceOp(op, choice.getResults());
    return success();
  }

  int64_t threshold;
};

/// Emits the loops of one single-direction edgeset.apply.
class TraversalBuilder {
public:
  TraversalBuilder(EdgeSetApplyOp op, PatternRewriter &rewriter)
      : op(op), rewriter(rewriter), loc(op.getLoc()),
        sched(op.getScheduleOrDefault()),
        push(sched.getDirection() != Direction::DensePull),
        numa(op.spreadsOverSockets()), parallel(sched.isParallel()) {}

  void build();

private:
  Value constIndex(OpBuilder &b, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  Value loadIndex(OpBuilder &b, Value memref, Value i) {
    Value v = memref::LoadOp::create(b, loc, memref, i);
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  }
  /// Dense frontier view: a bitvector if the schedule asks for one for
  /// this side of the traversal, else a bool array.
  Value denseView(OpBuilder &b, Value set, FrontierSets side, bool &isBits);
  Value contains(OpBuilder &b, Value view, bool isBits, Value v);
  /// Clones a filter region for vertex `v`; returns its i1 answer.
  Value emitFilter(OpBuilder &b, Region &filter, Value v, IRMapping &mapping);
  /// True if both `src` passes the source conditions.
  Value sourcePasses(OpBuilder &b, Value src);
  Value destinationPasses(OpBuilder &b, Value dst);
  Value edgeWeight(OpBuilder &b, Value k);
  /// Clones the body for one edge and adapts its writes (atomics, CAS,
  /// marks of modified destinations). With `accumulator`, the accumulated
  /// reduce becomes a combine with it; returns the combined value.
  Value emitBody(OpBuilder &b, Value src, Value dst, Value weight,
                 Value accumulator = {});
  void markModified(OpBuilder &b, Value dst);
  /// The reduce of the body that pull traversals keep in a register, if any.
  ReduceOp findAccumulatedReduce();
  /// Calls `body(b, v, edges)` for every vertex `v` whose edges the
  /// traversal scans (destinations for pull, sources for push); `edges(b)`
  /// gives the range of `v`'s entries in `neighbors`. One vertex loop
  /// following the schedule, or with segments a sequential loop over them
  /// around one vertex loop per segment.
  using EdgeRange = function_ref<std::pair<Value, Value>(OpBuilder &)>;
  void forEachVertex(function_ref<void(OpBuilder &, Value, EdgeRange)> body);
  /// The segments spread over sockets: a team over sockets (proc_bind
  /// spread), each taking segments statically or from a shared counter and
  /// running `segment(b, s, team)` with its nested team's clauses; the
  /// accumulated reduction goes to per-socket buffers merged afterwards.
  void forEachSocketSegment(
      Value segments,
      function_ref<void(OpBuilder &, Value, const omp::ParallelOperands &)>
          segment);
  void buildPush();
  void buildPull();

  EdgeSetApplyOp op;
  PatternRewriter &rewriter;
  Location loc;
  ScheduleAttr sched;
  bool push, numa, parallel;

  Value numVertices, offsets, neighbors, weights;
  Value fromIds, fromDense, toDense;
  bool fromBits = false, toBits = false;
  Value out, outFlags, outIds, outCount;
  /// In a push traversal: the tracked element the destination filter read,
  /// the expected value of a compare-and-swap.
  Value filterReadOfTracked;
  ReduceOp accumulated;
  /// With NUMA: the socket running the current segment and the buffers
  /// (sockets x vertices) the accumulated reduction goes to.
  Value socket, socketBuffers;
};

} // namespace

Value TraversalBuilder::denseView(OpBuilder &b, Value set, FrontierSets side,
                                  bool &isBits) {
  isBits = sched.getFrontier() == FrontierLayout::Bitvector &&
           (sched.getFrontierSets() == FrontierSets::Both ||
            sched.getFrontierSets() == side);
  if (isBits)
    return VertexSetBitsOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()), set);
  return VertexSetBoolsOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI8Type()), set);
}

Value TraversalBuilder::contains(OpBuilder &b, Value view, bool isBits,
                                 Value v) {
  if (!isBits) {
    Value byte = memref::LoadOp::create(b, loc, view, v);
    Value zero = arith::ConstantIntOp::create(b, loc, 0, 8);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, byte, zero);
  }
  Value wordIndex = arith::ShRUIOp::create(b, loc, v, constIndex(b, 6));
  Value word = memref::LoadOp::create(b, loc, view, wordIndex);
  Value bit = arith::IndexCastOp::create(
      b, loc, b.getI64Type(),
      arith::AndIOp::create(b, loc, v, constIndex(b, 63)));
  Value shifted = arith::ShRUIOp::create(b, loc, word, bit);
  Value one = arith::ConstantIntOp::create(b, loc, 1, 64);
  Value masked = arith::AndIOp::create(b, loc, shifted, one);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, masked, one);
}

Value TraversalBuilder::emitFilter(OpBuilder &b, Region &filter, Value v,
                                   IRMapping &mapping) {
  Block &block = filter.front();
  mapping.map(block.getArgument(0), v);
  for (Operation &inner : block.without_terminator())
    b.clone(inner, mapping);
  return mapping.lookupOrDefault(block.getTerminator()->getOperand(0));
}

static Value andOf(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (!lhs)
    return rhs;
  return arith::AndIOp::create(b, loc, lhs, rhs);
}

Value TraversalBuilder::sourcePasses(OpBuilder &b, Value src) {
  Value pass;
  if (fromDense)
    pass = contains(b, fromDense, fromBits, src);
  if (!op.getSrcFilter().empty()) {
    IRMapping mapping;
    pass = andOf(b, loc, pass, emitFilter(b, op.getSrcFilter(), src, mapping));
  }
  return pass;
}

Value TraversalBuilder::destinationPasses(OpBuilder &b, Value dst) {
  Value pass;
  if (toDense)
    pass = contains(b, toDense, toBits, dst);
  if (!op.getDstFilter().empty()) {
    IRMapping mapping;
    pass = andOf(b, loc, pass, emitFilter(b, op.getDstFilter(), dst, mapping));
    // A filter reading tracked[dst] supplies a CAS's expected value.
    Value tracked = op.getTracked();
    Value arg = op.getDstFilter().front().getArgument(0);
    for (auto get : op.getDstFilter().getOps<VectorGetOp>())
      if (tracked && get.getVector() == tracked && get.getIndex() == arg)
        filterReadOfTracked = mapping.lookup(get.getResult());
  }
  return pass;
}

Value TraversalBuilder::edgeWeight(OpBuilder &b, Value k) {
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

void TraversalBuilder::markModified(OpBuilder &b, Value dst) {
  Value c0 = constIndex(b, 0);
  Value one8 = arith::ConstantIntOp::create(b, loc, 1, 8);
  if (!push) {
    // Each destination belongs to one thread: a plain store suffices.
    memref::StoreOp::create(b, loc, one8, outFlags, dst);
    return;
  }
  OpBuilder::InsertionGuard guard(b);
  if (op.getDedup()) {
    // The first thread to flag dst appends it: the output is duplicate-free.
    Value old = memref::AtomicRMWOp::create(
        b, loc, arith::AtomicRMWKind::assign, one8, outFlags, dst);
    Value first =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old,
                              arith::ConstantIntOp::create(b, loc, 0, 8));
    auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    b.setInsertionPointToStart(ifFirst.thenBlock());
  }
  Value pos = memref::AtomicRMWOp::create(
      b, loc, arith::AtomicRMWKind::addi,
      arith::ConstantIntOp::create(b, loc, 1, 64), outCount, c0);
  Value dst32 = arith::IndexCastOp::create(b, loc, b.getI32Type(), dst);
  memref::StoreOp::create(
      b, loc, dst32, outIds,
      ValueRange{arith::IndexCastOp::create(b, loc, b.getIndexType(), pos)});
}

Value TraversalBuilder::emitBody(OpBuilder &b, Value src, Value dst,
                                 Value weight, Value accumulator) {
  Block &block = op.getBody().front();
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
      // Pull: dst belongs to this thread; anything else may be shared, and
      // with NUMA so is dst, which other sockets' segments also reach.
      bool ownedByThread = !push && !numa && reduce.getIndex() == dst;
      if (parallel && !ownedByThread)
        rewriter.modifyOpInPlace(reduce, [&] { reduce.setAtomic(true); });
      if (writesTrackedDst(reduce.getVector(), reduce.getIndex())) {
        auto ifChanged = scf::IfOp::create(b, loc, reduce.getChanged(),
                                           /*withElseRegion=*/false);
        b.setInsertionPointToStart(ifChanged.thenBlock());
        markModified(b, dst);
      }
      continue;
    }
    auto set = cast<VectorSetOp>(write);
    if (!writesTrackedDst(set.getVector(), set.getIndex()))
      continue;
    if (push && parallel && filterReadOfTracked) {
      // Only the thread whose CAS wins from the value the filter saw
      // assigns dst, and only it reports dst as modified.
      Value swapped = VectorCasOp::create(b, loc, b.getI1Type(),
                                          set.getVector(), set.getIndex(),
                                          filterReadOfTracked, set.getValue());
      auto ifSwapped =
          scf::IfOp::create(b, loc, swapped, /*withElseRegion=*/false);
      b.setInsertionPointToStart(ifSwapped.thenBlock());
      markModified(b, dst);
      rewriter.eraseOp(set);
      continue;
    }
    markModified(b, dst);
  }
  return combined;
}

ReduceOp TraversalBuilder::findAccumulatedReduce() {
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
  if (!candidate)
    return {};
  // Any other access of the vector in the traversal would see a stale value.
  Value vector = candidate.getVector();
  for (Operation *user : vector.getUsers())
    if (user != candidate && user != op && op->isAncestor(user))
      return {};
  return candidate;
}

void TraversalBuilder::forEachVertex(
    function_ref<void(OpBuilder &, Value, EdgeRange)> body) {
  Value c0 = constIndex(rewriter, 0);
  // Entries i and i + 1 of `offs` delimit the edges of the i-th vertex.
  auto rangeAt = [&](Value offs, Value i) {
    return [this, offs, i](OpBuilder &b) {
      Value next = arith::AddIOp::create(b, loc, i, constIndex(b, 1));
      return std::pair(loadIndex(b, offs, i), loadIndex(b, offs, next));
    };
  };
  Value segments = op.getSegments();
  if (!segments) {
    Value count = numVertices;
    if (fromIds)
      count = memref::DimOp::create(rewriter, loc, fromIds, 0);
    buildVertexLoop(rewriter, loc, c0, count, sched.getParallel(),
                    sched.getGrain(), [&](OpBuilder &b, Location, Value i) {
                      Value v = fromIds ? loadIndex(b, fromIds, i) : i;
                      body(b, v, rangeAt(offsets, v));
                    });
    return;
  }
  // One segment's vertex loop; its arrays replace the whole graph's.
  auto emitSegment = [&](OpBuilder &b, Value s,
                         const omp::ParallelOperands &team) {
    auto i32s = MemRefType::get({ShapedType::kDynamic}, b.getI32Type());
    auto view = SegmentViewOp::create(
        b, loc, i32s, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()),
        i32s, segments, s);
    neighbors = view.getNeighbors();
    if (op.getGraphType().isWeighted())
      weights = SegmentWeightsOp::create(b, loc, i32s, segments, s);
    Value size = memref::DimOp::create(b, loc, view.getVertices(), 0);
    buildVertexLoop(
        b, loc, constIndex(b, 0), size, sched.getParallel(), sched.getGrain(),
        [&](OpBuilder &b, Location, Value i) {
          body(b, loadIndex(b, view.getVertices(), i),
               rangeAt(view.getOffsets(), i));
        },
        team);
  };
  if (numa)
    return forEachSocketSegment(segments, emitSegment);
  // Segments run one after another so that the vertex data they read at
  // random (sources for pull, destinations for push) stays in cache.
  Value count =
      SegmentsCountOp::create(rewriter, loc, rewriter.getIndexType(), segments);
  scf::ForOp::create(rewriter, loc, c0, count, constIndex(rewriter, 1),
                     ValueRange{},
                     [&](OpBuilder &b, Location, Value s, ValueRange) {
                       emitSegment(b, s, {});
                       scf::YieldOp::create(b, loc);
                     });
}

void TraversalBuilder::forEachSocketSegment(
    Value segments,
    function_ref<void(OpBuilder &, Value, const omp::ParallelOperands &)>
        segment) {
  OpBuilder &b = rewriter;
  Value c0 = constIndex(b, 0);
  Value count = SegmentsCountOp::create(b, loc, b.getIndexType(), segments);
  Value sockets = NumaSocketsOp::create(b, loc, b.getIndexType());
  Value perSocket = NumaThreadsPerSocketOp::create(b, loc, b.getIndexType());
  auto teamOf = [&](Value threads, omp::ClauseProcBindKind bind) {
    omp::ParallelOperands team;
    team.numThreads = threads;
    team.procBindKind = omp::ClauseProcBindKindAttr::get(b.getContext(), bind);
    return team;
  };
  omp::ParallelOperands socketTeam =
      teamOf(perSocket, omp::ClauseProcBindKind::Close);

  // Sources of pull segments are disjoint but their destinations are not:
  // each socket accumulates into its own buffer, merged once at the end.
  Value vertices;
  Type element;
  if (accumulated) {
    element = accumulated.getValue().getType();
    vertices = NumVerticesOp::create(b, loc, b.getIndexType(), op.getGraph());
    socketBuffers = memref::AllocOp::create(
        b, loc,
        MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic}, element),
        ValueRange{sockets, vertices});
  }
  bool dynamic = sched.getNuma() == NumaMode::DynamicParallel;
  Value next;
  if (dynamic) {
    next =
        memref::AllocOp::create(b, loc, MemRefType::get({1}, b.getI64Type()));
    memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 64),
                            next, ValueRange{c0});
  }

  // One iteration per socket, each on its own thread of the spread team.
  buildVertexLoop(
      b, loc, c0, sockets, Parallelization::StaticVertex, /*grain=*/1,
      [&](OpBuilder &b, Location, Value s) {
        socket = s;
        if (accumulated) {
          // Filled by the socket's own threads: first touch places the
          // buffer on the socket's node.
          Value identity =
              reductionIdentity(b, loc, accumulated.getKind(), element);
          buildVertexLoop(
              b, loc, constIndex(b, 0), vertices, sched.getParallel(),
              sched.getGrain(),
              [&](OpBuilder &b, Location, Value v) {
                memref::StoreOp::create(b, loc, identity, socketBuffers,
                                        ValueRange{s, v});
              },
              socketTeam);
        }
        if (!dynamic) {
          // Segment i lives on socket i % sockets.
          scf::ForOp::create(b, loc, s, count, sockets, ValueRange{},
                             [&](OpBuilder &b, Location, Value i, ValueRange) {
                               segment(b, i, socketTeam);
                               scf::YieldOp::create(b, loc);
                             });
          return;
        }
        // Whole segments from the shared counter until none is left.
        OpBuilder::InsertionGuard guard(b);
        auto take = scf::WhileOp::create(b, loc, TypeRange{b.getIndexType()},
                                         ValueRange{});
        b.createBlock(&take.getBefore());
        Value taken = memref::AtomicRMWOp::create(
            b, loc, arith::AtomicRMWKind::addi,
            arith::ConstantIntOp::create(b, loc, 1, 64), next,
            ValueRange{constIndex(b, 0)});
        Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), taken);
        Value more =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i, count);
        scf::ConditionOp::create(b, loc, more, ValueRange{i});
        Block *after =
            b.createBlock(&take.getAfter(), {}, {b.getIndexType()}, {loc});
        segment(b, after->getArgument(0), socketTeam);
        scf::YieldOp::create(b, loc);
      },
      teamOf(sockets, omp::ClauseProcBindKind::Spread));
  socket = {};
  if (dynamic)
    memref::DeallocOp::create(b, loc, next);
  if (!accumulated)
    return;

  // dst <kind>= the sockets' buffers. A subtraction's buffer holds minus
  // the socket's contributions: it merges by addition.
  ReduceKind mergeKind = accumulated.getKind() == ReduceKind::Sub
                             ? ReduceKind::Add
                             : accumulated.getKind();
  Value vector = accumulated.getVector();
  buildVertexLoop(
      b, loc, c0, vertices, sched.getParallel(), sched.getGrain(),
      [&](OpBuilder &b, Location, Value v) {
        Value old = VectorGetOp::create(b, loc, element, vector, v);
        auto merge = scf::ForOp::create(
            b, loc, constIndex(b, 0), sockets, constIndex(b, 1),
            ValueRange{old},
            [&](OpBuilder &b, Location, Value s, ValueRange acc) {
              Value local = memref::LoadOp::create(b, loc, socketBuffers,
                                                   ValueRange{s, v});
              scf::YieldOp::create(
                  b, loc, combineReduction(b, loc, mergeKind, acc[0], local));
            });
        Value merged = merge.getResult(0);
        VectorSetOp::create(b, loc, vector, v, merged);
        if (op.getTracked() == vector) {
          auto ifChanged = scf::IfOp::create(
              b, loc, buildNotEqual(b, loc, merged, old), false);
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(ifChanged.thenBlock());
          markModified(b, v);
        }
      });
  memref::DeallocOp::create(b, loc, socketBuffers);
}

void TraversalBuilder::buildPush() {
  forEachVertex([&](OpBuilder &b, Value src, EdgeRange edges) {
    auto emitEdges = [&](OpBuilder &b) {
      auto [begin, end] = edges(b);
      scf::ForOp::create(b, loc, begin, end, constIndex(b, 1), ValueRange{},
                         [&](OpBuilder &b, Location, Value k, ValueRange) {
                           Value dst = loadIndex(b, neighbors, k);
                           Value weight = edgeWeight(b, k);
                           Value pass = destinationPasses(b, dst);
                           if (pass) {
                             auto ifPass =
                                 scf::IfOp::create(b, loc, pass, false);
                             OpBuilder::InsertionGuard guard(b);
                             b.setInsertionPointToStart(ifPass.thenBlock());
                             emitBody(b, src, dst, weight);
                           } else {
                             emitBody(b, src, dst, weight);
                           }
                           scf::YieldOp::create(b, loc);
                         });
    };
    if (Value pass = sourcePasses(b, src)) {
      auto ifPass = scf::IfOp::create(b, loc, pass, false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifPass.thenBlock());
      emitEdges(b);
    } else {
      emitEdges(b);
    }
  });
}

void TraversalBuilder::buildPull() {
  accumulated = findAccumulatedReduce();
  forEachVertex([&](OpBuilder &b, Value dst, EdgeRange edges) {
    OpBuilder::InsertionGuard guard(b);
    if (toDense) {
      auto ifTo =
          scf::IfOp::create(b, loc, contains(b, toDense, toBits, dst), false);
      b.setInsertionPointToStart(ifTo.thenBlock());
    }
    auto [begin, end] = edges(b);

    // One in-edge k: the source's tests, then the body.
    auto emitEdge = [&](OpBuilder &b, Value k, Value acc) -> Value {
      Value src = loadIndex(b, neighbors, k);
      Value weight = edgeWeight(b, k);
      Value pass = sourcePasses(b, src);
      if (!pass)
        return emitBody(b, src, dst, weight, acc);
      SmallVector<Type, 1> resultTypes;
      if (acc)
        resultTypes.push_back(acc.getType());
      auto ifPass = scf::IfOp::create(b, loc, resultTypes, pass,
                                      /*withElseRegion=*/bool(acc));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifPass.thenBlock());
      Value combined = emitBody(b, src, dst, weight, acc);
      if (!acc)
        return {};
      scf::YieldOp::create(b, loc, combined);
      b.setInsertionPointToStart(ifPass.elseBlock());
      scf::YieldOp::create(b, loc, acc);
      return ifPass.getResult(0);
    };

    if (accumulated) {
      // The destination's value stays in a register across its in-edges.
      Value vector = accumulated.getVector();
      Value initial =
          socket ? memref::LoadOp::create(b, loc, socketBuffers,
                                          ValueRange{socket, dst})
                       .getResult()
                 : VectorGetOp::create(b, loc, accumulated.getValue().getType(),
                                       vector, dst)
                       .getResult();
      auto loop = scf::ForOp::create(
          b, loc, begin, end, constIndex(b, 1), ValueRange{initial},
          [&](OpBuilder &b, Location, Value k, ValueRange iterArgs) {
            scf::YieldOp::create(b, loc, emitEdge(b, k, iterArgs[0]));
          });
      Value final = loop.getResult(0);
      if (socket) {
        // The merge stores dst and reports whether it changed.
        memref::StoreOp::create(b, loc, final, socketBuffers,
                                ValueRange{socket, dst});
        return;
      }
      VectorSetOp::create(b, loc, vector, dst, final);
      if (op.getTracked() == vector) {
        auto ifChanged = scf::IfOp::create(
            b, loc, buildNotEqual(b, loc, final, initial), false);
        b.setInsertionPointToStart(ifChanged.thenBlock());
        markModified(b, dst);
      }
      return;
    }
    if (op.getDstFilter().empty()) {
      scf::ForOp::create(b, loc, begin, end, constIndex(b, 1), ValueRange{},
                         [&](OpBuilder &b, Location, Value k, ValueRange) {
                           emitEdge(b, k, {});
                           scf::YieldOp::create(b, loc);
                         });
      return;
    }
    // Re-test the destination before each in-edge: the scan stops as
    // soon as the filter turns false (BFS stops at the first parent).
    auto scan = scf::WhileOp::create(b, loc, TypeRange{b.getIndexType()},
                                     ValueRange{begin});
    Block *before =
        b.createBlock(&scan.getBefore(), {}, {b.getIndexType()}, {loc});
    Value k = before->getArgument(0);
    Value inRange =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, k, end);
    auto test = scf::IfOp::create(b, loc, TypeRange{b.getI1Type()}, inRange,
                                  /*withElseRegion=*/true);
    b.setInsertionPointToStart(test.thenBlock());
    Value pass = destinationPasses(b, dst);
    scf::YieldOp::create(b, loc, pass);
    b.setInsertionPointToStart(test.elseBlock());
    scf::YieldOp::create(b, loc, inRange);
    b.setInsertionPointAfter(test);
    scf::ConditionOp::create(b, loc, test.getResult(0), ValueRange{k});
    Block *after =
        b.createBlock(&scan.getAfter(), {}, {b.getIndexType()}, {loc});
    emitEdge(b, after->getArgument(0), {});
    scf::YieldOp::create(b, loc,
                         ValueRange{arith::AddIOp::create(
                             b, loc, after->getArgument(0), constIndex(b, 1))});
  });
}

void TraversalBuilder::build() {
  OpBuilder &b = rewriter;
  Value graph = op.getGraph();
  auto memrefOf = [&](Type element) {
    return MemRefType::get({ShapedType::kDynamic}, element);
  };
  // Segmented traversals read each segment's arrays instead.
  if (!op.getSegments()) {
    numVertices = NumVerticesOp::create(b, loc, b.getIndexType(), graph);
    EdgeDirection edges = push ? EdgeDirection::Out : EdgeDirection::In;
    auto adjacency =
        AdjacencyOp::create(b, loc, memrefOf(b.getI64Type()),
                            memrefOf(b.getI32Type()), edges, graph);
    offsets = adjacency.getOffsets();
    neighbors = adjacency.getNeighbors();
    if (op.getGraphType().isWeighted())
      weights = AdjacencyWeightsOp::create(b, loc, memrefOf(b.getI32Type()),
                                           edges, graph);
  }

  if (Value from = op.getFrom()) {
    if (sched.getDirection() == Direction::SparsePush)
      fromIds = VertexSetIdsOp::create(b, loc, memrefOf(b.getI32Type()), from);
    else
      fromDense = denseView(b, from, FrontierSets::Src, fromBits);
  }
  if (Value to = op.getTo())
    toDense = denseView(b, to, FrontierSets::Dst, toBits);

  if (op.getTracked()) {
    out = VertexSetNewOp::create(b, loc, VertexSetType::get(b.getContext()),
                                 graph, /*all=*/false);
    if (!push || op.getDedup())
      outFlags = VertexSetBoolsOp::create(b, loc, memrefOf(b.getI8Type()), out);
    if (push) {
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

  if (push)
    buildPush();
  else
    buildPull();

  if (!out) {
    rewriter.eraseOp(op);
    return;
  }
  if (push) {
    Value count =
        memref::LoadOp::create(b, loc, outCount, ValueRange{constIndex(b, 0)});
    memref::DeallocOp::create(b, loc, outCount);
    VertexSetSealIdsOp::create(b, loc, out, count,
                               /*keepDuplicates=*/!op.getDedup());
  } else {
    VertexSetSealBoolsOp::create(b, loc, out);
  }
  rewriter.replaceOp(op, out);
}

void mlir::graph::buildTraversal(EdgeSetApplyOp op, PatternRewriter &rewriter) {
  TraversalBuilder(op, rewriter).build();
}

namespace {
struct LowerApply : OpRewritePattern<EdgeSetApplyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EdgeSetApplyOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getScheduleOrDefault().isHybrid())
      return rewriter.notifyMatchFailure(op, "hybrid: split first");
    if (op.spreadsOverSockets())
      return rewriter.notifyMatchFailure(op, "spread over sockets: graph-numa "
                                             "lowers it");
    buildTraversal(op, rewriter);
    return success();
  }
};

struct GraphLowerDirectionPass
    : graph::impl::GraphLowerDirectionBase<GraphLowerDirectionPass> {
  using GraphLowerDirectionBase::GraphLowerDirectionBase;

  void runOnOperation() override {
    if (hybridThreshold < 1) {
      getOperation().emitError("hybrid-threshold must be positive, got ")
          << static_cast<int64_t>(hybridThreshold);
      return signalPassFailure();
    }
    // The output buffer of a push without dedup holds one entry per tracked
    // write per edge, so each write must run at most once per edge.
    WalkResult unbounded = getOperation().walk([](EdgeSetApplyOp apply) {
      if (apply.getDedup() ||
          apply.getScheduleOrDefault().getDirection() == Direction::DensePull)
        return WalkResult::advance();
      for (Operation *write : apply.getTrackedWrites())
        for (Operation *parent = write->getParentOp(); parent != apply;
             parent = parent->getParentOp())
          if (isa<LoopLikeOpInterface>(parent)) {
            write->emitError("a write of the tracked vector inside a loop "
                             "of the body needs dedup in a push traversal");
            return WalkResult::interrupt();
          }
      return WalkResult::advance();
    });
    if (unbounded.wasInterrupted())
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitHybridApply>(&getContext(), hybridThreshold);
    patterns.add<LowerApply>(&getContext());
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};
} // namespace
