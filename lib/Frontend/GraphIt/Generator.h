//===- Generator.h - GraphIt AST to graph IR, shared state ------*- C++ -*-===//
//
// The state of MLIR generation that its parts share: MLIRGen.cpp (types,
// globals, the program), MLIRGenExpr.cpp (expressions), MLIRGenStmt.cpp
// (statements, inlined calls, variables threaded through control flow) and
// MLIRGenTraversal.cpp (traversals and their schedules). See MLIRGen.cpp for
// the design.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_LIB_FRONTEND_GRAPHIT_GENERATOR_H
#define GRAPH_MLIR_LIB_FRONTEND_GRAPHIT_GENERATOR_H

#include "graph-mlir/Frontend/GraphIt/MLIRGen.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::graph::graphit {

using VarSet = llvm::SetVector<const VarDecl *>;

class Generator {
public:
  Generator(const Program &program, const ResolvedSchedule &schedule,
            MLIRContext *context)
      : program(program), schedule(schedule), context(context), b(context) {}

  OwningOpRef<ModuleOp> run();

private:
  // Types and conversions.
  Type scalarType(GtType::Kind kind);
  Type toMLIR(GtType type);
  Type setType() { return VertexSetType::get(context); }
  Value constant(GtType type, double value, Location loc);
  Value convert(Value value, GtType from, GtType to, Location loc);
  Value defaultValue(GtType type, Location loc);

  // Expressions.
  bool isSimple(const Expr &expr);
  Value emit(Expr &expr);
  Value emitAs(Expr &expr, GtType to);
  Value emitBinary(BinaryExpr &expr);
  Value emitArith(BinaryExpr::Op op, Value lhs, Value rhs, GtType type,
                  Location loc);
  Value emitCompare(BinaryExpr::Op op, Value lhs, Value rhs, GtType type,
                    Location loc);
  Value emitMinMax(bool isMax, Value lhs, Value rhs, GtType type, Location loc);
  Value emitAndThen(Value lhs, Expr &rhs, bool isAnd, Location loc);
  Value emitCall(CallExpr &expr);
  Value emitMethod(MethodExpr &expr);
  Value emitSetSize(MethodExpr &expr);
  std::pair<Value, Value> neighborsOf(Expr &set);
  Value outDegree(Value graph, Value vertex, Location loc);
  Value emitEdgeApply(MethodExpr &expr);
  Value emitNewQueue(NewPriorityQueueExpr &expr);
  Value emitQueueMethod(MethodExpr &expr);
  Value emitVertexOp(MethodExpr &expr, Value set);
  struct ElementAddress {
    Value vector, vertex, column;
  };
  ElementAddress emitElementAddress(IndexExpr &expr);

  // Run-time index checks (graph.check_index).
  Value checkIndex(Value index, Expr &indexExpr, Value range, bool column,
                   const Twine &what, Location loc);
  Value emitCheckedVertex(Expr &arg, Value range, const Twine &what);
  std::string indexSource(const Expr &index);
  bool isReassigned(const VarDecl *var);

  // Functions and regions.
  /// A function passed to apply or filter, with the values of its captured
  /// arguments (emitted where it is passed, outside the op's regions).
  struct BoundFunction {
    FuncDecl *func;
    SmallVector<Value> captured;
  };
  BoundFunction bindFunction(Expr &arg);
  /// `result` is the initial value of a named result (else its type's
  /// default).
  Value inlineCall(FuncDecl &func, ArrayRef<Value> args, Location loc,
                   ArrayRef<Value> captured = {}, Value result = {});
  /// A call of an extern function, declared on first use.
  Value callExtern(const FuncDecl &func, ArrayRef<Value> args, Location loc);
  void emitVertexRegion(Region &region, ArrayRef<BoundFunction> funcs,
                        bool isFilter, Location loc);
  StringAttr labelAttr();
  ScheduleAttr scheduleAttr(bool isEdge);

  // Statements.
  void emitStmts(ArrayRef<StmtPtr> stmts);
  void emitStmt(Stmt &stmt);
  void emitGlobal(VarDecl &decl);
  void emitGlobals();
  bool awaitsGraph(const VarDecl &global);
  bool waitsForGraph(const VarDecl &global);
  void bindGraph(Value value);

