//===- SemaExpr.cpp - GraphIt expressions ---------------------------------===//
//
// Expressions and their types: names, indexing (argv, vectors, vectors of
// rows), operators with the implicit conversions of the C++ GraphIt
// generates, and the `new` expressions of vertex sets and priority queues.
// Calls and methods are in SemaCall.cpp and SemaMethod.cpp.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"

#include <climits>

using namespace mlir;
using namespace mlir::graph::graphit;

bool Checker::coerce(Expr &expr, GtType to, StringRef what) {
  // Where a vector of rows is expected, one may be named whole.
  GtType from = check(expr, /*allowRow=*/to.kind == GtType::Vector && to.width);
  if (from.isError() || to.isError() || from.convertsTo(to))
    return true;
  // `output = 0;` for a bool, as GraphIt's C++ takes it (0 is false, 1 true).
  if (auto *lit = dyn_cast<IntLitExpr>(&expr);
      lit && to.kind == GtType::Bool && lit->value <= 1)
    return true;
  // `var n : int = edges.getVertices();` is the vertex count.
  if (auto *method = dyn_cast<MethodExpr>(&expr);
      method && method->method == Method::GetVertices && to.isInteger())
    return true;
  // `var root : int = argv[2];` parses the argument, as GraphIt does.
  if (auto *index = dyn_cast<IndexExpr>(&expr);
      index && from.kind == GtType::String &&
      (to.isInteger() || to.kind == GtType::Vertex))
    if (auto *ref = dyn_cast<VarRefExpr>(index->base.get()); ref && ref->isArgv)
      return true;
  error(expr.loc) << "type mismatch in " << what << ": expected " << to.str()
                  << ", got " << from.str();
  return false;
}

bool Checker::checkArity(Location loc, StringRef name, size_t got, size_t min,
                         size_t max) {
  if (got >= min && got <= max)
    return true;
  auto diag = error(loc) << "'" << name << "' expects " << min;
  if (max != min)
    diag << (max == SIZE_MAX ? " or more" : " to " + std::to_string(max));
  diag << " argument(s), got " << got;
  return false;
}

/// Promotion of the C++ GraphIt generates: the wider of the two, floats
bool Checker::checkArgCount(Location loc, StringRef name,
                            std::vector<ExprPtr> &args, size_t min,
                            size_t max) {
  if (checkArity(loc, name, args.size(), min, max))
    return true;
  checkAll(args);
  return false;
}

void Checker::checkAll(std::vector<ExprPtr> &exprs) {
  for (ExprPtr &expr : exprs)
    check(*expr);
}

GtType Checker::promote(GtType a, GtType b) {
  auto has = [&](GtType::Kind k) { return a.kind == k || b.kind == k; };
  for (GtType::Kind k :
       {GtType::Double, GtType::Float, GtType::UInt64, GtType::UInt})
    if (has(k))
      return GtType::get(k);
  return GtType::get(GtType::Int);
}

GtType Checker::check(Expr &expr, bool allowRow) {
  GtType type = GtType::get(GtType::Error);
  switch (expr.kind) {
  case Expr::IntLit:
    type =
        GtType::get(cast<IntLitExpr>(expr).value <= INT32_MAX ? GtType::Int
                                                              : GtType::UInt64);
    break;
  case Expr::FloatLit:
    type = GtType::get(GtType::Double);
    break;
  case Expr::BoolLit:
    type = GtType::get(GtType::Bool);
    break;
  case Expr::StringLit:
    type = GtType::get(GtType::String);
    break;
  case Expr::VarRef:
    type = checkVarRef(cast<VarRefExpr>(expr), allowRow);
    break;
  case Expr::Index:
    type = checkIndex(cast<IndexExpr>(expr), allowRow);
    break;
  case Expr::Unary:
    type = checkUnary(cast<UnaryExpr>(expr));
    break;
  case Expr::Binary:
    type = checkBinary(cast<BinaryExpr>(expr));
    break;
  case Expr::Call:
    type = checkCall(cast<CallExpr>(expr));
    break;
  case Expr::Method:
    type = checkMethod(cast<MethodExpr>(expr));
    break;
  case Expr::Functor:
    checkAll(cast<FunctorExpr>(expr).captured);
    error(expr.loc) << "only a function takes captured arguments 'f[a, b]', "
                       "and only where a function is passed";
    break;
  case Expr::NewList:
    type = cast<NewListExpr>(expr).listType;
    break;
  case Expr::NewPriorityQueue:
    type = checkNewQueue(cast<NewPriorityQueueExpr>(expr));
    break;
  case Expr::NewVector:
    error(expr.loc) << "'new " << cast<NewVectorExpr>(expr).type.str()
                    << "()' only initializes a vector declaration";
    break;
  case Expr::VectorLit:
    checkAll(cast<VectorLitExpr>(expr).values);
    error(expr.loc) << "a list of values '{...}' only initializes a "
                       "fixed-size vector declaration";
    break;
  case Expr::NewSet:
    type = checkNewSet(cast<NewSetExpr>(expr));
    break;
  }
  expr.type = type;
  return type;
}

