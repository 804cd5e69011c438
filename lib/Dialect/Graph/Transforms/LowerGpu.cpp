//===- LowerGpu.cpp - GPU-scheduled traversals as kernels -----------------===//
//
// graph-lower-gpu: every graph.edgeset.apply whose schedule has `gpu` becomes
// host code around gpu.launch kernels, through the traversal emitter with the
// GPU hooks (GpuExecution.h); every graph.vertexset.apply whose body a kernel
// can run becomes one kernel. What a kernel cannot run (runtime calls,
// printing, priority queues) stays on the host, with a warning for a
// traversal the schedule asked to run on the GPU.
//
//===----------------------------------------------------------------------===//

#include "GpuExecution.h"
#include "graph-mlir/Dialect/Graph/IR/Reductions.h"
#include "graph-mlir/Dialect/Graph/Transforms/LoweringOrder.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHLOWERGPU
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

#define DEBUG_TYPE "graph-lower-gpu"

static MemRefType memrefOf(Type element) {
  return MemRefType::get({ShapedType::kDynamic}, element);
}

//===----------------------------------------------------------------------===//
// What a kernel can run
//===----------------------------------------------------------------------===//

/// The first op in `region` that a kernel cannot run, or null: kernels run
/// arithmetic, control flow, memref accesses and the vector element ops,
/// which lower to loads, stores and atomics; anything that calls the runtime
/// stays on the host.
static Operation *firstHostOnlyOp(Region &region) {
  Operation *found = nullptr;
  region.walk([&](Operation *op) {
    if (isa<VectorGetOp, VectorSetOp, ReduceOp, VectorCasOp, YieldOp>(op))
      return WalkResult::advance();
    // A vector index check defers its failure to the host (deferChecks).
    auto check = dyn_cast<CheckIndexOp>(op);
    if (check && isa<VertexVectorType>(check.getRange().getType()))
      return WalkResult::advance();
    if (isa<memref::LoadOp, memref::StoreOp, memref::AllocaOp,
            memref::AtomicRMWOp>(op))
      return WalkResult::advance();
    StringRef dialect =
        op->getDialect() ? op->getDialect()->getNamespace() : StringRef();
    if ((dialect == "arith" || dialect == "math" || dialect == "scf") &&
        !isa<scf::ParallelOp>(op))
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

static Operation *firstHostOnlyOp(EdgeSetApplyOp op) {
  for (Region *region : {&op.getBody(), &op.getSrcFilter(), &op.getDstFilter()})
    if (Operation *found = firstHostOnlyOp(*region))
      return found;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Traversals
//===----------------------------------------------------------------------===//

/// The CPU schedule of the same shape as `gpu`, which the traversal emitter
/// reads: a parallel sparse push from the frontier's ids (a dense push for
/// edge_only, which tests every edge's source), or a parallel dense pull
/// reading the frontier as the pull_frontier map.
static ScheduleAttr emitterSchedule(GpuScheduleAttr gpu) {
  return ScheduleAttr::getDefault(gpu.getContext())
      .with([&](ScheduleAttr::Options &o) {
        o.parallel = Parallelization::DynamicVertex;
        if (gpu.getDirection() == GpuDirection::Pull) {
          o.direction = Direction::DensePull;
          o.frontierSets = FrontierSets::Src;
          if (gpu.getPullFrontier() == GpuVertexMap::Bitmap)
            o.frontier = FrontierLayout::Bitvector;
          return;
        }
        o.direction = gpu.getLoadBalance() == GpuLoadBalance::EdgeOnly
                          ? Direction::DensePush
                          : Direction::SparsePush;
        // An unfused output is marked in the map the next traversal reads.
        if (gpu.getFrontierCreation() == GpuFrontierCreation::UnfusedBitmap) {
          o.frontier = FrontierLayout::Bitvector;
          o.frontierSets = FrontierSets::Src;
        }
      });
}

/// The last index in [lo - 1, hi) whose entry of the sorted i64 array `a`
/// is at most `position` (an index), by binary search over [lo, hi): the
/// vertex (or list entry) whose range of edges holds `position`, when `a`
/// holds the ranges' starts.
static Value lastNotAbove(OpBuilder &b, Location loc, Value a, Value lo,
                          Value hi, Value position) {
  Type index = b.getIndexType();
  Value key = arith::IndexCastOp::create(b, loc, b.getI64Type(), position);
  auto loop = scf::WhileOp::create(
      b, loc, TypeRange{index, index}, ValueRange{lo, hi},
      [&](OpBuilder &b, Location loc, ValueRange range) {
        Value open = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           range[0], range[1]);
        scf::ConditionOp::create(b, loc, open, range);
      },
      [&](OpBuilder &b, Location loc, ValueRange range) {
        Value mid = arith::AddIOp::create(
            b, loc, range[0],
            arith::ShRUIOp::create(
                b, loc, arith::SubIOp::create(b, loc, range[1], range[0]),
                arith::ConstantIndexOp::create(b, loc, 1)));
        Value above =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                  memref::LoadOp::create(b, loc, a, mid), key);
        Value next = arith::AddIOp::create(
            b, loc, mid, arith::ConstantIndexOp::create(b, loc, 1));
        scf::YieldOp::create(
            b, loc,
            ValueRange{arith::SelectOp::create(b, loc, above, range[0], next),
                       arith::SelectOp::create(b, loc, above, mid, range[1])});
      });
  return arith::SubIOp::create(b, loc, loop.getResult(0),
                               arith::ConstantIndexOp::create(b, loc, 1));
}

namespace {
/// The outer loop of a GPU traversal, as its load balance maps vertices and
/// edges to threads, over the graph's arrays in the schedule's placement.
class GpuVertexLoop : public VertexLoop {
public:
  GpuVertexLoop(LaneGroup &group, GpuScheduleAttr gpu)
      : group(group), gpu(gpu) {}
  void emit(TraversalEmitter &emitter, OpBuilder &b, VertexBody body) override;

private:
  /// The scanned vertices: the frontier's ids, a row of TWC's lists, or all
  /// vertices.
  struct Scanned {
    /// Null: the vertices 0..count.
    Value ids;
    /// In a two-dimensional `ids`, the row of the list; else null.
    Value row;
    Value count;
    /// At least `count`, known before the traversal's kernels: what a
    /// buffer per scanned vertex is sized by (a fused loop allocates it
    /// once, before its kernel). Null: `count`.
    Value capacity;
    /// The `i`-th scanned vertex (an index), read inside a loop.
    Value vertex(TraversalEmitter &emitter, OpBuilder &b, Value i) const {
      if (!ids)
        return i;
      if (!row)
        return emitter.loadIndex(b, ids, i);
      Location loc = emitter.getLoc();
      return arith::IndexCastOp::create(
          b, loc, b.getIndexType(),
          memref::LoadOp::create(b, loc, ids, ValueRange{row, i}));
    }
  };

  /// One loop over `list` (ids, or 0..count without), `lanes` threads per
  /// vertex.
  void scanList(TraversalEmitter &emitter, OpBuilder &b, Scanned list,
                int64_t lanes, VertexBody body);
  /// TWC: the vertices sorted by degree into three lists by one kernel, then
  /// a thread, a warp and a block per vertex; TWCE: the small vertices' edges
  /// spread evenly over threads instead (as strict does).
  void scanByDegree(TraversalEmitter &emitter, OpBuilder &b, Scanned list,
                    VertexBody body);
  /// edge_only: a thread per edge of the graph.
  void scanAllEdges(TraversalEmitter &emitter, OpBuilder &b, VertexBody body);
  /// edge_only with edge_blocking: the edges grouped by destination into
  /// blocks (graph.edge_blocks), which every thread walks in order, taking
  /// its share of each block's edges.
  void scanEdgeBlocks(TraversalEmitter &emitter, OpBuilder &b, VertexBody body);
  /// strict: a thread per edge of the scanned vertices, found by a search of
  /// their degrees' prefix sums.
  void scanListEdges(TraversalEmitter &emitter, OpBuilder &b, Scanned list,
                     VertexBody body);
  /// Fills entries 1..count of `starts` with the running sums of the
  /// scanned vertices' degrees, by kernels: a thread sums each chunk of
  /// kScanChunk entries, the chunks' totals are summed in log2(chunks)
  /// passes, and a thread per entry adds the totals before its chunk.
  void scanDegrees(TraversalEmitter &emitter, OpBuilder &b, Scanned list,
                   Value starts);
  /// Calls `body` for vertex `v` from within a loop.
  void visit(OpBuilder &b, Value v, const LoopFrame &frame, VertexBody body);

  LaneGroup &group;
  GpuScheduleAttr gpu;
  Location loc = UnknownLoc();
  Value offsets, neighbors, weights;
  Destination *destination = nullptr;
};
} // namespace

void GpuVertexLoop::visit(OpBuilder &b, Value v, const LoopFrame &frame,
                          VertexBody body) {
  body(b, {v, v, offsets, neighbors, weights, *destination, frame, Value()});
}

void GpuVertexLoop::emit(TraversalEmitter &emitter, OpBuilder &b,
                         VertexBody body) {
  loc = emitter.getLoc();
  EdgeSetApplyOp op = emitter.getOp();
  Value graph = op.getGraph();
  bool pull = emitter.getSchedule().getDirection() == Direction::DensePull;
  EdgeDirection edges = pull ? EdgeDirection::In : EdgeDirection::Out;
  auto placement = GpuEdgePlacementAttr::get(b.getContext(), gpu.getEdges());
  auto adjacency =
      AdjacencyOp::create(b, loc, memrefOf(b.getI64Type()),
                          memrefOf(b.getI32Type()), edges, graph, placement);
  offsets = adjacency.getOffsets();
  neighbors = adjacency.getNeighbors();
  if (op.getGraphType().isWeighted())
    weights = AdjacencyWeightsOp::create(b, loc, memrefOf(b.getI32Type()),
                                         edges, graph, placement);
  // A pull's destination belongs to the threads scanning it (where several
  // do, the emitter treats it as shared: LaneEdgeScan::sharesVertex). A
  // push's does not: threads of any block (other frontier vertices, or
  // other lanes of the same one) may mark it in an unfused output's bit or
  // byte map at once, so that the mark must be atomic for only one of them
  // to count it.
  VectorDestination owned(emitter, /*ownsVertex=*/pull);
  destination = &owned;

  Scanned list;
  list.ids = emitter.getFrontierIds();
  list.count =
      list.ids
          ? memref::DimOp::create(b, loc, list.ids, 0).getResult()
          : NumVerticesOp::create(b, loc, b.getIndexType(), graph).getResult();
  switch (gpu.getLoadBalance()) {
  case GpuLoadBalance::VertexBased:
    return scanList(emitter, b, list, 1, body);
  case GpuLoadBalance::WM:
    return scanList(emitter, b, list, kGpuWarpLanes, body);
  case GpuLoadBalance::CM:
    return scanList(emitter, b, list, kGpuBlockThreads, body);
  case GpuLoadBalance::TWC:
  case GpuLoadBalance::TWCE:
    return scanByDegree(emitter, b, list, body);
  case GpuLoadBalance::EdgeOnly:
    return scanAllEdges(emitter, b, body);
  case GpuLoadBalance::Strict:
    return scanListEdges(emitter, b, list, body);
  }
}

void GpuVertexLoop::scanList(TraversalEmitter &emitter, OpBuilder &b,
                             Scanned list, int64_t lanes, VertexBody body) {
  group.lanes = lanes;
  emitter.emitVertexLoop(b, emitter.constIndex(b, 0), list.count,
                         [&](OpBuilder &b, Value i, const LoopFrame &frame) {
                           visit(b, list.vertex(emitter, b, i), frame, body);
                         });
  group.lanes = 1;
}

void GpuVertexLoop::scanByDegree(TraversalEmitter &emitter, OpBuilder &b,
                                 Scanned list, VertexBody body) {
  // Degree bounds of the thread and warp lists: a vertex goes to the
  // smallest group whose lanes its edges fill.
  Type i64 = b.getI64Type();
  Value c0 = emitter.constIndex(b, 0);
  auto lists = memref::AllocOp::create(
      b, loc, MemRefType::get({3, ShapedType::kDynamic}, b.getI32Type()),
      ValueRange{list.count});
  auto counts = memref::AllocOp::create(b, loc, MemRefType::get({3}, i64));
  for (int64_t k = 0; k < 3; ++k)
    memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 64),
                            counts, ValueRange{emitter.constIndex(b, k)});
  group.lanes = 1;
  const ExecutionModel &execution = emitter.getExecution();
  execution.emitLoop(
      b, loc, c0, list.count, Parallelization::DynamicVertex,
      arith::ConstantIntOp::create(b, loc, 1, 64), TeamSpec(),
      [&](OpBuilder &b, Location, Value i) {
        Value v = list.vertex(emitter, b, i);
        Value degree = arith::SubIOp::create(
            b, loc,
            memref::LoadOp::create(b, loc, offsets,
                                   ValueRange{arith::AddIOp::create(
                                       b, loc, v, emitter.constIndex(b, 1))}),
            memref::LoadOp::create(b, loc, offsets, ValueRange{v}));
        auto below = [&](int64_t bound) {
          return arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::slt, degree,
              arith::ConstantIntOp::create(b, loc, bound, 64));
        };
        Value which = arith::SelectOp::create(
            b, loc, below(kGpuWarpLanes), emitter.constIndex(b, 0),
            arith::SelectOp::create(b, loc, below(kGpuBlockThreads),
                                    emitter.constIndex(b, 1),
                                    emitter.constIndex(b, 2)));
        Value slot = execution.emitAtomic(
            b, loc, arith::AtomicRMWKind::addi,
            arith::ConstantIntOp::create(b, loc, 1, 64), counts, which);
        memref::StoreOp::create(
            b, loc, arith::IndexCastOp::create(b, loc, b.getI32Type(), v),
            lists,
            ValueRange{which, arith::IndexCastOp::create(
                                  b, loc, b.getIndexType(), slot)});
      });
  for (auto [k, lanes] :
       llvm::enumerate(ArrayRef<int64_t>{1, kGpuWarpLanes, kGpuBlockThreads})) {
    Value which = emitter.constIndex(b, k);
    Value count = arith::IndexCastOp::create(
        b, loc, b.getIndexType(),
        memref::LoadOp::create(b, loc, counts, ValueRange{which}));
    // A list holds at most the whole scanned list.
    Scanned bucket{lists, which, count, list.count};
    if (k == 0 && gpu.getLoadBalance() == GpuLoadBalance::TWCE)
      scanListEdges(emitter, b, bucket, body);
    else
      scanList(emitter, b, bucket, lanes, body);
  }
  group.lanes = 1;
  memref::DeallocOp::create(b, loc, lists);
  memref::DeallocOp::create(b, loc, counts);
}

