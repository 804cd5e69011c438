//===- SemaStmt.cpp - GraphIt statements ----------------------------------===//
//
// Statements: their labels (the paths the schedule names), blocks and what a
// block may leave behind (deleted sets), loops and what may leave them,
// assignments (a new graph or vector as a whole, an element, a scalar),
// print and delete.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"

#include "llvm/Support/SaveAndRestore.h"

using namespace mlir;
using namespace mlir::graph::graphit;

void Checker::checkBlock(StmtList &block) {
  // A block may not run: a set it deletes is not known to be deleted after
  // it, while one it assigns may have a new value.
  llvm::DenseMap<VarDecl *, Location> before = deletedSets;
  push();
  ++blockDepth;
  for (StmtPtr &stmt : block)
    checkStmt(*stmt);
  --blockDepth;
  pop();
  llvm::DenseMap<VarDecl *, Location> after;
  for (auto &[var, loc] : before)
    if (deletedSets.contains(var))
      after.try_emplace(var, loc);
  deletedSets = std::move(after);
}

/// A par_for, whose iterations run in parallel: nothing leaves one early.
static bool isParallelLoop(const LoopStmt *loop) {
  auto *forLoop = dyn_cast<ForStmt>(loop);
  return forLoop && forLoop->parallel;
}

void Checker::checkStmt(Stmt &stmt) {
  ++statementCount[currentFunc];
  llvm::SaveAndRestore<std::string> scopedPrefix(labelPrefix);
  applyLabel.clear();
  if (!stmt.label.empty()) {
    applyLabel = joinLabel(labelPrefix, stmt.label);
    info.labelStorage.push_back(std::make_unique<std::string>(applyLabel));
    auto [it, inserted] =
        info.labels.insert({*info.labelStorage.back(), LabelInfo{stmt.loc}});
    if (!inserted)
      error(stmt.loc) << "duplicate label '" << applyLabel << "'";
    it->second.isWhile = stmt.kind == Stmt::While;
    labelPrefix = applyLabel;
  }

  switch (stmt.kind) {
  case Stmt::VarDeclK:
    checkLocal(cast<VarDecl>(stmt));
    break;
  case Stmt::Assign:
    checkAssign(cast<AssignStmt>(stmt));
    break;
  case Stmt::ExprS:
    checkExprStmt(cast<ExprStmt>(stmt));
    break;
  case Stmt::If:
    checkIf(cast<IfStmt>(stmt));
    break;
  case Stmt::While:
    checkWhile(cast<WhileStmt>(stmt));
    break;
  case Stmt::For:
    checkFor(cast<ForStmt>(stmt));
    break;
  case Stmt::Break:
    checkBreak(cast<BreakStmt>(stmt));
    break;
  case Stmt::Return:
    checkReturn(cast<ReturnStmt>(stmt));
    break;
  case Stmt::Print:
    checkPrint(cast<PrintStmt>(stmt));
    break;
  case Stmt::Delete:
    checkDelete(cast<DeleteStmt>(stmt));
    break;
  }
  applyLabel.clear();
}

void Checker::noteApply(bool isEdge) {
  if (applyLabel.empty())
    return;
  LabelInfo &label = info.labels.find(applyLabel)->second;
  (isEdge ? label.hasEdgeApply : label.hasVertexApply) = true;
}

void Checker::checkExprStmt(ExprStmt &stmt) {
  Expr &expr = *stmt.expr;
  if (check(expr).kind == GtType::Func)
    error(expr.loc) << "a function name alone does nothing; call it, or "
                       "pass it to apply or filter";
}

void Checker::checkIf(IfStmt &stmt) {
  for (auto &[cond, body] : stmt.branches) {
    checkCond(*cond, "if");
    checkBlock(body);
  }
  checkBlock(stmt.elseBody);
}

void Checker::checkWhile(WhileStmt &loop) {
  checkCond(*loop.cond, "while");
  applyLabel.clear();
  loops.push_back(&loop);
  checkBlock(loop.body);
  loops.pop_back();
}

void Checker::checkFor(ForStmt &loop) {
  coerce(*loop.lo, GtType::get(GtType::Int), "loop bound");
  coerce(*loop.hi, GtType::get(GtType::Int), "loop bound");
  // A par_for's label schedules its loop like a vertex set operation's.
  if (loop.parallel)
    noteApply(/*isEdge=*/false);
  applyLabel.clear();
  loops.push_back(&loop);
  push();
  declare(*loop.var);
  checkBlock(loop.body);
  pop();
  loops.pop_back();
}

