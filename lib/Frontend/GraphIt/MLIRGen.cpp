//===- MLIRGen.cpp - GraphIt AST to graph IR ------------------------------===//
//
// Emits one function per entry point: `func.func @main()` and
// `@graphit_export_<name>` for each export function. Every user function is
// inlined where it is used: functions passed to apply/filter become the
// bodies and filter regions of graph.edgeset.apply / graph.vertexset.apply /
// filter, and ordinary calls are expanded in place. This keeps globals
// visible everywhere as plain SSA values of the entry function (edgesets,
// vectors, sets and scalar constants), with no symbol plumbing, and gives
// the lowering whole traversal bodies to schedule. Globals an export
// function leaves for a later call are graph.global slots (ProgramState.cpp).
//
// Variables are SSA values. Structured control flow threads the variables a
// statement assigns through scf.if results, scf.while/scf.for iteration
// values; `break` and `return` become i1 flags that guard the rest of the
// block and stop the loop. The one exception: a global scalar written by a
// function other than an entry point may be written inside a traversal
// body, whose regions cannot yield values, so it lives in a rank-0 memref
// and its compound updates are memref.atomic_rmw.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::graph;
using namespace mlir::graph::graphit;

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
  case GtType::List:
    return ListType::get(context, toMLIR(GtType::get(type.elem)));
  case GtType::PriorityQueue:
    return PriorityQueueType::get(context,
                                  cast<IntegerType>(scalarType(type.elem)));
  case GtType::EdgeSet:
    return EdgeSetType::get(context, scalarType(type.elem));
  case GtType::Vector:
    return VertexVectorType::get(context, scalarType(type.elem),
                                 RecordLayoutAttr(), /*length=*/0, type.width);
  case GtType::Neighbors: // Held as the vertex; only counted.
    return IndexType::get(context);
  case GtType::FixedVector:
    return VertexVectorType::get(context, scalarType(type.elem),
                                 RecordLayoutAttr(), type.width, type.rowWidth);
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
/// integers, Vertex (index) and floats, and from an argv string to an
/// integer.
Value Generator::convert(Value value, GtType from, GtType to, Location loc) {
  Type target = toMLIR(to);
  if (!value || value.getType() == target)
    return value;
  // Only an argv element converts from a string (Sema checks): atoi.
  if (from.kind == GtType::String) {
    GtType parsed = to.kind == GtType::Vertex ? GtType::get(GtType::Int) : to;
    return convert(
        AtoiOp::create(b, loc, toMLIR(parsed), value, parsed.isUnsigned()),
        parsed, to, loc);
  }
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
  case GtType::List:
    return ListNewOp::create(b, loc, toMLIR(type));
  case GtType::PriorityQueue:
    return PriorityQueueNoneOp::create(b, loc, toMLIR(type));
  case GtType::Vertex:
    return arith::ConstantIndexOp::create(b, loc, 0);
  case GtType::String:
    return StringConstantOp::create(b, loc, StringType::get(context), "");
  case GtType::Vector: // Zero-filled, as `new vector{Vertex}(T)()`.
    return VectorNewOp::create(b, loc, toMLIR(type), graph, Value());
  case GtType::FixedVector:
    return VectorAllocOp::create(b, loc, toMLIR(type), Value());
  default:
    return constant(type, 0, loc);
  }
}

//===----------------------------------------------------------------------===//
// Program
//===----------------------------------------------------------------------===//

/// Globals in order at the start of an entry function. Those after an
/// edgeset declared without a graph wait until the function gives it one
/// (bindGraph): vectors and sets are sized by it.
void Generator::emitGlobals() {
  deferredGlobals.clear();
  // Loaded graphs first: vectors and sets declared before them need them.
  auto isLoaded = [](const VarDecl &decl) {
    return decl.spec.type.kind == GtType::EdgeSet && decl.init;
  };
  for (const auto &global : program.globals)
    if (isLoaded(*global))
      emitGlobal(*global);
  for (const auto &global : program.globals) {
    if (isLoaded(*global))
      continue;
    if (waitsForGraph(*global))
      deferredGlobals.push_back(global.get());
    else
      emitGlobal(*global);
  }
}

/// An edgeset declared without a graph that the entry function gives one
/// (not one an earlier export call stored).
bool Generator::awaitsGraph(const VarDecl &global) {
  return global.spec.type.kind == GtType::EdgeSet && !global.init &&
         !loadsState(global);
}

/// Whether `global` is emitted only once the function gives an edgeset a
/// graph: that edgeset itself, and what follows it, but for what an earlier
/// export call left (whose value needs no graph).
bool Generator::waitsForGraph(const VarDecl &global) {
  return awaitsGraph(global) ||
         (!deferredGlobals.empty() && !loadsState(global));
}

void Generator::bindGraph(Value value) {
  if (!graph)
    graph = value;
  // The first deferred global is the edgeset just bound.
  SmallVector<VarDecl *> waiting = std::move(deferredGlobals);
  deferredGlobals.clear();
  for (VarDecl *global : ArrayRef(waiting).drop_front()) {
    if (waitsForGraph(*global))
      deferredGlobals.push_back(global);
    else
      emitGlobal(*global);
  }
}

