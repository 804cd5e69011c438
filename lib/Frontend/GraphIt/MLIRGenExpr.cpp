//===- MLIRGenExpr.cpp - GraphIt expressions to graph IR ------------------===//

#include "Generator.h"

#include "graph-mlir/Dialect/Graph/IR/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::graph;
using namespace mlir::graph::graphit;

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// Cheap, side-effect-free expressions evaluate eagerly in `and`/`or`;
/// anything that calls a function, or reads an element at an index that
/// needs a check (`v < n and deg[v] > 0`), is guarded by the left operand.
bool Generator::isSimple(const Expr &expr) {
  switch (expr.kind) {
  case Expr::IntLit:
  case Expr::FloatLit:
  case Expr::BoolLit:
  case Expr::VarRef:
    return true;
  case Expr::Index: {
    auto &index = cast<IndexExpr>(expr);
    auto *row = dyn_cast<IndexExpr>(index.base.get());
    const Expr &vector = row ? *row->base : *index.base;
    auto inRange = [&](const Expr &i, bool column) {
      auto *ref = dyn_cast<VarRefExpr>(&i);
      Value value = ref && ref->decl && !ref->decl->inMemory
                        ? env.lookup(ref->decl)
                        : Value();
      return value &&
             CheckIndexOp::isKnownInRange(value, toMLIR(vector.type), column);
    };
    if (auto *ref = dyn_cast<VarRefExpr>(&vector); ref && ref->isArgv)
      return isSimple(*index.index);
    if (row && (vector.type.kind == GtType::Vector ? vector.type.width
                                                   : vector.type.rowWidth))
      return inRange(*row->index, /*column=*/false) &&
             inRange(*index.index, /*column=*/true);
    return inRange(*index.index, /*column=*/false);
  }
  case Expr::Unary:
    return isSimple(*cast<UnaryExpr>(expr).operand);
  case Expr::Binary:
    return isSimple(*cast<BinaryExpr>(expr).lhs) &&
           isSimple(*cast<BinaryExpr>(expr).rhs);
  default:
    return false;
  }
}

Value Generator::emitAs(Expr &expr, GtType to) {
  Location loc = expr.loc;
  if (auto *lit = dyn_cast<IntLitExpr>(&expr); lit && to.kind == GtType::Vertex)
    return arith::ConstantIndexOp::create(b, loc, lit->value);
  // Literals, negated or not, become constants of the wanted type directly.
  if (to.isNumeric() && to.kind != GtType::Vertex && to.kind != GtType::Bool) {
    Expr *literal = &expr;
    double sign = 1;
    if (auto *neg = dyn_cast<UnaryExpr>(&expr);
        neg && neg->op == UnaryExpr::Neg) {
      literal = neg->operand.get();
      sign = -1;
    }
    if (auto *lit = dyn_cast<IntLitExpr>(literal))
      return constant(to, sign * static_cast<double>(lit->value), loc);
    if (auto *lit = dyn_cast<FloatLitExpr>(literal); lit && to.isFloat())
      return constant(to, sign * lit->value, loc);
  }
  if (auto *method = dyn_cast<MethodExpr>(&expr);
      method && method->method == Method::GetVertices && to.isNumeric()) {
    Value count = NumVerticesOp::create(b, loc, b.getIndexType(),
                                        emit(*method->receiver));
    return convert(count, GtType::get(GtType::Vertex), to, loc);
  }
  return convert(emit(expr), expr.type, to, loc);
}

