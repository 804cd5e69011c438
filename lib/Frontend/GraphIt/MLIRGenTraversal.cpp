//===- MLIRGenTraversal.cpp - GraphIt traversals to graph IR --------------===//

#include "Generator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace mlir;
using namespace mlir::graph;
using namespace mlir::graph::graphit;

//===----------------------------------------------------------------------===//
// Traversals and their schedules
//===----------------------------------------------------------------------===//

StringAttr Generator::labelAttr() {
  return currentLabel.empty() ? StringAttr() : b.getStringAttr(currentLabel);
}

ScheduleAttr Generator::scheduleAttr(bool isEdge) {
  // On the GPU vertex set operations become kernels of their own, and an
  // edgeset apply without a schedule runs GraphIt's default one.
  if (schedule.gpuDefault && !isEdge)
    return ScheduleAttr();
  auto it = schedule.byLabel.find(currentLabel);
  if (currentLabel.empty() || it == schedule.byLabel.end())
    return schedule.gpuDefault;
  return isEdge ? it->second.edges : it->second.vertices;
}

Generator::BoundFunction Generator::bindFunction(Expr &arg) {
  FunctionArg fn = asFunctionArg(arg);
  BoundFunction bound{fn.ref->func, {}};
  for (auto [expr, decl] : llvm::zip_equal(fn.captured, bound.func->captures))
    bound.captured.push_back(emitAs(*expr, decl->spec.type));
  return bound;
}

Value Generator::emitVertexOp(MethodExpr &expr, Value set) {
  Location loc = expr.loc;
  if (expr.method == Method::AddVertex) {
    VertexSetInsertOp::create(
        b, loc, set, emitAs(*expr.args[0], GtType::get(GtType::Vertex)));
    return Value();
  }
  if (expr.method == Method::ExternQueueUpdate) {
    FuncDecl &func = *cast<VarRefExpr>(*expr.args[0]).func;
    Value changed = callExtern(func, set, loc);
    PriorityQueueRequeueOp::create(b, loc, env.lookup(expr.queue), changed);
    VertexSetFreeOp::create(b, loc, changed);
    return Value();
  }
  BoundFunction func = bindFunction(*expr.args[0]);
  if (expr.method == Method::Filter) {
    auto op = VertexSetFilterOp::create(b, loc, setType(), set, labelAttr(),
                                        scheduleAttr(/*isEdge=*/false));
    emitVertexRegion(op.getPredicate(), {func}, /*isFilter=*/true, loc);
    return op;
  }
  auto op = VertexSetApplyOp::create(b, loc, set, labelAttr(),
                                     scheduleAttr(/*isEdge=*/false));
  emitVertexRegion(op.getBody(), {func}, /*isFilter=*/false, loc);
  return Value();
}

/// Whether `stmts` write `vector` at an element other than `dst`'s.
static bool writesElsewhere(ArrayRef<StmtPtr> stmts, const VarDecl *vector,
                            const VarDecl *dst) {
  auto within = [&](ArrayRef<StmtPtr> body) {
    return writesElsewhere(body, vector, dst);
  };
  for (const StmtPtr &stmt : stmts) {
    if (auto *assign = dyn_cast<AssignStmt>(stmt.get())) {
      auto *index = dyn_cast<IndexExpr>(assign->target.get());
      auto *base = index ? dyn_cast<VarRefExpr>(index->base.get()) : nullptr;
      auto *at = index ? dyn_cast<VarRefExpr>(index->index.get()) : nullptr;
      if (base && base->decl == vector && !(at && at->decl == dst))
        return true;
    } else if (auto *ifStmt = dyn_cast<IfStmt>(stmt.get())) {
      if (llvm::any_of(ifStmt->branches,
                       [&](auto &branch) { return within(branch.second); }) ||
          within(ifStmt->elseBody))
        return true;
    } else if (auto *loop = dyn_cast<LoopStmt>(stmt.get())) {
      if (within(loop->body))
        return true;
    }
  }
  return false;
}

