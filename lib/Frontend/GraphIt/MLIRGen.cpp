//===- MLIRGen.cpp - GraphIt AST to graph IR ------------------------------===//
//
// Emits one `func.func @main()`. Every user function is inlined where it is
// used: functions passed to apply/filter become the bodies and filter
// regions of graph.edgeset.apply / graph.vertexset.apply / filter, and
// ordinary calls are expanded in place. This keeps globals visible
// everywhere as plain SSA values of @main (edgesets, vectors, sets and
// scalar constants), with no symbol plumbing, and gives the lowering whole
// traversal bodies to schedule.
//
// Variables are SSA values. Structured control flow threads the variables a
// statement assigns through scf.if results, scf.while/scf.for iteration
// values; `break` and `return` become i1 flags that guard the rest of the
// block and stop the loop. The one exception: a global scalar written by a
// function other than main may be written inside a traversal body, whose
// regions cannot yield values, so it lives in a rank-0 memref and its
// compound updates are memref.atomic_rmw.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Frontend/GraphIt/MLIRGen.h"
#include "graph-mlir/Dialect/Graph/IR/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace mlir;
using namespace mlir::graph;
using namespace mlir::graph::graphit;

namespace {

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
  Value emitEdgeApply(MethodExpr &expr);
  Value emitVertexOp(MethodExpr &expr, Value set);
  Value emitRowAddress(IndexExpr &expr, SmallVectorImpl<Value> &indices);

  // Functions and regions.
  Value inlineCall(FuncDecl &func, ArrayRef<Value> args, Location loc);
  void emitVertexRegion(Region &region, ArrayRef<FuncDecl *> funcs,
                        bool isFilter, Location loc);
  StringAttr labelAttr();
  ScheduleAttr scheduleAttr(bool isEdge);

  // Statements.
  void emitStmts(ArrayRef<StmtPtr> stmts);
  void emitStmt(Stmt &stmt);
  void emitGlobal(VarDecl &decl);
  void emitAssign(AssignStmt &stmt);
  void emitIf(IfStmt &stmt, size_t branch);
  void emitWhile(WhileStmt &loop);
  void emitLoopBody(const LoopStmt &loop, VarDecl *exit);
  void emitFor(ForStmt &loop);
  void emitPrint(PrintStmt &stmt);

  // Variable threading.
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
  llvm::DenseMap<const VarDecl *, Value> env;
  llvm::DenseMap<const void *, std::unique_ptr<VarDecl>> flags;
  /// Flag that, once set, skips the rest of the current block: the break
  /// flag of the innermost loop, or the current function's return flag.
  VarDecl *exitFlag = nullptr;
  const LoopStmt *currentLoop = nullptr;
  const FuncDecl *currentFunc = nullptr;
  /// The memrefs of vectors of rows, freed when main ends.
  SmallVector<Value> rowVectors;
  std::string labelPrefix, currentLabel;
};

} // namespace

//===----------------------------------------------------------------------===//
// Types and conversions
//===----------------------------------------------------------------------===//

Type Generator::scalarType(GtType::Kind kind) {
  switch (kind) {
  case GtType::Bool:
    return b.getI1Type();
  case GtType::Int:
  case GtType::UInt:
    return b.getI32Type();
  case GtType::UInt64:
    return b.getI64Type();
  case GtType::Float:
    return b.getF32Type();
  case GtType::Double:
    return b.getF64Type();
  case GtType::Vertex:
    return b.getIndexType();
  default:
    return Type();
  }
}

Type Generator::toMLIR(GtType type) {
  switch (type.kind) {
  case GtType::String:
    return StringType::get(context);
  case GtType::VertexSet:
    return VertexSetType::get(context);
  case GtType::EdgeSet:
    return EdgeSetType::get(context, scalarType(type.elem));
  case GtType::Vector:
    if (type.width)
      return MemRefType::get({ShapedType::kDynamic, type.width},
                             scalarType(type.elem));
    return VertexVectorType::get(scalarType(type.elem));
  default:
    return scalarType(type.kind);
  }
}

Value Generator::constant(GtType type, double value, Location loc) {
  Type mlirType = toMLIR(type);
  if (type.isFloat())
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(mlirType, value));
  return arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(mlirType, static_cast<int64_t>(value)));
}

