//===- GpuExecution.h - the traversal emitter's GPU hooks -------*- C++ -*-===//
//
// The hooks graph-lower-gpu gives the traversal emitter (Traversal.h): an
// execution model whose parallel loops are gpu.launch kernels, and an edge
// scan that spreads a vertex's edges over a group of lanes. Both read the
// LaneGroup that the GPU vertex loop sets before each loop it emits: how many
// consecutive threads scan one vertex (a thread, a warp or a block), or, in
// an edge-parallel loop, the one edge a thread visits.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_GPUEXECUTION_H
#define GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_GPUEXECUTION_H

#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::graph {

/// Threads of one kernel block.
constexpr int64_t kGpuBlockThreads = 256;
/// Threads of one warp.
constexpr int64_t kGpuWarpLanes = 32;
/// Entries of a prefix sum that one thread sums serially.
constexpr int64_t kScanChunk = 32;
/// The most threads of a kernel walking edge_only's edge blocks.
constexpr int64_t kEdgeBlockThreads = 256 * kGpuBlockThreads;

/// How the next loop maps iterations to GPU threads.
struct LaneGroup {
  /// Consecutive threads per iteration: 1, kGpuWarpLanes or
  /// kGpuBlockThreads.
  int64_t lanes = 1;
  /// In an edge-parallel loop, the edge (an index into the neighbour array)
  /// the calling thread visits, set by the loop's body before it scans the
  /// edge's source; null otherwise.
  Value edge;
};

/// Parallel loops as kernels: `for i in [lb, ub)` becomes a gpu.launch of
/// enough 256-thread blocks that `group.lanes` threads take each iteration.
class GpuExecution : public ExecutionModel {
public:
  explicit GpuExecution(const LaneGroup &group) : group(group) {}
  void emitParallelLoop(OpBuilder &builder, Location loc, Value lb, Value ub,
                        Value step, Parallelization parallel, Value chunk,
                        const TeamSpec &team, LoopBody body,
                        ThreadCallback head,
                        ThreadCallback tail) const override;
  Value allocateThreadPrivate(OpBuilder &builder, Location loc,
                              MemRefType type) const override;
  Value emitAtomic(OpBuilder &builder, Location loc, arith::AtomicRMWKind kind,
                   Value value, Value memref,
                   ValueRange indices) const override;
  bool runsIterationPerThread() const override { return true; }

private:
  const LaneGroup &group;
};

/// A vertex's edges over the lanes of its group: lane `l` visits entries
/// `a + l + lanes * j` from `a`, the entry before the vertex's first that
/// starts a 128-byte line of 4-byte ids, so that a warp's reads are merged
/// and aligned (EMOGI); lanes before the first entry idle. A fold keeps
/// each lane's part in a register and combines the group's parts with
/// graph.group_reduce, whose body (one thread) finishes the vertex; a
/// search stops each lane at its next entry once the vertex is closed.
/// With one lane, the serial scan; in an edge-parallel loop, only the
/// group's edge.
class LaneEdgeScan : public EdgeScan {
public:
  explicit LaneEdgeScan(const LaneGroup &group) : group(group) {}
  Value emitForEach(OpBuilder &b, Location loc, Value begin, Value end,
                    Value init, Visit visit) const override;
  void emitFold(OpBuilder &b, Location loc, Value begin, Value end, Value init,
                ReduceKind kind, Visit visit, Finish finish) const override;
  void emitSearch(OpBuilder &b, Location loc, Value begin, Value end, Test test,
                  VisitWhile visit, StillOpen open) const override;
  bool sharesVertex() const override { return group.lanes > 1; }

private:
  /// The calling thread's lane in its group, and the first entry it visits
  /// for a vertex whose entries start at `begin`.
  std::pair<Value, Value> laneStart(OpBuilder &b, Location loc,
                                    Value begin) const;
  /// The lane's entries of [begin, end) from `first`, folding `init` (if
  /// given) through `visit`; returns the lane's result or null.
  Value emitStrided(OpBuilder &b, Location loc, Value first, Value begin,
                    Value end, Value init, Visit visit) const;

  const LaneGroup &group;
};

/// The unit attribute of a fused loop's gpu.launch whose phases
/// graph-split-grid-phases launches one by one (kernel fusion `split`).
constexpr llvm::StringLiteral kSplitLaunchesAttr = "graph.split_launches";

/// Kernel fusion: moves `loop`, whose traversals and vertex loops are
/// gpu.launch kernels already, into one kernel named graph_grid_<number>,
/// which libgraphrt launches cooperatively (GpuFusion.cpp). Returns why it
/// cannot, changing nothing but hoisting loop-invariant host ops, or "".
/// `split`: the kernel gets kSplitLaunchesAttr instead of the unfused loop
/// beside it, for graph-split-grid-phases, and a loop whose host code reads
/// edges placed on the device does not fuse.
std::string fuseGpuLoop(scf::WhileOp loop, unsigned kernelNumber, bool split,
                        RewriterBase &rewriter);

/// Gives every index check in `launch` a failure record, allocated and
/// zeroed before the kernel, and checks the index it recorded on the host
/// after the kernel, which stops the program as the check would have.
void deferChecks(gpu::LaunchOp launch, RewriterBase &rewriter);

/// Makes the graph arrays that `launch` reads but the traversal did not
/// place (the out-offsets its output counts degrees with) a placed copy: the
/// graph's own arrays are host memory that a kernel cannot read. The copy
/// goes right before `launch`.
void placeCapturedEdges(gpu::LaunchOp launch, RewriterBase &rewriter);

/// Moves every placed look-up of graph arrays (graph.adjacency and
/// graph.adjacency_weights with a placement, graph.edge_blocks) of host code
/// under `root` before the outermost loop around it that defines none of its
/// operands, in program order, and replaces one by an equal look-up already
/// there: the look-up returns the same arrays in every step.
void hoistPlacedLookups(Operation *root, RewriterBase &rewriter);

} // namespace mlir::graph

#endif // GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_GPUEXECUTION_H