void GpuVertexLoop::scanAllEdges(TraversalEmitter &emitter, OpBuilder &b,
                                 VertexBody body) {
  if (gpu.getEdgeBlocking() > 0)
    return scanEdgeBlocks(emitter, b, body);
  Value graph = emitter.getOp().getGraph();
  Value n = NumVerticesOp::create(b, loc, b.getIndexType(), graph);
  Value edgeCount = NumEdgesOp::create(b, loc, b.getIndexType(), graph);
  Value c0 = emitter.constIndex(b, 0), c1 = emitter.constIndex(b, 1);
  group.lanes = 1;
  emitter.emitVertexLoop(
      b, c0, edgeCount, [&](OpBuilder &b, Value e, const LoopFrame &frame) {
        // The edge's source: the last vertex whose first edge is not after
        // it.
        Value source = lastNotAbove(b, loc, offsets, c1, n, e);
        group.edge = e;
        visit(b, source, frame, body);
        group.edge = Value();
      });
}

void GpuVertexLoop::scanEdgeBlocks(TraversalEmitter &emitter, OpBuilder &b,
                                   VertexBody body) {
  auto blocks = EdgeBlocksOp::create(
      b, loc, memrefOf(b.getI64Type()), memrefOf(b.getI32Type()),
      memrefOf(b.getI64Type()), emitter.getOp().getGraph(),
      gpu.getEdgeBlocking(), gpu.getEdges());
  Value starts = blocks.getStarts();
  Value c0 = emitter.constIndex(b, 0), c1 = emitter.constIndex(b, 1);
  Value count = arith::SubIOp::create(
      b, loc, memref::DimOp::create(b, loc, starts, c0), c1);
  // (The arrays may be in device memory: the host reads none of them.)
  Value edgeCount =
      NumEdgesOp::create(b, loc, b.getIndexType(), emitter.getOp().getGraph());
  // As many threads as a block has edges on average (at least a kernel
  // block's, at most kEdgeBlockThreads): each takes about one edge of each
  // block, so that all of them work on one block at a time.
  Value perBlock = arith::CeilDivUIOp::create(
      b, loc, edgeCount, arith::MaxUIOp::create(b, loc, count, c1));
  Value threads = arith::MinUIOp::create(
      b, loc,
      arith::MaxUIOp::create(b, loc, perBlock,
                             emitter.constIndex(b, kGpuBlockThreads)),
      emitter.constIndex(b, kEdgeBlockThreads));
  auto any = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, edgeCount, c0),
      /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(any.thenBlock());
  group.lanes = 1;
  emitter.emitVertexLoop(
      b, c0, threads, [&](OpBuilder &b, Value t, const LoopFrame &frame) {
        // The blocks in order; thread t takes edges t, t + threads, ... of
        // each.
        scf::ForOp::create(
            b, loc, c0, count, c1, ValueRange{},
            [&](OpBuilder &b, Location, Value block, ValueRange) {
              Value first = arith::AddIOp::create(
                  b, loc, emitter.loadIndex(b, starts, block), t);
              Value end = emitter.loadIndex(
                  b, starts, arith::AddIOp::create(b, loc, block, c1));
              scf::ForOp::create(
                  b, loc, first, end, threads, ValueRange{},
                  [&](OpBuilder &b, Location, Value i, ValueRange) {
                    group.edge = emitter.loadIndex(b, blocks.getEdges(), i);
                    visit(b, emitter.loadIndex(b, blocks.getSources(), i),
                          frame, body);
                    group.edge = Value();
                    scf::YieldOp::create(b, loc);
                  });
              scf::YieldOp::create(b, loc);
            });
      });
}