Value Generator::emit(Expr &expr) {
  Location loc = expr.loc;
  switch (expr.kind) {
  case Expr::IntLit:
    return constant(expr.type, cast<IntLitExpr>(expr).value, loc);
  case Expr::FloatLit:
    return constant(expr.type, cast<FloatLitExpr>(expr).value, loc);
  case Expr::BoolLit:
    return constant(expr.type, cast<BoolLitExpr>(expr).value, loc);
  case Expr::StringLit:
    return StringConstantOp::create(b, loc, StringType::get(context),
                                    cast<StringLitExpr>(expr).value);
  case Expr::VarRef: {
    VarDecl *decl = cast<VarRefExpr>(expr).decl;
    Value value = env.lookup(decl);
    if (!value) {
      // A global made once an edgeset declared without a graph gets one.
      error(loc) << "'" << decl->name
                 << "' is used before the edgeset it follows is given a graph "
                    "(`edges = ...` at the top of the function)";
      return UnrealizedConversionCastOp::create(b, loc, toMLIR(expr.type),
                                                ValueRange{})
          .getResult(0);
    }
    if (decl->inMemory)
      return memref::LoadOp::create(b, loc, value, ValueRange{});
    return value;
  }
  case Expr::Index: {
    auto &index = cast<IndexExpr>(expr);
    if (auto *ref = dyn_cast<VarRefExpr>(index.base.get());
        ref && ref->isArgv) {
      if (auto *lit = dyn_cast<IntLitExpr>(index.index.get()))
        return ArgvOp::create(b, loc, StringType::get(context), lit->value);
      return ArgvAtOp::create(
          b, loc, StringType::get(context),
          emitAs(*index.index, GtType::get(GtType::Vertex)));
    }
    auto [vector, vertex, column] = emitElementAddress(index);
    return VectorGetOp::create(
        b, loc, cast<VertexVectorType>(vector.getType()).getElementType(),
        vector, vertex, column);
  }
  case Expr::Unary: {
    auto &unary = cast<UnaryExpr>(expr);
    Value operand = emitAs(*unary.operand, expr.type);
    if (unary.op == UnaryExpr::Not)
      return arith::XOrIOp::create(b, loc, operand,
                                   constant(expr.type, 1, loc));
    if (expr.type.isFloat())
      return arith::NegFOp::create(b, loc, operand);
    return arith::SubIOp::create(b, loc, constant(expr.type, 0, loc), operand);
  }
  case Expr::Binary:
    return emitBinary(cast<BinaryExpr>(expr));
  case Expr::Call:
    return emitCall(cast<CallExpr>(expr));
  case Expr::Method:
    return emitMethod(cast<MethodExpr>(expr));
  case Expr::NewList:
    return ListNewOp::create(b, loc, toMLIR(expr.type));
  case Expr::NewPriorityQueue:
    return emitNewQueue(cast<NewPriorityQueueExpr>(expr));
  case Expr::NewVector:
  case Expr::VectorLit:
  case Expr::Functor:
    llvm_unreachable("Sema rejects functors and new vectors here");
  case Expr::NewSet: {
    // GraphIt: a size of 0 is the empty set, any other size all vertices,
    // whether the size is a literal or known only at run time. In a program
    // without vertices (no edgeset, no sized global set) the set ranges over
    // `size` vertices of its own.
    auto &newSet = cast<NewSetExpr>(expr);
    auto *lit = dyn_cast<IntLitExpr>(newSet.size.get());
    Value vertices =
        graph ? graph
              : EmptyGraphOp::create(
                    b, loc, EdgeSetType::get(context, Type()),
                    emitAs(*newSet.size, GtType::get(GtType::Vertex)));
    if (lit)
      return VertexSetNewOp::create(b, loc, setType(), vertices,
                                    lit->value != 0);
    return b.createOrFold<VertexSetNewOp>(
        loc, setType(), vertices, false,
        emitAs(*newSet.size, GtType::get(GtType::Int)));
  }
  }
  return Value();
}

//===----------------------------------------------------------------------===//
// Run-time index checks
//===----------------------------------------------------------------------===//

/// `k` when `expr` is `argv[k]` or `atoi(argv[k])`.
static std::optional<uint64_t> argvIndex(const Expr &expr) {
  if (auto *call = dyn_cast<CallExpr>(&expr);
      call && call->builtin == Builtin::Atoi)
    return argvIndex(*call->args[0]);
  auto *index = dyn_cast<IndexExpr>(&expr);
  auto *base = index ? dyn_cast<VarRefExpr>(index->base.get()) : nullptr;
  auto *lit =
      base && base->isArgv ? dyn_cast<IntLitExpr>(index->index.get()) : nullptr;
  if (!lit)
    return std::nullopt;
  return lit->value;
}

