//===- Schedule.h - GraphIt scheduling language -----------------*- C++ -*-===//

#ifndef GRAPH_MLIR_FRONTEND_GRAPHIT_SCHEDULE_H
#define GRAPH_MLIR_FRONTEND_GRAPHIT_SCHEDULE_H

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Frontend/GraphIt/Sema.h"

#include "llvm/ADT/StringMap.h"

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
};

/// Maps scheduling calls onto #graph.schedule attributes, checking labels,
/// functions and options against what the program offers.
FailureOr<ResolvedSchedule> resolveSchedule(ArrayRef<ScheduleCall> calls,
                                            const Program &program,
                                            const ProgramInfo &info,
                                            MLIRContext *context);

} // namespace mlir::graph::graphit

#endif // GRAPH_MLIR_FRONTEND_GRAPHIT_SCHEDULE_H