/// The implicit conversions of GraphIt's generated C++ between bool,
/// integers, Vertex (index) and floats.
Value Generator::convert(Value value, GtType from, GtType to, Location loc) {
  Type target = toMLIR(to);
  if (!value || value.getType() == target)
    return value;
  if (to.kind == GtType::Bool) {
    if (from.isFloat())
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, value,
                                   constant(from, 0, loc));
    Value zero = from.kind == GtType::Vertex
                     ? arith::ConstantIndexOp::create(b, loc, 0).getResult()
                     : constant(from, 0, loc);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value, zero);
  }
  bool fromUnsigned = from.isUnsigned() || from.kind == GtType::Bool;
  if (from.kind == GtType::Vertex) {
    if (to.isFloat())
      return convert(arith::IndexCastOp::create(b, loc, b.getI64Type(), value),
                     GtType::get(GtType::UInt64), to, loc);
    return arith::IndexCastOp::create(b, loc, target, value);
  }
  if (to.kind == GtType::Vertex) {
    if (from.isFloat())
      value = convert(value, from, GtType::get(GtType::Int), loc);
    else if (from.kind == GtType::Bool)
      value = arith::ExtUIOp::create(b, loc, b.getI32Type(), value);
    if (fromUnsigned)
      return arith::IndexCastUIOp::create(b, loc, target, value);
    return arith::IndexCastOp::create(b, loc, target, value);
  }
  if (from.isFloat() && to.isFloat()) {
    if (to.kind == GtType::Double)
      return arith::ExtFOp::create(b, loc, target, value);
    return arith::TruncFOp::create(b, loc, target, value);
  }
  if (to.isFloat()) {
    if (fromUnsigned)
      return arith::UIToFPOp::create(b, loc, target, value);
    return arith::SIToFPOp::create(b, loc, target, value);
  }
  if (from.isFloat()) {
    if (to.isUnsigned())
      return arith::FPToUIOp::create(b, loc, target, value);
    return arith::FPToSIOp::create(b, loc, target, value);
  }
  unsigned fromWidth = value.getType().getIntOrFloatBitWidth();
  unsigned toWidth = target.getIntOrFloatBitWidth();
  if (fromWidth > toWidth)
    return arith::TruncIOp::create(b, loc, target, value);
  if (fromUnsigned)
    return arith::ExtUIOp::create(b, loc, target, value);
  return arith::ExtSIOp::create(b, loc, target, value);
}

