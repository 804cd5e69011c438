//===- Sema.cpp - GraphIt semantic analysis -------------------------------===//
//
// Name resolution with block scoping, type checking with GraphIt's implicit
// numeric conversions (as in the C++ GraphIt generates), signature checks of
// the functions passed to apply/filter, and label collection for the
// schedule.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Frontend/GraphIt/Sema.h"
#include "graph-mlir/Target/CBindings.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/SaveAndRestore.h"

#include <climits>

using namespace mlir;
using namespace mlir::graph::graphit;

static const char *kindName(GtType::Kind kind) {
  switch (kind) {
  case GtType::Error:
    return "<error>";
  case GtType::Void:
    return "void";
  case GtType::Bool:
    return "bool";
  case GtType::Int:
    return "int";
  case GtType::UInt:
    return "uint";
  case GtType::UInt64:
    return "uint_64";
  case GtType::Float:
    return "float";
  case GtType::Double:
    return "double";
  case GtType::String:
    return "string";
  case GtType::Vertex:
    return "Vertex";
  case GtType::Vector:
  case GtType::FixedVector:
    return "vector";
  case GtType::VertexSet:
    return "vertexset{Vertex}";
  case GtType::List:
    return "list";
  case GtType::EdgeSet:
    return "edgeset";
  case GtType::EdgeView:
    return "filtered edgeset";
  case GtType::Func:
    return "function";
  case GtType::PriorityQueue:
    return "priority_queue";
  case GtType::Neighbors:
    return "neighbors of a vertex (edges.getNgh)";
  }
  return "?";
}

std::string GtType::str() const {
  if (kind == FixedVector && rowWidth)
    return "vector[" + std::to_string(width) + "](vector[" +
           std::to_string(rowWidth) + "](" + kindName(elem) + "))";
  if (kind == FixedVector)
    return "vector[" + std::to_string(width) + "](" + kindName(elem) + ")";
  if (kind == Vector) {
    std::string value = kindName(elem);
    if (width)
      value = "vector[" + std::to_string(width) + "](" + value + ")";
    return "vector{Vertex}(" + value + ")";
  }
  if (kind == PriorityQueue)
    return std::string("priority_queue{Vertex}(") + kindName(elem) + ")";
  if (kind == List)
    return std::string("list{") + kindName(elem) + "}";
  if (kind == EdgeSet)
    return elem == Void ? "edgeset{Edge}(Vertex,Vertex)"
                        : std::string("edgeset{Edge}(Vertex,Vertex,") +
                              kindName(elem) + ")";
  return kindName(kind);
}

std::string mlir::graph::graphit::joinLabel(StringRef prefix, StringRef label) {
  return prefix.empty() ? label.str() : (prefix + ":" + label).str();
}

/// " on line N" of a source location, for one-line diagnostics that refer
/// to a second place.
static std::string onLine(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return " on line " + std::to_string(fileLoc.getLine());
  return "";
}

namespace {

struct Symbol {
  VarDecl *var = nullptr;
  FuncDecl *func = nullptr;
};

class Sema {
public:
  explicit Sema(Program &program) : program(program) {}
  FailureOr<ProgramInfo> run();

private:
  InFlightDiagnostic error(Location loc) {
    failed = true;
    return emitError(loc);
  }

  // Scopes.
  void push() { scopes.emplace_back(); }
  void pop() { scopes.pop_back(); }
  void declare(VarDecl &decl);
  Symbol lookup(StringRef name) const;
  bool namesVector(const Expr &expr) const;

  void checkTypeSpec(TypeSpec &spec, Location loc);
  void checkGlobal(VarDecl &decl);
  void checkFunc(FuncDecl &func);
  void checkExternType(GtType type, Location loc, bool isResult);
  void checkExportType(GtType type, Location loc, bool isResult);

  // Statements.
  void checkBlock(StmtList &block);
  void checkStmt(Stmt &stmt);
  void checkLocal(VarDecl &decl);
  void checkGraphAssign(AssignStmt &stmt, VarDecl &decl);
  void checkVectorAssign(AssignStmt &stmt, VarDecl &decl);
  void checkFixedVectorInit(VarDecl &decl);
  void checkAssign(AssignStmt &stmt);
  void checkCond(Expr &cond, StringRef construct);