Value Generator::emitEdgeApply(MethodExpr &expr) {
  Location loc = expr.loc;
  // Unwind `edges.from(..).to(..).srcFilter(..).dstFilter(..)` and
  // `.neighborRange(..)`.
  Value from, to, neighborsFrom, neighborsUntil;
  SmallVector<BoundFunction> srcFilters, dstFilters;
  Expr *root = expr.receiver.get();
  SmallVector<MethodExpr *> chain;
  while (auto *m = dyn_cast<MethodExpr>(root)) {
    chain.push_back(m);
    root = m->receiver.get();
  }
  for (MethodExpr *m : llvm::reverse(chain)) {
    if (m->method == Method::NeighborRange) {
      // Positions are unsigned: a negative bound counts as 0.
      auto bound = [&](Expr &arg) {
        Value position = arith::MaxSIOp::create(
            b, arg.loc, emitAs(arg, GtType::get(GtType::Int)),
            arith::ConstantIntOp::create(b, arg.loc, 0, 32));
        return arith::IndexCastOp::create(b, arg.loc, b.getIndexType(),
                                          position);
      };
      neighborsFrom = bound(*m->args[0]);
      if (m->args.size() > 1)
        neighborsUntil = bound(*m->args[1]);
      continue;
    }
    Expr &arg = *m->args[0];
    bool isSrc = m->method == Method::From || m->method == Method::SrcFilter;
    if (arg.type.kind == GtType::Func)
      (isSrc ? srcFilters : dstFilters).push_back(bindFunction(arg));
    else
      (isSrc ? from : to) = emit(arg);
  }
  Value edges = emit(*root);
  // GPU kernels read the runtime's int32 weight arrays.
  Type weights = cast<EdgeSetType>(edges.getType()).getWeightStorageType();
  if (schedule.gpuDefault && weights && !weights.isInteger(32))
    error(expr.loc) << "float and double edge weights run on the CPU only "
                       "(GPU kernels read int32 weights): compile without "
                       "--target=gpu, or declare the edgeset's weights int";
  bool modified = expr.method == Method::ApplyModified;
  Value tracked = modified ? emit(*expr.args[1]) : Value();
  BoundFunction func = bindFunction(*expr.args[0]);
  // GraphIt adds dst to the output whenever the function writes the tracked
  // vector, at dst or elsewhere (pointer-jumping CC writes IDs[IDs[dst]]).
  // Writes elsewhere make the body yield whether it wrote: the op returns
  // the destinations so kept, each once.
  auto *trackedRef =
      modified ? dyn_cast<VarRefExpr>(expr.args[1].get()) : nullptr;
  bool flagged = trackedRef && trackedRef->decl &&
                 writesElsewhere(func.func->body, trackedRef->decl,
                                 func.func->params[1].get());
  llvm::SaveAndRestore<const VarDecl *> scopedTracked(
      trackedDecl, flagged ? trackedRef->decl : nullptr);
  llvm::SaveAndRestore<VarDecl *> scopedChanged(
      changedFlag, flagged ? flag(&expr, expr.loc, "<changed>") : nullptr);
  if (flagged)
    tracked = Value();
  // An edge function returning bool yields whether to keep dst; the kept
  // destinations form a set, each once.
  bool keeps = flagged || (!modified && expr.type.kind == GtType::VertexSet);
  bool dedup = keeps || (modified && (expr.args.size() < 3 ||
                                      cast<BoolLitExpr>(*expr.args[2]).value));
  SmallVector<Type> resultTypes;
  if (modified || keeps)
    resultTypes.push_back(VertexSetType::get(context));
  auto op = EdgeSetApplyOp::create(
      b, loc, resultTypes, edges, from, to, neighborsFrom, neighborsUntil,
      tracked, expr.queue ? env.lookup(expr.queue) : Value(),
      dedup ? b.getUnitAttr() : UnitAttr(), labelAttr(),
      scheduleAttr(/*isEdge=*/true));
  if (!srcFilters.empty())
    emitVertexRegion(op.getSrcFilter(), srcFilters, /*isFilter=*/true, loc);
  if (!dstFilters.empty())
    emitVertexRegion(op.getDstFilter(), dstFilters, /*isFilter=*/true, loc);

  OpBuilder::InsertionGuard guard(b);
  auto edgeType = cast<EdgeSetType>(edges.getType());
  SmallVector<Type> argTypes(2, b.getIndexType());
  if (edgeType.isWeighted())
    argTypes.push_back(edgeType.getWeightType());
  Block *body = b.createBlock(&op.getBody(), {}, argTypes,
                              SmallVector<Location>(argTypes.size(), loc));
  GtType edgeArg[] = {GtType::get(GtType::Vertex), GtType::get(GtType::Vertex),
                      GtType::get(root->type.elem)};
  SmallVector<Value> args;
  for (auto [i, param] : llvm::enumerate(func.func->params))
    args.push_back(
        convert(body->getArgument(i), edgeArg[i], param->spec.type, loc));
  if (changedFlag)
    env[changedFlag] = constant(GtType::get(GtType::Bool), 0, loc);
  Value keep = inlineCall(*func.func, args, loc, func.captured);
  if (changedFlag)
    keep = env[changedFlag];
  YieldOp::create(b, loc, keeps ? ValueRange{keep} : ValueRange{});
  return modified || keeps ? op.getModified() : Value();
}

/// A region over one vertex: the bodies of vertex functions, or the
/// conjunction of filter functions.
void Generator::emitVertexRegion(Region &region, ArrayRef<BoundFunction> funcs,
                                 bool isFilter, Location loc) {
  OpBuilder::InsertionGuard guard(b);
  Block *block = b.createBlock(&region, {}, {b.getIndexType()}, {loc});
  Value keep;
  for (const BoundFunction &func : funcs) {
    Value v = convert(block->getArgument(0), GtType::get(GtType::Vertex),
                      func.func->params[0]->spec.type, loc);
    Value result = inlineCall(*func.func, {v}, loc, func.captured);
    if (isFilter)
      keep = keep ? arith::AndIOp::create(b, loc, keep, result).getResult()
                  : result;
  }
  YieldOp::create(b, loc, isFilter ? ValueRange{keep} : ValueRange{});
}
