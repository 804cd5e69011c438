//===- SemaMethod.cpp - GraphIt methods -----------------------------------===//
//
// Methods of edgesets (filtered or not), vertex sets, lists, priority
// queues, a vertex's neighbours and vectors. One table per kind of receiver
// maps each method's name to what it resolves to and the function that
// checks it; the table also lists the valid methods when a name is unknown.
// Also the functions passed to apply and filter methods.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"

using namespace mlir;
using namespace mlir::graph::graphit;

GtType Checker::checkMethod(MethodExpr &expr) {
  GtType error_ = GtType::get(GtType::Error);
  GtType recv = check(*expr.receiver);
  if (recv.isError()) {
    checkAll(expr.args);
    return error_;
  }
  ArrayRef<MethodRule> methods = methodsOf(recv);
  if (methods.empty()) {
    error(expr.loc) << "no method '" << expr.name << "' on " << recv.str();
    checkAll(expr.args);
    return error_;
  }
  auto applies = [&](const MethodRule &rule) {
    return !rule.wholeEdgeSetOnly || recv.kind == GtType::EdgeSet;
  };
  for (const MethodRule &rule : methods)
    if (applies(rule) && rule.name == expr.name) {
      expr.method = rule.method;
      return (this->*rule.check)(expr, recv);
    }
  std::string valid;
  for (const MethodRule &rule : methods)
    if (applies(rule))
      valid += (valid.empty() ? "" : ", ") + rule.name.str();
  error(expr.loc) << "no method '" << expr.name << "' on " << recv.str()
                  << "; valid methods: " << valid;
  checkAll(expr.args);
  return error_;
}

ArrayRef<Checker::MethodRule> Checker::methodsOf(GtType recv) {
  constexpr bool notFiltered = true; // MethodRule::wholeEdgeSetOnly
  static const MethodRule edgeSetMethods[] = {
      {"getVertices", Method::GetVertices, &Checker::checkQuery, notFiltered},
      {"getOutDegrees", Method::GetOutDegrees, &Checker::checkQuery,
       notFiltered},
      {"getOutDegreesUint", Method::GetOutDegrees, &Checker::checkQuery,
       notFiltered},
      {"getNgh", Method::GetNgh, &Checker::checkVertexQuery, notFiltered},
      {"getOutDegree", Method::GetOutDegree, &Checker::checkVertexQuery,
       notFiltered},
      {"isDirected", Method::IsDirected, &Checker::checkQuery, notFiltered},
      {"transpose", Method::Transpose, &Checker::checkQuery, notFiltered},
      {"relabel", Method::Relabel, &Checker::checkQuery, notFiltered},
      {"from", Method::From, &Checker::checkFromTo},
      {"to", Method::To, &Checker::checkFromTo},
      {"srcFilter", Method::SrcFilter, &Checker::checkEndpointFilter},
      {"dstFilter", Method::DstFilter, &Checker::checkEndpointFilter},
      {"neighborRange", Method::NeighborRange, &Checker::checkNeighborRange},
      {"apply", Method::EdgeApply, &Checker::checkEdgeApply},
      {"applyModified", Method::ApplyModified, &Checker::checkApplyModified},
      {"applyUpdatePriority", Method::ApplyUpdatePriority,
       &Checker::checkApplyUpdatePriority},
  };
  static const MethodRule vertexSetMethods[] = {
      {"apply", Method::VertexApply, &Checker::checkVertexApply},
      {"filter", Method::Filter, &Checker::checkVertexApply},
      {"where", Method::Filter, &Checker::checkVertexApply},
      {"addVertex", Method::AddVertex, &Checker::checkAddVertex},
      {"getVertexSetSize", Method::Size, &Checker::checkQuery},
      {"size", Method::Size, &Checker::checkQuery},
      {"applyUpdatePriorityExtern", Method::ExternQueueUpdate,
       &Checker::checkExternQueueUpdate},
  };
  static const MethodRule listMethods[] = {
      {"append", Method::ListAppend, &Checker::checkListAppend},
      {"pop", Method::ListPop, &Checker::checkQuery},
      // GraphIt's GPU lists copy sets in and out (the parser makes
      // `list.retrieve(set);` the assignment `set = list.retrieve()`).
      {"insert", Method::ListInsert, &Checker::checkListAppend},
      {"retrieve", Method::ListPop, &Checker::checkListRetrieve},
  };
  static const MethodRule queueMethods[] = {
      {"finished", Method::QueueFinished, &Checker::checkQuery},
      {"finishedNode", Method::QueueFinishedVertex, &Checker::checkVertexQuery},
      {"dequeue_ready_set", Method::QueueDequeue, &Checker::checkQuery},
      {"get_current_priority", Method::QueueCurrent, &Checker::checkQuery},
      {"updatePriorityMin", Method::QueueUpdateMin, &Checker::checkQueueUpdate},
      {"updatePriorityMax", Method::QueueUpdateMax, &Checker::checkQueueUpdate},
      {"updatePrioritySum", Method::QueueUpdateSum, &Checker::checkQueueUpdate},
  };
  static const MethodRule neighborsMethods[] = {
      {"getVertexSetSize", Method::Size, &Checker::checkQuery},
      {"size", Method::Size, &Checker::checkQuery},
  };
  // Of vectors of numbers, not of rows.
  static const MethodRule vectorMethods[] = {
      {"sum", Method::VectorSum, &Checker::checkVectorReduce},
      {"max", Method::VectorMax, &Checker::checkVectorReduce},
      {"min", Method::VectorMin, &Checker::checkVectorReduce},
  };
  switch (recv.kind) {
  case GtType::EdgeSet:
  case GtType::EdgeView:
    return edgeSetMethods;
  case GtType::VertexSet:
    return vertexSetMethods;
  case GtType::List:
    return listMethods;
  case GtType::PriorityQueue:
    return queueMethods;
  case GtType::Neighbors:
    return neighborsMethods;
  case GtType::Vector:
    return recv.width ? ArrayRef<MethodRule>() : vectorMethods;
  case GtType::FixedVector:
    return recv.rowWidth ? ArrayRef<MethodRule>() : vectorMethods;
  default:
    return {};
  }
}

