//===- Traversal.h - the traversal emitter lowerings share ------*- C++ -*-===//
//
// Every lowering of a single-direction graph.edgeset.apply emits the same
// inner traversal: for each scanned vertex the loop over its edges, the
// frontier and filter tests, the body with its writes adapted (atomics, a
// CAS for tracked assignments, register accumulation in pull) and the output
// frontier. TraversalEmitter owns all of that. What varies is a hook, each
// implementation in its own file:
//
//  - a VertexLoop says how the outer loop over scanned vertices runs: over
//    the whole graph (AdjacencyLoop), segment by segment (SegmentLoop), per
//    socket (graph-numa's SocketLoop), over a priority bucket
//    (graph-lower-priority's BucketFusionLoop);
//  - a Destination says how a pull's contribution reaches the destination
//    vertex: kept in a register and written to the vertex's element
//    (VectorDestination) or to a per-socket buffer (graph-numa);
//  - an ExecutionModel says how a loop runs over a team of threads, how a
//    thread keeps state of its own and how threads combine it (atomics):
//    OpenMP (OpenMPExecution.cpp) today, a GPU kernel's grid later;
//  - an EdgeScan says how the edges of one scanned vertex are visited: one
//    after another (SerialEdgeScan.cpp), or by a GPU warp's or block's
//    lanes (GpuExecution.cpp);
//  - an OutputFrontier (lib/Dialect/Graph/Transforms/Frontier.h) says where
//    output vertices go: dense marks or per-thread blocks of ids
//    (Frontier.cpp) today, a device bitmap or queue later.
//
// A new lowering writes a VertexLoop (and, if it needs one, a Destination)
// in its own file and calls TraversalEmitter::emit from its pattern.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_TRAVERSAL_H
#define GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_TRAVERSAL_H

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <memory>
#include <string>

namespace mlir::graph {

class TraversalEmitter;
class DenseFrontier;
class OutputFrontier;
/// What a vertex loop hands its body: the iteration's index and the calling
/// thread's share of the output frontier (defined in Frontier.h). Hooks pass
/// it on.
struct LoopFrame;

//===----------------------------------------------------------------------===//
// Execution model
//===----------------------------------------------------------------------===//

/// Where a team's threads run, relative to the thread that starts it.
enum class ThreadPlacement {
  /// As the runtime decides.
  Default,
  /// On places close to the starting thread's (one socket's cores).
  Close,
  /// Spread evenly over the places (one thread per socket).
  Spread,
};

/// The team of threads a parallel loop runs on.
struct TeamSpec {
  /// How many threads (index); null: as many as the runtime gives.
  Value threads;
  ThreadPlacement placement = ThreadPlacement::Default;
};

/// How the traversal's loops run on the target: a loop spread over a team of
/// threads, memory private to each thread, and the atomics by which threads
/// combine what they computed. OpenMPExecution.cpp implements it with the
/// OpenMP dialect; a GPU implementation would emit a kernel's grid, its
/// shared or register memory and device atomics.
class ExecutionModel {
public:
  using LoopBody = function_ref<void(OpBuilder &, Location, Value)>;
  using ThreadCallback = function_ref<void(OpBuilder &, Location)>;

  virtual ~ExecutionModel() = default;

  /// Emits `for i in [lb, ub)` calling `body(builder, loc, i)`, serially
  /// (an scf.for) or spread over `team`, `chunk` (an i64 defined outside the
  /// loop) iterations at a time, as `parallel` says. With `head`, each
  /// thread runs it before its share of the loop; with `tail`, after it,
  /// without waiting for the others. A serial loop runs them once before and
  /// after the loop.
  void emitLoop(OpBuilder &builder, Location loc, Value lb, Value ub,
                Parallelization parallel, Value chunk, const TeamSpec &team,
                LoopBody body, ThreadCallback head = {},
                ThreadCallback tail = {}) const;