void GpuVertexLoop::scanDegrees(TraversalEmitter &emitter, OpBuilder &b,
                                Scanned list, Value starts) {
  const ExecutionModel &execution = emitter.getExecution();
  Type i64 = b.getI64Type();
  Value c0 = emitter.constIndex(b, 0), c1 = emitter.constIndex(b, 1);
  Value chunk = emitter.constIndex(b, kScanChunk);
  Value one = arith::ConstantIntOp::create(b, loc, 1, 64);
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
  auto parallelFor = [&](OpBuilder &b, Value count,
                         ExecutionModel::LoopBody body) {
    group.lanes = 1;
    execution.emitLoop(b, loc, c0, count, Parallelization::DynamicVertex, one,
                       TeamSpec(), body);
  };
  // Each thread sums the degrees of a chunk of kScanChunk entries, writing
  // the chunk's own running sums and its total.
  Value chunks = arith::CeilDivUIOp::create(
      b, loc, list.capacity ? list.capacity : list.count, chunk);
  Value used = arith::CeilDivUIOp::create(b, loc, list.count, chunk);
  Value totals[2];
  for (Value &buffer : totals)
    buffer = memref::AllocOp::create(b, loc, memrefOf(i64), ValueRange{chunks});
  parallelFor(b, used, [&](OpBuilder &b, Location, Value j) {
    Value first = arith::MulIOp::create(b, loc, j, chunk);
    Value end = arith::MinUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, first, chunk), list.count);
    auto sums = scf::ForOp::create(
        b, loc, first, end, c1, ValueRange{zero},
        [&](OpBuilder &b, Location, Value i, ValueRange sum) {
          Value v = list.vertex(emitter, b, i);
          Value degree = arith::SubIOp::create(
              b, loc,
              memref::LoadOp::create(
                  b, loc, offsets,
                  ValueRange{arith::AddIOp::create(b, loc, v, c1)}),
              memref::LoadOp::create(b, loc, offsets, ValueRange{v}));
          Value next = arith::AddIOp::create(b, loc, sum[0], degree);
          memref::StoreOp::create(
              b, loc, next, starts,
              ValueRange{arith::AddIOp::create(b, loc, i, c1)});
          scf::YieldOp::create(b, loc, next);
        });
    memref::StoreOp::create(b, loc, sums.getResult(0), totals[0],
                            ValueRange{j});
  });
  // The chunks' totals summed in place, a kernel per doubling distance
  // (Hillis and Steele), reading one buffer and writing the other.
  auto passes = scf::WhileOp::create(
      b, loc,
      TypeRange{b.getIndexType(), totals[0].getType(), totals[1].getType()},
      ValueRange{c1, totals[0], totals[1]},
      [&](OpBuilder &b, Location, ValueRange state) {
        Value more = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           state[0], used);
        scf::ConditionOp::create(b, loc, more, state);
      },
      [&](OpBuilder &b, Location, ValueRange state) {
        Value distance = state[0], from = state[1], to = state[2];
        parallelFor(b, used, [&](OpBuilder &b, Location, Value k) {
          Value own = memref::LoadOp::create(b, loc, from, ValueRange{k});
          Value far = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                            k, distance);
          auto sum = scf::IfOp::create(b, loc, TypeRange{i64}, far,
                                       /*withElseRegion=*/true);
          b.setInsertionPointToStart(sum.thenBlock());
          Value before = memref::LoadOp::create(
              b, loc, from,
              ValueRange{arith::SubIOp::create(b, loc, k, distance)});
          scf::YieldOp::create(
              b, loc, arith::AddIOp::create(b, loc, own, before).getResult());
          b.setInsertionPointToStart(sum.elseBlock());
          scf::YieldOp::create(b, loc, own);
          b.setInsertionPointAfter(sum);
          memref::StoreOp::create(b, loc, sum.getResult(0), to, ValueRange{k});
        });
        scf::YieldOp::create(
            b, loc,
            ValueRange{arith::AddIOp::create(b, loc, distance, distance), to,
                       from});
      });
  // Each entry after the first chunk adds the totals of the chunks before.
  Value summed = passes.getResult(1);
  parallelFor(b, list.count, [&](OpBuilder &b, Location, Value i) {
    Value j = arith::DivUIOp::create(b, loc, i, chunk);
    auto ifLater = scf::IfOp::create(
        b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, j, c0),
        /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifLater.thenBlock());
    Value at = arith::AddIOp::create(b, loc, i, c1);
    Value before = memref::LoadOp::create(
        b, loc, summed, ValueRange{arith::SubIOp::create(b, loc, j, c1)});
    memref::StoreOp::create(
        b, loc,
        arith::AddIOp::create(
            b, loc, memref::LoadOp::create(b, loc, starts, ValueRange{at}),
            before),
        starts, ValueRange{at});
  });
  for (Value buffer : totals)
    memref::DeallocOp::create(b, loc, buffer);
}

