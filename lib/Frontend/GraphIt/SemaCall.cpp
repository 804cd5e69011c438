//===- SemaCall.cpp - GraphIt calls ---------------------------------------===//
//
// Calls: of user functions (inlined; their captured arguments and
// parameters) and of builtins, which a table maps by name to their arity and
// the function that checks their arguments.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"

#include "llvm/ADT/SmallVectorExtras.h"

using namespace mlir;
using namespace mlir::graph::graphit;

GtType Checker::checkCall(CallExpr &expr) {
  Symbol sym = lookup(expr.callee);
  if (sym.func)
    return checkUserCall(expr, *sym.func);
  if (sym.var) {
    error(expr.loc) << "'" << expr.callee << "' is not a function";
    return GtType::get(GtType::Error);
  }
  if (!expr.captured.empty()) {
    error(expr.loc) << "'" << expr.callee
                    << "' is not a user function; only those capture "
                       "arguments";
    return GtType::get(GtType::Error);
  }
  return checkBuiltinCall(expr);
}

GtType Checker::checkUserCall(CallExpr &expr, FuncDecl &func) {
  GtType error_ = GtType::get(GtType::Error);
  expr.func = &func;
  callees[currentFunc].push_back(&func);
  if (func.name == "main") {
    error(expr.loc) << "'main' cannot be called";
    return error_;
  }
  if (func.isExport) {
    error(expr.loc) << "export function '" << func.name
                    << "' is called from C, C++ or Python, not from the "
                       "program";
    return error_;
  }
  SmallVector<Expr *> captured = llvm::map_to_vector(
      expr.captured, [](const ExprPtr &value) { return value.get(); });
  checkCaptures(expr.loc, func, captured,
                "call it as '" + func.name + "[...](...)'");
  if (captured.size() != func.captures.size())
    return error_;
  if (!checkArgCount(expr.loc, func.name, expr.args, func.params.size(),
                     func.params.size()))
    return error_;
  for (auto [arg, param] : llvm::zip(expr.args, func.params))
    coerce(*arg, param->spec.type,
           "argument '" + param->name + "' of '" + func.name + "'");
  return func.result ? func.result->spec.type : GtType::get(GtType::Void);
}

/// The captured arguments bound to `func` at `loc`: as many as it captures
/// (`form` says how to pass them when none are), each of its type. True
/// when all are right.
bool Checker::checkCaptures(Location loc, const FuncDecl &func,
                            ArrayRef<Expr *> captured, const Twine &form) {
  if (captured.size() != func.captures.size()) {
    for (Expr *value : captured)
      check(*value);
    error(loc) << "function '" << func.name << "' captures "
               << func.captures.size() << " argument(s), "
               << (captured.empty()
                       ? form.str()
                       : "given " + std::to_string(captured.size()));
    return false;
  }
  bool ok = true;
  for (auto [value, decl] : llvm::zip(captured, func.captures))
    ok &=
        coerce(*value, decl->spec.type,
               "captured argument '" + decl->name + "' of '" + func.name + "'");
  return ok;
}