/// The name of a vector or a graph as the program spells it.
static std::string quotedName(const Expr &expr) {
  if (auto *ref = dyn_cast<VarRefExpr>(&expr))
    return "'" + ref->name + "'";
  return "a vector";
}

/// The variables that an assignment statement anywhere in the program sets.
static void collectReassigned(ArrayRef<StmtPtr> stmts,
                              llvm::DenseSet<const VarDecl *> &vars) {
  for (const StmtPtr &stmt : stmts) {
    if (auto *assign = dyn_cast<AssignStmt>(stmt.get())) {
      if (auto *ref = dyn_cast<VarRefExpr>(assign->target.get()))
        vars.insert(ref->decl);
    } else if (auto *ifStmt = dyn_cast<IfStmt>(stmt.get())) {
      for (auto &branch : ifStmt->branches)
        collectReassigned(branch.second, vars);
      collectReassigned(ifStmt->elseBody, vars);
    } else if (auto *loop = dyn_cast<LoopStmt>(stmt.get())) {
      collectReassigned(loop->body, vars);
    }
  }
}

bool Generator::isReassigned(const VarDecl *var) {
  if (!reassigned) {
    reassigned.emplace();
    for (const auto &func : program.funcs)
      collectReassigned(func->body, *reassigned);
  }
  return reassigned->contains(var);
}

/// Where an index came from, as the run-time error names it.
std::string Generator::indexSource(const Expr &index) {
  if (std::optional<uint64_t> k = argvIndex(index))
    return "argv[" + std::to_string(*k) + "]";
  if (auto *ref = dyn_cast<VarRefExpr>(&index); ref && ref->decl) {
    const VarDecl *var = ref->decl;
    if (loopVars.contains(var))
      return "loop variable '" + var->name + "'";
    if (currentFunc && llvm::any_of(currentFunc->params, [&](auto &param) {
          return param.get() == var;
        }))
      return "parameter '" + var->name + "' of '" + currentFunc->name + "'";
    std::string text = "variable '" + var->name + "'";
    if (std::optional<uint64_t> k =
            var->init ? argvIndex(*var->init) : std::nullopt;
        k && !isReassigned(var))
      text += " = argv[" + std::to_string(*k) + "]";
    return text;
  }
  if (auto *element = dyn_cast<IndexExpr>(&index)) {
    const Expr *vector = element->base.get();
    if (auto *row = dyn_cast<IndexExpr>(vector))
      vector = row->base.get();
    return "an element of " + quotedName(*vector);
  }
  if (auto *call = dyn_cast<CallExpr>(&index); call && call->func)
    return "the result of '" + call->callee + "'";
  const Expr *literal = &index;
  if (auto *neg = dyn_cast<UnaryExpr>(&index); neg && neg->op == UnaryExpr::Neg)
    literal = neg->operand.get();
  if (isa<IntLitExpr>(literal))
    return "a constant";
  return "an expression";
}

/// `index` (of `indexExpr`) once a graph.check_index at `loc` found it in
/// `range`: a vector, the rows of a vector with `column`, or a graph's
/// vertices. Indices known to be in range (traversal vertices, loops over
/// the vertices) are not checked.
Value Generator::checkIndex(Value index, Expr &indexExpr, Value range,
                            bool column, const Twine &what, Location loc) {
  auto check = CheckIndexOp::create(b, loc, index, range, column, what.str());
  if (check.isKnownInRange()) {
    check.erase();
    return index;
  }
  check.setSource(indexSource(indexExpr));
  return check;
}

/// The vertex argument `arg`, checked at its location against `range` (a
/// per-vertex vector or a graph), which the error calls `what`.
Value Generator::emitCheckedVertex(Expr &arg, Value range, const Twine &what) {
  return checkIndex(emitAs(arg, GtType::get(GtType::Vertex)), arg, range,
                    /*column=*/false, what, arg.loc);
}

