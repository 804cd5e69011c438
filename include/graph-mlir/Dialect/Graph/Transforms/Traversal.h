//===- Traversal.h - the traversal emitter lowerings share ------*- C++ -*-===//
//
// Every lowering of a single-direction graph.edgeset.apply emits the same
// inner traversal: for each scanned vertex the loop over its edges, the
// frontier and filter tests, the body with its writes adapted (atomics, a
// CAS for tracked assignments, register accumulation in pull) and the output
// frontier. TraversalEmitter owns all of that. Two hooks vary per lowering:
//
//  - a VertexLoop says how the outer loop over scanned vertices runs: over
//    the whole graph (AdjacencyLoop), segment by segment (SegmentLoop), per
//    socket (graph-numa's SocketLoop), later per rank or per GPU thread;
//  - a Destination says how a pull's contribution reaches the destination
//    vertex: kept in a register and written to the vertex's element
//    (VectorDestination), to a per-socket buffer, later a message buffer.
//
// A new lowering writes a VertexLoop (and, if it needs one, a Destination)
// in its own file and calls TraversalEmitter::emit from its pattern.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_TRAVERSAL_H
#define GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_TRAVERSAL_H

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::graph {

class TraversalEmitter;

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
  virtual void store(OpBuilder &b, Value dst, Value initial, Value final) = 0;
};

/// The accumulated vector's element of the destination, reporting a change
/// to the output frontier when the traversal tracks that vector.
class VectorDestination : public Destination {
public:
  VectorDestination(TraversalEmitter &emitter, bool ownsVertex)
      : emitter(emitter), owned(ownsVertex) {}
  bool ownsVertex() const override { return owned; }
  Value load(OpBuilder &b, Value dst) override;
  void store(OpBuilder &b, Value dst, Value initial, Value final) override;

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
  /// In a push, the position of the vertex the loop scans
  /// TraversalEmitter::kPrefetchDistance iterations later (the loop's last
  /// near its end), whose destinations' data the emitter prefetches; null
  /// where the loop gives none.
  Value ahead;
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

/// Every vertex of the graph, or with a sparse frontier every frontier
/// vertex, in one loop following the schedule over the whole graph's arrays.
class AdjacencyLoop : public VertexLoop {
public:
  void emit(TraversalEmitter &emitter, OpBuilder &b, VertexBody body) override;
};

/// The traversal's segments one after another, each scanned by one loop
/// following the schedule, so that the vertex data a segment reads at random
/// (sources for pull, destinations for push) stays in cache.
class SegmentLoop : public VertexLoop {
public:
  void emit(TraversalEmitter &emitter, OpBuilder &b, VertexBody body) override;
};

/// Emits one single-direction graph.edgeset.apply as loops and replaces it.
class TraversalEmitter {
public:
  TraversalEmitter(EdgeSetApplyOp op, RewriterBase &rewriter);

  /// Emits the traversal with `loop` as its outer loop in place of the op,
  /// replaces the op's result with the output frontier, and erases it.
  void emit(VertexLoop &loop);

  /// How many scanned vertices ahead a push prefetches.
  static constexpr int64_t kPrefetchDistance = 16;

  // Building blocks for VertexLoop and Destination implementations.
  EdgeSetApplyOp getOp() const { return op; }
  ScheduleAttr getSchedule() const { return sched; }
  Location getLoc() const { return loc; }
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
  /// `for i in [lb, ub)` with the schedule's parallelization and grain, the
  /// team (if parallel) built with `team`'s clauses; `tail` as for
  /// buildVertexLoop. Every loop of a traversal with a dense output frontier
  /// is one of these: each thread counts the members it marks on its own.
  void emitVertexLoop(OpBuilder &b, Value lb, Value ub,
                      function_ref<void(OpBuilder &, Value)> body,
                      const omp::ParallelOperands &team = {},
                      function_ref<void(OpBuilder &, Location)> tail = {});
  /// Calls `body` for every vertex of the `segment`-th segment, in one
  /// `emitVertexLoop`, the contributions going to `destination`.
  void scanSegment(OpBuilder &b, Value segment, Destination &destination,
                   VertexBody body, const omp::ParallelOperands &team = {});
  /// Adds `v` to the output frontier; the op must track a vector.
  /// `ownsVertex`: in a pull, only this thread marks `v`.
  void markModified(OpBuilder &b, Value v, bool ownsVertex);
  Value loadIndex(OpBuilder &b, Value memref, Value i);
  Value constIndex(OpBuilder &b, int64_t v);

private:
  /// A dense frontier view: a bitvector if the schedule asks for one for
  /// this side of the traversal, else a bool array.
  struct DenseSet {
    Value view;
    bool isBits = false;
  };
  /// What a destination's tests give: whether it passes (null: always),
  /// and the tracked element the destination filter read, which a CAS
  /// replacing an assignment to it expects.
  struct DestinationTest {
    Value pass, trackedRead;
  };