GtType Checker::checkBuiltinCall(CallExpr &expr) {
  static const BuiltinRule builtins[] = {
      {"fabs", Builtin::Fabs, 1, &Checker::checkMathCall},
      {"sqrt", Builtin::Sqrt, 1, &Checker::checkMathCall},
      {"pow", Builtin::Pow, 2, &Checker::checkMathCall},
      {"log", Builtin::Log, 1, &Checker::checkMathCall},
      {"floor", Builtin::Floor, 1, &Checker::checkMathCall},
      {"ceil", Builtin::Ceil, 1, &Checker::checkMathCall},
      {"max", Builtin::Max, 2, &Checker::checkMinMax},
      {"min", Builtin::Min, 2, &Checker::checkMinMax},
      {"atoi", Builtin::Atoi, 1, &Checker::checkAtoi},
      {"to_double", Builtin::ToDouble, 1, &Checker::checkToDouble},
      {"startTimer", Builtin::StartTimer, 0, &Checker::checkTimer},
      {"stopTimer", Builtin::StopTimer, 0, &Checker::checkTimer},
      {"load", Builtin::Load, 1, &Checker::checkLoadCall},
      {"intersectNeighbor", Builtin::IntersectNeighbor, 3,
       &Checker::checkIntersectNeighbor},
      {"atomicAdd", Builtin::AtomicAdd, 3, &Checker::checkAtomicUpdate},
      {"writeMin", Builtin::WriteMin, 3, &Checker::checkAtomicUpdate},
      {"intersection", Builtin::Intersection, 5, &Checker::checkIntersection},
      {"unionFindLink", Builtin::UnionFindLink, 3, &Checker::checkUnionFind},
      {"unionFindRoot", Builtin::UnionFindRoot, 2, &Checker::checkUnionFind},
  };
  const BuiltinRule *rule = llvm::find_if(
      builtins, [&](const BuiltinRule &r) { return r.name == expr.callee; });
  if (rule == std::end(builtins)) {
    error(expr.loc) << "call of undefined function '" << expr.callee << "'";
    checkAll(expr.args);
    return GtType::get(GtType::Error);
  }
  expr.builtin = rule->builtin;
  if (!checkArgCount(expr.loc, expr.callee, expr.args, rule->arity,
                     rule->arity))
    return GtType::get(GtType::Error);
  return (this->*rule->check)(expr);
}

std::optional<GtType> Checker::checkNumericArgs(CallExpr &expr) {
  GtType common = GtType::get(GtType::Error);
  for (ExprPtr &arg : expr.args) {
    GtType t = check(*arg);
    if (t.isError())
      return std::nullopt;
    if (!t.isNumeric()) {
      error(arg->loc) << "'" << expr.callee << "' needs a number, got "
                      << t.str();
      return std::nullopt;
    }
    common = common.isError() ? promote(t, t) : promote(common, t);
  }
  return common;
}

/// fabs, sqrt, pow, log, floor, ceil: math in the argument's float type;
/// integers compute in double.
GtType Checker::checkMathCall(CallExpr &expr) {
  std::optional<GtType> common = checkNumericArgs(expr);
  if (!common)
    return GtType::get(GtType::Error);
  return GtType::get(common->kind == GtType::Float ? GtType::Float
                                                   : GtType::Double);
}

GtType Checker::checkMinMax(CallExpr &expr) {
  std::optional<GtType> common = checkNumericArgs(expr);
  return common ? *common : GtType::get(GtType::Error);
}

GtType Checker::checkToDouble(CallExpr &expr) {
  return GtType::get(checkNumericArgs(expr) ? GtType::Double : GtType::Error);
}

GtType Checker::checkAtoi(CallExpr &expr) {
  coerce(*expr.args[0], GtType::get(GtType::String), "atoi");
  return GtType::get(GtType::Int);
}

/// startTimer() starts the program's timer; stopTimer() gives the seconds
/// since the last startTimer().
GtType Checker::checkTimer(CallExpr &expr) {
  return GtType::get(expr.builtin == Builtin::StopTimer ? GtType::Double
                                                        : GtType::Void);
}

/// load(...) anywhere but a global edgeset's initializer or a new graph
/// assigned to one (which check it themselves).
GtType Checker::checkLoadCall(CallExpr &expr) {
  check(*expr.args[0]);
  error(expr.loc) << "load(...) may only initialize a global edgeset";
  return GtType::get(GtType::Error);
}

/// `intersectNeighbor(edges, u, v)`: how many out-neighbours below v u and v
/// share (graph.common_neighbors).
GtType Checker::checkIntersectNeighbor(CallExpr &expr) {
  GtType graph = check(*expr.args[0]);
  bool ok = !graph.isError();
  if (ok && graph.kind != GtType::EdgeSet) {
    error(expr.args[0]->loc)
        << "'intersectNeighbor' needs an edgeset, got " << graph.str();
    ok = false;
  }
  for (size_t i : {1, 2})
    ok &= coerce(*expr.args[i], GtType::get(GtType::Vertex),
                 "argument of 'intersectNeighbor'");
  return GtType::get(ok ? GtType::UInt64 : GtType::Error);
}