GtType Checker::checkVarRef(VarRefExpr &ref, bool allowRow) {
  Symbol sym = lookup(ref.name);
  if (auto it = deletedSets.find(sym.var); sym.var && it != deletedSets.end()) {
    error(ref.loc) << "vertex set '" << ref.name
                   << "' is used after it was deleted" << onLine(it->second);
    return GtType::get(GtType::Error);
  }
  if (sym.var) {
    ref.decl = sym.var;
    GtType type = sym.var->spec.type;
    if (type.kind == GtType::Vector && type.width && !allowRow)
      error(ref.loc) << "'" << ref.name << "' holds " << type.width
                     << " values per vertex; index it as " << ref.name
                     << "[v][i]";
    return type;
  }
  if (sym.func) {
    ref.func = sym.func;
    return GtType::get(GtType::Func);
  }
  if (ref.name == "argv")
    error(ref.loc) << "argv must be indexed: argv[k]";
  else
    error(ref.loc) << "use of undefined name '" << ref.name << "'";
  return GtType::get(GtType::Error);
}

GtType Checker::checkIndex(IndexExpr &expr, bool allowRow) {
  GtType error_ = GtType::get(GtType::Error);
  if (auto *ref = dyn_cast<VarRefExpr>(expr.base.get());
      ref && ref->name == "argv" && !lookup("argv").var) {
    ref->isArgv = true;
    // A computed index (`argv[2 + i]`) is checked when the program runs.
    if (!coerce(*expr.index, GtType::get(GtType::Int), "argv index"))
      return error_;
    if (auto *lit = dyn_cast<IntLitExpr>(expr.index.get());
        lit && lit->value < 0) {
      error(expr.index->loc) << "argv index must not be negative";
      return error_;
    }
    return GtType::get(GtType::String);
  }
  GtType base = check(*expr.base, /*allowRow=*/true);
  if (base.isError())
    return error_;
  bool isRow = isa<IndexExpr>(expr.base.get());
  if (base.kind == GtType::FixedVector) {
    coerce(*expr.index, GtType::get(GtType::Int), "vector element index");
    if (!base.rowWidth)
      return GtType::get(base.elem);
    if (!allowRow)
      error(expr.loc) << "this vector holds rows of " << base.rowWidth
                      << " values; index it as [i][j]";
    return GtType::get(GtType::FixedVector, base.elem, base.rowWidth);
  }
  if (base.kind != GtType::Vector) {
    error(expr.loc) << "cannot index a value of type " << base.str();
    return error_;
  }
  if (isRow) {
    coerce(*expr.index, GtType::get(GtType::Int), "vector element index");
    return GtType::get(base.elem);
  }
  coerce(*expr.index, GtType::get(GtType::Vertex), "vertex index");
  if (base.width) {
    if (!allowRow)
      error(expr.loc) << "this vector holds " << base.width
                      << " values per vertex; index it as [v][i]";
    return GtType::get(GtType::Vector, base.elem, base.width);
  }
  return GtType::get(base.elem);
}

GtType Checker::checkUnary(UnaryExpr &expr) {
  GtType error_ = GtType::get(GtType::Error);
  GtType operand = check(*expr.operand);
  if (operand.isError())
    return error_;
  if (expr.op == UnaryExpr::Not) {
    if (operand.kind == GtType::Bool)
      return operand;
    error(expr.loc) << "'not' needs a bool, got " << operand.str();
    return error_;
  }
  if (!operand.isNumeric() || operand.kind == GtType::Bool) {
    error(expr.loc) << "'-' needs a number, got " << operand.str();
    return error_;
  }
  return promote(operand, operand);
}

