//===- MLIRGen.h - GraphIt AST to graph IR ----------------------*- C++ -*-===//

#ifndef GRAPH_MLIR_FRONTEND_GRAPHIT_MLIRGEN_H
#define GRAPH_MLIR_FRONTEND_GRAPHIT_MLIRGEN_H

#include "graph-mlir/Frontend/GraphIt/Schedule.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace mlir::graph::graphit {

/// Emits the analyzed program as a module with `func.func @main()` (when it
/// has a main) and one function per export function, or returns null after
/// reporting an error (including verifier failures).
OwningOpRef<ModuleOp> generateMLIR(const Program &program,
                                   const ResolvedSchedule &schedule,
                                   MLIRContext *context);

} // namespace mlir::graph::graphit

#endif // GRAPH_MLIR_FRONTEND_GRAPHIT_MLIRGEN_H