/// The vertex whose neighbours `set` holds: `edges.getNgh(v)` or a variable
/// it initialized.
static const Expr *neighborsVertex(const Expr &set) {
  if (auto *ref = dyn_cast<VarRefExpr>(&set))
    return ref->decl && ref->decl->init ? neighborsVertex(*ref->decl->init)
                                        : nullptr;
  auto *method = dyn_cast<MethodExpr>(&set);
  return method && method->method == Method::GetNgh ? method->args[0].get()
                                                    : nullptr;
}

/// `intersection(getNgh(u), getNgh(v), |u|, |v|, v)`: the neighbours below
/// v that u and v share (graph.common_neighbors), so the bound must be v.
GtType Checker::checkIntersection(CallExpr &expr) {
  GtType error_ = GtType::get(GtType::Error);
  bool ok = true;
  for (size_t i : {0, 1}) {
    GtType set = check(*expr.args[i]);
    if (!set.isError() && set.kind != GtType::Neighbors) {
      error(expr.args[i]->loc) << "'intersection' needs the neighbours of a "
                                  "vertex (edges.getNgh(v)), got "
                               << set.str();
      ok = false;
    }
  }
  for (size_t i : {2, 3})
    ok &= coerce(*expr.args[i], GtType::get(GtType::Int),
                 "neighbour count of 'intersection'");
  ok &= coerce(*expr.args[4], GtType::get(GtType::Vertex),
               "bound of 'intersection'");
  if (!ok)
    return error_;
  auto *bound = dyn_cast<VarRefExpr>(expr.args[4].get());
  auto *vertex = dyn_cast_or_null<VarRefExpr>(neighborsVertex(*expr.args[1]));
  if (!bound || !vertex || bound->decl != vertex->decl) {
    error(expr.args[4]->loc)
        << "'intersection' counts the shared neighbours below the second "
           "set's vertex: pass that vertex's variable as the bound";
    return error_;
  }
  return GtType::get(GtType::UInt64);
}

/// The first argument of `expr`: a vector with one number per vertex, an
/// integer if `integers`. Otherwise says the call needs `what`.
GtType Checker::checkVectorArg(CallExpr &expr, bool integers, StringRef what) {
  GtType vector = check(*expr.args[0]);
  if (vector.isError())
    return vector;
  GtType elem = GtType::get(vector.elem);
  if (vector.kind == GtType::Vector && !vector.width &&
      (integers ? elem.isInteger() : elem.isArithmetic()))
    return vector;
  error(expr.args[0]->loc) << "'" << expr.callee << "' needs " << what
                           << ", got " << vector.str();
  return GtType::get(GtType::Error);
}

/// `atomicAdd(vector, v, amount)` and `writeMin(vector, v, x)` on a vector
/// of numbers; writeMin says whether it lowered the element.
GtType Checker::checkAtomicUpdate(CallExpr &expr) {
  GtType vector =
      checkVectorArg(expr, /*integers=*/false, "a vector of numbers");
  if (vector.isError())
    return vector;
  coerce(*expr.args[1], GtType::get(GtType::Vertex),
         "vertex of '" + expr.callee + "'");
  coerce(*expr.args[2], GtType::get(vector.elem),
         "value of '" + expr.callee + "'");
  return GtType::get(expr.builtin == Builtin::WriteMin ? GtType::Bool
                                                       : GtType::Void);
}

/// `unionFindLink(forest, u, v)` and `unionFindRoot(forest, v)` on a forest
/// of vertex ids.
GtType Checker::checkUnionFind(CallExpr &expr) {
  GtType forest = checkVectorArg(expr, /*integers=*/true,
                                 "a union-find forest: a vector of vertex ids");
  if (forest.isError())
    return forest;
  bool ok = true;
  for (size_t i = 1; i < expr.args.size(); ++i)
    ok &= coerce(*expr.args[i], GtType::get(GtType::Vertex),
                 "vertex of '" + expr.callee + "'");
  if (!ok)
    return GtType::get(GtType::Error);
  return expr.builtin == Builtin::UnionFindRoot ? GtType::get(forest.elem)
                                                : GtType::get(GtType::Void);
}
