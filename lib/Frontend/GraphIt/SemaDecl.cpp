//===- SemaDecl.cpp - GraphIt scopes and declarations ---------------------===//
//
// Scopes, element types, global and local variable declarations with their
// initializers, and functions: their parameters, and the signatures export
// and extern functions may have.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"
#include "graph-mlir/Target/CBindings.h"

using namespace mlir;
using namespace mlir::graph::graphit;

void Checker::declare(VarDecl &decl) {
  auto [it, inserted] = scopes.back().try_emplace(decl.name, Symbol{&decl});
  if (!inserted)
    error(decl.loc) << "redefinition of '" << decl.name << "'";
}

Checker::Symbol Checker::lookup(StringRef name) const {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
    if (auto found = it->find(name); found != it->end())
      return found->second;
  return {};
}

void Checker::checkTypeSpec(TypeSpec &spec, Location loc) {
  for (auto &[name, elemLoc] : spec.elements)
    if (!elements.contains(name))
      error(elemLoc) << "unknown element type '" << name
                     << "' (declare it with 'element " << name << " end')";
}

void Checker::checkValueOf(VarDecl &decl, Expr &value, StringRef what) {
  if (auto *newQueue = dyn_cast<NewPriorityQueueExpr>(&value))
    newQueue->queue = &decl;
  coerce(value, decl.spec.type, what);
}

void Checker::checkGlobal(VarDecl &decl) {
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
void Checker::checkExportType(GtType type, Location loc, bool isResult) {
  bool ok = type.isNumeric() || type.kind == GtType::FixedVector ||
            type.kind == GtType::Vector ||
            (type.kind == GtType::EdgeSet && !isResult);
  if (!type.isError() && !ok)
    error(loc) << "an export function " << (isResult ? "returns " : "takes ")
               << (isResult ? "numbers, bool and vectors"
                            : "edgesets, numbers, bool and vectors")
               << ", not " << type.str();
}

void Checker::checkExternType(GtType type, Location loc, bool isResult) {
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

void Checker::checkFunc(FuncDecl &func) {
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
  if (func.isExport)
    checkExportSignature(func);
  if (func.isExtern)
    checkExternSignature(func);
  checkBlock(func.body);
  pop();
  currentFunc = nullptr;
}

/// The C binding of an export function: its names, the types a C caller can
/// pass, and a graph to size each per-vertex array.
void Checker::checkExportSignature(FuncDecl &func) {
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

void Checker::checkExternSignature(FuncDecl &func) {
  // Numbers pass by value with C++ linkage (a Vertex is an int); strings,
  // lists and vertex sets as checkExternType says.
  for (auto &param : func.params)
    checkExternType(param->spec.type, param->loc, /*isResult=*/false);
  if (func.result)
    checkExternType(func.result->spec.type, func.result->loc,
                    /*isResult=*/true);
}

void Checker::checkLocal(VarDecl &decl) {
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
void Checker::checkFixedVectorInit(VarDecl &decl) {
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