void GpuVertexLoop::scanListEdges(TraversalEmitter &emitter, OpBuilder &b,
                                  Scanned list, VertexBody body) {
  Value c0 = emitter.constIndex(b, 0), c1 = emitter.constIndex(b, 1);
  Value entries = arith::AddIOp::create(b, loc, list.count, c1);
  auto starts = memref::AllocOp::create(
      b, loc, memrefOf(b.getI64Type()),
      ValueRange{arith::AddIOp::create(
          b, loc, list.capacity ? list.capacity : list.count, c1)});
  memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 64),
                          starts, ValueRange{c0});
  scanDegrees(emitter, b, list, starts);
  Value total = emitter.loadIndex(b, starts, list.count);

  group.lanes = 1;
  emitter.emitVertexLoop(
      b, c0, total, [&](OpBuilder &b, Value t, const LoopFrame &frame) {
        Value i = lastNotAbove(b, loc, starts, c1, entries, t);
        Value v = list.vertex(emitter, b, i);
        Value within = arith::SubIOp::create(
            b, loc, arith::IndexCastOp::create(b, loc, b.getI64Type(), t),
            memref::LoadOp::create(b, loc, starts, ValueRange{i}));
        Value first = memref::LoadOp::create(b, loc, offsets, ValueRange{v});
        group.edge = arith::IndexCastOp::create(
            b, loc, b.getIndexType(),
            arith::AddIOp::create(b, loc, first, within));
        visit(b, v, frame, body);
        group.edge = Value();
      });
  memref::DeallocOp::create(b, loc, starts);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Replaces a hybrid GPU traversal by an scf.if choosing, per call, between