/// `vec[v]`, or `vec[v][k]` of a `vector{Vertex}(vector[K](T))`: the
/// vector, the vertex and the column (null without rows), each index checked.
Generator::ElementAddress Generator::emitElementAddress(IndexExpr &expr) {
  GtType vertexType = GtType::get(GtType::Vertex);
  auto hasRows = [](GtType type) {
    return (type.kind == GtType::Vector && type.width) ||
           (type.kind == GtType::FixedVector && type.rowWidth);
  };
  if (auto *row = dyn_cast<IndexExpr>(expr.base.get());
      row && hasRows(row->base->type)) {
    Value vector = emit(*row->base);
    std::string name = quotedName(*row->base);
    Value vertex = checkIndex(emitAs(*row->index, vertexType), *row->index,
                              vector, /*column=*/false, name, row->loc);
    Value column =
        checkIndex(emitAs(*expr.index, vertexType), *expr.index, vector,
                   /*column=*/true, "the rows of " + name, expr.loc);
    return {vector, vertex, column};
  }
  Value vector = emit(*expr.base);
  Value vertex =
      checkIndex(emitAs(*expr.index, vertexType), *expr.index, vector,
                 /*column=*/false, quotedName(*expr.base), expr.loc);
  return {vector, vertex, Value()};
}

Value Generator::emitArith(BinaryExpr::Op op, Value lhs, Value rhs, GtType type,
                           Location loc) {
  bool isFloat = type.isFloat();
  switch (op) {
  case BinaryExpr::Add:
    return isFloat ? arith::AddFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::AddIOp::create(b, loc, lhs, rhs).getResult();
  case BinaryExpr::Sub:
    return isFloat ? arith::SubFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::SubIOp::create(b, loc, lhs, rhs).getResult();
  case BinaryExpr::Mul:
    return isFloat ? arith::MulFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::MulIOp::create(b, loc, lhs, rhs).getResult();
  case BinaryExpr::Div:
    if (isFloat)
      return arith::DivFOp::create(b, loc, lhs, rhs);
    if (type.isUnsigned())
      return arith::DivUIOp::create(b, loc, lhs, rhs);
    return arith::DivSIOp::create(b, loc, lhs, rhs);
  default:
    llvm_unreachable("not an arithmetic operator");
  }
}

Value Generator::emitCompare(BinaryExpr::Op op, Value lhs, Value rhs,
                             GtType type, Location loc) {
  if (type.isFloat()) {
    arith::CmpFPredicate pred;
    switch (op) {
    case BinaryExpr::Eq:
      pred = arith::CmpFPredicate::OEQ;
      break;
    case BinaryExpr::Ne:
      pred = arith::CmpFPredicate::UNE;
      break;
    case BinaryExpr::Lt:
      pred = arith::CmpFPredicate::OLT;
      break;
    case BinaryExpr::Le:
      pred = arith::CmpFPredicate::OLE;
      break;
    case BinaryExpr::Gt:
      pred = arith::CmpFPredicate::OGT;
      break;
    default:
      pred = arith::CmpFPredicate::OGE;
      break;
    }
    return arith::CmpFOp::create(b, loc, pred, lhs, rhs);
  }
  bool isUnsigned = type.isUnsigned() || type.kind == GtType::Bool;
  arith::CmpIPredicate pred;
  switch (op) {
  case BinaryExpr::Eq:
    pred = arith::CmpIPredicate::eq;
    break;
  case BinaryExpr::Ne:
    pred = arith::CmpIPredicate::ne;
    break;
  case BinaryExpr::Lt:
    pred = isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    break;
  case BinaryExpr::Le:
    pred = isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
    break;
  case BinaryExpr::Gt:
    pred = isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    break;
  default:
    pred = isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
    break;
  }
  return arith::CmpIOp::create(b, loc, pred, lhs, rhs);
}

Value Generator::emitMinMax(bool isMax, Value lhs, Value rhs, GtType type,
                            Location loc) {
  ReduceKind kind = type.isUnsigned()
                        ? (isMax ? ReduceKind::MaxU : ReduceKind::MinU)
                        : (isMax ? ReduceKind::Max : ReduceKind::Min);
  return combineReduction(b, loc, kind, lhs, rhs);
}

