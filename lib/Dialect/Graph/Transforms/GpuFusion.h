//===- GpuFusion.h - what kernel fusion's files share ----------*- C++ -*-===//
//
// Kernel fusion (fuseGpuLoop, GpuExecution.h) is cut by concern:
// GpuFusion.cpp checks a loop and moves it into one cooperative kernel;
// GpuFusionMaps.cpp emits the kernels that keep a frontier on the device
// (id queues and bit or byte maps); GpuFusionQueues.cpp keeps a priority
// queue's buckets there, GpuFusionLists.cpp the levels of a list of vertex
// sets.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_GPUFUSION_H
#define GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_GPUFUSION_H

#include "Frontier.h"
#include "GpuExecution.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <string>

namespace mlir::graph {

/// A loop over the buckets of a priority queue (GraphIt's delta-stepping:
/// `while (pq.finished() == false)` around `pq.dequeue_ready_set()` and a
/// traversal updating the queue), as graph-lower-gpu left it: the ops on
/// the queue, which run on the host.
struct QueueLoop {
  Value queue;
  PriorityQueueFinishedOp finished;
  PriorityQueueDequeueOp dequeue;
  SmallVector<PriorityQueueRequeueOp> requeues;
  SmallVector<PriorityQueueOverflowOp> overflows;
  SmallVector<PriorityQueueEdgesOp> edges;
};

/// A list of vertex sets a loop appends to or pops from, and those ops.
struct DeviceList {
  Value list;
  SmallVector<ListAppendOp> appends;
  SmallVector<ListPopOp> pops;
};

/// A list a fused loop appends to, which may stop the loop for room
/// (graph.list.device_resume): `next` when it appends the next frontier,
/// which the loop's last frontier then is.
struct ListResume {
  Value list;
  bool next;
};

//===----------------------------------------------------------------------===//
// The frontier on the device (GpuFusionMaps.cpp)
//===----------------------------------------------------------------------===//

/// A kernel of a thread per `i` in [0, count), a phase once fused.
void emitKernel(OpBuilder &b, Location loc, Value count,
                function_ref<void(OpBuilder &, Value)> body);
/// The 64-bit words of a bit map of `vertices` vertices.
Value mapWords(OpBuilder &b, Location loc, Value vertices);
/// Clears a bit map (`bits`) or byte map of `vertices` vertices by a kernel.
void clearMap(OpBuilder &b, Location loc, Value map, bool bits, Value vertices);
/// Marks the first `count` ids of `queue` in a cleared map, by a kernel.
void fillMap(OpBuilder &b, Location loc, Value map, bool bits, Value queue,
             Value count);
/// In a kernel: whether vertex `v` is marked in a bit map (`bits`) or byte
/// map.
Value isMarked(OpBuilder &b, Location loc, Value map, bool bits, Value v);
/// Appends the vertices marked in `map` to `queue`, by a kernel of a thread
/// per vertex; `moved` (memref<1xi64>) counts them.
void mapToQueue(OpBuilder &b, Location loc, Value map, bool bits,
                Value vertices, Value queue, Value moved);
/// Replaces graph.vertexset.ids `op` by the first `count` ids of `queue`.
void replaceIds(Operation *op, Value queue, Value count,
                RewriterBase &rewriter);

//===----------------------------------------------------------------------===//
// A priority queue's buckets on the device (GpuFusionQueues.cpp)
//===----------------------------------------------------------------------===//

/// Why the priority-queue ops of `loop` keep it from running as one kernel,
/// or "" when they do not (or when it has none); fills `pq`.
std::string whyNotQueueLoop(scf::WhileOp loop, QueueLoop &pq);
/// Moves the buckets of `pq`'s queue into device memory for the loop;
/// returns the ready set's size in a step and the vertex count.
std::pair<Value, Value> keepBucketsOnDevice(scf::WhileOp loop, QueueLoop &pq,
                                            RewriterBase &rewriter);

//===----------------------------------------------------------------------===//
// Lists of vertex sets on the device (GpuFusionLists.cpp)
//===----------------------------------------------------------------------===//

/// Why the lists of vertex sets `loop` uses cannot keep their levels on the
/// device, or "" when they can (or it uses none); fills `lists`.
std::string whyNotDeviceLists(scf::WhileOp loop,
                              SmallVector<DeviceList> &lists);
/// Keeps the levels of `lists` on the device for `loop`; returns the sets'
/// vertex count, or null when the loop reads no graph to take it from.
Value keepListsOnDevice(scf::WhileOp loop, ArrayRef<DeviceList> lists,
                        SmallVector<ListResume> &resumes,
                        RewriterBase &rewriter);
/// Runs `loop` again while a list it appends to stopped it for room;
/// returns the new loop.
scf::WhileOp resumeWhileFull(scf::WhileOp loop, ArrayRef<Operation *> front,
                             ArrayRef<Operation *> back,
                             ArrayRef<ListResume> resumes,
                             RewriterBase &rewriter);

} // namespace mlir::graph

#endif // GRAPH_MLIR_LIB_DIALECT_GRAPH_TRANSFORMS_GPUFUSION_H