  /// The parallel case of emitLoop, `step` the loop's step (index 1).
  virtual void emitParallelLoop(OpBuilder &builder, Location loc, Value lb,
                                Value ub, Value step, Parallelization parallel,
                                Value chunk, const TeamSpec &team,
                                LoopBody body, ThreadCallback head,
                                ThreadCallback tail) const = 0;
  /// Memory of `type` private to the calling thread for the rest of its
  /// share of the loop: called from a loop's `head`.
  virtual Value allocateThreadPrivate(OpBuilder &builder, Location loc,
                                      MemRefType type) const = 0;
  /// `memref[indices] = memref[indices] <kind> value` as one atomic step
  /// among the team's threads; returns the element's old value.
  virtual Value emitAtomic(OpBuilder &builder, Location loc,
                           arith::AtomicRMWKind kind, Value value, Value memref,
                           ValueRange indices) const = 0;
  /// Whether a parallel loop gives each of its threads one iteration (a GPU
  /// kernel's threads, warps or blocks) rather than chunks of them: state of
  /// its own is then not worth a thread's keeping, no thread owns a run of
  /// iterations, and the CPU's software prefetches do not apply.
  virtual bool runsIterationPerThread() const { return false; }
};

/// The OpenMP execution model (OpenMPExecution.cpp): omp.parallel teams
/// whose threads claim chunks of a dynamic loop from a shared counter or
/// share a static omp.wsloop, stack memory per thread, memref atomics.
const ExecutionModel &getOpenMPExecution();

//===----------------------------------------------------------------------===//
// Edge scan
//===----------------------------------------------------------------------===//

/// How the edges of one scanned vertex, entries [begin, end) of its
/// neighbour array, are visited: which thread visits which entry, in what
/// order. What is done at an entry (tests, body) stays the emitter's.
/// SerialEdgeScan.cpp visits them one after another on the scanning
/// thread; a GPU would give each lane of a warp a strided share.
class EdgeScan {
public:
  /// Visits entry `k`; returns the new carried value (null without one).
  using Visit = function_ref<Value(OpBuilder &, Value k, Value carried)>;
  /// Whether entry `k` is worth visiting (i1).
  using Test = function_ref<Value(OpBuilder &, Value k)>;
  /// Visits entry `k`; returns whether to go on (i1).
  using VisitWhile = function_ref<Value(OpBuilder &, Value k)>;
  /// Whether the scanned vertex still wants visits (i1), asked without one.
  using StillOpen = function_ref<Value(OpBuilder &)>;
  /// What follows a fold, once per scanned vertex, given its result.
  using Finish = function_ref<void(OpBuilder &, Value folded)>;

  virtual ~EdgeScan() = default;