/// a copy with its own options (input frontier at most the threshold times
/// the vertex count) and a copy with its `otherwise` options.
static void splitHybrid(EdgeSetApplyOp op, GpuScheduleAttr gpu,
                        RewriterBase &rewriter) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Type f64 = rewriter.getF64Type();
  Value vertices = NumVerticesOp::create(rewriter, loc, rewriter.getIndexType(),
                                         op.getGraph());
  Value size = vertices;
  if (Value from = op.getFrom())
    size =
        VertexSetSizeOp::create(rewriter, loc, rewriter.getIndexType(), from);
  auto toF64 = [&](Value index) {
    return arith::UIToFPOp::create(
        rewriter, loc, f64,
        arith::IndexCastUIOp::create(rewriter, loc, rewriter.getI64Type(),
                                     index));
  };
  Value threshold;
  if (FloatAttr fraction = gpu.getHybridThreshold()) {
    threshold = arith::ConstantOp::create(
        rewriter, loc, f64, FloatAttr::get(f64, fraction.getValueAsDouble()));
  } else {
    Value text =
        ArgvOp::create(rewriter, loc, StringType::get(rewriter.getContext()),
                       gpu.getHybridThresholdArgv());
    threshold = AtoiOp::create(rewriter, loc, f64, text);
  }
  Value small = arith::CmpFOp::create(
      rewriter, loc, arith::CmpFPredicate::OLE, toF64(size),
      arith::MulFOp::create(rewriter, loc, threshold, toF64(vertices)));
  auto ifSmall = scf::IfOp::create(rewriter, loc, op->getResultTypes(), small,
                                   /*withElseRegion=*/true);
  auto fill = [&](Block *block, GpuScheduleAttr branch) {
    rewriter.setInsertionPointToStart(block);
    Operation *copy = rewriter.clone(*op);
    cast<EdgeSetApplyOp>(copy).setScheduleAttr(
        ScheduleAttr::getDefault(rewriter.getContext())
            .with([&](ScheduleAttr::Options &o) { o.gpu = branch; }));
    if (!copy->getResults().empty())
      scf::YieldOp::create(rewriter, loc, copy->getResults());
  };
  GpuScheduleAttr own = gpu.with([](GpuScheduleAttr::Options &o) {
    o.hybridThreshold = FloatAttr();
    o.hybridThresholdArgv = 0;
    o.otherwise = Attribute();
  });
  fill(ifSmall.thenBlock(), own);
  fill(ifSmall.elseBlock(), gpu.getOtherwise());
  rewriter.replaceOp(op, ifSmall.getResults());
}

//===----------------------------------------------------------------------===//
// Failure records
//===----------------------------------------------------------------------===//

/// What a kernel cannot report itself (an index out of range, a priority
/// that wrapped around) goes to a failure record: a zeroed memref<2xi64> of
/// [flag, value]. The first failing thread sets the flag and stores its
/// value; the host reports it after the kernels.
static Value allocateFailureRecord(OpBuilder &b, Location loc) {
  Value record =
      memref::AllocOp::create(b, loc, MemRefType::get({2}, b.getI64Type()));
  memref::StoreOp::create(
      b, loc, arith::ConstantIntOp::create(b, loc, 0, 64), record,
      ValueRange{arith::ConstantIndexOp::create(b, loc, 0)});
  return record;
}

/// In a kernel: records `value` (an index) unless a thread did before.
static void recordFailure(OpBuilder &b, Location loc, Value record,
                          Value value) {
  Value old = memref::AtomicRMWOp::create(
      b, loc, arith::AtomicRMWKind::assign,
      arith::ConstantIntOp::create(b, loc, 1, 64), record,
      ValueRange{arith::ConstantIndexOp::create(b, loc, 0)});
  auto ifFirst = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old,
                            arith::ConstantIntOp::create(b, loc, 0, 64)),
      /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifFirst.thenBlock());
  memref::StoreOp::create(
      b, loc, arith::IndexCastOp::create(b, loc, b.getI64Type(), value), record,
      ValueRange{arith::ConstantIndexOp::create(b, loc, 1)});
}