/// The value of a variable declared without an initializer.
Value Generator::defaultValue(GtType type, Location loc) {
  switch (type.kind) {
  case GtType::VertexSet:
    return VertexSetNewOp::create(b, loc, setType(), graph, /*all=*/false);
  case GtType::Vertex:
    return arith::ConstantIndexOp::create(b, loc, 0);
  case GtType::String:
    return StringConstantOp::create(b, loc, StringType::get(context), "");
  default:
    return constant(type, 0, loc);
  }
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// Cheap, side-effect-free expressions evaluate eagerly in `and`/`or`;
/// anything that calls a function is guarded by the left operand.
static bool isSimple(const Expr &expr) {
  switch (expr.kind) {
  case Expr::IntLit:
  case Expr::FloatLit:
  case Expr::BoolLit:
  case Expr::VarRef:
    return true;
  case Expr::Index: {
    auto &index = cast<IndexExpr>(expr);
    return isSimple(*index.base) && isSimple(*index.index);
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
    if (decl->inMemory)
      return memref::LoadOp::create(b, loc, value, ValueRange{});
    return value;
  }
  case Expr::Index: {
    auto &index = cast<IndexExpr>(expr);
    if (auto *ref = dyn_cast<VarRefExpr>(index.base.get()); ref && ref->isArgv)
      return ArgvOp::create(b, loc, StringType::get(context),
                            cast<IntLitExpr>(*index.index).value);
    if (expr.type.kind != GtType::Vector && isa<IndexExpr>(*index.base)) {
      SmallVector<Value> indices;
      Value row = emitRowAddress(index, indices);
      return memref::LoadOp::create(b, loc, row, indices);
    }
    Value vector = emit(*index.base);
    Value vertex = emitAs(*index.index, GtType::get(GtType::Vertex));
    return VectorGetOp::create(
        b, loc, cast<VertexVectorType>(vector.getType()).getElementType(),
        vector, vertex);
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
  case Expr::NewSet: {
    // GraphIt: `(0)` is the empty set, any other size all vertices.
    auto *lit = dyn_cast<IntLitExpr>(cast<NewSetExpr>(expr).size.get());
    return VertexSetNewOp::create(b, loc, setType(), graph,
                                  !(lit && lit->value == 0));
  }
  }
  return Value();
}

/// `vec[v][i]` of a `vector{Vertex}(vector[K](T))`: the memref and indices.
Value Generator::emitRowAddress(IndexExpr &expr,
                                SmallVectorImpl<Value> &indices) {
  auto &row = cast<IndexExpr>(*expr.base);
  Value memref = emit(*row.base);
  indices.push_back(emitAs(*row.index, GtType::get(GtType::Vertex)));
  indices.push_back(emitAs(*expr.index, GtType::get(GtType::Vertex)));
  return memref;
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
  if (type.isFloat())
    return isMax ? arith::MaximumFOp::create(b, loc, lhs, rhs).getResult()
                 : arith::MinimumFOp::create(b, loc, lhs, rhs).getResult();
  if (type.isUnsigned())
    return isMax ? arith::MaxUIOp::create(b, loc, lhs, rhs).getResult()
                 : arith::MinUIOp::create(b, loc, lhs, rhs).getResult();
  return isMax ? arith::MaxSIOp::create(b, loc, lhs, rhs).getResult()
               : arith::MinSIOp::create(b, loc, lhs, rhs).getResult();
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
    return inlineCall(*expr.func, args, loc);
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
  case Builtin::Load:
  case Builtin::None:
    break;
  }
  llvm_unreachable("load and unresolved calls are rejected by sema");
}

Value Generator::emitMethod(MethodExpr &expr) {
  Location loc = expr.loc;
  switch (expr.method) {
  case Method::EdgeApply:
  case Method::ApplyModified:
    return emitEdgeApply(expr);
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
  case Method::VertexApply:
  case Method::Filter:
  case Method::AddVertex:
    return emitVertexOp(expr, emit(*expr.receiver));
  case Method::From:
  case Method::To:
  case Method::SrcFilter:
  case Method::DstFilter:
  case Method::None:
    break;
  }
  llvm_unreachable("edge filters are emitted by their apply");
}

Value Generator::emitSetSize(MethodExpr &expr) {
  Location loc = expr.loc;
  // `vertices.size()` of the set of all vertices is the vertex count.
  Value size;
  auto *ref = dyn_cast<VarRefExpr>(expr.receiver.get());
  auto *init = ref && ref->decl->isGlobal
                   ? dyn_cast_or_null<MethodExpr>(ref->decl->init.get())
                   : nullptr;
  if (init && init->method == Method::GetVertices)
    size =
        NumVerticesOp::create(b, loc, b.getIndexType(), emit(*init->receiver));
  else
    size =
        VertexSetSizeOp::create(b, loc, b.getIndexType(), emit(*expr.receiver));
  return convert(size, GtType::get(GtType::Vertex), expr.type, loc);
}

StringAttr Generator::labelAttr() {
  return currentLabel.empty() ? StringAttr() : b.getStringAttr(currentLabel);
}

ScheduleAttr Generator::scheduleAttr(bool isEdge) {
  auto it = schedule.byLabel.find(currentLabel);
  if (currentLabel.empty() || it == schedule.byLabel.end())
    return ScheduleAttr();
  return isEdge ? it->second.edges : it->second.vertices;
}

static FuncDecl *funcOf(Expr &expr) { return cast<VarRefExpr>(expr).func; }

Value Generator::emitVertexOp(MethodExpr &expr, Value set) {
  Location loc = expr.loc;
  if (expr.method == Method::AddVertex) {
    VertexSetInsertOp::create(
        b, loc, set, emitAs(*expr.args[0], GtType::get(GtType::Vertex)));
    return Value();
  }
  FuncDecl *func = funcOf(*expr.args[0]);
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

Value Generator::emitEdgeApply(MethodExpr &expr) {
  Location loc = expr.loc;
  // Unwind `edges.from(..).to(..).srcFilter(..).dstFilter(..)`.
  Value from, to;
  SmallVector<FuncDecl *> srcFilters, dstFilters;
  Expr *root = expr.receiver.get();
  SmallVector<MethodExpr *> chain;
  while (auto *m = dyn_cast<MethodExpr>(root)) {
    chain.push_back(m);
    root = m->receiver.get();
  }
  for (MethodExpr *m : llvm::reverse(chain)) {
    Expr &arg = *m->args[0];
    bool isSrc = m->method == Method::From || m->method == Method::SrcFilter;
    if (arg.type.kind == GtType::Func)
      (isSrc ? srcFilters : dstFilters).push_back(funcOf(arg));
    else
      (isSrc ? from : to) = emit(arg);
  }
  Value edges = emit(*root);
  bool modified = expr.method == Method::ApplyModified;
  Value tracked = modified ? emit(*expr.args[1]) : Value();
  bool dedup = modified &&
               (expr.args.size() < 3 || cast<BoolLitExpr>(*expr.args[2]).value);
  SmallVector<Type> resultTypes;
  if (modified)
    resultTypes.push_back(VertexSetType::get(context));
  auto op =
      EdgeSetApplyOp::create(b, loc, resultTypes, edges, from, to, tracked,
                             dedup ? b.getUnitAttr() : UnitAttr(), labelAttr(),
                             scheduleAttr(/*isEdge=*/true));
  if (!srcFilters.empty())
    emitVertexRegion(op.getSrcFilter(), srcFilters, /*isFilter=*/true, loc);
  if (!dstFilters.empty())
    emitVertexRegion(op.getDstFilter(), dstFilters, /*isFilter=*/true, loc);

  OpBuilder::InsertionGuard guard(b);
  FuncDecl &func = *funcOf(*expr.args[0]);
  auto edgeType = cast<EdgeSetType>(edges.getType());
  SmallVector<Type> argTypes(2, b.getIndexType());
  if (edgeType.isWeighted())
    argTypes.push_back(edgeType.getWeightType());
  Block *body = b.createBlock(&op.getBody(), {}, argTypes,
                              SmallVector<Location>(argTypes.size(), loc));
  GtType edgeArg[] = {GtType::get(GtType::Vertex), GtType::get(GtType::Vertex),
                      GtType::get(root->type.elem)};
  SmallVector<Value> args;
  for (auto [i, param] : llvm::enumerate(func.params))
    args.push_back(
        convert(body->getArgument(i), edgeArg[i], param->spec.type, loc));
  inlineCall(func, args, loc);
  YieldOp::create(b, loc);
  return modified ? op.getModified() : Value();
}

/// A region over one vertex: the bodies of vertex functions, or the
/// conjunction of filter functions.
void Generator::emitVertexRegion(Region &region, ArrayRef<FuncDecl *> funcs,
                                 bool isFilter, Location loc) {
  OpBuilder::InsertionGuard guard(b);
  Block *block = b.createBlock(&region, {}, {b.getIndexType()}, {loc});
  Value keep;
  for (FuncDecl *func : funcs) {
    Value v = convert(block->getArgument(0), GtType::get(GtType::Vertex),
                      func->params[0]->spec.type, loc);
    Value result = inlineCall(*func, {v}, loc);
    if (isFilter)
      keep = keep ? arith::AndIOp::create(b, loc, keep, result).getResult()
                  : result;
  }
  YieldOp::create(b, loc, isFilter ? ValueRange{keep} : ValueRange{});
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

Value Generator::inlineCall(FuncDecl &func, ArrayRef<Value> args,
                            Location loc) {
  // A function body is a fresh scope for labels, loops and exits.
  llvm::SaveAndRestore<VarDecl *> scopedExit(exitFlag, nullptr);
  llvm::SaveAndRestore<const LoopStmt *> scopedLoop(currentLoop, nullptr);
  llvm::SaveAndRestore<const FuncDecl *> scopedFunc(currentFunc, &func);
  llvm::SaveAndRestore<std::string> scopedPrefix(labelPrefix, "");
  llvm::SaveAndRestore<std::string> scopedLabel(currentLabel, "");

  for (auto [param, arg] : llvm::zip(func.params, args))
    env[param.get()] = arg;
  if (func.result)
    env[func.result.get()] = defaultValue(func.result->spec.type, loc);
  if (func.hasReturn) {
    exitFlag = returnFlag(&func);
    env[exitFlag] = constant(GtType::get(GtType::Bool), 0, loc);
  }
  emitStmts(func.body);
  return func.result ? env.lookup(func.result.get()) : Value();
}

//===----------------------------------------------------------------------===//
// Variable threading through structured control flow
//===----------------------------------------------------------------------===//

VarDecl *Generator::breakFlag(const LoopStmt *loop) {
  std::unique_ptr<VarDecl> &flag = flags[loop];
  if (!flag) {
    TypeSpec spec;
    spec.type = GtType::get(GtType::Bool);
    flag = std::make_unique<VarDecl>(loop->loc, "<break>", spec, nullptr);
  }
  return flag.get();
}

VarDecl *Generator::returnFlag(const FuncDecl *func) {
  std::unique_ptr<VarDecl> &flag = flags[func];
  if (!flag) {
    TypeSpec spec;
    spec.type = GtType::get(GtType::Bool);
    flag = std::make_unique<VarDecl>(func->loc, "<return>", spec, nullptr);
  }
  return flag.get();
}

/// The variable that `delete set` leaves holding graph.vertexset.deleted, so
/// that a later use fails at run time: a local, or a global deleted in main
/// (a global deleted inside another function may be deleted in a nested
/// region of main, where the new value would not reach its later uses).
const VarDecl *Generator::deletedVar(const Expr &set) {
  auto *ref = dyn_cast<VarRefExpr>(&set);
  if (!ref || !ref->decl || ref->decl->inMemory)
    return nullptr;
  if (ref->decl->isGlobal && currentFunc->name != "main")
    return nullptr;
  return ref->decl;
}

/// The SSA variables (and exit flags) that `stmts` may assign, and the
/// variables they declare.
void Generator::collectAssigned(ArrayRef<StmtPtr> stmts, VarSet &assigned,
                                VarSet &declared) {
  for (const StmtPtr &stmt : stmts) {
    switch (stmt->kind) {
    case Stmt::VarDeclK:
      declared.insert(cast<VarDecl>(stmt.get()));
      break;
    case Stmt::Assign:
      if (auto *ref =
              dyn_cast<VarRefExpr>(cast<AssignStmt>(*stmt).target.get());
          ref && !ref->decl->inMemory)
        assigned.insert(ref->decl);
      break;
    case Stmt::If: {
      auto &ifStmt = cast<IfStmt>(*stmt);
      for (auto &branch : ifStmt.branches)
        collectAssigned(branch.second, assigned, declared);
      collectAssigned(ifStmt.elseBody, assigned, declared);
      break;
    }
    case Stmt::While:
    case Stmt::For:
      if (auto *forLoop = dyn_cast<ForStmt>(stmt.get()))
        declared.insert(forLoop->var.get());
      collectAssigned(cast<LoopStmt>(*stmt).body, assigned, declared);
      break;
    case Stmt::Delete:
      if (const VarDecl *var = deletedVar(*cast<DeleteStmt>(*stmt).set))
        assigned.insert(var);
      break;
    case Stmt::Break:
      assigned.insert(breakFlag(cast<BreakStmt>(*stmt).loop));
      break;
    case Stmt::Return:
      assigned.insert(returnFlag(currentFunc));
      for (LoopStmt *loop : cast<ReturnStmt>(*stmt).loops)
        assigned.insert(breakFlag(loop));
      break;
    default:
      break;
    }
  }
}

SmallVector<const VarDecl *> Generator::assignedVars(ArrayRef<StmtPtr> stmts) {
  VarSet assigned, declared;
  collectAssigned(stmts, assigned, declared);
  SmallVector<const VarDecl *> vars;
  for (const VarDecl *var : assigned)
    if (var && !declared.contains(var) && env.count(var))
      vars.push_back(var);
  return vars;
}

SmallVector<Value> Generator::values(ArrayRef<const VarDecl *> vars) {
  return llvm::map_to_vector(vars, [&](const VarDecl *v) { return env[v]; });
}

SmallVector<Type> Generator::types(ArrayRef<const VarDecl *> vars) {
  return llvm::map_to_vector(
      vars, [&](const VarDecl *v) { return env[v].getType(); });
}

void Generator::bind(ArrayRef<const VarDecl *> vars, ValueRange vals) {
  for (auto [var, value] : llvm::zip(vars, vals))
    env[var] = value;
}

/// True when `stmt` may leave the current loop (break) or function (return)
/// so that the statements after it must be guarded.
bool Generator::mayExit(const Stmt &stmt, const LoopStmt *loop) {
  switch (stmt.kind) {
  case Stmt::Break:
    return cast<BreakStmt>(stmt).loop == loop;
  case Stmt::Return:
    return true;
  case Stmt::If: {
    auto &ifStmt = cast<IfStmt>(stmt);
    auto any = [&](const StmtList &block) {
      return llvm::any_of(block,
                          [&](const StmtPtr &s) { return mayExit(*s, loop); });
    };
    return llvm::any_of(ifStmt.branches,
                        [&](auto &branch) { return any(branch.second); }) ||
           any(ifStmt.elseBody);
  }
  case Stmt::While:
  case Stmt::For:
    return llvm::any_of(cast<LoopStmt>(stmt).body,
                        [&](const StmtPtr &s) { return mayExit(*s, loop); });
  default:
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void Generator::emitStmts(ArrayRef<StmtPtr> stmts) {
  for (size_t i = 0; i < stmts.size(); ++i) {
    Stmt &stmt = *stmts[i];
    Location loc = stmt.loc;
    GtType boolType = GtType::get(GtType::Bool);
    if (auto *brk = dyn_cast<BreakStmt>(&stmt)) {
      env[breakFlag(brk->loop)] = constant(boolType, 1, loc);
      return; // The rest of the block is unreachable.
    }
    if (auto *ret = dyn_cast<ReturnStmt>(&stmt)) {
      Value yes = constant(boolType, 1, loc);
      for (LoopStmt *loop : ret->loops)
        env[breakFlag(loop)] = yes;
      env[returnFlag(currentFunc)] = yes;
      return;
    }
    emitStmt(stmt);
    ArrayRef<StmtPtr> rest = stmts.drop_front(i + 1);
    if (!exitFlag || rest.empty() || !mayExit(stmt, currentLoop))
      continue;
    // Run the rest of the block only if nothing left.
    SmallVector<const VarDecl *> carried = assignedVars(rest);
    Value stay = arith::XOrIOp::create(b, loc, env[exitFlag],
                                       constant(boolType, 1, loc));
    auto ifOp = scf::IfOp::create(b, loc, types(carried), stay,
                                  /*addThenBlock=*/true,
                                  /*addElseBlock=*/!carried.empty());
    SmallVector<Value> before = values(carried);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      emitStmts(rest);
      scf::YieldOp::create(b, loc, values(carried));
      if (!carried.empty()) {
        b.setInsertionPointToStart(ifOp.elseBlock());
        scf::YieldOp::create(b, loc, before);
      }
    }
    bind(carried, ifOp.getResults());
    return;
  }
}

void Generator::emitStmt(Stmt &stmt) {
  llvm::SaveAndRestore<std::string> scopedPrefix(labelPrefix);
  currentLabel.clear();
  if (!stmt.label.empty()) {
    currentLabel = joinLabel(labelPrefix, stmt.label);
    labelPrefix = currentLabel;
  }
  Location loc = stmt.loc;
  switch (stmt.kind) {
  case Stmt::VarDeclK: {
    auto &decl = cast<VarDecl>(stmt);
    GtType type = decl.spec.type;
    if (type.kind == GtType::Vector) {
      emitGlobal(decl);
      break;
    }
    env[&decl] = decl.init ? emitAs(*decl.init, type) : defaultValue(type, loc);
    break;
  }
  case Stmt::Assign:
    emitAssign(cast<AssignStmt>(stmt));
    break;
  case Stmt::ExprS:
    emit(*cast<ExprStmt>(stmt).expr);
    break;
  case Stmt::If:
    emitIf(cast<IfStmt>(stmt), 0);
    break;
  case Stmt::While:
    emitWhile(cast<WhileStmt>(stmt));
    break;
  case Stmt::For:
    emitFor(cast<ForStmt>(stmt));
    break;
  case Stmt::Print:
    emitPrint(cast<PrintStmt>(stmt));
    break;
  case Stmt::Delete: {
    Expr &set = *cast<DeleteStmt>(stmt).set;
    VertexSetFreeOp::create(b, loc, emit(set));
    if (const VarDecl *var = deletedVar(set))
      env[var] = VertexSetDeletedOp::create(b, loc, setType());
    break;
  }
  case Stmt::Break:
  case Stmt::Return:
    llvm_unreachable("handled by emitStmts");
  }
  currentLabel.clear();
}

/// Globals (and local vectors): created at the start of @main in order.
void Generator::emitGlobal(VarDecl &decl) {
  Location loc = decl.loc;
  GtType type = decl.spec.type;
  Value value;
  switch (type.kind) {
  case GtType::EdgeSet: {
    auto &load = cast<CallExpr>(*decl.init);
    Value path = emitAs(*load.args[0], GtType::get(GtType::String));
    value = LoadOp::create(b, loc, toMLIR(type), path, /*symmetrize=*/false);
    if (!graph)
      graph = value;
    break;
  }
  case GtType::Vector: {
    GtType elem = GtType::get(type.elem);
    if (type.width) {
      // vector{Vertex}(vector[K](T)): an n x K memref filled row by row.
      Value n = NumVerticesOp::create(b, loc, b.getIndexType(), graph);
      auto memrefType = cast<MemRefType>(toMLIR(type));
      value = memref::AllocOp::create(b, loc, memrefType, ValueRange{n});
      Value init =
          decl.init ? emitAs(*decl.init, elem) : constant(elem, 0, loc);
      Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
      Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
      Value k = arith::ConstantIndexOp::create(b, loc, type.width);
      rowVectors.push_back(value);
      Value fill = value;
      scf::ForOp::create(b, loc, c0, n, c1, {},
                         [&](OpBuilder &, Location, Value v, ValueRange) {
                           scf::ForOp::create(
                               b, loc, c0, k, c1, {},
                               [&](OpBuilder &, Location, Value i, ValueRange) {
                                 memref::StoreOp::create(b, loc, init, fill,
                                                         ValueRange{v, i});
                                 scf::YieldOp::create(b, loc);
                               });
                           scf::YieldOp::create(b, loc);
                         });
      break;
    }
    auto *method = dyn_cast_or_null<MethodExpr>(decl.init.get());
    if (method && method->type.kind == GtType::Vector) {
      value =
          OutDegreesOp::create(b, loc, toMLIR(type), emit(*method->receiver));
    } else {
      Value init = decl.init ? emitAs(*decl.init, elem) : Value();
      value = VectorNewOp::create(b, loc, toMLIR(type), graph, init);
    }
    // graph-fuse-fields finds fuseFields' vectors by this name.
    if (decl.isGlobal)
      value.getDefiningOp()->setAttr(GraphDialect::kFieldAttrName,
                                     b.getStringAttr(decl.name));
    break;
  }
  default:
    value = decl.init ? emitAs(*decl.init, type) : defaultValue(type, loc);
    if (decl.inMemory && value) {
      Value cell = memref::AllocaOp::create(
          b, loc, MemRefType::get({}, value.getType()));
      memref::StoreOp::create(b, loc, value, cell, ValueRange{});
      value = cell;
    }
    break;
  }
  env[&decl] = value;
}

/// The reduction a compound assignment (`+=`, `-=`, `min=`, `max=`) is.
static ReduceKind reduceKind(AssignStmt::Op op) {
  switch (op) {
  case AssignStmt::Add:
    return ReduceKind::Add;
  case AssignStmt::Sub:
    return ReduceKind::Sub;
  case AssignStmt::Min:
    return ReduceKind::Min;
  case AssignStmt::Max:
  case AssignStmt::Set:
    break;
  }
  assert(op == AssignStmt::Max && "a plain assignment is no reduction");
  return ReduceKind::Max;
}

void Generator::emitAssign(AssignStmt &stmt) {
  Location loc = stmt.loc;
  Expr &target = *stmt.target;
  GtType type = target.type;
  Value value = emitAs(*stmt.value, type);
  if (!value)
    return;
  // An atomic read-modify-write of a memref element for `op=`.
  auto atomicUpdate = [&](Value memref, ValueRange indices) {
    ReduceKind kind = reduceKind(stmt.op);
    memref::AtomicRMWOp::create(
        b, loc, getAtomicKind(kind, value.getType(), type.isUnsigned()),
        reductionOperand(b, loc, kind, value), memref, indices);
  };

  // `vec[v][i] op= e` on a vector of fixed-size rows.
  if (auto *index = dyn_cast<IndexExpr>(&target);
      index && isa<IndexExpr>(*index->base)) {
    SmallVector<Value> indices;
    Value memref = emitRowAddress(*index, indices);
    if (stmt.op == AssignStmt::Set) {
      memref::StoreOp::create(b, loc, value, memref, indices);
      return;
    }
    atomicUpdate(memref, indices);
    return;
  }
  // `vec[v] op= e`: graph.vector.set / graph.reduce.
  if (auto *index = dyn_cast<IndexExpr>(&target)) {
    Value vector = emit(*index->base);
    Value vertex = emitAs(*index->index, GtType::get(GtType::Vertex));
    if (stmt.op == AssignStmt::Set) {
      VectorSetOp::create(b, loc, vector, vertex, value);
      return;
    }
    ReduceOp::create(b, loc, b.getI1Type(), reduceKind(stmt.op), vector, vertex,
                     value);
    return;
  }
  VarDecl *decl = cast<VarRefExpr>(target).decl;
  if (decl->inMemory) {
    Value cell = env[decl];
    if (stmt.op == AssignStmt::Set)
      memref::StoreOp::create(b, loc, value, cell, ValueRange{});
    else
      atomicUpdate(cell, ValueRange{});
    return;
  }
  Value old = env[decl];
  switch (stmt.op) {
  case AssignStmt::Set:
    env[decl] = value;
    break;
  case AssignStmt::Add:
    env[decl] = emitArith(BinaryExpr::Add, old, value, type, loc);
    break;
  case AssignStmt::Sub:
    env[decl] = emitArith(BinaryExpr::Sub, old, value, type, loc);
    break;
  case AssignStmt::Min:
  case AssignStmt::Max:
    env[decl] = emitMinMax(stmt.op == AssignStmt::Max, old, value, type, loc);
    break;
  }
}

void Generator::emitIf(IfStmt &stmt, size_t branch) {
  Location loc = branch ? stmt.branches[branch].first->loc : stmt.loc;
  // Everything the remaining branches may assign flows out as results.
  VarSet assigned, declared;
  for (size_t i = branch; i < stmt.branches.size(); ++i)
    collectAssigned(stmt.branches[i].second, assigned, declared);
  collectAssigned(stmt.elseBody, assigned, declared);
  SmallVector<const VarDecl *> carried;
  for (const VarDecl *var : assigned)
    if (var && !declared.contains(var) && env.count(var))
      carried.push_back(var);

  Value cond = emitAs(*stmt.branches[branch].first, GtType::get(GtType::Bool));
  bool hasElse = branch + 1 < stmt.branches.size() || !stmt.elseBody.empty() ||
                 !carried.empty();
  auto ifOp = scf::IfOp::create(b, loc, types(carried), cond,
                                /*addThenBlock=*/true, hasElse);
  SmallVector<Value> before = values(carried);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    emitStmts(stmt.branches[branch].second);
    scf::YieldOp::create(b, loc, values(carried));
    bind(carried, before);
    if (hasElse) {
      b.setInsertionPointToStart(ifOp.elseBlock());
      if (branch + 1 < stmt.branches.size())
        emitIf(stmt, branch + 1);
      else
        emitStmts(stmt.elseBody);
      scf::YieldOp::create(b, loc, values(carried));
    }
  }
  bind(carried, ifOp.getResults());
}

void Generator::emitWhile(WhileStmt &loop) {
  Location loc = loop.loc;
  GtType boolType = GtType::get(GtType::Bool);
  if (loop.mayExit)
    env[breakFlag(&loop)] = constant(boolType, 0, loc);
  SmallVector<const VarDecl *> carried = assignedVars(loop.body);
  SmallVector<Type> carriedTypes = types(carried);
  SmallVector<Location> locs(carried.size(), loc);
  auto whileOp = scf::WhileOp::create(b, loc, carriedTypes, values(carried));
  {
    OpBuilder::InsertionGuard guard(b);
    Block *before = b.createBlock(&whileOp.getBefore(), {}, carriedTypes, locs);
    bind(carried, before->getArguments());
    Value cond;
    if (loop.mayExit) {
      Value stay = arith::XOrIOp::create(b, loc, env[breakFlag(&loop)],
                                         constant(boolType, 1, loc));
      cond = emitAndThen(stay, *loop.cond, /*isAnd=*/true, loc);
    } else {
      cond = emitAs(*loop.cond, boolType);
    }
    scf::ConditionOp::create(b, loc, cond, before->getArguments());

    Block *after = b.createBlock(&whileOp.getAfter(), {}, carriedTypes, locs);
    bind(carried, after->getArguments());
    emitLoopBody(loop, loop.mayExit ? breakFlag(&loop) : nullptr);
    scf::YieldOp::create(b, loc, values(carried));
  }
  bind(carried, whileOp.getResults());
}

/// The statements of `loop`'s body, where `break` leaves `loop` by setting
/// `exit` (null when the loop has no exit).
void Generator::emitLoopBody(const LoopStmt &loop, VarDecl *exit) {
  llvm::SaveAndRestore<VarDecl *> scopedExit(exitFlag, exit);
  llvm::SaveAndRestore<const LoopStmt *> scopedLoop(currentLoop, &loop);
  emitStmts(loop.body);
}

void Generator::emitFor(ForStmt &loop) {
  Location loc = loop.loc;
  GtType intType = GtType::get(GtType::Int);
  Value lo = emitAs(*loop.lo, intType);
  Value hi = emitAs(*loop.hi, intType);
  Value one = constant(intType, 1, loc);
  if (loop.mayExit) {
    // A loop that may break: scf.while over the counter.
    GtType boolType = GtType::get(GtType::Bool);
    env[breakFlag(&loop)] = constant(boolType, 0, loc);
    env[loop.var.get()] = lo;
    SmallVector<const VarDecl *> carried = {loop.var.get()};
    llvm::append_range(carried, assignedVars(loop.body));
    SmallVector<Type> carriedTypes = types(carried);
    SmallVector<Location> locs(carried.size(), loc);
    auto whileOp = scf::WhileOp::create(b, loc, carriedTypes, values(carried));
    OpBuilder::InsertionGuard guard(b);
    Block *before = b.createBlock(&whileOp.getBefore(), {}, carriedTypes, locs);
    bind(carried, before->getArguments());
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                          env[loop.var.get()], hi);
    Value stay = arith::XOrIOp::create(b, loc, env[breakFlag(&loop)],
                                       constant(boolType, 1, loc));
    scf::ConditionOp::create(b, loc,
                             arith::AndIOp::create(b, loc, inRange, stay),
                             before->getArguments());
    Block *after = b.createBlock(&whileOp.getAfter(), {}, carriedTypes, locs);
    bind(carried, after->getArguments());
    Value iv = env[loop.var.get()];
    emitLoopBody(loop, breakFlag(&loop));
    env[loop.var.get()] = arith::AddIOp::create(b, loc, iv, one);
    scf::YieldOp::create(b, loc, values(carried));
    bind(carried, whileOp.getResults());
    return;
  }
  SmallVector<const VarDecl *> carried = assignedVars(loop.body);
  auto forOp =
      scf::ForOp::create(b, loc, lo, hi, one, values(carried),
                         [](OpBuilder &, Location, Value, ValueRange) {});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(forOp.getBody());
    env[loop.var.get()] = forOp.getInductionVar();
    bind(carried, forOp.getRegionIterArgs());
    emitLoopBody(loop, /*exit=*/nullptr);
    scf::YieldOp::create(b, loc, values(carried));
  }
  bind(carried, forOp.getResults());
}

void Generator::emitPrint(PrintStmt &stmt) {
  Location loc = stmt.loc;
  Expr &value = *stmt.value;
  if (auto *lit = dyn_cast<StringLitExpr>(&value)) {
    PrintOp::create(b, loc, Value(), b.getStringAttr(lit->value));
    return;
  }
  GtType type = value.type;
  // Vertex ids print as GraphIt's 32-bit ids.
  if (type.kind == GtType::Vertex)
    type = GtType::get(GtType::Int);
  PrintOp::create(b, loc, emitAs(value, type), StringAttr());
}

//===----------------------------------------------------------------------===//
// Program
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> Generator::run() {
  FuncDecl *mainFunc = nullptr;
  for (const auto &func : program.funcs)
    if (func->name == "main")
      mainFunc = func.get();
  Location loc = mainFunc->loc;
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  if (!schedule.fusedFields.empty()) {
    SmallVector<Attribute> groups;
    for (const std::vector<std::string> &group : schedule.fusedFields)
      groups.push_back(b.getStrArrayAttr(
          SmallVector<StringRef>(group.begin(), group.end())));
    (*module)->setAttr("graph.fused_fields", b.getArrayAttr(groups));
  }
  b.setInsertionPointToEnd(module->getBody());
  auto mainOp = func::FuncOp::create(b, loc, "main", b.getFunctionType({}, {}));
  b.setInsertionPointToStart(mainOp.addEntryBlock());
  for (const auto &global : program.globals)
    emitGlobal(*global);
  inlineCall(*mainFunc, {}, loc);
  for (Value rows : rowVectors)
    memref::DeallocOp::create(b, loc, rows);
  func::ReturnOp::create(b, loc);
  // Defaults of named results that every path assigns are never read, nor
  // are the handles of deleted sets that are not used again.
  module->walk([](Operation *op) {
    if (isa<arith::ConstantOp, VertexSetDeletedOp>(op) && op->use_empty())
      op->erase();
  });
  if (failed || mlir::failed(mlir::verify(*module)))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp>
mlir::graph::graphit::generateMLIR(const Program &program,
                                   const ResolvedSchedule &schedule,
                                   MLIRContext *context) {
  return Generator(program, schedule, context).run();
}
