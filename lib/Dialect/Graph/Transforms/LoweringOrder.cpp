//===- LoweringOrder.cpp - which pass lowers an edgeset.apply -------------===//

#include "graph-mlir/Dialect/Graph/Transforms/LoweringOrder.h"

using namespace mlir;
using namespace mlir::graph;

StringRef mlir::graph::getLoweringPass(ApplyLowering step) {
  switch (step) {
  case ApplyLowering::Gpu:
    return "graph-lower-gpu";
  case ApplyLowering::Segment:
    return "graph-segment";
  case ApplyLowering::PriorityUpdates:
  case ApplyLowering::BucketFusion:
    return "graph-lower-priority";
  case ApplyLowering::Async:
    return "graph-lower-async";
  case ApplyLowering::HybridSplit:
  case ApplyLowering::Direction:
    return "graph-lower-direction";
  case ApplyLowering::Numa:
    return "graph-numa";
  }
  llvm_unreachable("unknown ApplyLowering");
}

/// The schedule option or operand that decided `step`.
static void printReason(InFlightDiagnostic &diag, EdgeSetApplyOp apply,
                        ApplyLowering step) {
  ScheduleAttr sched = apply.getScheduleOrDefault();
  switch (step) {
  case ApplyLowering::Gpu:
    diag << "gpu = " << Attribute(sched.getGpu());
    return;
  case ApplyLowering::Segment:
    if (sched.getSegmentsArgv())
      diag << "segments = argv[" << sched.getSegmentsArgv() << "]";
    else
      diag << "segments = " << sched.getSegments();
    return;
  case ApplyLowering::PriorityUpdates:
    diag << "update_priority";
    return;
  case ApplyLowering::BucketFusion:
    diag << "priority_update = eager_with_fusion";
    return;
  case ApplyLowering::Async:
    diag << "async";
    return;
  case ApplyLowering::HybridSplit:
  case ApplyLowering::Direction:
    diag << "direction = " << stringifyDirection(sched.getDirection());
    return;
  case ApplyLowering::Numa:
    diag << "numa = " << stringifyNumaMode(sched.getNuma());
    return;
  }
}

LogicalResult
mlir::graph::checkLoweredBefore(Operation *root, StringRef pass,
                                std::optional<ApplyLowering> first) {
  WalkResult early = root->walk([&](EdgeSetApplyOp apply) {
    ApplyLowering step = apply.getLowering();
    if (first && step >= *first)
      return WalkResult::advance();
    InFlightDiagnostic diag =
        apply.emitError("graph.edgeset.apply must be ")
        << (step == ApplyLowering::Segment ? "segmented" : "lowered") << " by "
        << getLoweringPass(step) << " before " << pass << " (";
    printReason(diag, apply, step);
    diag << ")";
    return WalkResult::interrupt();
  });
  return failure(early.wasInterrupted());
}

void mlir::graph::printTraversal(llvm::raw_ostream &os, EdgeSetApplyOp op) {
  if (std::optional<StringRef> label = op.getLabel())
    os << "'" << *label << "'";
  else
    os << "an unlabelled traversal";
  os << " at " << op.getLoc() << ", " << Attribute(op.getScheduleOrDefault())
     << "\n";
}
