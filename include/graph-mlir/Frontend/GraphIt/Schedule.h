//===- Schedule.h - GraphIt scheduling language -----------------*- C++ -*-===//

#ifndef GRAPH_MLIR_FRONTEND_GRAPHIT_SCHEDULE_H
#define GRAPH_MLIR_FRONTEND_GRAPHIT_SCHEDULE_H

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Frontend/GraphIt/GraphIt.h"
#include "graph-mlir/Frontend/GraphIt/Sema.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::graph::graphit {

/// The schedules of one label: for its edgeset traversals, and for its
/// vertex set operations (which only take `parallel` and `grain`).
struct LabelSchedule {
  ScheduleAttr edges;
  ScheduleAttr vertices;
};

struct ResolvedSchedule {
  llvm::StringMap<LabelSchedule> byLabel;
  /// The schedule of the traversal that updates each priority queue: its
  /// delta, open buckets and strategy size the queue.
  llvm::DenseMap<const VarDecl *, ScheduleAttr> queues;
  /// `fuseFields` groups, recorded on the module as `graph.fused_fields`.
  std::vector<std::vector<std::string>> fusedFields;
  /// Set when compiling for the GPU, where every edgeset apply has a GPU
  /// schedule: this one (GraphIt's default SimpleGPUSchedule) unless its
  /// label has one. Vertex set operations then have none.
  ScheduleAttr gpuDefault;
  /// Labels of the `while` loops whose GPU schedule enables kernel fusion,
  /// and how (ENABLED or SPLIT).
  llvm::StringMap<GpuKernelFusion> fusedLoops;
};

/// Maps scheduling calls onto #graph.schedule attributes, checking labels,
/// functions and options against what the program offers. Calls of the
/// other target's language are checked, then ignored with one warning.
FailureOr<ResolvedSchedule> resolveSchedule(ArrayRef<ScheduleCall> calls,
                                            const Program &program,
                                            const ProgramInfo &info,
                                            MLIRContext *context,
                                            ScheduleTarget target);

} // namespace mlir::graph::graphit

#endif // GRAPH_MLIR_FRONTEND_GRAPHIT_SCHEDULE_H
