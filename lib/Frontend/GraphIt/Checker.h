//===- Checker.h - GraphIt semantic analysis, shared state ------*- C++ -*-===//
//
// The state of semantic analysis that its parts share: Sema.cpp (the whole
// program: type names, the call graph, priority queues and their labels),
// SemaDecl.cpp (scopes, globals, functions and local declarations),
// SemaStmt.cpp (statements and labels), SemaExpr.cpp (expressions, implicit
// conversions), SemaCall.cpp (calls of user functions and builtins) and
// SemaMethod.cpp (methods of edgesets, vertex sets, lists, priority queues
// and vectors, and the functions passed to them).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_LIB_FRONTEND_GRAPHIT_CHECKER_H
#define GRAPH_MLIR_LIB_FRONTEND_GRAPHIT_CHECKER_H

#include "graph-mlir/Frontend/GraphIt/Sema.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::graph::graphit {

class Checker {
public:
  explicit Checker(Program &program) : program(program) {}
  FailureOr<ProgramInfo> run();

private:
  struct Symbol {
    VarDecl *var = nullptr;
    FuncDecl *func = nullptr;
  };

  /// A builtin function: its name, arity and the function that checks a
  /// call of it (its arity already checked) and gives its type.
  struct BuiltinRule {
    StringLiteral name;
    Builtin builtin;
    size_t arity;
    GtType (Checker::*check)(CallExpr &expr);
  };

  /// A method of one kind of receiver: its name, what it resolves to and the
  /// function that checks a call of it and gives its type.
  struct MethodRule {
    StringLiteral name;
    Method method;
    GtType (Checker::*check)(MethodExpr &expr, GtType recv);
    /// Not a method of a filtered edgeset (`edges.from(set)`).
    bool wholeEdgeSetOnly = false;
  };

  InFlightDiagnostic error(Location loc) {
    failed = true;
    return emitError(loc);
  }
  /// " on line N" of a source location, for one-line diagnostics that refer
  /// to a second place.
  static std::string onLine(Location loc);
  /// Promotion of the C++ GraphIt generates: the wider of the two, floats
  /// over integers, unsigned over signed of the same width.
  static GtType promote(GtType a, GtType b);

  // The whole program (Sema.cpp).
  void checkCallGraph();
  /// Links each applyUpdatePriority to the queue its function updates.
  void resolveUpdatedQueues();

  // Scopes and declarations (SemaDecl.cpp).
  void push() { scopes.emplace_back(); }
  void pop() { scopes.pop_back(); }
  void declare(VarDecl &decl);
  Symbol lookup(StringRef name) const;
  void checkTypeSpec(TypeSpec &spec, Location loc);
  void checkGlobal(VarDecl &decl);
  void checkFunc(FuncDecl &func);
  void checkExportSignature(FuncDecl &func);
  void checkExternSignature(FuncDecl &func);
  void checkExternType(GtType type, Location loc, bool isResult);
  void checkExportType(GtType type, Location loc, bool isResult);
  void checkLocal(VarDecl &decl);
  void checkFixedVectorInit(VarDecl &decl);
  /// `new priority_queue...` as the value assigned to `decl` (which it
  /// needs to know); anywhere else checking it is an error.
  void checkValueOf(VarDecl &decl, Expr &value, StringRef what);

  // Statements (SemaStmt.cpp).
  void checkBlock(StmtList &block);
  void checkStmt(Stmt &stmt);
  void checkExprStmt(ExprStmt &stmt);
  void checkIf(IfStmt &stmt);
  void checkWhile(WhileStmt &loop);
  void checkFor(ForStmt &loop);
  void checkBreak(BreakStmt &stmt);
  void checkReturn(ReturnStmt &stmt);
  void checkPrint(PrintStmt &stmt);
  void checkDelete(DeleteStmt &stmt);
  void checkAssign(AssignStmt &stmt);
  void checkGraphAssign(AssignStmt &stmt, VarDecl &decl);
  void checkVectorAssign(AssignStmt &stmt, VarDecl &decl);
  void checkCond(Expr &cond, StringRef construct);
  /// Records that the current statement's label names a traversal.
  void noteApply(bool isEdge);

  // Expressions (SemaExpr.cpp).
  GtType check(Expr &expr, bool allowRow = false);
  /// Checks each of `exprs`, to report their errors too after an error.
  void checkAll(std::vector<ExprPtr> &exprs);
  GtType checkVarRef(VarRefExpr &ref, bool allowRow);
  GtType checkIndex(IndexExpr &expr, bool allowRow);
  GtType checkUnary(UnaryExpr &expr);
  GtType checkBinary(BinaryExpr &expr);
  GtType checkNewSet(NewSetExpr &expr);
  GtType checkNewQueue(NewPriorityQueueExpr &expr);
  bool coerce(Expr &expr, GtType to, StringRef what);
  bool checkArity(Location loc, StringRef name, size_t got, size_t min,
                  size_t max);
  /// checkArity, then on a wrong count checks the arguments anyway.
  bool checkArgCount(Location loc, StringRef name, std::vector<ExprPtr> &args,
                     size_t min, size_t max);
  bool namesVector(const Expr &expr) const;