GtType Checker::checkBinary(BinaryExpr &expr) {
  // `edges.getVertices()` in arithmetic is the vertex count, as in GraphIt.
  auto operand = [&](Expr &e) {
    GtType type = check(e);
    auto *method = dyn_cast<MethodExpr>(&e);
    if (method && method->method == Method::GetVertices)
      return GtType::get(GtType::Int);
    return type;
  };
  GtType lhs = operand(*expr.lhs), rhs = operand(*expr.rhs);
  if (lhs.isError() || rhs.isError())
    return GtType::get(GtType::Error);
  static const char *spelling[] = {"+",  "-", "*",  "/",   "==", "!=", "<",
                                   "<=", ">", ">=", "and", "or", "xor"};
  const char *op = spelling[expr.op];
  auto mismatch = [&](StringRef need) {
    error(expr.loc) << "operator '" << op << "' needs " << need << ", got "
                    << lhs.str() << " and " << rhs.str();
    return GtType::get(GtType::Error);
  };
  switch (expr.op) {
  case BinaryExpr::And:
  case BinaryExpr::Or:
  case BinaryExpr::Xor:
    if (lhs.kind != GtType::Bool || rhs.kind != GtType::Bool)
      return mismatch("bools");
    expr.operandType = lhs;
    return lhs;
  case BinaryExpr::Eq:
  case BinaryExpr::Ne:
    // Bools compare with bools only.
    if (lhs.kind == GtType::Bool && rhs.kind == GtType::Bool) {
      expr.operandType = lhs;
      return GtType::get(GtType::Bool);
    }
    [[fallthrough]];
  case BinaryExpr::Lt:
  case BinaryExpr::Le:
  case BinaryExpr::Gt:
  case BinaryExpr::Ge:
    if (!lhs.isArithmetic() || !rhs.isArithmetic())
      return mismatch("numbers");
    if (!lhs.convertsTo(rhs) && !rhs.convertsTo(lhs))
      return mismatch("a Vertex and an integer, or two numbers");
    if (lhs.kind == GtType::Vertex && rhs.kind == GtType::Vertex)
      expr.operandType = lhs;
    else
      expr.operandType = promote(lhs, rhs);
    return GtType::get(GtType::Bool);
  default:
    if (!lhs.isArithmetic() || !rhs.isArithmetic())
      return mismatch("numbers");
    if (!lhs.convertsTo(rhs) && !rhs.convertsTo(lhs))
      return mismatch("a Vertex and an integer, or two numbers");
    expr.operandType = promote(lhs, rhs);
    if (expr.op == BinaryExpr::Div && expr.operandType.isInteger())
      if (auto *zero = dyn_cast<IntLitExpr>(expr.rhs.get());
          zero && zero->value == 0) {
        error(expr.rhs->loc) << "integer division by zero";
        return GtType::get(GtType::Error);
      }
    return expr.operandType;
  }
}

GtType Checker::checkNewSet(NewSetExpr &expr) {
  if (!elements.contains(expr.element))
    error(expr.loc) << "unknown element type '" << expr.element << "'";
  coerce(*expr.size, GtType::get(GtType::Int), "vertex set size");
  return GtType::get(GtType::VertexSet);
}

GtType Checker::checkNewQueue(NewPriorityQueueExpr &expr) {
  GtType error_ = GtType::get(GtType::Error);
  GtType type = expr.queueType;
  if (!expr.queue) {
    checkAll(expr.args);
    error(expr.loc) << "'new " << type.str()
                    << "(...)' must be assigned to a priority_queue variable";
    return error_;
  }
  if (!checkArgCount(expr.loc, "new priority_queue", expr.args, 6, 7))
    return error_;
  std::vector<ExprPtr> &args = expr.args;
  coerce(*args[0], GtType::get(GtType::Bool), "duplicates within a bucket");
  coerce(*args[1], GtType::get(GtType::Bool), "duplicates across buckets");
  GtType priorities = check(*args[2]);
  auto *ref = dyn_cast<VarRefExpr>(args[2].get());
  if (!priorities.isError() &&
      (!ref || !ref->decl ||
       priorities != GtType::get(GtType::Vector, type.elem)))
    error(args[2]->loc) << "the priorities of a " << type.str()
                        << " are a variable of type "
                        << GtType::get(GtType::Vector, type.elem).str()
                        << ", got " << priorities.str();
  check(*args[3]);
  auto *order = dyn_cast<IntLitExpr>(args[3].get());
  if (!order || order->value > 1)
    error(args[3]->loc) << "the bucket order must be 1 (increasing: lower "
                           "priorities first) or 0 (decreasing)";
  coerce(*args[4], GtType::get(GtType::Int), "priority order");
  check(*args[5]);
  if (!isa<BoolLitExpr>(*args[5]))
    error(args[5]->loc) << "whether every vertex starts in the queue "
                           "(init_bucket) must be true or false";
  if (args.size() == 7)
    coerce(*args[6], GtType::get(GtType::Int), "start vertex");
  return type;
}

/// Whether `expr` is a vector variable or a call of a function returning
/// a vector (no scalar that fills one).
bool Checker::namesVector(const Expr &expr) const {
  GtType type;
  if (auto *ref = dyn_cast<VarRefExpr>(&expr)) {
    Symbol sym = lookup(ref->name);
    if (!sym.var)
      return false;
    type = sym.var->spec.type;
  } else if (auto *call = dyn_cast<CallExpr>(&expr)) {
    Symbol sym = lookup(call->callee);
    if (!sym.func || !sym.func->result)
      return false;
    type = sym.func->result->spec.type;
  }
  return type.kind == GtType::Vector || type.kind == GtType::FixedVector;
}