  // Expressions.
  GtType check(Expr &expr, bool allowRow = false);
  GtType checkIndex(IndexExpr &expr, bool allowRow);
  GtType checkBinary(BinaryExpr &expr);
  GtType checkCall(CallExpr &expr);
  bool checkExternQueueUpdate(MethodExpr &expr);
  bool checkCaptures(Location loc, const FuncDecl &func,
                     ArrayRef<Expr *> captured, const Twine &form);
  GtType checkMethod(MethodExpr &expr);
  bool coerce(Expr &expr, GtType to, StringRef what);
  bool checkArity(Location loc, StringRef name, size_t got, size_t min,
                  size_t max);
  FuncDecl *checkFuncArg(Expr &arg, StringRef method);
  /// Whether `arg` is a function, bound (`f[a]`) or not.
  bool namesFunction(Expr &arg);
  void checkVertexFunc(Expr &arg, StringRef method, bool isFilter);
  /// The checked edge function (null after an error).
  FuncDecl *checkEdgeFunc(Expr &arg, StringRef method, GtType edges);
  void noteApply(bool isEdge);
  void checkCallGraph();
  GtType checkNewQueue(NewPriorityQueueExpr &expr);
  GtType checkQueueMethod(MethodExpr &expr, GtType queue);
  bool checkIntersection(CallExpr &expr);
  /// Links each applyUpdatePriority to the queue its function updates.
  void resolveUpdatedQueues();
  /// `new priority_queue...` as the value assigned to `decl` (which it
  /// needs to know); anywhere else checking it is an error.
  void checkValueOf(VarDecl &decl, Expr &value, StringRef what);

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

} // namespace

//===----------------------------------------------------------------------===//
// Scopes and declarations
//===----------------------------------------------------------------------===//

void Sema::declare(VarDecl &decl) {
  auto [it, inserted] = scopes.back().try_emplace(decl.name, Symbol{&decl});
  if (!inserted)
    error(decl.loc) << "redefinition of '" << decl.name << "'";
}

Symbol Sema::lookup(StringRef name) const {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
    if (auto found = it->find(name); found != it->end())
      return found->second;
  return {};
}

void Sema::checkTypeSpec(TypeSpec &spec, Location loc) {
  for (auto &[name, elemLoc] : spec.elements)
    if (!elements.contains(name))
      error(elemLoc) << "unknown element type '" << name
                     << "' (declare it with 'element " << name << " end')";
}

const VarDecl *mlir::graph::graphit::sizedVertexSet(const Program &program) {
  auto isEdgeSet = [](const auto &global) {
    return global->spec.type.kind == GtType::EdgeSet;
  };
  if (llvm::any_of(program.globals, isEdgeSet))
    return nullptr;
  for (const auto &global : program.globals)
    if (global->spec.type.kind == GtType::VertexSet &&
        isa_and_nonnull<NewSetExpr>(global->init.get()))
      return global.get();
  return nullptr;
}

FailureOr<ProgramInfo> Sema::run() {
  for (auto &[name, loc] : program.elements)
    if (!elements.insert(name).second)
      error(loc) << "redefinition of element '" << name << "'";

  push(); // Globals and functions.
  for (auto &func : program.funcs) {
    auto [it, inserted] = scopes.back().try_emplace(func->name, Symbol{});
    if (!inserted)
      error(func->loc) << "redefinition of '" << func->name << "'";
    it->second.func = func.get();
  }
  // Without an edgeset, a vertex set declared with a size (`new
  // vertexset{Vertex}(5)`) gives the vertex count (an edgeless graph).
  // Vectors and sets are sized by the first edgeset wherever it is
  // declared (GraphIt allows them before it); without an edgeset, by a
  // vertex set declared with a size (`new vertexset{Vertex}(5)`).
  for (auto &global : program.globals)
    if (!info.graph && global->spec.type.kind == GtType::EdgeSet)
      info.graph = global.get();
  if (const VarDecl *sized = sizedVertexSet(program))
    info.graph = const_cast<VarDecl *>(sized);
  for (auto &global : program.globals)
    checkGlobal(*global);

  FuncDecl *mainFunc = nullptr;
  for (auto &func : program.funcs) {
    if (func->name == "main")
      mainFunc = func.get();
    checkFunc(*func);
  }
  bool hasExport = llvm::any_of(
      program.funcs, [](const auto &func) { return func->isExport; });
  if (!mainFunc && !hasExport) {
    error(program.end) << "program has no 'func main()' (nor export "
                          "functions)";
  } else if (mainFunc && (!mainFunc->params.empty() || mainFunc->result)) {
    error(mainFunc->loc) << "'main' takes no parameters and returns nothing";
  }

  // Calls in global initializers run at the start of each entry function.
  for (auto &func : program.funcs)
    if (func->isEntry())
      llvm::append_range(callees[func.get()], callees[nullptr]);
  checkCallGraph();
  resolveUpdatedQueues();
  // Without an edgeset parameter, the graph an earlier call kept sizes
  // per-vertex arrays.
  if (!exportBindsGraph)
    for (auto [sized, func] : unsizedArrays)
      error(sized->loc) << "'" << sized->name
                        << "' has one element per vertex, but export function '"
                        << func->name
                        << "' takes no edgeset to give the vertex count (nor "
                           "does another export function give the global "
                           "edgeset one)";
  if (failed)
    return failure();
  return std::move(info);
}

void Sema::resolveUpdatedQueues() {
  for (QueueTraversal &traversal : queueTraversals) {
    VarDecl *queue = queueUpdates.lookup(traversal.func);
    if (!queue) {
      // GraphIt runs it as a plain apply.
      emitWarning(traversal.apply->loc)
          << "function '" << traversal.func->name
          << "' passed to 'applyUpdatePriority' updates no priority queue; "
             "it runs as 'apply'";
      traversal.apply->method = Method::EdgeApply;
      continue;
    }
    traversal.apply->queue = queue;
    auto [it, inserted] = info.queueLabels.try_emplace(queue, traversal.label);
    if (!inserted && it->second != traversal.label)
      error(traversal.apply->loc)
          << "priority queue '" << queue->name
          << "' is updated by traversals with different labels (\""
          << it->second << "\" and \"" << traversal.label
          << "\"); its delta and strategy come from one schedule";
  }
}

void Sema::checkValueOf(VarDecl &decl, Expr &value, StringRef what) {
  if (auto *newQueue = dyn_cast<NewPriorityQueueExpr>(&value))
    newQueue->queue = &decl;
  coerce(value, decl.spec.type, what);
}

/// Bounds on what inlining makes of `main` and export functions: the depth of
/// nested calls (MLIR generation recurses once per call) and the statements it
/// copies (a call copies its callee's body, so a few functions that each call
/// the next twice grow exponentially).
constexpr uint64_t kMaxCallDepth = 256;
constexpr uint64_t kMaxInlinedStatements = 1000000;

/// Rejects recursion (functions are inlined) and call graphs whose inlining
/// would be too deep or too large. The graph is walked without recursion:
/// call chains in a program may be long.
void Sema::checkCallGraph() {
  enum State { Unvisited, Active, Done };
  llvm::DenseMap<FuncDecl *, State> state;
  llvm::DenseMap<FuncDecl *, uint64_t> depth, inlined;
  for (auto &root : program.funcs) {
    if (state.lookup(root.get()) != Unvisited)
      continue;
    SmallVector<std::pair<FuncDecl *, size_t>> stack = {{root.get(), 0}};
    state[root.get()] = Active;
    while (!stack.empty()) {
      auto &[func, next] = stack.back();
      SmallVector<FuncDecl *> &calls = callees[func];
      if (next < calls.size()) {
        FuncDecl *callee = calls[next++];
        State calleeState = state.lookup(callee);
        if (calleeState == Active)
          error(callee->loc) << "function '" << callee->name
                             << "' calls itself; recursion is not supported "
                                "(functions are inlined)";
        if (calleeState == Unvisited) {
          state[callee] = Active;
          stack.push_back({callee, 0});
        }
        continue;
      }
      uint64_t calleeDepth = 0, size = statementCount.lookup(func);
      for (FuncDecl *callee : calls) {
        calleeDepth = std::max(calleeDepth, depth.lookup(callee));
        size =
            std::min(size + inlined.lookup(callee), kMaxInlinedStatements + 1);
      }
      depth[func] = calleeDepth + 1;
      inlined[func] = size;
      state[func] = Done;
      stack.pop_back();
    }
  }
  if (failed)
    return;
  for (auto &func : program.funcs) {
    FuncDecl *entry = func.get();
    if (!entry->isEntry())
      continue;
    if (depth[entry] > kMaxCallDepth)
      error(entry->loc) << "calls nest too deeply: a chain of "
                        << depth[entry] - 1 << " calls from '" << entry->name
                        << "' (at most " << kMaxCallDepth
                        << "; functions are inlined)";
    else if (inlined[entry] > kMaxInlinedStatements)
      error(entry->loc) << "the program is too large once its functions are "
                           "inlined: more than "
                        << kMaxInlinedStatements << " statements in '"
                        << entry->name << "'";
  }
}

void Sema::checkGlobal(VarDecl &decl) {
  checkTypeSpec(decl.spec, decl.loc);
  GtType type = decl.spec.type;
  if (type.kind == GtType::EdgeSet) {
    auto *call = dyn_cast_or_null<CallExpr>(decl.init.get());
    if (!decl.init) {
      // Given its graph by `edges = ...` at the top of an entry function.
    } else if (!call || call->callee != "load") {
      error(decl.loc) << "edgeset '" << decl.name
                      << "' must be initialized with load(...)";
    } else if (checkArity(call->loc, "load", call->args.size(), 1, 1)) {
      coerce(*call->args[0], GtType::get(GtType::String), "load's file name");
      call->builtin = Builtin::Load;
      call->type = type;
    }
    if (!info.graph)
      info.graph = &decl;
  } else {
    if ((type.kind == GtType::Vector || type.kind == GtType::VertexSet) &&
        !info.graph)
      error(decl.loc) << "'" << decl.name
                      << "' needs an edgeset or a vertex set declared with a "
                         "size (it has one element per vertex)";
    if (decl.init && type.kind == GtType::FixedVector) {
      checkFixedVectorInit(decl);
    } else if (decl.init) {
      GtType init = check(*decl.init);
      if (type.kind == GtType::Vector && init.kind == GtType::Vector) {
        if (!type.isError() &&
            (!GtType::get(type.elem).isInteger() || type.width))
          error(decl.init->loc) << "out-degrees are integers; '" << decl.name
                                << "' has type " << type.str();
      } else if (type.kind == GtType::Vector) {
        coerce(*decl.init,
               GtType::get(decl.spec.vertexValues ? GtType::Vertex : type.elem),
               "vector initial value");
      } else {
        checkValueOf(decl, *decl.init, "initializer of '" + decl.name + "'");
      }
    }
  }
  declare(decl);
}

/// What a C caller can pass and get back: a graph, numbers, bool, and
/// vectors as arrays (a result is written to an array the caller passes).
void Sema::checkExportType(GtType type, Location loc, bool isResult) {
  bool ok = type.isNumeric() || type.kind == GtType::FixedVector ||
            type.kind == GtType::Vector ||
            (type.kind == GtType::EdgeSet && !isResult);
  if (!type.isError() && !ok)
    error(loc) << "an export function " << (isResult ? "returns " : "takes ")
               << (isResult ? "numbers, bool and vectors"
                            : "edgesets, numbers, bool and vectors")
               << ", not " << type.str();
}

void Sema::checkExternType(GtType type, Location loc, bool isResult) {
  // A list reaches C++ as a std::vector (std::vector<bool> packs bits), a
  // vertex set as a graphrt_vset pointer.
  bool numberList = type.kind == GtType::List && type.elem != GtType::Bool &&
                    type.elem != GtType::VertexSet;
  if (!type.isError() && !type.isArithmetic() &&
      type.kind != GtType::VertexSet &&
      (isResult || (type.kind != GtType::String && !numberList)))
    error(loc) << "an extern function takes numbers, Vertex, strings, vertex "
                  "sets and lists of numbers other than bool, and returns "
                  "numbers, Vertex and vertex sets, not "
               << type.str();
}

void Sema::checkFunc(FuncDecl &func) {
  currentFunc = &func;
  deletedSets.clear();
  boundGraphs.clear();
  push();
  for (auto *params : {&func.captures, &func.params})
    for (auto &param : *params) {
      checkTypeSpec(param->spec, param->loc);
      declare(*param);
    }
  if (func.result) {
    checkTypeSpec(func.result->spec, func.result->loc);
    declare(*func.result);
  }
  if (func.isExtern && func.name == "main")
    error(func.loc) << "'main' is the program's own function; it cannot be "
                       "extern";
  if (func.isExport && func.name == "main")
    error(func.loc) << "'main' is the program's own function; it cannot be "
                       "exported";
  if (func.isExport) {
    // The C binding is a global symbol of every process that loads it.
    if (func.name != "main")
      if (std::optional<std::string> problem =
              mlir::graph::exportNameProblem(func.name))
        error(func.loc) << "export function name '" << func.name << "' "
                        << *problem;
    SmallVector<const VarDecl *> cParams;
    for (auto &param : func.params)
      cParams.push_back(param.get());
    if (func.result)
      cParams.push_back(func.result.get());
    for (const VarDecl *param : cParams)
      if (std::optional<std::string> problem =
              mlir::graph::exportParamNameProblem(param->name))
        error(param->loc) << "parameter '" << param->name
                          << "' of export function '" << func.name << "' "
                          << *problem;
    for (auto &param : func.params)
      checkExportType(param->spec.type, param->loc, /*isResult=*/false);
    if (func.result)
      checkExportType(func.result->spec.type, func.result->loc,
                      /*isResult=*/true);
    // A per-vertex array's length is the vertex count of the graph passed.
    bool takesGraph = llvm::any_of(func.params, [](const auto &param) {
      return param->spec.type.kind == GtType::EdgeSet;
    });
    auto perVertex = [](const VarDecl &decl) {
      return decl.spec.type.kind == GtType::Vector;
    };
    const VarDecl *sized = nullptr;
    for (auto &param : func.params)
      if (!sized && perVertex(*param))
        sized = param.get();
    if (!sized && func.result && perVertex(*func.result))
      sized = func.result.get();
    if (sized && !takesGraph)
      unsizedArrays.push_back({sized, &func});
  }
  if (func.isExtern) {
    // Passed by value with C++ linkage: int, unsigned, uint64_t, float,
    // double; a Vertex is an int.
    for (auto &param : func.params)
      checkExternType(param->spec.type, param->loc, /*isResult=*/false);
    if (func.result)
      checkExternType(func.result->spec.type, func.result->loc,
                      /*isResult=*/true);
  }
  checkBlock(func.body);
  pop();
  currentFunc = nullptr;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void Sema::checkBlock(StmtList &block) {
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

void Sema::checkStmt(Stmt &stmt) {
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
    labelPrefix = applyLabel;
  }

  switch (stmt.kind) {
  case Stmt::VarDeclK:
    checkLocal(cast<VarDecl>(stmt));
    break;
  case Stmt::Assign:
    checkAssign(cast<AssignStmt>(stmt));
    break;
  case Stmt::ExprS: {
    Expr &expr = *cast<ExprStmt>(stmt).expr;
    if (check(expr).kind == GtType::Func)
      error(expr.loc) << "a function name alone does nothing; call it, or "
                         "pass it to apply or filter";
    break;
  }
  case Stmt::If: {
    auto &ifStmt = cast<IfStmt>(stmt);
    for (auto &[cond, body] : ifStmt.branches) {
      checkCond(*cond, "if");
      checkBlock(body);
    }
    checkBlock(ifStmt.elseBody);
    break;
  }
  case Stmt::While: {
    auto &loop = cast<WhileStmt>(stmt);
    checkCond(*loop.cond, "while");
    applyLabel.clear();
    loops.push_back(&loop);
    checkBlock(loop.body);
    loops.pop_back();
    break;
  }
  case Stmt::For: {
    auto &loop = cast<ForStmt>(stmt);
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
    break;
  }
  case Stmt::Break:
    if (loops.empty()) {
      error(stmt.loc) << "'break' outside a loop";
      break;
    }
    if (isParallelLoop(loops.back())) {
      error(stmt.loc) << "'break' cannot leave a par_for (its iterations run "
                         "in parallel)";
      break;
    }
    cast<BreakStmt>(stmt).loop = loops.back();
    loops.back()->mayExit = true;
    break;
  case Stmt::Return:
    if (llvm::any_of(loops, isParallelLoop)) {
      error(stmt.loc) << "'return' cannot leave a par_for (its iterations "
                         "run in parallel)";
      break;
    }
    cast<ReturnStmt>(stmt).loops = loops;
    for (LoopStmt *loop : loops)
      loop->mayExit = true;
    currentFunc->hasReturn = true;
    break;
  case Stmt::Print: {
    Expr &value = *cast<PrintStmt>(stmt).value;
    GtType type = check(value);
    // `print edges.getVertices();` prints the count, as in GraphIt.
    if (auto *method = dyn_cast<MethodExpr>(&value);
        method && method->method == Method::GetVertices)
      value.type = type = GtType::get(GtType::Int);
    if (!type.isError() && !type.isNumeric() && type.kind != GtType::String)
      error(value.loc) << "cannot print a value of type " << type.str();
    break;
  }
  case Stmt::Delete: {
    Expr &set = *cast<DeleteStmt>(stmt).set;
    auto *ref = dyn_cast<VarRefExpr>(&set);
    Symbol sym = ref ? lookup(ref->name) : Symbol();
    // A vector's storage lives to the end of its scope (freed there by
    // convert-graph-to-scf); deleting it earlier changes nothing.
    if (sym.var && (sym.var->spec.type.kind == GtType::Vector ||
                    sym.var->spec.type.kind == GtType::FixedVector)) {
      check(set);
      break;
    }
    if (sym.var && sym.var->spec.type.kind == GtType::PriorityQueue) {
      check(set);
      break;
    }
    if (auto it = deletedSets.find(sym.var);
        sym.var && it != deletedSets.end()) {
      error(stmt.loc) << "vertex set '" << ref->name
                      << "' is deleted twice (first" << onLine(it->second)
                      << ")";
      break;
    }
    if (coerce(set, GtType::get(GtType::VertexSet), "delete") && sym.var)
      deletedSets.try_emplace(sym.var, stmt.loc);
    break;
  }
  }
  applyLabel.clear();
}

void Sema::checkLocal(VarDecl &decl) {
  checkTypeSpec(decl.spec, decl.loc);
  GtType type = decl.spec.type;
  // `var n : vertexset{Vertex} = edges.getNgh(v);` names v's neighbours.
  if (auto *method = dyn_cast_or_null<MethodExpr>(decl.init.get());
      method && method->name == "getNgh" && type.kind == GtType::VertexSet) {
    GtType neighbors = check(*method);
    if (!neighbors.isError())
      decl.spec.type = neighbors;
    declare(decl);
    return;
  }
  auto *init = dyn_cast_or_null<MethodExpr>(decl.init.get());
  if (type.kind == GtType::EdgeSet && !(init && init->name == "transpose"))
    error(decl.loc) << "edgesets must be global (a local edgeset may only "
                       "hold edges.transpose())";
  else if (type.kind == GtType::Vector && !info.graph)
    error(decl.loc) << "'" << decl.name << "' needs an edgeset or a vertex "
                    << "set declared with a size";
  if (decl.init && type.kind == GtType::Vector)
    coerce(*decl.init, namesVector(*decl.init) ? type : GtType::get(type.elem),
           "initializer of '" + decl.name + "'");
  else if (decl.init && type.kind == GtType::FixedVector)
    checkFixedVectorInit(decl);
  else if (decl.init)
    checkValueOf(decl, *decl.init, "initializer of '" + decl.name + "'");
  declare(decl);
}

/// `{a, b, ...}` with one value per element, or one value for all of them.
void Sema::checkFixedVectorInit(VarDecl &decl) {
  GtType type = decl.spec.type, elem = GtType::get(type.elem);
  auto *list = dyn_cast<VectorLitExpr>(decl.init.get());
  if (!list) {
    coerce(*decl.init, elem, "initializer of '" + decl.name + "'");
    return;
  }
  if (type.rowWidth) {
    error(list->loc) << "'" << decl.name << "' holds rows: initialize it "
                     << "with one value for every element";
    return;
  }
  if (static_cast<int64_t>(list->values.size()) != type.width)
    error(list->loc) << "'" << decl.name << "' has " << type.width
                     << " elements, initialized with " << list->values.size()
                     << " values";
  for (ExprPtr &value : list->values)
    coerce(*value, elem, "value of '" + decl.name + "'");
  list->type = type;
}

/// `edges = load(path)` or `edges = edges.relabel()` in main: a new graph
/// with the vertex count of the first edgeset (checked when loading), so
/// that per-vertex data stays valid.
void Sema::checkGraphAssign(AssignStmt &stmt, VarDecl &decl) {
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
void Sema::checkVectorAssign(AssignStmt &stmt, VarDecl &decl) {
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

/// Whether `expr` is a vector variable or a call of a function returning
/// a vector (no scalar that fills one).
bool Sema::namesVector(const Expr &expr) const {
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

void Sema::checkCond(Expr &cond, StringRef construct) {
  GtType type = check(cond);
  // As in the C++ GraphIt generates, a number is true when nonzero
  // (`while (1)`).
  if (!type.isError() && !type.isNumeric())
    error(cond.loc) << construct << " condition must be bool or a number, got "
                    << type.str();
}

void Sema::checkAssign(AssignStmt &stmt) {
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
      if (type.kind == GtType::VertexSet || type.kind == GtType::PriorityQueue)
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

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

bool Sema::coerce(Expr &expr, GtType to, StringRef what) {
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

bool Sema::checkArity(Location loc, StringRef name, size_t got, size_t min,
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
/// over integers, unsigned over signed of the same width.
static GtType promote(GtType a, GtType b) {
  auto has = [&](GtType::Kind k) { return a.kind == k || b.kind == k; };
  for (GtType::Kind k :
       {GtType::Double, GtType::Float, GtType::UInt64, GtType::UInt})
    if (has(k))
      return GtType::get(k);
  return GtType::get(GtType::Int);
}

GtType Sema::check(Expr &expr, bool allowRow) {
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
  case Expr::VarRef: {
    auto &ref = cast<VarRefExpr>(expr);
    Symbol sym = lookup(ref.name);
    if (auto it = deletedSets.find(sym.var);
        sym.var && it != deletedSets.end()) {
      error(expr.loc) << "vertex set '" << ref.name
                      << "' is used after it was deleted" << onLine(it->second);
    } else if (sym.var) {
      ref.decl = sym.var;
      type = sym.var->spec.type;
      if (type.kind == GtType::Vector && type.width && !allowRow)
        error(expr.loc) << "'" << ref.name << "' holds " << type.width
                        << " values per vertex; index it as " << ref.name
                        << "[v][i]";
    } else if (sym.func) {
      ref.func = sym.func;
      type = GtType::get(GtType::Func);
    } else if (ref.name == "argv") {
      error(expr.loc) << "argv must be indexed: argv[k]";
    } else {
      error(expr.loc) << "use of undefined name '" << ref.name << "'";
    }
    break;
  }
  case Expr::Index:
    type = checkIndex(cast<IndexExpr>(expr), allowRow);
    break;
  case Expr::Unary: {
    auto &unary = cast<UnaryExpr>(expr);
    GtType operand = check(*unary.operand);
    if (operand.isError())
      break;
    if (unary.op == UnaryExpr::Not) {
      if (operand.kind != GtType::Bool)
        error(expr.loc) << "'not' needs a bool, got " << operand.str();
      else
        type = operand;
    } else if (!operand.isNumeric() || operand.kind == GtType::Bool) {
      error(expr.loc) << "'-' needs a number, got " << operand.str();
    } else {
      type = promote(operand, operand);
    }
    break;
  }
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
    for (ExprPtr &captured : cast<FunctorExpr>(expr).captured)
      check(*captured);
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
    for (ExprPtr &value : cast<VectorLitExpr>(expr).values)
      check(*value);
    error(expr.loc) << "a list of values '{...}' only initializes a "
                       "fixed-size vector declaration";
    break;
  case Expr::NewSet: {
    auto &newSet = cast<NewSetExpr>(expr);
    if (!elements.contains(newSet.element))
      error(expr.loc) << "unknown element type '" << newSet.element << "'";
    coerce(*newSet.size, GtType::get(GtType::Int), "vertex set size");
    type = GtType::get(GtType::VertexSet);
    break;
  }
  }
  expr.type = type;
  return type;
}

GtType Sema::checkIndex(IndexExpr &expr, bool allowRow) {
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

GtType Sema::checkBinary(BinaryExpr &expr) {
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

GtType Sema::checkCall(CallExpr &expr) {
  GtType error_ = GtType::get(GtType::Error);
  Symbol sym = lookup(expr.callee);
  if (sym.func) {
    FuncDecl &func = *sym.func;
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
    if (!checkArity(expr.loc, func.name, expr.args.size(), func.params.size(),
                    func.params.size())) {
      for (ExprPtr &arg : expr.args)
        check(*arg);
      return error_;
    }
    for (auto [arg, param] : llvm::zip(expr.args, func.params))
      coerce(*arg, param->spec.type,
             "argument '" + param->name + "' of '" + func.name + "'");
    return func.result ? func.result->spec.type : GtType::get(GtType::Void);
  }
  if (sym.var) {
    error(expr.loc) << "'" << expr.callee << "' is not a function";
    return error_;
  }
  if (!expr.captured.empty()) {
    error(expr.loc) << "'" << expr.callee
                    << "' is not a user function; only those capture "
                       "arguments";
    return error_;
  }
  Builtin builtin = llvm::StringSwitch<Builtin>(expr.callee)
                        .Case("fabs", Builtin::Fabs)
                        .Case("sqrt", Builtin::Sqrt)
                        .Case("pow", Builtin::Pow)
                        .Case("log", Builtin::Log)
                        .Case("floor", Builtin::Floor)
                        .Case("ceil", Builtin::Ceil)
                        .Case("max", Builtin::Max)
                        .Case("min", Builtin::Min)
                        .Case("atoi", Builtin::Atoi)
                        .Case("to_double", Builtin::ToDouble)
                        .Case("startTimer", Builtin::StartTimer)
                        .Case("stopTimer", Builtin::StopTimer)
                        .Case("load", Builtin::Load)
                        .Case("intersectNeighbor", Builtin::IntersectNeighbor)
                        .Case("atomicAdd", Builtin::AtomicAdd)
                        .Case("writeMin", Builtin::WriteMin)
                        .Case("intersection", Builtin::Intersection)
                        .Case("unionFindLink", Builtin::UnionFindLink)
                        .Case("unionFindRoot", Builtin::UnionFindRoot)
                        .Default(Builtin::None);
  if (builtin == Builtin::None) {
    error(expr.loc) << "call of undefined function '" << expr.callee << "'";
    for (ExprPtr &arg : expr.args)
      check(*arg);
    return error_;
  }
  expr.builtin = builtin;
  size_t arity = 1;
  switch (builtin) {
  case Builtin::Pow:
  case Builtin::Max:
  case Builtin::Min:
  case Builtin::UnionFindRoot:
    arity = 2;
    break;
  case Builtin::StartTimer:
  case Builtin::StopTimer:
    arity = 0;
    break;
  case Builtin::IntersectNeighbor:
  case Builtin::AtomicAdd:
  case Builtin::WriteMin:
  case Builtin::UnionFindLink:
    arity = 3;
    break;
  case Builtin::Intersection:
    arity = 5;
    break;
  default:
    break;
  }
  if (!checkArity(expr.loc, expr.callee, expr.args.size(), arity, arity)) {
    for (ExprPtr &arg : expr.args)
      check(*arg);
    return error_;
  }
  auto numericArgs = [&]() -> std::optional<GtType> {
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
  };
  switch (builtin) {
  case Builtin::Fabs:
  case Builtin::Sqrt:
  case Builtin::Pow:
  case Builtin::Log:
  case Builtin::Floor:
  case Builtin::Ceil: {
    // Math in the argument's float type; integers compute in double.
    std::optional<GtType> common = numericArgs();
    if (!common)
      return error_;
    return GtType::get(common->kind == GtType::Float ? GtType::Float
                                                     : GtType::Double);
  }
  case Builtin::Max:
  case Builtin::Min: {
    std::optional<GtType> common = numericArgs();
    return common ? *common : error_;
  }
  case Builtin::ToDouble:
    return numericArgs() ? GtType::get(GtType::Double) : error_;
  case Builtin::Atoi:
    coerce(*expr.args[0], GtType::get(GtType::String), "atoi");
    return GtType::get(GtType::Int);
  case Builtin::StartTimer:
    return GtType::get(GtType::Void);
  case Builtin::StopTimer:
    return GtType::get(GtType::Double);
  case Builtin::Load:
    check(*expr.args[0]);
    error(expr.loc) << "load(...) may only initialize a global edgeset";
    return error_;
  case Builtin::IntersectNeighbor: {
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
    return ok ? GtType::get(GtType::UInt64) : error_;
  }
  case Builtin::Intersection:
    return checkIntersection(expr) ? GtType::get(GtType::UInt64) : error_;
  case Builtin::AtomicAdd:
  case Builtin::WriteMin: {
    GtType vector = check(*expr.args[0]);
    if (vector.isError())
      return error_;
    if (vector.kind != GtType::Vector || vector.width ||
        !GtType::get(vector.elem).isArithmetic()) {
      error(expr.args[0]->loc)
          << "'" << expr.callee << "' needs a vector of numbers, got "
          << vector.str();
      return error_;
    }
    coerce(*expr.args[1], GtType::get(GtType::Vertex),
           "vertex of '" + expr.callee + "'");
    coerce(*expr.args[2], GtType::get(vector.elem),
           "value of '" + expr.callee + "'");
    return GtType::get(builtin == Builtin::WriteMin ? GtType::Bool
                                                    : GtType::Void);
  }
  case Builtin::UnionFindLink:
  case Builtin::UnionFindRoot: {
    GtType forest = check(*expr.args[0]);
    if (forest.isError())
      return error_;
    if (forest.kind != GtType::Vector || forest.width ||
        !GtType::get(forest.elem).isInteger()) {
      error(expr.args[0]->loc)
          << "'" << expr.callee
          << "' needs a union-find forest: a vector of vertex ids, got "
          << forest.str();
      return error_;
    }
    bool ok = true;
    for (size_t i = 1; i < expr.args.size(); ++i)
      ok &= coerce(*expr.args[i], GtType::get(GtType::Vertex),
                   "vertex of '" + expr.callee + "'");
    if (!ok)
      return error_;
    return builtin == Builtin::UnionFindRoot ? GtType::get(forest.elem)
                                             : GtType::get(GtType::Void);
  }
  case Builtin::None:
    break;
  }
  return error_;
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
bool Sema::checkIntersection(CallExpr &expr) {
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
    return false;
  auto *bound = dyn_cast<VarRefExpr>(expr.args[4].get());
  auto *vertex = dyn_cast_or_null<VarRefExpr>(neighborsVertex(*expr.args[1]));
  if (!bound || !vertex || bound->decl != vertex->decl) {
    error(expr.args[4]->loc)
        << "'intersection' counts the shared neighbours below the second "
           "set's vertex: pass that vertex's variable as the bound";
    return false;
  }
  return true;
}

void Sema::noteApply(bool isEdge) {
  if (applyLabel.empty())
    return;
  LabelInfo &label = info.labels.find(applyLabel)->second;
  (isEdge ? label.hasEdgeApply : label.hasVertexApply) = true;
}

bool Sema::namesFunction(Expr &arg) {
  FunctionArg fn = asFunctionArg(arg);
  if (!fn.ref)
    return false;
  Symbol sym = lookup(fn.ref->name);
  return sym.func && !sym.var;
}

FuncDecl *Sema::checkFuncArg(Expr &arg, StringRef method) {
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

/// The captured arguments bound to `func` at `loc`: as many as it captures
/// (`form` says how to pass them when none are), each of its type. True
/// when all are right.
bool Sema::checkCaptures(Location loc, const FuncDecl &func,
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

void Sema::checkVertexFunc(Expr &arg, StringRef method, bool isFilter) {
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

FuncDecl *Sema::checkEdgeFunc(Expr &arg, StringRef method, GtType edges) {
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

GtType Sema::checkMethod(MethodExpr &expr) {
  GtType error_ = GtType::get(GtType::Error);
  GtType recv = check(*expr.receiver);
  if (recv.isError()) {
    for (ExprPtr &arg : expr.args)
      check(*arg);
    return error_;
  }
  StringRef name = expr.name;
  auto arity = [&](size_t min, size_t max) {
    if (checkArity(expr.loc, name, expr.args.size(), min, max))
      return true;
    for (ExprPtr &arg : expr.args)
      check(*arg);
    return false;
  };
  auto unknown = [&](StringRef valid) {
    error(expr.loc) << "no method '" << name << "' on " << recv.str()
                    << "; valid methods: " << valid;
    for (ExprPtr &arg : expr.args)
      check(*arg);
    return error_;
  };

  if (recv.kind == GtType::EdgeSet || recv.kind == GtType::EdgeView) {
    // The edgeset at the root of a `from/to/...` chain.
    Expr *root = &expr;
    while (auto *m = dyn_cast<MethodExpr>(root))
      root = m->receiver.get();
    GtType edges = root->type;
    if (name == "from" || name == "to") {
      expr.method = name == "from" ? Method::From : Method::To;
      if (!arity(1, 1))
        return error_;
      if (namesFunction(*expr.args[0]))
        checkVertexFunc(*expr.args[0], name, /*isFilter=*/true);
      else
        coerce(*expr.args[0], GtType::get(GtType::VertexSet),
               "'" + name.str() + "'");
      return GtType::get(GtType::EdgeView, edges.elem);
    }
    if (name == "srcFilter" || name == "dstFilter") {
      expr.method = name == "srcFilter" ? Method::SrcFilter : Method::DstFilter;
      if (!arity(1, 1))
        return error_;
      checkVertexFunc(*expr.args[0], name, /*isFilter=*/true);
      return GtType::get(GtType::EdgeView, edges.elem);
    }
    if (name == "neighborRange") {
      // The out-edges at positions [first, until) of each source's list.
      expr.method = Method::NeighborRange;
      if (!arity(1, 2))
        return error_;
      for (ExprPtr &arg : expr.args)
        coerce(*arg, GtType::get(GtType::Int), "bound of 'neighborRange'");
      return GtType::get(GtType::EdgeView, edges.elem);
    }
    if (name == "apply" || name == "applyModified") {
      bool modified = name == "applyModified";
      expr.method = modified ? Method::ApplyModified : Method::EdgeApply;
      if (!arity(modified ? 2 : 1, modified ? 3 : 1))
        return error_;
      FuncDecl *func = checkEdgeFunc(*expr.args[0], name, edges);
      noteApply(/*isEdge=*/true);
      // An edge function returning bool makes the set of destinations it
      // returned true for (GraphIt's output frontier of `apply`).
      if (!modified)
        return GtType::get(func && func->result &&
                                   func->result->spec.type.kind == GtType::Bool
                               ? GtType::VertexSet
                               : GtType::Void);
      GtType tracked = check(*expr.args[1]);
      if (!tracked.isError() &&
          (tracked.kind != GtType::Vector || tracked.width ||
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
    if (recv.kind == GtType::EdgeSet && name == "getVertices") {
      expr.method = Method::GetVertices;
      return arity(0, 0) ? GtType::get(GtType::VertexSet) : error_;
    }
    if (recv.kind == GtType::EdgeSet && name == "transpose") {
      expr.method = Method::Transpose;
      return arity(0, 0) ? recv : error_;
    }
    if (recv.kind == GtType::EdgeSet && name == "getNgh") {
      expr.method = Method::GetNgh;
      if (!arity(1, 1))
        return error_;
      coerce(*expr.args[0], GtType::get(GtType::Vertex), "'getNgh'");
      return GtType::get(GtType::Neighbors);
    }
    if (recv.kind == GtType::EdgeSet && name == "getOutDegree") {
      expr.method = Method::GetOutDegree;
      if (!arity(1, 1))
        return error_;
      coerce(*expr.args[0], GtType::get(GtType::Vertex), "'getOutDegree'");
      return GtType::get(GtType::Int);
    }
    if (recv.kind == GtType::EdgeSet && name == "isDirected") {
      expr.method = Method::IsDirected;
      return arity(0, 0) ? GtType::get(GtType::Bool) : error_;
    }
    if (recv.kind == GtType::EdgeSet && name == "relabel") {
      expr.method = Method::Relabel;
      return arity(0, 0) ? recv : error_;
    }
    if (recv.kind == GtType::EdgeSet && name == "getOutDegrees") {
      expr.method = Method::GetOutDegrees;
      return arity(0, 0) ? GtType::get(GtType::Vector, GtType::Int) : error_;
    }
    if (recv.kind == GtType::EdgeSet && name == "getOutDegreesUint") {
      expr.method = Method::GetOutDegrees;
      return arity(0, 0) ? GtType::get(GtType::Vector, GtType::UInt) : error_;
    }
    if (name == "applyUpdatePriority") {
      expr.method = Method::ApplyUpdatePriority;
      if (!arity(1, 1))
        return error_;
      checkEdgeFunc(*expr.args[0], name, edges);
      noteApply(/*isEdge=*/true);
      if (FunctionArg fn = asFunctionArg(*expr.args[0]); fn.ref && fn.ref->func)
        queueTraversals.push_back({&expr, fn.ref->func, applyLabel});
      return GtType::get(GtType::Void);
    }
    return unknown(recv.kind == GtType::EdgeSet
                       ? "getVertices, getOutDegrees, getOutDegreesUint, "
                         "getNgh, getOutDegree, isDirected, transpose, "
                         "relabel, from, to, srcFilter, dstFilter, "
                         "neighborRange, apply, applyModified, "
                         "applyUpdatePriority"
                       : "from, to, srcFilter, dstFilter, neighborRange, "
                         "apply, applyModified, applyUpdatePriority");
  }
  if (recv.kind == GtType::VertexSet) {
    if (name == "apply" || name == "filter" || name == "where") {
      if (!arity(1, 1))
        return error_;
      bool isFilter = name != "apply";
      expr.method = isFilter ? Method::Filter : Method::VertexApply;
      checkVertexFunc(*expr.args[0], name, isFilter);
      noteApply(/*isEdge=*/false);
      return GtType::get(isFilter ? GtType::VertexSet : GtType::Void);
    }
    if (name == "addVertex") {
      expr.method = Method::AddVertex;
      if (arity(1, 1))
        coerce(*expr.args[0], GtType::get(GtType::Vertex), "addVertex");
      return GtType::get(GtType::Void);
    }
    if (name == "getVertexSetSize" || name == "size") {
      expr.method = Method::Size;
      return arity(0, 0) ? GtType::get(GtType::Int) : error_;
    }
    if (name == "applyUpdatePriorityExtern") {
      expr.method = Method::ExternQueueUpdate;
      return arity(1, 1) && checkExternQueueUpdate(expr)
                 ? GtType::get(GtType::Void)
                 : error_;
    }
    return unknown("apply, filter, where, addVertex, getVertexSetSize, size, "
                   "applyUpdatePriorityExtern");
  }
  if (recv.kind == GtType::List) {
    if (name == "append") {
      expr.method = Method::ListAppend;
      if (arity(1, 1))
        coerce(*expr.args[0], GtType::get(recv.elem), "'append'");
      return GtType::get(GtType::Void);
    }
    if (name == "pop") {
      expr.method = Method::ListPop;
      return arity(0, 0) ? GtType::get(recv.elem) : error_;
    }
    return unknown("append, pop");
  }
  if (recv.kind == GtType::PriorityQueue)
    return checkQueueMethod(expr, recv);
  if (recv.kind == GtType::Neighbors) {
    if (name != "getVertexSetSize" && name != "size")
      return unknown("getVertexSetSize, size");
    expr.method = Method::Size;
    return arity(0, 0) ? GtType::get(GtType::Int) : error_;
  }
  if ((recv.kind == GtType::Vector && !recv.width) ||
      (recv.kind == GtType::FixedVector && !recv.rowWidth)) {
    expr.method = llvm::StringSwitch<Method>(name)
                      .Case("sum", Method::VectorSum)
                      .Case("max", Method::VectorMax)
                      .Case("min", Method::VectorMin)
                      .Default(Method::None);
    if (expr.method == Method::None)
      return unknown("sum, max, min");
    if (!arity(0, 0))
      return error_;
    GtType elem = GtType::get(recv.elem);
    if (!elem.isInteger() && !elem.isFloat()) {
      error(expr.loc) << "'" << name << "' needs a vector of numbers, got "
                      << recv.str();
      return error_;
    }
    return elem;
  }
  error(expr.loc) << "no method '" << name << "' on " << recv.str();
  for (ExprPtr &arg : expr.args)
    check(*arg);
  return error_;
}

/// `set.applyUpdatePriorityExtern(f)`: the extern function `f(set)` changes
/// priorities and returns the set of vertices it changed, which move to
/// their buckets in the program's one priority queue.
bool Sema::checkExternQueueUpdate(MethodExpr &expr) {
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
    return false;
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
      return false;
    }
    expr.queue = global.get();
  }
  if (!expr.queue)
    error(expr.loc) << "'applyUpdatePriorityExtern' updates the program's "
                       "priority queue, but it has no global priority_queue";
  return expr.queue;
}

GtType Sema::checkNewQueue(NewPriorityQueueExpr &expr) {
  GtType error_ = GtType::get(GtType::Error);
  GtType type = expr.queueType;
  auto checkAll = [&] {
    for (ExprPtr &arg : expr.args)
      check(*arg);
  };
  if (!expr.queue) {
    checkAll();
    error(expr.loc) << "'new " << type.str()
                    << "(...)' must be assigned to a priority_queue variable";
    return error_;
  }
  if (!checkArity(expr.loc, "new priority_queue", expr.args.size(), 6, 7)) {
    checkAll();
    return error_;
  }
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

GtType Sema::checkQueueMethod(MethodExpr &expr, GtType queue) {
  GtType error_ = GtType::get(GtType::Error);
  StringRef name = expr.name;
  GtType priority = GtType::get(queue.elem);
  expr.method = llvm::StringSwitch<Method>(name)
                    .Case("finished", Method::QueueFinished)
                    .Case("finishedNode", Method::QueueFinishedVertex)
                    .Case("dequeue_ready_set", Method::QueueDequeue)
                    .Case("get_current_priority", Method::QueueCurrent)
                    .Case("updatePriorityMin", Method::QueueUpdateMin)
                    .Case("updatePriorityMax", Method::QueueUpdateMax)
                    .Case("updatePrioritySum", Method::QueueUpdateSum)
                    .Default(Method::None);
  size_t arity = 0;
  switch (expr.method) {
  case Method::QueueFinishedVertex:
    arity = 1;
    break;
  case Method::QueueUpdateMin:
  case Method::QueueUpdateMax:
  case Method::QueueUpdateSum:
    arity = 3;
    break;
  case Method::None:
    error(expr.loc) << "no method '" << name << "' on " << queue.str()
                    << "; valid methods: finished, finishedNode, "
                       "dequeue_ready_set, get_current_priority, "
                       "updatePriorityMin, updatePriorityMax, "
                       "updatePrioritySum";
    for (ExprPtr &arg : expr.args)
      check(*arg);
    return error_;
  default:
    break;
  }
  if (!checkArity(expr.loc, name, expr.args.size(), arity, arity)) {
    for (ExprPtr &arg : expr.args)
      check(*arg);
    return error_;
  }
  switch (expr.method) {
  case Method::QueueFinished:
    return GtType::get(GtType::Bool);
  case Method::QueueFinishedVertex:
    coerce(*expr.args[0], GtType::get(GtType::Vertex), "'finishedNode'");
    return GtType::get(GtType::Bool);
  case Method::QueueDequeue:
    return GtType::get(GtType::VertexSet);
  case Method::QueueCurrent:
    return priority;
  default:
    break;
  }
  // The updates: the queue is a global, updated from an edge function.
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

FailureOr<ProgramInfo> mlir::graph::graphit::analyze(Program &program,
                                                     MLIRContext *) {
  return Sema(program).run();
}