/// `lhs and rhs` / `lhs or rhs`, evaluating `rhs` only when needed unless
/// it is simple.
Value Generator::emitAndThen(Value lhs, Expr &rhs, bool isAnd, Location loc) {
  GtType boolType = GtType::get(GtType::Bool);
  if (isSimple(rhs)) {
    Value r = emitAs(rhs, boolType);
    return isAnd ? arith::AndIOp::create(b, loc, lhs, r).getResult()
                 : arith::OrIOp::create(b, loc, lhs, r).getResult();
  }
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{b.getI1Type()}, lhs,
                                /*addThenBlock=*/true, /*addElseBlock=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(isAnd ? ifOp.thenBlock() : ifOp.elseBlock());
  scf::YieldOp::create(b, loc, emitAs(rhs, boolType));
  b.setInsertionPointToStart(isAnd ? ifOp.elseBlock() : ifOp.thenBlock());
  scf::YieldOp::create(b, loc, constant(boolType, isAnd ? 0 : 1, loc));
  return ifOp.getResult(0);
}

Value Generator::emitBinary(BinaryExpr &expr) {
  Location loc = expr.loc;
  GtType type = expr.operandType;
  if (expr.op == BinaryExpr::And || expr.op == BinaryExpr::Or)
    return emitAndThen(emitAs(*expr.lhs, type), *expr.rhs,
                       expr.op == BinaryExpr::And, loc);
  Value lhs = emitAs(*expr.lhs, type);
  Value rhs = emitAs(*expr.rhs, type);
  switch (expr.op) {
  case BinaryExpr::Xor:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  case BinaryExpr::Add:
  case BinaryExpr::Sub:
  case BinaryExpr::Mul:
  case BinaryExpr::Div:
    return emitArith(expr.op, lhs, rhs, type, loc);
  default:
    return emitCompare(expr.op, lhs, rhs, type, loc);
  }
}

Value Generator::emitCall(CallExpr &expr) {
  Location loc = expr.loc;
  if (expr.func) {
    SmallVector<Value> args;
    for (auto [arg, param] : llvm::zip(expr.args, expr.func->params))
      args.push_back(emitAs(*arg, param->spec.type));
    SmallVector<Value> captured;
    for (auto [arg, decl] : llvm::zip(expr.captured, expr.func->captures))
      captured.push_back(emitAs(*arg, decl->spec.type));
    return inlineCall(*expr.func, args, loc, captured);
  }
  GtType type = expr.type;
  auto arg = [&](size_t i) { return emitAs(*expr.args[i], type); };
  switch (expr.builtin) {
  case Builtin::Fabs:
    return math::AbsFOp::create(b, loc, arg(0));
  case Builtin::Sqrt:
    return math::SqrtOp::create(b, loc, arg(0));
  case Builtin::Log:
    return math::LogOp::create(b, loc, arg(0));
  case Builtin::Floor:
    return math::FloorOp::create(b, loc, arg(0));
  case Builtin::Ceil:
    return math::CeilOp::create(b, loc, arg(0));
  case Builtin::Pow:
    return math::PowFOp::create(b, loc, arg(0), arg(1));
  case Builtin::Max:
  case Builtin::Min:
    return emitMinMax(expr.builtin == Builtin::Max, arg(0), arg(1), type, loc);
  case Builtin::ToDouble:
    return arg(0);
  case Builtin::Atoi:
    return AtoiOp::create(b, loc, b.getI32Type(),
                          emitAs(*expr.args[0], GtType::get(GtType::String)));
  case Builtin::StartTimer:
    TimerStartOp::create(b, loc);
    return Value();
  case Builtin::StopTimer:
    return TimerStopOp::create(b, loc, b.getF64Type());
  case Builtin::IntersectNeighbor: {
    GtType vertex = GtType::get(GtType::Vertex);
    Value count = CommonNeighborsOp::create(
        b, loc, b.getIndexType(), emit(*expr.args[0]),
        emitAs(*expr.args[1], vertex), emitAs(*expr.args[2], vertex));
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), count);
  }
  case Builtin::Intersection: {
    auto [graph, u] = neighborsOf(*expr.args[0]);
    Value v = neighborsOf(*expr.args[1]).second;
    Value count =
        CommonNeighborsOp::create(b, loc, b.getIndexType(), graph, u, v);
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), count);
  }
  case Builtin::AtomicAdd:
  case Builtin::WriteMin: {
    GtType element = GtType::get(expr.args[0]->type.elem);
    Value vector = emit(*expr.args[0]);
    Value vertex =
        emitCheckedVertex(*expr.args[1], vector, quotedName(*expr.args[0]));
    Value value = emitAs(*expr.args[2], element);
    bool isMin = expr.builtin == Builtin::WriteMin;
    Value changed = ReduceOp::create(
        b, loc, b.getI1Type(),
        isMin ? (element.isUnsigned() ? ReduceKind::MinU : ReduceKind::Min)
              : ReduceKind::Add,
        vector, vertex, value, /*atomic=*/true);
    return isMin ? changed : Value();
  }
  case Builtin::UnionFindLink:
  case Builtin::UnionFindRoot: {
    Value forest = emit(*expr.args[0]);
    auto checked = [&](Expr &arg) {
      return emitCheckedVertex(arg, forest, quotedName(*expr.args[0]));
    };
    Value u = checked(*expr.args[1]);
    if (expr.builtin == Builtin::UnionFindRoot)
      return VectorFindOp::create(b, loc, forest, u);
    VectorLinkOp::create(b, loc, forest, u, checked(*expr.args[2]));
    return Value();
  }
  case Builtin::Load:
    // A new graph for an edgeset variable (a global's first graph is made
    // by emitGlobal): it must fit the per-vertex data made for the first.
    return LoadOp::create(b, loc, toMLIR(expr.type),
                          emitAs(*expr.args[0], GtType::get(GtType::String)),
                          graph, /*symmetrize=*/false);
  case Builtin::None:
    break;
  }
  llvm_unreachable("unresolved calls are rejected by sema");
}

