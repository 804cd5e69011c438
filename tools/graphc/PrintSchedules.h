//===- PrintSchedules.h - graphc --print-schedules ----------------*- C++
//-*-===//
//
// What a program was compiled with: every labelled traversal's effective
// schedule, defaults included, each option with the scheduling call that set
// it, so that a schedule that silently did not apply is visible.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHC_PRINTSCHEDULES_H
#define GRAPHC_PRINTSCHEDULES_H

#include "graph-mlir/Frontend/GraphIt/GraphIt.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace graphc {

/// Prints, for each op of `module` with a label and a schedule, every option
/// of its schedule and where it came from: the last call of `calls` that
/// sets it for that label, or "default". For the GPU target, the options
/// of each edgeset apply's GPU schedule (a hybrid's `otherwise` schedule
/// prefixed `otherwise.`), each with the config call of the schedule
/// variable that the label's applyGPUSchedule used.
void printSchedules(mlir::ModuleOp module,
                    llvm::ArrayRef<mlir::graph::graphit::ScheduleCall> calls,
                    llvm::raw_ostream &os,
                    mlir::graph::graphit::ScheduleTarget target =
                        mlir::graph::graphit::ScheduleTarget::CPU);

} // namespace graphc

#endif // GRAPHC_PRINTSCHEDULES_H
