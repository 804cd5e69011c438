//===- ProgramState.cpp - globals kept between export calls ---------------===//
//
// In a library of export functions a global declared without a value may be
// set by one call and read by a later one (GraphIt's `set_graph(edges)` then
// `do_pagerank_delta()`). Such a global lives in a graph.global slot: the
// functions that assign it store it when they return, and the functions
// that read it without assigning it load it when they start. Every other
// global is made afresh by each call, as in main.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace mlir;
using namespace mlir::graph;
using namespace mlir::graph::graphit;

namespace {

/// The variables a function reads or writes, through the functions it calls
/// or passes to apply, filter and the edge filters.
class UsedVars {
public:
  explicit UsedVars(VarSet &used) : used(used) {}

  void visit(ArrayRef<StmtPtr> stmts) {
    for (const StmtPtr &stmt : stmts)
      visit(*stmt);
  }

  void visit(const FuncDecl &func) {
    if (seen.insert(&func).second)
      visit(func.body);
  }

private:
  void visit(const Stmt &stmt) {
    switch (stmt.kind) {
    case Stmt::VarDeclK:
      visit(cast<VarDecl>(stmt).init.get());
      break;
    case Stmt::Assign:
      visit(cast<AssignStmt>(stmt).target.get());
      visit(cast<AssignStmt>(stmt).value.get());
      break;
    case Stmt::ExprS:
      visit(cast<ExprStmt>(stmt).expr.get());
      break;
    case Stmt::If: {
      auto &ifStmt = cast<IfStmt>(stmt);
      for (const auto &[cond, body] : ifStmt.branches) {
        visit(cond.get());
        visit(body);
      }
      visit(ifStmt.elseBody);
      break;
    }
    case Stmt::While:
      visit(cast<WhileStmt>(stmt).cond.get());
      visit(cast<LoopStmt>(stmt).body);
      break;
    case Stmt::For:
      visit(cast<ForStmt>(stmt).lo.get());
      visit(cast<ForStmt>(stmt).hi.get());
      visit(cast<LoopStmt>(stmt).body);
      break;
    case Stmt::Print:
      visit(cast<PrintStmt>(stmt).value.get());
      break;
    case Stmt::Delete:
      visit(cast<DeleteStmt>(stmt).set.get());
      break;
    case Stmt::Break:
    case Stmt::Return:
      break;
    }
  }

  void visit(ArrayRef<ExprPtr> exprs) {
    for (const ExprPtr &expr : exprs)
      visit(expr.get());
  }

  void visit(const Expr *expr) {
    if (!expr)
      return;
    switch (expr->kind) {
    case Expr::VarRef: {
      auto &ref = cast<VarRefExpr>(*expr);
      if (ref.decl)
        used.insert(ref.decl);
      if (ref.func)
        visit(*ref.func);
      break;
    }
    case Expr::Index:
      visit(cast<IndexExpr>(*expr).base.get());
      visit(cast<IndexExpr>(*expr).index.get());
      break;
    case Expr::Unary:
      visit(cast<UnaryExpr>(*expr).operand.get());
      break;
    case Expr::Binary:
      visit(cast<BinaryExpr>(*expr).lhs.get());
      visit(cast<BinaryExpr>(*expr).rhs.get());
      break;
    case Expr::Call: {
      auto &call = cast<CallExpr>(*expr);
      visit(call.args);
      visit(call.captured);
      if (call.func)
        visit(*call.func);
      break;
    }
    case Expr::Method:
      visit(cast<MethodExpr>(*expr).receiver.get());
      visit(cast<MethodExpr>(*expr).args);
      break;
    case Expr::NewSet:
      visit(cast<NewSetExpr>(*expr).size.get());
      break;
    case Expr::VectorLit:
      visit(cast<VectorLitExpr>(*expr).values);
      break;
    case Expr::NewPriorityQueue:
      visit(cast<NewPriorityQueueExpr>(*expr).args);
      break;
    case Expr::Functor:
      visit(cast<FunctorExpr>(*expr).func.get());
      visit(cast<FunctorExpr>(*expr).captured);
      break;
    default:
      break;
    }
  }