  DenseSet denseView(OpBuilder &b, Value set, FrontierSets side);
  /// The word of a bitvector holding `v`'s bit, and that bit as a mask.
  std::pair<Value, Value> bitOf(OpBuilder &b, Value v);
  Value contains(OpBuilder &b, const DenseSet &set, Value v);
  /// A pull's mark of `dst` in the dense output; the first mark of a vertex
  /// adds it (and its out-degree) to the thread's counters.
  void markDense(OpBuilder &b, Value dst, bool ownsVertex);
  /// Adds output member `dst`, and its out-degree, to the thread's counters.
  void countMember(OpBuilder &b, Value dst);
  /// Clones a filter region for vertex `v`; returns its i1 answer.
  Value emitFilter(OpBuilder &b, Region &filter, Value v, IRMapping &mapping);
  /// Whether `src` passes the source frontier and filter (null: always).
  Value sourcePasses(OpBuilder &b, Value src);
  DestinationTest destinationPasses(OpBuilder &b, Value dst);
  Value edgeWeight(OpBuilder &b, Value weights, Value k);
  /// Clones the body for one edge and adapts its writes (atomics, CAS, marks
  /// of modified destinations). With `accumulator`, the accumulated reduce
  /// becomes a combine with it; returns the combined value.
  Value emitBody(OpBuilder &b, const ScannedVertex &scanned, Value src,
                 Value dst, Value weight, Value trackedRead,
                 Value accumulator = {});
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
  /// destination data the body will touch there.
  void prefetchAhead(OpBuilder &b, const ScannedVertex &source);
  /// In a pull scanning in-edge `k` of `[.., end)` of `neighbors`, prefetches
  /// the out-list of the source kListPrefetchDistance in-edges ahead, and
  /// its offsets twice as far ahead, so that they are in cache when the
  /// list's address is computed (see sourceListOffsets).
  void prefetchSourceLists(OpBuilder &b, Value k, Value end, Value neighbors);
  static constexpr int64_t kListPrefetchDistance = 4;
  void emitPushEdges(OpBuilder &b, const ScannedVertex &source);
  void emitPullEdges(OpBuilder &b, const ScannedVertex &destination);
  /// The first position in [from, end) of `neighbors` whose source passes
  /// the source tests, or `end`.
  Value nextPassingEdge(OpBuilder &b, Value from, Value end, Value neighbors);

  EdgeSetApplyOp op;
  RewriterBase &rewriter;
  Location loc;
  ScheduleAttr sched;
  bool push, parallel;
  ReduceOp accumulated;
  /// A push with dedup whose first write of a vertex closes its filter.
  bool writesClaimVertices;

  /// Adds vertex `dst` to a push's output ids: at a slot taken from the
  /// shared count, or in a parallel loop into the thread's buffer, which
  /// moves to the output a whole block at a time.
  void appendOutput(OpBuilder &b, Value dst);
  /// Moves the first `count` (i64) ids of the thread's buffer to the output.
  void flushIds(OpBuilder &b, Value count);
  /// Ids a thread buffers (on its stack) before moving them to the output.
  static constexpr int64_t kIdBlock = 2048;
  /// A sparse push hands out chunks of at most 1/this of its frontier.
  static constexpr int64_t kChunksPerFrontier = 64;
  /// Vertices whose bits fill one 64-byte cache line of a bitvector.
  static constexpr int64_t kBitsPerLine = 512;

  // Set up by `emit` before the vertex loop runs.
  Value fromIds;
  DenseSet fromDense, toDense;
  /// What a push prefetches ahead (destinationData), when it does.
  SmallVector<std::pair<Value, bool>> prefetched;
  /// The out-adjacency of the graph whose list a pull's body reads at the
  /// source (graph.common_neighbors: triangle counting's intersections);
  /// null if it reads none. Each in-edge then waits on two dependent
  /// random reads, the source's offsets and its list, that the hardware
  /// cannot start early.
  Value sourceListOffsets, sourceListNeighbors;
  Value out, outFlags, outIds, outCount;
  /// A pull's dense output view. The graph's out-offsets and the output's
  /// members and their out-degree sum counted so far ([2 x i64]), shared
  /// and (in the innermost parallel loop) the thread's own: in every pull,
  /// and in pushes whose output's degree sum is needed next.
  DenseSet outDense;
  Value outOffsets, outStats, threadStats;
  /// The innermost vertex loop's index, and whether that loop hands each
  /// thread whole 64-vertex words of a bitvector indexed by it.
  Value loopIndex;
  bool loopOwnsWords = false;
  /// In a parallel push, the thread's buffer of output ids and its count
  /// ([1 x i64]).
  Value threadIds, threadIdCount;
};

} // namespace mlir::graph

#endif // GRAPH_MLIR_DIALECT_GRAPH_TRANSFORMS_TRAVERSAL_H