  /// Visits every entry of [begin, end), carrying a value from one to the
  /// next if `init` is given; returns the last carried value, or null.
  virtual Value emitForEach(OpBuilder &b, Location loc, Value begin, Value end,
                            Value init, Visit visit) const = 0;
  /// Folds every entry of [begin, end) into `init` by `visit`, whose
  /// combination is `kind`, and calls `finish` once for the scanned vertex
  /// with the result. Here: emitForEach, then `finish`; a scan sharing the
  /// vertex among threads folds each thread's entries apart and combines
  /// the threads' results before `finish`.
  virtual void emitFold(OpBuilder &b, Location loc, Value begin, Value end,
                        Value init, ReduceKind kind, Visit visit,
                        Finish finish) const;
  /// Visits the entries of [begin, end) that pass `test` (null: all) until
  /// `visit` says to stop: a filtered pull stops at the first in-edge whose
  /// body closes the destination filter, and skips failing sources with
  /// the test alone. A scan sharing the vertex among threads also stops a
  /// thread once `open` turns false, which another thread's visit does.
  virtual void emitSearch(OpBuilder &b, Location loc, Value begin, Value end,
                          Test test, VisitWhile visit,
                          StillOpen open) const = 0;
  /// Whether several threads scan one vertex's edges (the lanes of a GPU
  /// warp or block): a pull's destination then has that many writers.
  virtual bool sharesVertex() const { return false; }
};

/// Edges one after another on the scanning thread (SerialEdgeScan.cpp).
const EdgeScan &getSerialEdgeScan();

//===----------------------------------------------------------------------===//
// Destinations and vertex loops
//===----------------------------------------------------------------------===//

/// How a dense pull's contribution reaches the destination vertex it scans.
/// When the body has one reduction into `dst` and nothing else reads that
/// vector (TraversalEmitter::getAccumulated), the emitter keeps the
/// destination's value in a register across its in-edges: `load` before
/// them, `store` after.
class Destination {
public:
  virtual ~Destination() = default;
  /// Whether the thread scanning a destination is the only one writing its
  /// vertex data; if not, parallel writes to it are atomic.
  virtual bool ownsVertex() const = 0;
  /// The value the in-edges of `dst` are folded into.
  virtual Value load(OpBuilder &b, Value dst) = 0;
  /// Writes the folded value back; `initial` is what `load` returned.
  /// `frame`: the vertex loop storing it.
  virtual void store(OpBuilder &b, const LoopFrame &frame, Value dst,
                     Value initial, Value final) = 0;
};

/// The accumulated vector's element of the destination, reporting a change
/// to the output frontier when the traversal tracks that vector.
class VectorDestination : public Destination {
public:
  VectorDestination(TraversalEmitter &emitter, bool ownsVertex)
      : emitter(emitter), owned(ownsVertex) {}
  bool ownsVertex() const override { return owned; }
  Value load(OpBuilder &b, Value dst) override;
  void store(OpBuilder &b, const LoopFrame &frame, Value dst, Value initial,
             Value final) override;

private:
  TraversalEmitter &emitter;
  bool owned;
};

/// The arrays a vertex loop reads edges from: the compressed adjacency (in-
/// edges for pull, out-edges for push) of the whole graph or of one segment.
/// Entries `i` and `i + 1` of `offsets` delimit the edges of the `i`-th
/// vertex, which is vertex `vertices[i]` in a segment and `i` otherwise.
struct EdgeArrays {
  /// The number of vertices `offsets` describes.
  Value count;
  /// Only for a segment: the vertex of each entry.
  Value vertices;
  Value offsets, neighbors;
  /// Null for an unweighted graph.
  Value weights;
};

/// One vertex whose edges the traversal scans: the destination in a pull,
/// the source in a push. Its edges are entries `[offsets[position],
/// offsets[position + 1])` of `neighbors` (and `weights`).
struct ScannedVertex {
  Value vertex, position;
  Value offsets, neighbors, weights;
  Destination &destination;
  /// The vertex loop scanning it (TraversalEmitter::emitVertexLoop).
  const LoopFrame &frame;
  /// In a push, the position of the vertex the loop scans
  /// TraversalEmitter::kPrefetchDistance iterations later (the loop's last
  /// near its end), whose destinations' data the emitter prefetches; null
  /// where the loop gives none.
  Value ahead;
  /// In a segmented pull with an epilogue, whether the loop scans the last
  /// segment, which lists every destination (graph.segments
  /// last_lists_all): the destination's sum is then complete.
  bool lastSegment = false;
  /// Whether no other thread scans this vertex while this iteration does:
  /// a loop over every vertex, or over a frontier that lists each member
  /// once (`from(%set distinct)`). A push's reductions at its source then
  /// need no atomics (TraversalEmitter::emitBody says when).
  bool exclusive = false;
};
using VertexBody = function_ref<void(OpBuilder &, const ScannedVertex &)>;

/// How the outer loop over the scanned vertices runs.
class VertexLoop {
public:
  virtual ~VertexLoop() = default;
  /// Emits loops at `b`'s insertion point that call `body` once for every
  /// vertex the traversal scans.
  virtual void emit(TraversalEmitter &emitter, OpBuilder &b,
                    VertexBody body) = 0;
};

/// For the sparse frontier of `emitter`'s traversal, `count` ids, and an
/// index `limit`: an scf.if of `type` on whether count <= limit, whose then
/// branch yields `small(b, work)`, `work` being count plus the frontier's
/// out-degree sum (asked only there), and whose else branch yields
/// `large(b)`.
Value emitFrontierWork(TraversalEmitter &emitter, OpBuilder &b, Value count,
                       Value limit, Type type,
                       function_ref<Value(OpBuilder &, Value work)> small,
                       function_ref<Value(OpBuilder &)> large);

/// Every vertex of the graph, or with a sparse frontier every frontier
/// vertex, in one loop following the schedule over the whole graph's arrays.
/// A parallel loop over a sparse frontier whose size plus out-degree sum is
/// at most `serialWork` (0: never) runs on the calling thread instead: a
/// round that small costs less than starting the team.
class AdjacencyLoop : public VertexLoop {
public:
  explicit AdjacencyLoop(int64_t serialWork = 0) : serialWork(serialWork) {}
  void emit(TraversalEmitter &emitter, OpBuilder &b, VertexBody body) override;

private:
  int64_t serialWork;
};

/// The traversal's segments one after another, each scanned by one loop
/// following the schedule, so that the vertex data a segment reads at random
/// (sources for pull, destinations for push) stays in cache. A pull with an
/// epilogue scans its last segment in a loop of its own, which runs the
/// epilogue.
class SegmentLoop : public VertexLoop {
public:
  void emit(TraversalEmitter &emitter, OpBuilder &b, VertexBody body) override;
};

//===----------------------------------------------------------------------===//
// TraversalEmitter
//===----------------------------------------------------------------------===//

/// Emits one single-direction graph.edgeset.apply as loops and replaces it.
class TraversalEmitter {
public:
  /// `marksPushOutput`: a push marks its output in a dense map, as a pull
  /// does, instead of appending ids (a GPU's unfused frontier creation).
  TraversalEmitter(EdgeSetApplyOp op, RewriterBase &rewriter,
                   const ExecutionModel &execution = getOpenMPExecution(),
                   const EdgeScan &edgeScan = getSerialEdgeScan(),
                   bool marksPushOutput = false);
  ~TraversalEmitter();