void Checker::checkBreak(BreakStmt &stmt) {
  if (loops.empty()) {
    error(stmt.loc) << "'break' outside a loop";
    return;
  }
  if (isParallelLoop(loops.back())) {
    error(stmt.loc) << "'break' cannot leave a par_for (its iterations run "
                       "in parallel)";
    return;
  }
  stmt.loop = loops.back();
  loops.back()->mayExit = true;
}

void Checker::checkReturn(ReturnStmt &stmt) {
  if (llvm::any_of(loops, isParallelLoop)) {
    error(stmt.loc) << "'return' cannot leave a par_for (its iterations "
                       "run in parallel)";
    return;
  }
  stmt.loops = loops;
  for (LoopStmt *loop : loops)
    loop->mayExit = true;
  currentFunc->hasReturn = true;
}

void Checker::checkPrint(PrintStmt &stmt) {
  Expr &value = *stmt.value;
  GtType type = check(value);
  // `print edges.getVertices();` prints the count, as in GraphIt.
  if (auto *method = dyn_cast<MethodExpr>(&value);
      method && method->method == Method::GetVertices)
    value.type = type = GtType::get(GtType::Int);
  if (!type.isError() && !type.isNumeric() && type.kind != GtType::String)
    error(value.loc) << "cannot print a value of type " << type.str();
}

void Checker::checkDelete(DeleteStmt &stmt) {
  Expr &set = *stmt.set;
  auto *ref = dyn_cast<VarRefExpr>(&set);
  Symbol sym = ref ? lookup(ref->name) : Symbol();
  // A vector's storage lives to the end of its scope (freed there by
  // convert-graph-to-scf); deleting it earlier changes nothing.
  if (sym.var && (sym.var->spec.type.kind == GtType::Vector ||
                  sym.var->spec.type.kind == GtType::FixedVector)) {
    check(set);
    return;
  }
  if (sym.var && sym.var->spec.type.kind == GtType::PriorityQueue) {
    check(set);
    return;
  }
  if (auto it = deletedSets.find(sym.var); sym.var && it != deletedSets.end()) {
    error(stmt.loc) << "vertex set '" << ref->name
                    << "' is deleted twice (first" << onLine(it->second) << ")";
    return;
  }
  if (coerce(set, GtType::get(GtType::VertexSet), "delete") && sym.var)
    deletedSets.try_emplace(sym.var, stmt.loc);
}

void Checker::checkAssign(AssignStmt &stmt) {
  Expr &target = *stmt.target;
  GtType type;
  if (auto *ref = dyn_cast<VarRefExpr>(&target)) {
    deletedSets.erase(lookup(ref->name).var);
    type = check(target, /*allowRow=*/true);
    VarDecl *decl = ref->decl;
    if (type.isError())
      return;
    if (!decl) {
      error(target.loc) << "cannot assign to '" << ref->name << "'";
      return;
    }
    if (type.kind == GtType::EdgeSet) {
      checkGraphAssign(stmt, *decl);
      return;
    }
    if (type.kind == GtType::Vector || type.kind == GtType::FixedVector) {
      checkVectorAssign(stmt, *decl);
      return;
    }
    for (LoopStmt *loop : loops)
      if (auto *forLoop = dyn_cast<ForStmt>(loop);
          forLoop && forLoop->var.get() == decl)
        error(target.loc) << "cannot assign to loop variable '" << decl->name
                          << "'";
    if (decl->isGlobal && !currentFunc->isEntry()) {
      // Handles (a list, a string) have no storage a function could assign
      // through.
      if (type.kind == GtType::VertexSet ||
          type.kind == GtType::PriorityQueue || type.kind == GtType::List ||
          type.kind == GtType::String)
        error(target.loc) << "global " << type.str() << " '" << decl->name
                          << "' can only be assigned in main or an export "
                             "function";
      decl->inMemory = true;
    }
    if (isa<NewPriorityQueueExpr>(*stmt.value)) {
      checkValueOf(*decl, *stmt.value, "assignment");
      return;
    }
  } else if (isa<IndexExpr>(target)) {
    type = check(target);
    auto *base = cast<IndexExpr>(target).base.get();
    auto *ref = dyn_cast<VarRefExpr>(base);
    if (ref && ref->isArgv) {
      error(target.loc) << "cannot assign to argv";
      return;
    }
    // Vertex ids stored as int: check the value as a Vertex.
    if (ref && ref->decl && ref->decl->spec.vertexValues && !type.isError())
      type = GtType::get(GtType::Vertex);
  } else {
    check(target);
    error(target.loc) << "cannot assign to this expression";
    return;
  }
  if (type.isError())
    return;
  if (stmt.op != AssignStmt::Set && !type.isNumeric()) {
    error(stmt.loc) << "compound assignment needs a number, got " << type.str();
    return;
  }
  if (stmt.op != AssignStmt::Set && type.kind == GtType::Bool) {
    error(stmt.loc) << "compound assignment needs a number, got bool";
    return;
  }
  coerce(*stmt.value, type, "assignment");
}

