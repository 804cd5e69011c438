//===- GraphIt.h - GraphIt frontend entry points ----------------*- C++ -*-===//
//
// Imports GraphIt programs (see docs/Language.md) as graph dialect IR:
// `func.func @main()` for the program's main and
// `func.func @graphit_export_<name>` for each export function, into which
// every user function is inlined (apply and filter functions become the
// regions of graph.edgeset.apply, graph.vertexset.apply and
// graph.vertexset.filter). Extern functions become declarations; globals
// that export functions keep between calls, graph.global slots.
//
// Types: int and uint are i32 (uint divides, compares and converts
// unsigned, prints as i32), uint_64 is i64, float f32, double f64, bool i1,
// Vertex index, vector{Vertex}(T) !graph.vector<T>, vector[K](T)
// !graph.vector<KxT>, and vectors of rows: vector{Vertex}(vector[K](T))
// !graph.vector<?xKxT> and vector[K](vector[M](T)) !graph.vector<KxMxT>.
//
// Schedule: each labelled statement's traversals get label("s0:s1") and the
// #graph.schedule of its scheduling calls; an optional trailing direction
// argument is checked and the option applies to the whole traversal.
// `program->fuseFields({a, b})` is recorded as the module attribute
// `graph.fused_fields = [["a", "b"]]`. For the GPU target every
// graph.edgeset.apply gets #graph.schedule<gpu = #graph.gpu_schedule<...>>
// from its label's applyGPUSchedule (GraphIt's default SimpleGPUSchedule
// without one), vertex set operations no schedule, and a `while` loop whose
// label's GPU schedule enables kernel fusion the unit attribute
// `graph.kernel_fusion`. See docs/Language.md.
//
// Diagnostics are reported through the MLIRContext with FileLineColLoc
// locations naming the buffers' identifiers; install an
// mlir::SourceMgrDiagnosticHandler on the same llvm::SourceMgr to print
// them as `file:line:col: error: ...` with the source line and a caret.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_FRONTEND_GRAPHIT_GRAPHIT_H
#define GRAPH_MLIR_FRONTEND_GRAPHIT_GRAPHIT_H

#include "graph-mlir/Frontend/GraphIt/AST.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::graph::graphit {

/// The scheduling calls of a `schedule:` section, parsed but not yet checked
/// against a program (that happens in importGraphIt).
struct Schedule {
  std::vector<ScheduleCall> calls;
};

/// Parses the schedule in buffer `bufferId` of `sourceMgr`: the part after
/// its `schedule:` line, or the whole buffer when it has none (so both a
/// full .gt file and a file of bare `program->...;` lines work).
FailureOr<Schedule> parseGraphItSchedule(llvm::SourceMgr &sourceMgr,
                                         unsigned bufferId,
                                         MLIRContext *context);

/// The machine a program is compiled for, which decides the scheduling
/// calls that apply: GraphIt's CPU calls (`program->configApply...`) or its
/// GPU ones (`SimpleGPUSchedule s; ...; program->applyGPUSchedule`). The
/// others are checked, then ignored with one warning at the first.
enum class ScheduleTarget { CPU, GPU };

/// Imports the GraphIt program in the main buffer of `sourceMgr`. A non-null
/// `scheduleOverride` replaces the program's own `schedule:` section. Loads
/// the dialects the IR uses; returns null after reporting errors.
OwningOpRef<ModuleOp>
importGraphIt(llvm::SourceMgr &sourceMgr, MLIRContext *context,
              const Schedule *scheduleOverride = nullptr,
              ScheduleTarget target = ScheduleTarget::CPU);

/// Dialects of the imported IR: graph, func, arith, scf, math, memref.
void registerGraphItDialects(DialectRegistry &registry);

/// Registers `--import-graphit` with mlir-translate style tools.
void registerImportGraphItTranslation();

} // namespace mlir::graph::graphit

#endif // GRAPH_MLIR_FRONTEND_GRAPHIT_GRAPHIT_H