  /// Emits the traversal with `loop` as its outer loop in place of the op,
  /// replaces the op's result with the output frontier, and erases it.
  void emit(VertexLoop &loop);
  /// Makes `given` the output frontier `emit` fills and seals, in place of
  /// the one the schedule lays out (graph-lower-async's worklist).
  void supplyOutput(std::unique_ptr<OutputFrontier> given);
  /// Why the threads of an edge scan that shares a vertex (a GPU warp or
  /// block per destination) cannot run this pull, each applying the
  /// destination's update at most once between them; empty when they can:
  /// a body that writes at the destination only by reductions (one of them
  /// kept in a register, the others atomic), or BFS's early exit (the one
  /// write an assignment that closes the destination filter, made with a
  /// CAS).
  std::string whyNotSharedDestination();

  /// How many scanned vertices ahead a push prefetches.
  static constexpr int64_t kPrefetchDistance = 16;
  /// A push over every vertex (no input frontier) prefetches ahead only on
  /// a graph with less than this share of its edges between ids at most
  /// kNearWindow apart (graph.near_edge_share): on the others (a grid, a
  /// road map) the destinations' data is mostly in cache, or streams in,
  /// already, and the prefetch costs more than it saves. A frontier's
  /// sources lie anywhere, so a push from one always prefetches.
  static constexpr double kPrefetchBelowNearShare = 0.75;
  static constexpr int64_t kNearWindow = 1 << 16;

  // Building blocks for VertexLoop and Destination implementations.
  EdgeSetApplyOp getOp() const { return op; }
  ScheduleAttr getSchedule() const { return sched; }
  Location getLoc() const { return loc; }
  const ExecutionModel &getExecution() const { return execution; }
  /// In a dense pull, the reduction whose destination value stays in a
  /// register across the destination's in-edges; null otherwise.
  ReduceOp getAccumulated() const { return accumulated; }
  /// Whether a vertex loop should give ScannedVertex::ahead: a push whose
  /// body or destination filter reads vertex data at the destination, and
  /// that scans every source it is given (no source filter or dense
  /// frontier test), so no prefetch is spent on a skipped vertex.
  bool prefetchesAhead() const { return !prefetched.empty(); }
  /// ScannedVertex::ahead for iteration `i` of a loop over `count`
  /// vertices, listed in `ids` (null: the vertices 0..count themselves);
  /// null when the traversal does not prefetch.
  Value vertexAhead(OpBuilder &b, Value ids, Value i, Value count);
  /// Ids of the sparse frontier (a sparse push's sources), else null.
  Value getFrontierIds() const { return fromIds; }
  /// The whole graph's arrays in the traversal's direction.
  EdgeArrays graphArrays(OpBuilder &b);
  /// The arrays of the `segment`-th of the op's segments.
  EdgeArrays segmentArrays(OpBuilder &b, Value segment);