Value Generator::emitMethod(MethodExpr &expr) {
  Location loc = expr.loc;
  switch (expr.method) {
  case Method::EdgeApply:
  case Method::ApplyModified:
  case Method::ApplyUpdatePriority:
    return emitEdgeApply(expr);
  case Method::QueueFinished:
  case Method::QueueFinishedVertex:
  case Method::QueueDequeue:
  case Method::QueueCurrent:
  case Method::QueueUpdateMin:
  case Method::QueueUpdateMax:
  case Method::QueueUpdateSum:
    return emitQueueMethod(expr);
  case Method::GetVertices:
    return VertexSetNewOp::create(b, loc, setType(), emit(*expr.receiver),
                                  /*all=*/true);
  case Method::GetOutDegrees:
    // A global vector declared with another integer type gets its degrees
    // in that type (see emitGlobal).
    return OutDegreesOp::create(b, loc, toMLIR(expr.type),
                                emit(*expr.receiver));
  case Method::Size:
    return emitSetSize(expr);
  case Method::Transpose: {
    Value graph = emit(*expr.receiver);
    return TransposeOp::create(b, loc, graph.getType(), graph);
  }
  case Method::GetNgh: {
    Expr &arg = *expr.args[0];
    return checkIndex(emitAs(arg, GtType::get(GtType::Vertex)), arg,
                      emit(*expr.receiver), /*column=*/false,
                      "the vertices of " + quotedName(*expr.receiver), arg.loc);
  }
  case Method::GetOutDegree: {
    Value graph = emit(*expr.receiver);
    return outDegree(
        graph,
        emitCheckedVertex(*expr.args[0], graph,
                          "the vertices of " + quotedName(*expr.receiver)),
        loc);
  }
  case Method::IsDirected:
    return IsDirectedOp::create(b, loc, b.getI1Type(), emit(*expr.receiver));
  case Method::Relabel: {
    Value graph = emit(*expr.receiver);
    return RelabelOp::create(b, loc, graph.getType(), graph);
  }
  case Method::ListAppend:
  case Method::ListInsert: {
    Value value = emitAs(*expr.args[0], GtType::get(expr.receiver->type.elem));
    // The list keeps a copy of an inserted set: a filter that keeps every
    // vertex.
    if (expr.method == Method::ListInsert &&
        isa<VertexSetType>(value.getType())) {
      auto copy = VertexSetFilterOp::create(b, loc, setType(), value,
                                            StringAttr(), ScheduleAttr());
      OpBuilder::InsertionGuard guard(b);
      b.createBlock(&copy.getPredicate(), {}, {b.getIndexType()}, {loc});
      YieldOp::create(b, loc,
                      ValueRange{constant(GtType::get(GtType::Bool), 1, loc)});
      value = copy;
    }
    ListAppendOp::create(b, loc, emit(*expr.receiver), value);
    return Value();
  }
  case Method::ListPop: {
    // Its run-time error names what the program wrote.
    auto pop =
        ListPopOp::create(b, loc, toMLIR(expr.type), emit(*expr.receiver));
    if (expr.name != "pop")
      pop.setWhat(expr.name);
    return pop;
  }
  case Method::VectorSum:
  case Method::VectorMax:
  case Method::VectorMin: {
    bool isUnsigned = expr.type.isUnsigned();
    ReduceKind kind = expr.method == Method::VectorSum ? ReduceKind::Add
                      : expr.method == Method::VectorMax
                          ? (isUnsigned ? ReduceKind::MaxU : ReduceKind::Max)
                          : (isUnsigned ? ReduceKind::MinU : ReduceKind::Min);
    Value vector = emit(*expr.receiver);
    return VectorReduceOp::create(
        b, loc, cast<VertexVectorType>(vector.getType()).getElementType(), kind,
        vector);
  }
  case Method::VertexApply:
  case Method::Filter:
  case Method::AddVertex:
  case Method::ExternQueueUpdate:
    return emitVertexOp(expr, emit(*expr.receiver));
  case Method::From:
  case Method::To:
  case Method::SrcFilter:
  case Method::DstFilter:
  case Method::NeighborRange:
  case Method::None:
    break;
  }
  llvm_unreachable("edge filters are emitted by their apply");
}

