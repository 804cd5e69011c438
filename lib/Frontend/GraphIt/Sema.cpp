//===- Sema.cpp - GraphIt semantic analysis -------------------------------===//
//
// Name resolution with block scoping, type checking with GraphIt's implicit
// numeric conversions (as in the C++ GraphIt generates), signature checks of
// the functions passed to apply/filter, and label collection for the
// schedule. This file checks the whole program: the order of its parts, the
// call graph (functions are inlined) and the priority queues traversals
// update; Checker.h lists the files that check the rest.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"

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

std::string Checker::onLine(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return " on line " + std::to_string(fileLoc.getLine());
  return "";
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

FailureOr<ProgramInfo> Checker::run() {
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
  // Vectors and sets are sized by the first edgeset wherever it is
  // declared (GraphIt allows them before it); without an edgeset, by a
  // vertex set declared with a size (`new vertexset{Vertex}(5)`): the
  // vertices of an edgeless graph.
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

void Checker::resolveUpdatedQueues() {
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

/// Bounds on what inlining makes of `main` and export functions: the depth of
/// nested calls (MLIR generation recurses once per call) and the statements it
/// copies (a call copies its callee's body, so a few functions that each call
/// the next twice grow exponentially).
constexpr uint64_t kMaxCallDepth = 256;
constexpr uint64_t kMaxInlinedStatements = 1000000;

/// Rejects recursion (functions are inlined) and call graphs whose inlining
/// would be too deep or too large. The graph is walked without recursion:
/// call chains in a program may be long.
void Checker::checkCallGraph() {
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

FailureOr<ProgramInfo> mlir::graph::graphit::analyze(Program &program,
                                                     MLIRContext *) {
  return Checker(program).run();
}