  /// The body of a vertex loop, for iteration `i`.
  using LoopBody = function_ref<void(OpBuilder &, Value i, const LoopFrame &)>;
  /// What a thread runs after its share of a vertex loop.
  using LoopTail = function_ref<void(OpBuilder &, const LoopFrame &)>;
  /// `for i in [lb, ub)` with the schedule's parallelization and grain, on
  /// `team` (if parallel); `tail` as ExecutionModel::emitLoop's. The loop
  /// creates the frame it hands `body` and `tail`: every thread of a
  /// parallel loop gets its own share of the output frontier (its counters,
  /// a push's id buffer), merged into the shared one after its share. With
  /// `runsAlone` (an i1; only for a parallel CPU loop without team), an
  /// scf.if runs a serial copy of the loop (and `tail` once after it) on the
  /// calling thread when it is true, its body's writes plain instead of
  /// atomic.
  void emitVertexLoop(OpBuilder &b, Value lb, Value ub, LoopBody body,
                      const TeamSpec &team = {}, LoopTail tail = {},
                      Value runsAlone = {});
  /// Calls `body` for every vertex of the `segment`-th segment, in one
  /// `emitVertexLoop`, the contributions going to `destination`.
  void scanSegment(OpBuilder &b, Value segment, Destination &destination,
                   VertexBody body, const TeamSpec &team = {});
  /// Adds `v` to the output frontier from within the loop `frame`; the op
  /// must track a vector. `ownsVertex`: in a pull, only this thread marks
  /// `v`.
  void markModified(OpBuilder &b, const LoopFrame &frame, Value v,
                    bool ownsVertex);
  /// The op's epilogue for destination `v`, whose in-edges are all done
  /// and whose accumulated value is `sum` (null after reductions into
  /// rows, which the epilogue reads), from within the loop `frame`
  /// that owns `v`; a kept `v` joins the output set.
  void emitEpilogue(OpBuilder &b, const LoopFrame &frame, Value v, Value sum);
  Value loadIndex(OpBuilder &b, Value memref, Value i);
  Value constIndex(OpBuilder &b, int64_t v);

private:
  /// What a destination's tests give: whether it passes (null: always),
  /// and the tracked element the destination filter read, which a CAS
  /// replacing an assignment to it expects.
  struct DestinationTest {
    Value pass, trackedRead;
  };

  /// emitVertexLoop's loop, spread over the team when `concurrent`, else on
  /// the calling thread.
  void emitLoopCopy(OpBuilder &b, Value lb, Value ub, LoopBody body,
                    const TeamSpec &team, LoopTail tail, bool concurrent);
  /// Clones a filter region for vertex `v`; returns its i1 answer. `slot`:
  /// as cloneForSource's, for a source filter.
  Value emitFilter(OpBuilder &b, Region &filter, Value v, IRMapping &mapping,
                   Value slot = {});
  /// Whether `src` passes the source frontier and filter (null: always).
  Value sourcePasses(OpBuilder &b, Value src, Value slot = {});
  /// A lookup of the source's slot (graph.mirror_slot in a
  /// graph.mirror_slots map) through which graph-distribute reads a
  /// mirrored vector at the source in the body or source filter, or null.
  MirrorSlotOp findSourceSlotMap();
  /// Clones `inner`, an op of the body or source filter, for source `src`.
  /// With `slot` (the source's slot, which the scan already has), its
  /// lookups in sourceSlotMap at `src` take `slot` instead. Returns the clone,
  /// or null where `inner` itself was such a read.
  Operation *cloneForSource(OpBuilder &b, Operation &inner, IRMapping &mapping,
                            Value src, Value slot);
  DestinationTest destinationPasses(OpBuilder &b, Value dst);
  /// What a cloned destination filter (`mapping` its clone's) read of the
  /// tracked vector at its vertex; null if nothing.
  Value trackedReadOf(const IRMapping &mapping);
  Value edgeWeight(OpBuilder &b, Value weights, Value k);
  /// Clones the body for one edge and adapts its writes (atomics, CAS, marks
  /// of modified destinations). With `accumulator`, the accumulated reduce
  /// becomes a combine with it; returns the combined value. `srcSlot`: as
  /// cloneForSource's `slot`.
  Value emitBody(OpBuilder &b, const ScannedVertex &scanned, Value src,
                 Value dst, Value weight, Value trackedRead,
                 Value accumulator = {}, Value srcSlot = {});
  ReduceOp findAccumulatedReduce();
  /// Whether the one write of the tracked vector at dst turns the
  /// destination filter false for good (BFS's `parent[v] == -1` against a
  /// vertex id written): then only the first edge to reach a vertex writes
  /// it, so a push with dedup needs no flags to keep its output distinct.
  bool firstWriteClosesFilter();
  /// The range of `vertex`'s entries in its neighbors (and weights).
  std::pair<Value, Value> edgeRange(OpBuilder &b, const ScannedVertex &vertex);
  /// The part of a push source's edge range the op's neighbour range keeps.
  std::pair<Value, Value> pushedRange(OpBuilder &b,
                                      const ScannedVertex &source);
  /// The vectors the body and destination filter access at the destination
  /// (an operand of the access), each with whether it is written.
  SmallVector<std::pair<Value, bool>> destinationData();
  /// Prefetches, at the first pushed edge of `source.ahead`, the
  /// destination data the body will touch there (if `farEdges` holds,
  /// where it is set).
  void prefetchAhead(OpBuilder &b, const ScannedVertex &source);
  /// In a pull scanning in-edge `k` of `[.., end)` of `neighbors`, prefetches
  /// the out-list of the source kListPrefetchDistance in-edges ahead, and
  /// its offsets twice as far ahead, so that they are in cache when the
  /// list's address is computed (see sourceListOffsets).
  void prefetchSourceLists(OpBuilder &b, Value k, Value end, Value neighbors);
  static constexpr int64_t kListPrefetchDistance = 4;
  void emitPushEdges(OpBuilder &b, const ScannedVertex &source);
  void emitPullEdges(OpBuilder &b, const ScannedVertex &destination);