bool Checker::checkMethodArity(MethodExpr &expr, size_t min, size_t max) {
  return checkArgCount(expr.loc, expr.name, expr.args, min, max);
}

/// A method without arguments, whose type follows from its receiver's.
GtType Checker::checkQuery(MethodExpr &expr, GtType recv) {
  if (!checkMethodArity(expr, 0, 0))
    return GtType::get(GtType::Error);
  switch (expr.method) {
  case Method::GetVertices:
  case Method::QueueDequeue:
    return GtType::get(GtType::VertexSet);
  case Method::GetOutDegrees:
    return GtType::get(GtType::Vector, expr.name == "getOutDegreesUint"
                                           ? GtType::UInt
                                           : GtType::Int);
  case Method::IsDirected:
  case Method::QueueFinished:
    return GtType::get(GtType::Bool);
  case Method::Transpose:
  case Method::Relabel:
    return recv;
  case Method::Size:
    return GtType::get(GtType::Int);
  case Method::ListPop:
  case Method::QueueCurrent:
    return GtType::get(recv.elem);
  default:
    llvm_unreachable("not a method without arguments");
  }
}

/// A method of one vertex: `edges.getNgh(v)`, `edges.getOutDegree(v)`,
/// `queue.finishedNode(v)`.
GtType Checker::checkVertexQuery(MethodExpr &expr, GtType recv) {
  if (!checkMethodArity(expr, 1, 1))
    return GtType::get(GtType::Error);
  coerce(*expr.args[0], GtType::get(GtType::Vertex), "'" + expr.name + "'");
  switch (expr.method) {
  case Method::GetNgh:
    return GtType::get(GtType::Neighbors);
  case Method::GetOutDegree:
    return GtType::get(GtType::Int);
  case Method::QueueFinishedVertex:
    return GtType::get(GtType::Bool);
  default:
    llvm_unreachable("not a method of one vertex");
  }
}

//===----------------------------------------------------------------------===//
// Edgesets
//===----------------------------------------------------------------------===//