  // Program state between export calls (ProgramState.cpp).
  void declareProgramState();
  bool loadsState(const VarDecl &decl);
  Value loadState(const VarDecl &decl);
  void storeState(Location loc);

  // Entry points.
  func::FuncOp beginEntry(FuncDecl &decl, FunctionType type);
  void endEntry(Location loc, ValueRange results);
  void emitExport(FuncDecl &func);
  void emitAssign(AssignStmt &stmt);
  void emitIf(IfStmt &stmt, size_t branch);
  void emitWhile(WhileStmt &loop);
  void emitLoopBody(const LoopStmt &loop, VarDecl *exit);
  void emitFor(ForStmt &loop);
  void emitParallelFor(ForStmt &loop, Value lo, Value hi);
  void emitPrint(PrintStmt &stmt);

  // Variable threading.
  VarDecl *flag(const void *owner, Location loc, StringRef name);
  VarDecl *breakFlag(const LoopStmt *loop);
  VarDecl *returnFlag(const FuncDecl *func);
  void collectAssigned(ArrayRef<StmtPtr> stmts, VarSet &assigned,
                       VarSet &declared);
  SmallVector<const VarDecl *> assignedVars(ArrayRef<StmtPtr> stmts);
  const VarDecl *deletedVar(const Expr &set);
  SmallVector<Value> values(ArrayRef<const VarDecl *> vars);
  SmallVector<Type> types(ArrayRef<const VarDecl *> vars);
  void bind(ArrayRef<const VarDecl *> vars, ValueRange values);
  bool mayExit(const Stmt &stmt, const LoopStmt *loop);

  InFlightDiagnostic error(Location loc) {
    failed = true;
    return emitError(loc);
  }

  const Program &program;
  const ResolvedSchedule &schedule;
  MLIRContext *context;
  OpBuilder b;
  bool failed = false;

  Value graph; // The first edgeset: sizes vectors and vertex sets.
  /// Globals waiting for an edgeset declared without a graph (first) to be
  /// given one.
  SmallVector<VarDecl *> deferredGlobals;
  ModuleOp module;
  llvm::DenseMap<const VarDecl *, Value> env;
  /// The vertex counts `vertices.size()` became, with the set: run() makes
  /// those of a set that may be deleted ask the set.
  SmallVector<std::pair<Value, Value>> sizesOfAllVertices;
  llvm::DenseMap<const void *, std::unique_ptr<VarDecl>> flags;
  /// Flag that, once set, skips the rest of the current block: the break
  /// flag of the innermost loop, or the current function's return flag.
  VarDecl *exitFlag = nullptr;
  const LoopStmt *currentLoop = nullptr;
  const FuncDecl *currentFunc = nullptr;
  /// The export function being emitted (null in main).
  const FuncDecl *currentEntry = nullptr;
  /// Per export function, the globals its body assigns as a whole and those
  /// it (or what it calls) reads without assigning; the globals kept
  /// between calls and their slots.
  llvm::DenseMap<const FuncDecl *, VarSet> assignedByExport, readByExport;
  llvm::DenseMap<const VarDecl *, GlobalOp> stateSlots;
  /// par_for loops around the current statement.
  unsigned parallelForDepth = 0;
  /// Variables of `for` loops, and the variables some statement of the
  /// program assigns (made on first use): what index checks name.
  llvm::DenseSet<const VarDecl *> loopVars;
  std::optional<llvm::DenseSet<const VarDecl *>> reassigned;
  std::string labelPrefix, currentLabel;
  /// In the body of an applyModified whose function writes the tracked
  /// vector away from dst: that vector, and the flag saying whether the
  /// body wrote it (carried through every block of the body).
  const VarDecl *trackedDecl = nullptr;
  VarDecl *changedFlag = nullptr;
};

} // namespace mlir::graph::graphit

#endif // GRAPH_MLIR_LIB_FRONTEND_GRAPHIT_GENERATOR_H