/// On the host, after the kernels: calls `report` with the recorded value
/// (an index) if a thread failed, then frees the record.
static void reportFailure(OpBuilder &b, Location loc, Value record,
                          function_ref<void(OpBuilder &, Value)> report) {
  Value failed = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      memref::LoadOp::create(
          b, loc, record,
          ValueRange{arith::ConstantIndexOp::create(b, loc, 0)}),
      arith::ConstantIntOp::create(b, loc, 0, 64));
  auto ifFailed = scf::IfOp::create(b, loc, failed, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifFailed.thenBlock());
    report(b, arith::IndexCastOp::create(
                  b, loc, b.getIndexType(),
                  memref::LoadOp::create(
                      b, loc, record,
                      ValueRange{arith::ConstantIndexOp::create(b, loc, 1)})));
  }
  memref::DeallocOp::create(b, loc, record);
}

/// A traversal that updates a priority queue by min or max, as the GPU runs
/// it: the updates become reductions into the queue's priority vector, which
/// the traversal tracks, and the set of changed vertices it returns moves to
/// the buckets on the host after it (the lazy strategy, in bulk). A new
/// priority that wrapped around is recorded in a [flag, vertex] slot and
/// reported on the host after the traversal, as graph-lower-priority reports
/// it on the CPU. Returns the new traversal, or null when an update is a sum
/// (those stay on the host).
static EdgeSetApplyOp rewritePriorityUpdates(EdgeSetApplyOp op,
                                             RewriterBase &rewriter) {
  SmallVector<PriorityQueueUpdateOp> updates;
  bool sums = op.getBody()
                  .walk([&](Operation *inner) {
                    if (isa<PriorityQueueUpdateSumOp>(inner))
                      return WalkResult::interrupt();
                    if (auto update = dyn_cast<PriorityQueueUpdateOp>(inner))
                      updates.push_back(update);
                    return WalkResult::advance();
                  })
                  .wasInterrupted();
  if (sums || op.getTracked() || op.getModified())
    return {};
  Location loc = op.getLoc();
  Value queue = op.getUpdatedQueue();
  Type priority = cast<PriorityQueueType>(queue.getType()).getPriorityType();
  rewriter.setInsertionPoint(op);
  PriorityQueueEdgesOp::create(rewriter, loc, queue, op.getGraph());
  Value priorities = PriorityQueuePrioritiesOp::create(
      rewriter, loc, VertexVectorType::get(priority), queue);
  Value overflow = allocateFailureRecord(rewriter, loc);
  for (PriorityQueueUpdateOp update : updates) {
    rewriter.setInsertionPoint(update);
    Location updateLoc = update.getLoc();
    Value changed = ReduceOp::create(rewriter, updateLoc, rewriter.getI1Type(),
                                     update.getKind(), priorities,
                                     update.getVertex(), update.getValue());
    // A min that wrapped lowers the priority, so only a change can be one;
    // a max is checked whether or not it changed anything.
    if (Value wrapped = wrappedAround(rewriter, updateLoc, update.getValue())) {
      if (update.getKind() == ReduceKind::Min)
        wrapped = arith::AndIOp::create(rewriter, updateLoc, wrapped, changed);
      auto ifWrapped = scf::IfOp::create(rewriter, updateLoc, wrapped,
                                         /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifWrapped.thenBlock());
      recordFailure(rewriter, updateLoc, overflow, update.getVertex());
    }
    rewriter.replaceOp(update, changed);
  }
  rewriter.setInsertionPoint(op);
  auto tracking = EdgeSetApplyOp::create(
      rewriter, loc, TypeRange{VertexSetType::get(rewriter.getContext())},
      op.getGraph(), op.getFrom(), op.getTo(), op.getNeighborsFrom(),
      op.getNeighborsUntil(), priorities, /*updatedQueue=*/Value(),
      rewriter.getUnitAttr(), op.getLabelAttr(), op.getScheduleOrDefault());
  for (auto [from, to] : llvm::zip(op->getRegions(), tracking->getRegions()))
    to.takeBody(from);
  reportFailure(rewriter, loc, overflow, [&](OpBuilder &b, Value vertex) {
    PriorityQueueOverflowOp::create(b, loc, queue, vertex);
  });
  PriorityQueueRequeueOp::create(rewriter, loc, queue, tracking.getModified());
  VertexSetFreeOp::create(rewriter, loc, tracking.getModified());
  rewriter.eraseOp(op);
  return tracking;
}