  // Calls (SemaCall.cpp).
  GtType checkCall(CallExpr &expr);
  GtType checkUserCall(CallExpr &expr, FuncDecl &func);
  bool checkCaptures(Location loc, const FuncDecl &func,
                     ArrayRef<Expr *> captured, const Twine &form);
  GtType checkBuiltinCall(CallExpr &expr);
  /// The common type of numeric arguments; none after an error.
  std::optional<GtType> checkNumericArgs(CallExpr &expr);
  GtType checkMathCall(CallExpr &expr);
  GtType checkMinMax(CallExpr &expr);
  GtType checkToDouble(CallExpr &expr);
  GtType checkAtoi(CallExpr &expr);
  GtType checkTimer(CallExpr &expr);
  GtType checkLoadCall(CallExpr &expr);
  GtType checkIntersectNeighbor(CallExpr &expr);
  GtType checkIntersection(CallExpr &expr);
  GtType checkVectorArg(CallExpr &expr, bool integers, StringRef what);
  GtType checkAtomicUpdate(CallExpr &expr);
  GtType checkUnionFind(CallExpr &expr);

  // Methods and the functions passed to them (SemaMethod.cpp).
  GtType checkMethod(MethodExpr &expr);
  /// The methods of receivers of type `recv` (none for other types).
  ArrayRef<MethodRule> methodsOf(GtType recv);
  bool checkMethodArity(MethodExpr &expr, size_t min, size_t max);
  GtType checkQuery(MethodExpr &expr, GtType recv);
  GtType checkVertexQuery(MethodExpr &expr, GtType recv);
  GtType checkFromTo(MethodExpr &expr, GtType recv);
  GtType checkEndpointFilter(MethodExpr &expr, GtType recv);
  GtType checkNeighborRange(MethodExpr &expr, GtType recv);
  GtType checkEdgeApply(MethodExpr &expr, GtType recv);
  GtType checkApplyModified(MethodExpr &expr, GtType recv);
  GtType checkApplyUpdatePriority(MethodExpr &expr, GtType recv);
  GtType checkVertexApply(MethodExpr &expr, GtType recv);
  GtType checkAddVertex(MethodExpr &expr, GtType recv);
  GtType checkExternQueueUpdate(MethodExpr &expr, GtType recv);
  GtType checkListAppend(MethodExpr &expr, GtType list);
  GtType checkListRetrieve(MethodExpr &expr, GtType list);
  GtType checkQueueUpdate(MethodExpr &expr, GtType queue);
  GtType checkVectorReduce(MethodExpr &expr, GtType recv);
  FuncDecl *checkFuncArg(Expr &arg, StringRef method);
  /// Whether `arg` is a function, bound (`f[a]`) or not.
  bool namesFunction(Expr &arg);
  void checkVertexFunc(Expr &arg, StringRef method, bool isFilter);
  /// The checked edge function (null after an error).
  FuncDecl *checkEdgeFunc(Expr &arg, StringRef method, GtType edges);

  Program &program;
  bool failed = false;
  ProgramInfo info;
  llvm::StringSet<> elements;
  std::vector<llvm::StringMap<Symbol>> scopes;
  FuncDecl *currentFunc = nullptr;
  std::vector<LoopStmt *> loops; // Of the current function.
  unsigned blockDepth = 0;       // 1 in a function's body.
  /// Edgesets declared without a graph that the current function gave one.
  llvm::SmallPtrSet<VarDecl *, 2> boundGraphs;
  /// Whether an export function gives the global edgeset a graph, which
  /// later calls keep (program state); and the per-vertex arrays of export
  /// functions that take no edgeset, which then need one.
  bool exportBindsGraph = false;
  SmallVector<std::pair<const VarDecl *, const FuncDecl *>> unsizedArrays;
  /// Sets known to be deleted at this point, with where.
  llvm::DenseMap<VarDecl *, Location> deletedSets;
  std::string labelPrefix; // Path of the enclosing labelled statements.
  std::string applyLabel;  // Label path of the current statement.
  /// Calls between user functions (apply arguments count), one entry per
  /// call; the key null stands for global initializers.
  llvm::DenseMap<FuncDecl *, SmallVector<FuncDecl *>> callees;
  /// Statements of each function, before inlining.
  llvm::DenseMap<FuncDecl *, uint64_t> statementCount;
  /// The priority queue each function updates (updatePriority*), and the
  /// applyUpdatePriority calls with their functions and labels.
  llvm::DenseMap<FuncDecl *, VarDecl *> queueUpdates;
  struct QueueTraversal {
    MethodExpr *apply;
    FuncDecl *func;
    std::string label;
  };
  std::vector<QueueTraversal> queueTraversals;
};

} // namespace mlir::graph::graphit

#endif // GRAPH_MLIR_LIB_FRONTEND_GRAPHIT_CHECKER_H