/// The graph and vertex of `edges.getNgh(v)`, or of a variable it
/// initialized.
std::pair<Value, Value> Generator::neighborsOf(Expr &set) {
  if (auto *ref = dyn_cast<VarRefExpr>(&set))
    return {emit(*cast<MethodExpr>(*ref->decl->init).receiver), emit(set)};
  return {emit(*cast<MethodExpr>(set).receiver), emit(set)};
}

/// `vertex`'s out-degree as an int, from the graph's CSR offsets.
Value Generator::outDegree(Value graph, Value vertex, Location loc) {
  Type i64 = b.getI64Type();
  auto adjacency = AdjacencyOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, i64),
      MemRefType::get({ShapedType::kDynamic}, b.getI32Type()),
      EdgeDirection::Out, graph);
  Value next = arith::AddIOp::create(b, loc, vertex,
                                     arith::ConstantIndexOp::create(b, loc, 1));
  Value begin = memref::LoadOp::create(b, loc, adjacency.getOffsets(), vertex);
  Value end = memref::LoadOp::create(b, loc, adjacency.getOffsets(), next);
  return arith::TruncIOp::create(b, loc, b.getI32Type(),
                                 arith::SubIOp::create(b, loc, end, begin));
}

Value Generator::emitSetSize(MethodExpr &expr) {
  Location loc = expr.loc;
  if (expr.receiver->type.kind == GtType::Neighbors) {
    auto [graph, vertex] = neighborsOf(*expr.receiver);
    return outDegree(graph, vertex, loc);
  }
  // `vertices.size()` of the set of all vertices is the vertex count.
  Value size;
  auto *ref = dyn_cast<VarRefExpr>(expr.receiver.get());
  auto *init = ref && ref->decl->isGlobal
                   ? dyn_cast_or_null<MethodExpr>(ref->decl->init.get())
                   : nullptr;
  if (init && init->method == Method::GetVertices) {
    size =
        NumVerticesOp::create(b, loc, b.getIndexType(), emit(*init->receiver));
    sizesOfAllVertices.push_back({size, emit(*expr.receiver)});
  } else
    size =
        VertexSetSizeOp::create(b, loc, b.getIndexType(), emit(*expr.receiver));
  return convert(size, GtType::get(GtType::Vertex), expr.type, loc);
}