/// The type of the edgeset at the root of a `from/to/...` chain.
static GtType edgesOf(MethodExpr &expr) {
  Expr *root = &expr;
  while (auto *m = dyn_cast<MethodExpr>(root))
    root = m->receiver.get();
  return root->type;
}

/// `edges.from(set or filter)`, `edges.to(set or filter)`.
GtType Checker::checkFromTo(MethodExpr &expr, GtType recv) {
  if (!checkMethodArity(expr, 1, 1))
    return GtType::get(GtType::Error);
  if (namesFunction(*expr.args[0]))
    checkVertexFunc(*expr.args[0], expr.name, /*isFilter=*/true);
  else
    coerce(*expr.args[0], GtType::get(GtType::VertexSet),
           "'" + expr.name + "'");
  return GtType::get(GtType::EdgeView, edgesOf(expr).elem);
}

/// `edges.srcFilter(filter)`, `edges.dstFilter(filter)`.
GtType Checker::checkEndpointFilter(MethodExpr &expr, GtType recv) {
  if (!checkMethodArity(expr, 1, 1))
    return GtType::get(GtType::Error);
  checkVertexFunc(*expr.args[0], expr.name, /*isFilter=*/true);
  return GtType::get(GtType::EdgeView, edgesOf(expr).elem);
}

/// The out-edges at positions [first, until) of each source's list.
GtType Checker::checkNeighborRange(MethodExpr &expr, GtType recv) {
  if (!checkMethodArity(expr, 1, 2))
    return GtType::get(GtType::Error);
  for (ExprPtr &arg : expr.args)
    coerce(*arg, GtType::get(GtType::Int), "bound of 'neighborRange'");
  return GtType::get(GtType::EdgeView, edgesOf(expr).elem);
}

/// `edges.apply(f)`.
GtType Checker::checkEdgeApply(MethodExpr &expr, GtType recv) {
  if (!checkMethodArity(expr, 1, 1))
    return GtType::get(GtType::Error);
  FuncDecl *func = checkEdgeFunc(*expr.args[0], expr.name, edgesOf(expr));
  noteApply(/*isEdge=*/true);
  // An edge function returning bool makes the set of destinations it
  // returned true for (GraphIt's output frontier of `apply`).
  return GtType::get(func && func->result &&
                             func->result->spec.type.kind == GtType::Bool
                         ? GtType::VertexSet
                         : GtType::Void);
}

/// `edges.applyModified(f, vector[, dedup])`: the destinations whose
/// element of `vector` f changed.
GtType Checker::checkApplyModified(MethodExpr &expr, GtType recv) {
  if (!checkMethodArity(expr, 2, 3))
    return GtType::get(GtType::Error);
  checkEdgeFunc(*expr.args[0], expr.name, edgesOf(expr));
  noteApply(/*isEdge=*/true);
  GtType tracked = check(*expr.args[1]);
  if (!tracked.isError() && (tracked.kind != GtType::Vector || tracked.width ||
                             !isa<VarRefExpr>(*expr.args[1])))
    error(expr.args[1]->loc) << "'applyModified' tracks a per-vertex "
                                "vector variable, got "
                             << tracked.str();
  if (expr.args.size() == 3 && !isa<BoolLitExpr>(*expr.args[2])) {
    check(*expr.args[2]);
    error(expr.args[2]->loc) << "the dedup flag of 'applyModified' must "
                                "be true or false";
  }
  return GtType::get(GtType::VertexSet);
}

/// `edges.applyUpdatePriority(f)`: the queue f updates is found once the
/// whole program is checked (resolveUpdatedQueues).
GtType Checker::checkApplyUpdatePriority(MethodExpr &expr, GtType recv) {
  if (!checkMethodArity(expr, 1, 1))
    return GtType::get(GtType::Error);
  checkEdgeFunc(*expr.args[0], expr.name, edgesOf(expr));
  noteApply(/*isEdge=*/true);
  if (FunctionArg fn = asFunctionArg(*expr.args[0]); fn.ref && fn.ref->func)
    queueTraversals.push_back({&expr, fn.ref->func, applyLabel});
  return GtType::get(GtType::Void);
}