/// Lowers one single-schedule GPU traversal, or leaves it to the CPU passes
/// with a warning when a kernel cannot run it.
static void lowerTraversal(EdgeSetApplyOp op, GpuScheduleAttr gpu,
                           RewriterBase &rewriter) {
  if (Operation *hostOnly = firstHostOnlyOp(op)) {
    bool pull = gpu.getDirection() == GpuDirection::Pull;
    emitWarning(op.getLoc(), "this traversal runs on the host: '")
        << hostOnly->getName() << "' cannot run in a GPU kernel";
    op.setScheduleAttr(ScheduleAttr::getDefault(op.getContext())
                           .with([&](ScheduleAttr::Options &o) {
                             o.parallel = Parallelization::DynamicVertex;
                             o.direction = pull ? Direction::DensePull
                                                : Direction::SparsePush;
                           }));
    return;
  }
  bool pull = gpu.getDirection() == GpuDirection::Pull;
  auto balanced = [&](GpuLoadBalance balance) {
    return gpu.with([&](GpuScheduleAttr::Options &o) {
      o.loadBalance = balance;
      o.edgeBlocking = 0;
    });
  };
  GpuLoadBalance asked = gpu.getLoadBalance();
  if (pull &&
      (asked == GpuLoadBalance::TWCE || asked == GpuLoadBalance::Strict ||
       asked == GpuLoadBalance::EdgeOnly)) {
    // A pull's destination is updated once, by the threads scanning all its
    // in-edges: the group per destination that balances by degree is twc's.
    emitWarning(op.getLoc(), "load_balance = ")
        << stringifyGpuLoadBalance(asked)
        << " gives threads single in-edges, but a pull updates each "
           "destination once from the threads scanning all its in-edges; "
           "this pull sorts destinations by in-degree (twc): a thread, a "
           "warp or a block each";
    gpu = balanced(GpuLoadBalance::TWC);
  }
  op.setScheduleAttr(emitterSchedule(gpu));
  rewriter.setInsertionPoint(op);
  LaneGroup group;
  GpuExecution execution(group);
  LaneEdgeScan scan(group);
  bool marksOutput = gpu.getFrontierCreation() != GpuFrontierCreation::Fused;
  TraversalEmitter emitter(op, rewriter, execution, scan, marksOutput);
  if (pull && gpu.getLoadBalance() != GpuLoadBalance::VertexBased) {
    std::string why = emitter.whyNotSharedDestination();
    if (!why.empty()) {
      emitWarning(op.getLoc(), "load_balance = ")
          << stringifyGpuLoadBalance(gpu.getLoadBalance())
          << " cannot share this pull's destinations among threads: " << why
          << "; each destination's in-edges are scanned by one thread "
             "(vertex_based)";
      gpu = balanced(GpuLoadBalance::VertexBased);
    }
  }
  GpuVertexLoop loop(group, gpu);
  emitter.emit(loop);
}

/// Replaces a vertex set apply by one kernel, a thread per member.
static void lowerVertexApply(VertexSetApplyOp op, RewriterBase &rewriter) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value set = op.getSet();
  Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value ids, count;
  auto allVertices = set.getDefiningOp<VertexSetNewOp>();
  if (allVertices && allVertices.getAll()) {
    count = NumVerticesOp::create(rewriter, loc, rewriter.getIndexType(),
                                  allVertices.getGraph());
  } else {
    ids = VertexSetIdsOp::create(rewriter, loc, memrefOf(rewriter.getI32Type()),
                                 set);
    count = memref::DimOp::create(rewriter, loc, ids, c0);
  }
  LaneGroup group;
  GpuExecution execution(group);
  execution.emitLoop(
      rewriter, loc, c0, count, Parallelization::DynamicVertex,
      arith::ConstantIntOp::create(rewriter, loc, 1, 64), TeamSpec(),
      [&](OpBuilder &b, Location, Value i) {
        Value v = i;
        if (ids)
          v = arith::IndexCastOp::create(
              b, loc, b.getIndexType(),
              memref::LoadOp::create(b, loc, ids, ValueRange{i}));
        IRMapping mapping;
        Block &body = op.getBody().front();
        mapping.map(body.getArgument(0), v);
        for (Operation &inner : body.without_terminator())
          b.clone(inner, mapping);
      });
  rewriter.eraseOp(op);
}

/// Gives every index check in `launch` a failure record, allocated and
/// zeroed before the kernel, and checks the index it recorded on the host
/// after the kernel, which stops the program as the check would have.
void mlir::graph::deferChecks(gpu::LaunchOp launch, RewriterBase &rewriter) {
  SmallVector<CheckIndexOp> checks;
  launch.getBody().walk([&](CheckIndexOp check) { checks.push_back(check); });
  Location loc = launch.getLoc();
  for (CheckIndexOp check : checks) {
    rewriter.setInsertionPoint(launch);
    Value record = allocateFailureRecord(rewriter, loc);
    rewriter.modifyOpInPlace(check,
                             [&] { check.getDeferToMutable().assign(record); });
    rewriter.setInsertionPointAfter(launch);
    reportFailure(rewriter, loc, record, [&](OpBuilder &b, Value index) {
      auto recheck = cast<CheckIndexOp>(b.clone(*check));
      recheck.getIndexMutable().assign(index);
      recheck.getDeferToMutable().clear();
      // Used, so that no dead-code elimination drops the check.
      memref::StoreOp::create(
          b, loc,
          arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                     recheck.getResult()),
          record, ValueRange{arith::ConstantIndexOp::create(b, loc, 1)});
    });
  }
}

/// Makes the graph arrays that `launch` reads but the traversal did not
/// place (the out-offsets its output counts degrees with) a placed copy: the
/// graph's own arrays are host memory that a kernel cannot read. The copy
/// goes right before `launch`; hoistPlacedLookups moves it out of loops.
void mlir::graph::placeCapturedEdges(gpu::LaunchOp launch,
                                     RewriterBase &rewriter) {
  DenseMap<Operation *, Operation *> placed;
  auto placedCopy = [&](Operation *host) {
    Operation *&copy = placed[host];
    if (copy)
      return copy;
    rewriter.setInsertionPoint(launch);
    copy = rewriter.clone(*host);
    copy->setAttr("placement",
                  GpuEdgePlacementAttr::get(rewriter.getContext(),
                                            GpuEdgePlacement::Auto));
    return copy;
  };
  launch.getBody().walk([&](Operation *op) {
    for (OpOperand &use : op->getOpOperands()) {
      auto result = dyn_cast<OpResult>(use.get());
      if (!result)
        continue;
      Operation *def = result.getOwner();
      bool unplaced =
          (isa<AdjacencyOp>(def) && !cast<AdjacencyOp>(def).getPlacement()) ||
          (isa<AdjacencyWeightsOp>(def) &&
           !cast<AdjacencyWeightsOp>(def).getPlacement());
      if (!unplaced || launch->isAncestor(def))
        continue;
      Operation *copy = placedCopy(def);
      rewriter.modifyOpInPlace(
          op, [&] { use.set(copy->getResult(result.getResultNumber())); });
    }
  });
}