  VarSet &used;
  llvm::SmallPtrSet<const FuncDecl *, 8> seen;
};

} // namespace

/// Globals without a value that one export function assigns and another
/// reads without assigning: a slot each, `@graphit_state_<name>`.
void Generator::declareProgramState() {
  SmallVector<const FuncDecl *> exports;
  for (const auto &func : program.funcs)
    if (func->isExport)
      exports.push_back(func.get());
  // The edgeset that sizes per-vertex vectors when no function loads one.
  const VarDecl *sizingGraph = nullptr;
  for (const auto &global : program.globals)
    if (global->spec.type.kind == GtType::EdgeSet && !global->init) {
      sizingGraph = global.get();
      break;
    }
  auto isPerVertex = [](const VarDecl *var) {
    return var && var->spec.type.kind == GtType::Vector;
  };
  for (const FuncDecl *func : exports) {
    VarSet declared, used;
    // What the body assigns depends on the function it is in (a deleted
    // global, for one).
    llvm::SaveAndRestore<const FuncDecl *> inFunc(currentFunc, func);
    collectAssigned(func->body, assignedByExport[func], declared);
    UsedVars(used).visit(*func);
    // A function without an edgeset parameter whose C arrays have one
    // element per vertex reads the kept graph: its binding sizes them by it.
    bool graphParam = llvm::any_of(func->params, [](const auto &param) {
      return param->spec.type.kind == GtType::EdgeSet;
    });
    if (sizingGraph && !graphParam &&
        (isPerVertex(func->result.get()) ||
         llvm::any_of(func->params, [&](const auto &param) {
           return isPerVertex(param.get());
         })))
      used.insert(sizingGraph);
    for (const VarDecl *var : used)
      if (!assignedByExport[func].contains(var))
        readByExport[func].insert(var);
  }
  b.setInsertionPointToStart(module.getBody());
  for (const auto &global : program.globals) {
    if (global->init)
      continue;
    auto assigns = [&](const FuncDecl *f) {
      return assignedByExport[f].contains(global.get());
    };
    auto reads = [&](const FuncDecl *f) {
      return readByExport[f].contains(global.get());
    };
    if (llvm::any_of(exports, assigns) && llvm::any_of(exports, reads))
      stateSlots[global.get()] = GlobalOp::create(
          b, global->loc, (GraphDialect::kStatePrefix + global->name).str(),
          toMLIR(global->spec.type));
  }
}

/// Whether the current export function starts with the value an earlier
/// call stored in `decl`: it reads the global without assigning it. A kept
/// graph is loaded whenever the function does not give one: the globals
/// declared after it are made once it has a graph.
bool Generator::loadsState(const VarDecl &decl) {
  if (!currentEntry || !stateSlots.count(&decl))
    return false;
  if (decl.spec.type.kind == GtType::EdgeSet)
    return !assignedByExport[currentEntry].contains(&decl);
  return readByExport[currentEntry].contains(&decl);
}

/// The value `decl` has at the start of the current export function, when
/// it comes from an earlier call (else null).
Value Generator::loadState(const VarDecl &decl) {
  if (!loadsState(decl))
    return Value();
  GlobalOp slot = stateSlots.lookup(&decl);
  Value value =
      GlobalLoadOp::create(b, decl.loc, slot.getType(), slot.getSymName());
  if (!decl.inMemory)
    return value;
  Value cell = memref::AllocaOp::create(b, decl.loc,
                                        MemRefType::get({}, value.getType()));
  memref::StoreOp::create(b, decl.loc, value, cell, ValueRange{});
  return cell;
}

/// Before the current export function returns: stores the globals it
/// assigned that later calls read.
void Generator::storeState(Location loc) {
  if (!currentEntry)
    return;
  for (const VarDecl *var : assignedByExport[currentEntry]) {
    GlobalOp slot = stateSlots.lookup(var);
    Value value = env.lookup(var);
    if (!slot || !value)
      continue;
    if (var->inMemory)
      value = memref::LoadOp::create(b, loc, value, ValueRange{});
    GlobalStoreOp::create(b, loc, value, slot.getSymName());
  }
}