/// `edges = load(path)` or `edges = edges.relabel()` in main: a new graph
/// with the vertex count of the first edgeset (checked when loading), so
/// that per-vertex data stays valid.
void Checker::checkGraphAssign(AssignStmt &stmt, VarDecl &decl) {
  GtType type = decl.spec.type;
  if (!decl.isGlobal || !currentFunc->isEntry() || stmt.op != AssignStmt::Set) {
    check(*stmt.value);
    error(stmt.target->loc) << "an edgeset can only be given a new graph with "
                               "'=' in main or an export function (a global "
                               "edgeset)";
    return;
  }
  // The first graph of an edgeset declared without one sizes the vectors
  // and sets made after it: it is given once, unconditionally.
  if (!decl.init && !boundGraphs.contains(&decl)) {
    if (blockDepth != 1)
      error(stmt.target->loc)
          << "edgeset '" << decl.name
          << "' is declared without a graph: give it one at the top level "
             "of the function, not inside a loop or branch";
    boundGraphs.insert(&decl);
    exportBindsGraph |= currentFunc->isExport;
  }
  if (auto *call = dyn_cast<CallExpr>(stmt.value.get());
      call && call->callee == "load") {
    call->builtin = Builtin::Load;
    call->type = type;
    if (checkArity(call->loc, "load", call->args.size(), 1, 1))
      coerce(*call->args[0], GtType::get(GtType::String), "load's file name");
    return;
  }
  coerce(*stmt.value, type, "assignment to '" + decl.name + "'");
}

/// `v = new vector{Vertex}(T)()`, `v = edges.getOutDegrees()` or `v = w`
/// in main or an export function: `v` names another vector from then on
/// (a fresh zeroed one, the out-degrees, or w's storage, as in GraphIt's
/// C++). Vectors of rows keep their storage.
void Checker::checkVectorAssign(AssignStmt &stmt, VarDecl &decl) {
  GtType type = decl.spec.type;
  // Other functions may rebind their own vector variables to vectors that
  // exist: inlined, that allocates nothing.
  bool rebinds = !decl.isGlobal && namesVector(*stmt.value);
  if (stmt.op != AssignStmt::Set || !(currentFunc->isEntry() || rebinds)) {
    if (!isa<NewVectorExpr>(*stmt.value))
      check(*stmt.value);
    error(stmt.target->loc)
        << "a vector is given a new value as a whole only with '=', in main "
           "or an export function (elsewhere, a local vector may name "
           "another vector); got "
        << type.str() << " '" << decl.name << "'";
    return;
  }
  if (auto *newVector = dyn_cast<NewVectorExpr>(stmt.value.get())) {
    if (newVector->type != type)
      error(newVector->loc) << "'" << decl.name << "' has type " << type.str()
                            << ", assigned a new " << newVector->type.str();
    newVector->Expr::type = type;
    return;
  }
  GtType value = check(*stmt.value, /*allowRow=*/true);
  // Out-degrees are ints or uints: any integer vector takes them.
  auto *method = dyn_cast<MethodExpr>(stmt.value.get());
  bool degrees = method && method->method == Method::GetOutDegrees;
  if (value.isError() || value == type ||
      (degrees && GtType::get(type.elem).isInteger() && !type.width))
    return;
  error(stmt.value->loc) << "type mismatch in assignment to '" << decl.name
                         << "': expected " << type.str() << ", got "
                         << value.str();
}

void Checker::checkCond(Expr &cond, StringRef construct) {
  GtType type = check(cond);
  // As in the C++ GraphIt generates, a number is true when nonzero
  // (`while (1)`).
  if (!type.isError() && !type.isNumeric())
    error(cond.loc) << construct << " condition must be bool or a number, got "
                    << type.str();
}
