//===- Frontier.h - frontier layouts of the traversal emitter ---*- C++ -*-===//
//
// How a traversal reads its input frontiers and where its output vertices
// go, apart from the loops that scan them (Traversal.h), as SparseTensor
// keeps its level storage apart from its loop emitter. Frontier.cpp holds
// the CPU layouts: dense views (a bitvector or a bool array) that a pull
// reads and marks, and a push's output ids, which each thread of a parallel
// loop buffers in blocks. A GPU's device bitmap or atomically appended queue
// would be another OutputFrontier in its own file.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_FRONTIER_H
#define GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_FRONTIER_H

#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"

namespace mlir::graph {

/// A one-dimensional memref of `element`s of unknown size, as vertex set
/// views and adjacency arrays are typed.
inline MemRefType memrefOf(Type element) {
  return MemRefType::get({ShapedType::kDynamic}, element);
}

/// The word of a bitvector holding vertex `v`'s bit, and that bit as a
/// mask (an i64).
std::pair<Value, Value> bitOf(OpBuilder &b, Location loc, Value v);

/// The state a thread keeps of the output frontier while it runs its share
/// of a vertex loop: its own in a parallel loop (OutputFrontier::openThread),
/// the shared one otherwise.
struct ThreadOutput {
  /// The members counted so far and their out-degree sum ([2 x i64]); null
  /// when the output is not counted.
  Value stats;
  /// In a parallel push, the ids the thread has not yet moved to the output
  /// (a block of IdOutput::kIdBlock, Frontier.cpp) and their count
  /// ([1 x i64]); null otherwise.
  Value ids, idCount;
  /// Whether other threads count into `stats` at the same time (a parallel
  /// loop whose threads keep no state of their own): counts are atomic.
  bool sharedByThreads = false;
};

/// What a vertex loop (TraversalEmitter::emitVertexLoop) hands its body.
struct LoopFrame {
  /// The iteration's index; null after the loop (in its tail).
  Value index;
  /// Whether the loop hands each thread whole 64-vertex words of a
  /// bitvector indexed by `index`.
  bool ownsWords = false;
  /// Whether other threads run the loop at the same time: the body's shared
  /// writes are then atomic.
  bool concurrent = false;
  ThreadOutput output;
};

/// A vertex set as a traversal reads it densely: a bitvector or a bool
/// array (one byte a vertex).
class DenseFrontier {
public:
  /// The view of `set` that the schedule lays out for `side` of the
  /// traversal: a bitvector if it asks for one there, else bools.
  DenseFrontier(OpBuilder &b, Location loc, Value set, ScheduleAttr sched,
                FrontierSets side);

  bool isBits() const { return bits; }
  /// Whether `v` is a member (i1).
  Value contains(OpBuilder &b, Location loc, Value v) const;
  /// Makes `v` a member, with a plain read-modify-write if `exclusive` (no
  /// other thread writes `v`'s byte or word) or else an atomic of
  /// `execution`; returns whether it was not a member before (i1).
  Value mark(OpBuilder &b, Location loc, const ExecutionModel &execution,
             Value v, bool exclusive) const;

private:
  Value view;
  bool bits;
};

/// Where a traversal's output vertices go. Created before the vertex loop,
/// which opens and closes every thread's share of it; sealed after it into
/// the vertex set that replaces the traversal's result.
class OutputFrontier {
public:
  /// The output of `op`, emitted at `b`: dense marks if `marks` (a pull),
  /// else ids. `claimsVertices`: the push's winning write lets each vertex
  /// in once, so it needs no flags to keep its output distinct.
  static std::unique_ptr<OutputFrontier> create(OpBuilder &b, EdgeSetApplyOp op,
                                                bool claimsVertices,
                                                const ExecutionModel &execution,
                                                bool marks);
  virtual ~OutputFrontier() = default;

  /// The state a serial loop uses: the shared one.
  ThreadOutput shared() const { return {stats, {}, {}}; }
  /// Whether each thread of a parallel loop keeps state of its own.
  virtual bool keepsThreadState() const { return bool(stats); }
  /// At the head of a thread's share of a parallel loop: its own state.
  virtual ThreadOutput openThread(OpBuilder &b);
  /// After the thread's share: moves its state to the shared one.
  virtual void closeThread(OpBuilder &b, const ThreadOutput &thread);
  /// Whether the vertices are marked in a bitvector: a parallel loop
  /// marking them by its index then hands each thread whole cache lines.
  virtual bool marksBits() const { return false; }
  /// Adds `v`, from within the loop `frame`; `ownsVertex`: only this thread
  /// adds `v`.
  virtual void add(OpBuilder &b, const LoopFrame &frame, Value v,
                   bool ownsVertex) = 0;
  /// After the loops: the output's vertex set, its buffers released.
  virtual Value seal(OpBuilder &b) = 0;

protected:
  OutputFrontier(EdgeSetApplyOp op, const ExecutionModel &execution, Value set)
      : op(op), loc(op.getLoc()), execution(execution), set(set) {}
  /// Allocates the shared counters (and the graph's out-offsets to count
  /// degrees with), zeroed.
  void allocateStats(OpBuilder &b);
  /// A thread's own counters, set to `zero` (an i64); null when the output
  /// is not counted.
  Value allocateThreadStats(OpBuilder &b, Value zero);
  /// Adds member `v` and its out-degree to the thread's counters.
  void countMember(OpBuilder &b, const ThreadOutput &thread, Value v);
  Value constIndex(OpBuilder &b, int64_t v) const;

  EdgeSetApplyOp op;
  Location loc;
  const ExecutionModel &execution;
  Value set;
  /// The shared counters (ThreadOutput::stats) and the graph's out-offsets;
  /// null when the output is not counted.
  Value stats, outOffsets;
};

} // namespace mlir::graph

#endif // GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_FRONTIER_H