/// Whether `op` looks up the placed copy of graph arrays (libgraphrt's
/// graphrt_placed_* and graphrt_edge_block_*).
static bool isPlacedLookup(Operation *op) {
  if (auto adjacency = dyn_cast<AdjacencyOp>(op))
    return adjacency.getPlacement().has_value();
  if (auto weights = dyn_cast<AdjacencyWeightsOp>(op))
    return weights.getPlacement().has_value();
  return isa<EdgeBlocksOp>(op);
}

/// Moves every placed look-up of host code under `root` before the
/// outermost loop around it (up to the function) that defines none of its
/// operands, in program order, so that look-ups keep their order (auto
/// placement picks device memory or zero-copy by the GPU memory still free
/// when a direction is first placed); one equal to a look-up already there
/// is replaced by it. A look-up is loop-invariant: graphrt_placed_* and
/// graphrt_edge_block_* make the copy of a graph's arrays for a direction
/// (or block size) and placement once and return the same pointers until
/// the graph is freed (gpu_place.c), auto picks its placement once per
/// graph and direction, and no graph op changes or frees an edge set; so
/// the cached runtime call runs once before the loop rather than before
/// every launch of every step. It then also runs when the loop runs no
/// step, or not the branch that reads the copy, as the look-ups kernel
/// fusion hoists in front of a fused kernel do.
void mlir::graph::hoistPlacedLookups(Operation *root, RewriterBase &rewriter) {
  SmallVector<Operation *> lookups;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::LaunchOp>(op))
      return WalkResult::skip();
    if (isPlacedLookup(op))
      lookups.push_back(op);
    return WalkResult::advance();
  });
  for (Operation *lookup : lookups) {
    Operation *point = nullptr;
    for (Operation *op = lookup->getParentOp();
         op && !op->hasTrait<OpTrait::IsIsolatedFromAbove>();
         op = op->getParentOp()) {
      if (llvm::any_of(lookup->getOperands(), [&](Value v) {
            return op->isAncestor(v.getParentRegion()->getParentOp());
          }))
        break;
      if (isa<LoopLikeOpInterface>(op))
        point = op;
    }
    if (!point)
      continue;
    rewriter.moveOpBefore(lookup, point);
    for (Operation &earlier :
         llvm::make_range(point->getBlock()->begin(), lookup->getIterator()))
      if (OperationEquivalence::isEquivalentTo(
              &earlier, lookup, OperationEquivalence::IgnoreLocations)) {
        rewriter.replaceOp(lookup, earlier.getResults());
        break;
      }
  }
}

namespace {
struct GraphLowerGpuPass : graph::impl::GraphLowerGpuBase<GraphLowerGpuPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(&getContext());
    SmallVector<EdgeSetApplyOp> hybrids;
    module.walk([&](EdgeSetApplyOp op) {
      if (GpuScheduleAttr gpu = op.getScheduleOrDefault().getGpu())
        if (gpu.isHybrid())
          hybrids.push_back(op);
    });
    for (EdgeSetApplyOp op : hybrids)
      splitHybrid(op, op.getScheduleOrDefault().getGpu(), rewriter);

    SmallVector<EdgeSetApplyOp> traversals;
    module.walk([&](EdgeSetApplyOp op) {
      if (op.getScheduleOrDefault().getGpu())
        traversals.push_back(op);
    });
    for (EdgeSetApplyOp &op : traversals)
      if (op.getUpdatedQueue())
        if (EdgeSetApplyOp tracking = rewritePriorityUpdates(op, rewriter))
          op = tracking;
    SmallVector<VertexSetApplyOp> vertexApplies;
    module.walk([&](VertexSetApplyOp op) {
      if (!op->getParentOfType<EdgeSetApplyOp>() &&
          !op->getParentOfType<VertexSetApplyOp>() &&
          !firstHostOnlyOp(op.getBody()))
        vertexApplies.push_back(op);
    });
    for (EdgeSetApplyOp op : traversals) {
      LLVM_DEBUG(printTraversal(llvm::dbgs() << DEBUG_TYPE ": lowering ", op));
      lowerTraversal(op, op.getScheduleOrDefault().getGpu(), rewriter);
    }
    for (VertexSetApplyOp op : vertexApplies)
      lowerVertexApply(op, rewriter);

    // Kernel fusion, outer loops first: a loop inside a fused one is part
    // of its kernel.
    SmallVector<scf::WhileOp> fusedLoops;
    module.walk<WalkOrder::PreOrder>([&](scf::WhileOp loop) {
      if (loop->hasAttr("graph.kernel_fusion"))
        fusedLoops.push_back(loop);
    });
    unsigned kernels = 0;
    for (scf::WhileOp loop : fusedLoops) {
      if (loop->getParentOfType<gpu::LaunchOp>())
        continue;
      // `graph.kernel_fusion = "split"`: a launch per phase
      // (graph-split-grid-phases).
      auto mode = loop->getAttrOfType<StringAttr>("graph.kernel_fusion");
      bool split = mode && mode.getValue() == "split";
      std::string reason = fuseGpuLoop(loop, kernels, split, rewriter);
      if (reason.empty())
        ++kernels;
      else
        emitWarning(loop.getLoc(), "kernel fusion does not apply to this "
                                   "loop: ")
            << reason << "; each step launches its own kernels";
    }

    SmallVector<gpu::LaunchOp> launches;
    module.walk([&](gpu::LaunchOp launch) { launches.push_back(launch); });
    for (gpu::LaunchOp launch : launches) {
      // graph-split-grid-phases does this for each launch it makes.
      if (launch->hasAttr(kSplitLaunchesAttr))
        continue;
      deferChecks(launch, rewriter);
      placeCapturedEdges(launch, rewriter);
    }
    hoistPlacedLookups(module, rewriter);
    if (!launches.empty())
      module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                      UnitAttr::get(&getContext()));
  }
};
} // namespace