/// A function of the module for an entry point (main or an export), with
/// fresh generation state.
func::FuncOp Generator::beginEntry(FuncDecl &decl, FunctionType type) {
  b.setInsertionPointToEnd(module.getBody());
  auto op = func::FuncOp::create(b, decl.loc, decl.name, type);
  b.setInsertionPointToStart(op.addEntryBlock());
  env.clear();
  graph = Value();
  currentEntry = decl.isExport ? &decl : nullptr;
  if (const VarDecl *sized = sizedVertexSet(program))
    graph =
        EmptyGraphOp::create(b, sized->loc, EdgeSetType::get(context, Type()),
                             emitAs(*cast<NewSetExpr>(*sized->init).size,
                                    GtType::get(GtType::Vertex)));
  emitGlobals();
  return op;
}

void Generator::endEntry(Location loc, ValueRange results) {
  storeState(loc);
  func::ReturnOp::create(b, loc, results);
}

/// `export func f(params) -> r : T`: a public function with a C interface
/// (llvm.emit_c_interface). A vector result is written to an extra last
/// argument, the caller's array.
void Generator::emitExport(FuncDecl &func) {
  SmallVector<Type> params, results;
  for (const auto &param : func.params)
    params.push_back(toMLIR(param->spec.type));
  GtType resultType =
      func.result ? func.result->spec.type : GtType::get(GtType::Void);
  bool vectorResult = resultType.kind == GtType::Vector ||
                      resultType.kind == GtType::FixedVector;
  if (vectorResult)
    params.push_back(toMLIR(resultType));
  else if (func.result)
    results.push_back(toMLIR(resultType));
  func::FuncOp op = beginEntry(func, b.getFunctionType(params, results));
  // The C function `name` (CBindings.h) wraps this one.
  op.setSymName("graphit_export_" + func.name);
  op->setAttr(GraphDialect::kExportAttrName, b.getStringAttr(func.name));
  op->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  SmallVector<StringRef> names;
  for (const auto &param : func.params)
    names.push_back(param->name);
  if (vectorResult)
    names.push_back(func.result->name);
  op->setAttr(GraphDialect::kExportParamsAttrName, b.getStrArrayAttr(names));
  SmallVector<Value> args(op.getArguments());
  Value out = vectorResult ? args.back() : Value();
  // Without a graph of its own (a loaded or stored edgeset), the function's
  // vectors and sets have a vertex per vertex of its first edgeset
  // parameter, as its C binding sizes its arrays.
  if (!graph)
    for (auto [param, arg] : llvm::zip(func.params, args))
      if (param->spec.type.kind == GtType::EdgeSet) {
        graph = arg;
        break;
      }
  Value result = inlineCall(func, ArrayRef(args).take_front(func.params.size()),
                            func.loc, {}, out);
  if (vectorResult && result != out)
    VectorCopyOp::create(b, func.loc, result, out);
  endEntry(func.loc, vectorResult || !result ? ValueRange{} : result);
}

OwningOpRef<ModuleOp> Generator::run() {
  FuncDecl *mainFunc = nullptr;
  for (const auto &func : program.funcs)
    if (func->name == "main")
      mainFunc = func.get();
  Location loc = mainFunc ? mainFunc->loc : program.funcs.front()->loc;
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  if (!schedule.fusedFields.empty()) {
    SmallVector<Attribute> groups;
    for (const std::vector<std::string> &group : schedule.fusedFields)
      groups.push_back(b.getStrArrayAttr(
          SmallVector<StringRef>(group.begin(), group.end())));
    (*module)->setAttr("graph.fused_fields", b.getArrayAttr(groups));
  }
  this->module = *module;
  declareProgramState();
  if (mainFunc) {
    beginEntry(*mainFunc, b.getFunctionType({}, {}));
    inlineCall(*mainFunc, {}, loc);
    endEntry(loc, {});
  }
  for (const auto &func : program.funcs)
    if (func->isExport)
      emitExport(*func);
  // Defaults of named results that every path assigns are never read, nor
  // are the handles of deleted sets that are not used again.
  module->walk([](Operation *op) {
    if (isa<arith::ConstantOp, VertexSetDeletedOp>(op) && op->use_empty())
      op->erase();
  });
  // A set of all vertices deleted under another name (or through a list)
  // must report it when asked for its size, as other uses do.
  for (auto [count, set] : sizesOfAllVertices) {
    auto fresh = set.getDefiningOp<VertexSetNewOp>();
    if (!fresh || !fresh.mayBeFreedAt(count.getDefiningOp()))
      continue;
    b.setInsertionPoint(count.getDefiningOp());
    count.replaceAllUsesWith(
        VertexSetSizeOp::create(b, count.getLoc(), b.getIndexType(), set));
    count.getDefiningOp()->erase();
  }
  if (failed)
    return nullptr;
  // A program whose schedule conflicts with a traversal (say a neighbour
  // range pulled) fails an op verifier: report it at the statement in one
  // line, without a dump of generated IR the user never wrote.
  bool printedOps = context->shouldPrintOpOnDiagnostic();
  context->printOpOnDiagnostic(false);
  bool valid = mlir::succeeded(mlir::verify(*module));
  context->printOpOnDiagnostic(printedOps);
  return valid ? std::move(module) : nullptr;
}

OwningOpRef<ModuleOp>
mlir::graph::graphit::generateMLIR(const Program &program,
                                   const ResolvedSchedule &schedule,
                                   MLIRContext *context) {
  return Generator(program, schedule, context).run();
}