//===----------------------------------------------------------------------===//
// Vertex sets and lists
//===----------------------------------------------------------------------===//

/// `set.apply(f)`, and `set.filter(f)` or `set.where(f)`: the set of the
/// vertices f returns true for.
GtType Checker::checkVertexApply(MethodExpr &expr, GtType recv) {
  if (!checkMethodArity(expr, 1, 1))
    return GtType::get(GtType::Error);
  bool isFilter = expr.method == Method::Filter;
  checkVertexFunc(*expr.args[0], expr.name, isFilter);
  noteApply(/*isEdge=*/false);
  return GtType::get(isFilter ? GtType::VertexSet : GtType::Void);
}

/// `set.addVertex(v)`.
GtType Checker::checkAddVertex(MethodExpr &expr, GtType recv) {
  if (checkMethodArity(expr, 1, 1))
    coerce(*expr.args[0], GtType::get(GtType::Vertex), "addVertex");
  return GtType::get(GtType::Void);
}

/// `set.applyUpdatePriorityExtern(f)`: the extern function `f(set)` changes
/// priorities and returns the set of vertices it changed, which move to
/// their buckets in the program's one priority queue.
GtType Checker::checkExternQueueUpdate(MethodExpr &expr, GtType recv) {
  GtType error_ = GtType::get(GtType::Error);
  if (!checkMethodArity(expr, 1, 1))
    return error_;
  auto *ref = dyn_cast<VarRefExpr>(expr.args[0].get());
  FuncDecl *func = ref ? lookup(ref->name).func : nullptr;
  GtType set = GtType::get(GtType::VertexSet);
  if (!func || !func->isExtern || func->params.size() != 1 ||
      func->params[0]->spec.type != set || !func->result ||
      func->result->spec.type != set) {
    error(expr.args[0]->loc)
        << "'applyUpdatePriorityExtern' expects an extern function taking a "
           "vertexset{Vertex} and returning the vertexset{Vertex} of the "
           "vertices whose priorities it changed";
    return error_;
  }
  ref->func = func;
  callees[currentFunc].push_back(func);
  for (const auto &global : program.globals) {
    if (global->spec.type.kind != GtType::PriorityQueue)
      continue;
    if (expr.queue) {
      error(expr.loc) << "'applyUpdatePriorityExtern' updates the program's "
                         "priority queue, but it has two, '"
                      << expr.queue->name << "' and '" << global->name << "'";
      return error_;
    }
    expr.queue = global.get();
  }
  if (!expr.queue) {
    error(expr.loc) << "'applyUpdatePriorityExtern' updates the program's "
                       "priority queue, but it has no global priority_queue";
    return error_;
  }
  return GtType::get(GtType::Void);
}

/// `list.append(value)` and `list.insert(value)`.
GtType Checker::checkListAppend(MethodExpr &expr, GtType list) {
  if (checkMethodArity(expr, 1, 1))
    coerce(*expr.args[0], GtType::get(list.elem), "'" + expr.name + "'");
  return GtType::get(GtType::Void);
}

/// `set = list.retrieve()`, which the parser makes of the statement
/// `list.retrieve(set);`.
GtType Checker::checkListRetrieve(MethodExpr &expr, GtType list) {
  if (!expr.args.empty()) {
    error(expr.loc) << "'retrieve' is a statement of its own, "
                       "'list.retrieve(set);', which pops the list's last "
                       "element into set";
    return GtType::get(GtType::Error);
  }
  return checkQuery(expr, list);
}

//===----------------------------------------------------------------------===//
// Priority queues and vectors
//===----------------------------------------------------------------------===//

