//===- Sema.h - GraphIt semantic analysis -----------------------*- C++ -*-===//

#ifndef GRAPH_MLIR_FRONTEND_GRAPHIT_SEMA_H
#define GRAPH_MLIR_FRONTEND_GRAPHIT_SEMA_H

#include "graph-mlir/Frontend/GraphIt/AST.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::graph::graphit {

/// A statement label (`s0:s1` when nested) and the traversals it names.
struct LabelInfo {
  Location loc;
  bool hasEdgeApply = false;
  bool hasVertexApply = false;
  /// The label is a `while` loop's (GPU kernel fusion applies to it).
  bool isWhile = false;
};

/// What semantic analysis learns about the whole program.
struct ProgramInfo {
  /// The first edgeset global or, in a program without one, the first
  /// global vertex set declared with a size (sizedVertexSet): it sizes
  /// vectors and vertex sets.
  VarDecl *graph = nullptr;
  /// Every statement label path, in source order.
  llvm::MapVector<StringRef, LabelInfo> labels;
  /// For each priority queue updated by an applyUpdatePriority, the label
  /// of that traversal, whose schedule gives the queue's delta and strategy.
  llvm::DenseMap<const VarDecl *, std::string> queueLabels;
  /// Label paths own their strings here.
  std::vector<std::unique_ptr<std::string>> labelStorage;
};

/// Resolves names, checks and annotates types (Expr::type and friends) and
/// collects labels. Reports every error through `context`.
FailureOr<ProgramInfo> analyze(Program &program, MLIRContext *context);

/// In a program without edgesets, the first global vertex set declared with
/// a size: the program's vertices are an edgeless graph of that size.
const VarDecl *sizedVertexSet(const Program &program);

/// Spells a label path as the schedule writes it: `s0:s1`.
std::string joinLabel(StringRef prefix, StringRef label);

} // namespace mlir::graph::graphit

#endif // GRAPH_MLIR_FRONTEND_GRAPHIT_SEMA_H
