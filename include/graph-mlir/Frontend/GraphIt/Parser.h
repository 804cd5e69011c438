//===- Parser.h - GraphIt parser --------------------------------*- C++ -*-===//

#ifndef GRAPH_MLIR_FRONTEND_GRAPHIT_PARSER_H
#define GRAPH_MLIR_FRONTEND_GRAPHIT_PARSER_H

#include "graph-mlir/Frontend/GraphIt/AST.h"

#include "mlir/Support/LLVM.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace mlir::graph::graphit {

/// Parses the GraphIt program in buffer `bufferId` of `sourceMgr`. Reports
/// the first syntax error through `context`'s diagnostic engine and returns
/// null.
std::unique_ptr<Program> parseProgram(llvm::SourceMgr &sourceMgr,
                                      unsigned bufferId, MLIRContext *context);

/// Parses only the scheduling calls of buffer `bufferId`: what follows its
/// `schedule:` line, or the whole buffer when it has none.
FailureOr<std::vector<ScheduleCall>>
parseScheduleCalls(llvm::SourceMgr &sourceMgr, unsigned bufferId,
                   MLIRContext *context);

} // namespace mlir::graph::graphit

#endif // GRAPH_MLIR_FRONTEND_GRAPHIT_PARSER_H