  EdgeSetApplyOp op;
  RewriterBase &rewriter;
  const ExecutionModel &execution;
  const EdgeScan &edgeScan;
  Location loc;
  ScheduleAttr sched;
  bool push, parallel, marksPushOutput;
  ReduceOp accumulated;
  /// A push with dedup whose first write of a vertex closes its filter.
  bool writesClaimVertices;
  /// The slot map and owned range of findSourceSlotMap's lookup, and in a
  /// pull over the graph's in-edges the graph.mirror_sources array that
  /// gives each in-edge's source slot.
  Value sourceSlotMap, sourceOwnedBegin, sourceOwnedEnd, sourceSlots;
  /// A push over a distributed graph: the rank's out-offsets are indexed by
  /// slot (the rows of its owned vertices and mirrors only, the runtime's
  /// rt_partition.csr_off). For each such offsets array graphArrays made,
  /// the graph's slot map and the rank's owned range.
  struct SlotRows {
    Value slots, ownedBegin, ownedEnd;
  };
  DenseMap<Value, SlotRows> slotRowsOf;

  /// A sparse push hands out chunks of at most 1/(this x threads) of its
  /// frontier: enough for a few heavy vertices to spread over the threads,
  /// few enough that handing out chunks (an atomic on a shared line each)
  /// stays cheap in the thousands of small rounds of a road network.
  static constexpr int64_t kChunksPerThread = 4;
  /// Vertices whose bits fill one 64-byte cache line of a bitvector.
  static constexpr int64_t kBitsPerLine = 512;

  // Set up by `emit` before the vertex loop runs, and not changed after.
  Value fromIds;
  /// Dense views of the source and destination frontiers, when given so.
  std::unique_ptr<DenseFrontier> fromDense, toDense;
  /// What a push prefetches ahead (destinationData), when it does.
  SmallVector<std::pair<Value, bool>> prefetched;
  /// With `prefetched` in a push without an input frontier (a scan of every
  /// vertex in id order), whether the graph's edges mostly reach far ids
  /// (i1, from graph.near_edge_share): the prefetch runs only then. Null
  /// where the prefetch always runs.
  Value farEdges;
  /// The out-adjacency of the graph whose list a pull's body reads at the
  /// source (graph.common_neighbors: triangle counting's intersections);
  /// null if it reads none. Each in-edge then waits on two dependent
  /// random reads, the source's offsets and its list, that the hardware
  /// cannot start early.
  Value sourceListOffsets, sourceListNeighbors;
  /// Where the output vertices go; null without an output.
  std::unique_ptr<OutputFrontier> output;
  /// The vectors that the body writes only at its source, by reductions and
  /// assignments, and that nothing else in the op may write (another
  /// vector written elsewhere is known apart only when both are distinct
  /// allocations): a push's thread scanning its source alone
  /// (ScannedVertex::exclusive) is their only writer there.
  SmallPtrSet<Value, 4> writtenAtSourceOnly;
};

} // namespace mlir::graph

#endif // GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_TRAVERSAL_H