Value Generator::emitNewQueue(NewPriorityQueueExpr &expr) {
  Location loc = expr.loc;
  // The schedule of the traversal that updates the queue sizes it.
  ScheduleAttr sched = schedule.queues.lookup(expr.queue);
  if (!sched)
    sched = ScheduleAttr::getDefault(context);
  std::vector<ExprPtr> &args = expr.args;
  Value priorities = emit(*args[2]);
  BucketOrder order = cast<IntLitExpr>(*args[3]).value == 1
                          ? BucketOrder::LowerFirst
                          : BucketOrder::HigherFirst;
  Value start;
  if (args.size() == 7)
    start = emitAs(*args[6], GtType::get(GtType::Vertex));
  bool all = cast<BoolLitExpr>(*args[5]).value;
  // GraphIt passes start -1 (no vertex) with init_bucket = true; without
  // init_bucket a negative start is kept, and the run time rejects it.
  if (auto *unary = dyn_cast_or_null<UnaryExpr>(args.size() == 7 ? args[6].get()
                                                                 : nullptr);
      all && unary && unary->op == UnaryExpr::Neg)
    start = Value();
  return PriorityQueueNewOp::create(
      b, loc, toMLIR(expr.type), priorities, order, sched.getPriorityUpdate(),
      sched.getDelta().materialize(b, loc),
      sched.getOpenBuckets().materialize(b, loc), start, all);
}

Value Generator::emitQueueMethod(MethodExpr &expr) {
  Location loc = expr.loc;
  Value queue = emit(*expr.receiver);
  Type priority = cast<PriorityQueueType>(queue.getType()).getPriorityType();
  GtType priorityType = GtType::get(expr.receiver->type.elem);
  GtType vertex = GtType::get(GtType::Vertex);
  auto arg = [&](size_t i, GtType type) { return emitAs(*expr.args[i], type); };
  // A vertex whose priority is updated (the queue holds the graph's).
  auto updated = [&] {
    if (!graph)
      return arg(0, vertex);
    return emitCheckedVertex(*expr.args[0], graph,
                             "the priority queue " +
                                 quotedName(*expr.receiver));
  };
  switch (expr.method) {
  case Method::QueueFinished:
    return PriorityQueueFinishedOp::create(b, loc, b.getI1Type(), queue,
                                           Value());
  case Method::QueueFinishedVertex:
    return PriorityQueueFinishedOp::create(b, loc, b.getI1Type(), queue,
                                           arg(0, vertex));
  case Method::QueueDequeue:
    return PriorityQueueDequeueOp::create(b, loc, setType(), queue);
  case Method::QueueCurrent:
    return PriorityQueueCurrentOp::create(b, loc, priority, queue);
  case Method::QueueUpdateMin:
  case Method::QueueUpdateMax:
    // The second argument (GraphIt's old value) only documents the update.
    return PriorityQueueUpdateOp::create(
        b, loc, b.getI1Type(),
        expr.method == Method::QueueUpdateMin ? ReduceKind::Min
                                              : ReduceKind::Max,
        queue, updated(), arg(2, priorityType));
  case Method::QueueUpdateSum:
    return PriorityQueueUpdateSumOp::create(b, loc, b.getI1Type(), queue,
                                            updated(), arg(1, priorityType),
                                            arg(2, priorityType));
  default:
    llvm_unreachable("not a priority queue method");
  }
}