/// `queue.updatePriorityMin(v, old, new)`, `...Max(v, old, new)` and
/// `...Sum(v, amount, floor)`: the queue is a global, updated from an edge
/// function.
GtType Checker::checkQueueUpdate(MethodExpr &expr, GtType queue) {
  if (!checkMethodArity(expr, 3, 3))
    return GtType::get(GtType::Error);
  StringRef name = expr.name;
  GtType priority = GtType::get(queue.elem);
  auto *ref = dyn_cast<VarRefExpr>(expr.receiver.get());
  if (!ref || !ref->decl || !ref->decl->isGlobal) {
    error(expr.receiver->loc)
        << "'" << name << "' updates a global " << queue.str() << " variable";
  } else if (auto [it, inserted] =
                 queueUpdates.try_emplace(currentFunc, ref->decl);
             !inserted && it->second != ref->decl) {
    error(expr.loc) << "function '" << currentFunc->name
                    << "' updates two priority queues, '" << it->second->name
                    << "' and '" << ref->decl->name << "'";
  }
  coerce(*expr.args[0], GtType::get(GtType::Vertex), "'" + name.str() + "'");
  coerce(*expr.args[1], priority, "'" + name.str() + "'");
  coerce(*expr.args[2], priority, "'" + name.str() + "'");
  return GtType::get(GtType::Bool);
}

/// `vec.sum()`, `vec.max()`, `vec.min()`.
GtType Checker::checkVectorReduce(MethodExpr &expr, GtType recv) {
  if (!checkMethodArity(expr, 0, 0))
    return GtType::get(GtType::Error);
  GtType elem = GtType::get(recv.elem);
  if (!elem.isInteger() && !elem.isFloat()) {
    error(expr.loc) << "'" << expr.name << "' needs a vector of numbers, got "
                    << recv.str();
    return GtType::get(GtType::Error);
  }
  return elem;
}

//===----------------------------------------------------------------------===//
// Functions passed to methods
//===----------------------------------------------------------------------===//

bool Checker::namesFunction(Expr &arg) {
  FunctionArg fn = asFunctionArg(arg);
  if (!fn.ref)
    return false;
  Symbol sym = lookup(fn.ref->name);
  return sym.func && !sym.var;
}

FuncDecl *Checker::checkFuncArg(Expr &arg, StringRef method) {
  FunctionArg fn = asFunctionArg(arg);
  bool bound = !isa<VarRefExpr>(arg) && namesFunction(arg);
  GtType type = check(bound ? *fn.ref : arg);
  if (type.isError()) {
    for (Expr *captured : fn.captured)
      check(*captured);
    return nullptr;
  }
  if (!fn.ref || !fn.ref->func) {
    error(arg.loc) << "'" << method << "' expects a function name, got "
                   << type.str();
    return nullptr;
  }
  FuncDecl *func = fn.ref->func;
  arg.type = type;
  callees[currentFunc].push_back(func);
  // A functor `f[a, b]` binds f's captured arguments.
  return checkCaptures(arg.loc, *func, fn.captured,
                       "pass it as '" + func->name + "[...]'")
             ? func
             : nullptr;
}

void Checker::checkVertexFunc(Expr &arg, StringRef method, bool isFilter) {
  FuncDecl *func = checkFuncArg(arg, method);
  if (!func)
    return;
  if (func->params.size() != 1 || !func->params[0]->spec.type.isNumeric())
    error(arg.loc) << "function '" << func->name << "' passed to '" << method
                   << "' must take one Vertex parameter, takes "
                   << func->params.size() << " parameter(s)";
  if (isFilter &&
      (!func->result || func->result->spec.type.kind != GtType::Bool))
    error(arg.loc) << "filter function '" << func->name
                   << "' must return bool, returns "
                   << (func->result ? func->result->spec.type.str()
                                    : std::string("nothing"));
}

FuncDecl *Checker::checkEdgeFunc(Expr &arg, StringRef method, GtType edges) {
  FuncDecl *func = checkFuncArg(arg, method);
  if (!func)
    return nullptr;
  bool weighted = edges.elem != GtType::Void;
  size_t expected = weighted ? 3 : 2;
  if (func->params.size() != expected) {
    error(arg.loc) << "edge function '" << func->name << "' takes "
                   << func->params.size() << " parameter(s) but '" << method
                   << "' on " << edges.str() << " passes " << expected
                   << (weighted ? " (src, dst, weight)" : " (src, dst)");
    return nullptr;
  }
  for (auto &param : func->params)
    if (!param->spec.type.isNumeric())
      error(param->loc) << "edge function parameter '" << param->name
                        << "' must be a Vertex or a number, not "
                        << param->spec.type.str();
  return func;
}
