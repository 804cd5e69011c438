//===- MLIRGenStmt.cpp - GraphIt statements to graph IR -------------------===//

#include "Generator.h"

#include "graph-mlir/Dialect/Graph/IR/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace mlir;
using namespace mlir::graph;
using namespace mlir::graph::graphit;

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

/// The type an extern function sees: a Vertex is a C int.
static GtType externType(GtType type) {
  return type.kind == GtType::Vertex ? GtType::get(GtType::Int) : type;
}

/// The Itanium code of an extern parameter's C++ type.
static char mangledCode(GtType type) {
  switch (externType(type).kind) {
  case GtType::UInt:
    return 'j'; // unsigned int
  case GtType::UInt64:
    return 'm'; // unsigned long
  case GtType::Float:
    return 'f';
  case GtType::Double:
    return 'd';
  default:
    return 'i'; // int, and a Vertex
  }
}

/// An extern parameter's or result's C++ type.
static std::string cxxType(GtType type) {
  switch (externType(type).kind) {
  case GtType::UInt:
    return "unsigned";
  case GtType::UInt64:
    return "unsigned long";
  case GtType::Float:
    return "float";
  case GtType::Double:
    return "double";
  case GtType::String:
    return "std::string";
  case GtType::List:
    return "std::vector<" + cxxType(GtType::get(type.elem)) + "> *";
  case GtType::VertexSet:
    return "graphrt_vset *";
  case GtType::Void:
    return "void";
  default:
    return "int";
  }
}

/// The Itanium C++ name of `func` (GraphIt's extern functions are C++
/// functions of the same name and parameter types).
static std::string mangledName(const FuncDecl &func) {
  std::string name = "_Z" + std::to_string(func.name.size()) + func.name;
  if (func.params.empty())
    return name + "v";
  for (const auto &param : func.params)
    name += mangledCode(param->spec.type);
  return name;
}

Value Generator::callExtern(const FuncDecl &callee, ArrayRef<Value> args,
                            Location loc) {
  // A std::string or std::vector cannot be made here: such a function is
  // called through a C++ wrapper with C linkage that graphc compiles
  // (CBindings.h).
  auto wrapped = [](const std::unique_ptr<VarDecl> &decl) {
    GtType::Kind kind = decl ? decl->spec.type.kind : GtType::Void;
    return kind == GtType::String || kind == GtType::List ||
           kind == GtType::VertexSet;
  };
  bool throughWrapper =
      llvm::any_of(callee.params, wrapped) || wrapped(callee.result);
  std::string name =
      throughWrapper ? "graphit_extern_" + callee.name : mangledName(callee);
  SmallVector<Value> operands;
  SmallVector<Type> argTypes;
  for (auto [param, arg] : llvm::zip(callee.params, args)) {
    GtType type = param->spec.type;
    operands.push_back(convert(arg, type, externType(type), loc));
    argTypes.push_back(toMLIR(externType(type)));
  }
  SmallVector<Type> resultTypes;
  if (callee.result)
    resultTypes.push_back(toMLIR(externType(callee.result->spec.type)));
  // The wrapper checks a vertex set the extern returns against the program's
  // vertex count, its last argument (-1 when the program has no graph).
  if (callee.result && callee.result->spec.type.kind == GtType::VertexSet) {
    operands.push_back(
        graph ? arith::IndexCastOp::create(
                    b, loc, b.getI64Type(),
                    NumVerticesOp::create(b, loc, b.getIndexType(), graph))
                    .getResult()
              : arith::ConstantIntOp::create(b, loc, b.getI64Type(), -1)
                    .getResult());
    argTypes.push_back(b.getI64Type());
  }
  if (!module.lookupSymbol<func::FuncOp>(name)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto decl = func::FuncOp::create(b, callee.externLoc, name,
                                     b.getFunctionType(argTypes, resultTypes));
    decl.setPrivate();
    if (throughWrapper) {
      SmallVector<std::string> params;
      for (const auto &param : callee.params)
        params.push_back(cxxType(param->spec.type));
      decl->setAttr(GraphDialect::kExternAttrName,
                    b.getStrArrayAttr(SmallVector<StringRef>{
                        callee.name,
                        cxxType(callee.result ? callee.result->spec.type
                                              : GtType::get(GtType::Void))}));
      decl->setAttr(GraphDialect::kExternParamsAttrName,
                    b.getStrArrayAttr(
                        SmallVector<StringRef>(params.begin(), params.end())));
    }
  }
  auto call = func::CallOp::create(b, loc, name, resultTypes, operands);
  if (!callee.result)
    return Value();
  GtType type = callee.result->spec.type;
  return convert(call.getResult(0), externType(type), type, loc);
}

Value Generator::inlineCall(FuncDecl &func, ArrayRef<Value> args, Location loc,
                            ArrayRef<Value> captured, Value result) {
  if (func.isExtern)
    return callExtern(func, args, loc);
  // A function body is a fresh scope for labels, loops and exits.
  llvm::SaveAndRestore<VarDecl *> scopedExit(exitFlag, nullptr);
  llvm::SaveAndRestore<const LoopStmt *> scopedLoop(currentLoop, nullptr);
  llvm::SaveAndRestore<const FuncDecl *> scopedFunc(currentFunc, &func);
  llvm::SaveAndRestore<std::string> scopedPrefix(labelPrefix, "");
  llvm::SaveAndRestore<std::string> scopedLabel(currentLabel, "");

  for (auto [param, arg] : llvm::zip(func.params, args))
    env[param.get()] = arg;
  for (auto [decl, value] : llvm::zip_equal(func.captures, captured))
    env[decl.get()] = value;
  Value initial = result;
  if (func.result && !result)
    initial = defaultValue(func.result->spec.type, loc);
  if (func.result)
    env[func.result.get()] = initial;
  if (func.hasReturn) {
    exitFlag = returnFlag(&func);
    env[exitFlag] = constant(GtType::get(GtType::Bool), 0, loc);
  }
  emitStmts(func.body);
  if (!func.result)
    return Value();
  // A vector result the body names as a whole needs no storage of its own.
  if (initial != result && initial.use_empty() &&
      isa<VectorNewOp, VectorAllocOp>(initial.getDefiningOp()))
    initial.getDefiningOp()->erase();
  return env.lookup(func.result.get());
}

//===----------------------------------------------------------------------===//
// Variable threading through structured control flow
//===----------------------------------------------------------------------===//

/// The bool variable `name` that belongs to `owner` (a loop or a function),
/// made on first use.
VarDecl *Generator::flag(const void *owner, Location loc, StringRef name) {
  std::unique_ptr<VarDecl> &flag = flags[owner];
  if (!flag) {
    TypeSpec spec;
    spec.type = GtType::get(GtType::Bool);
    flag = std::make_unique<VarDecl>(loc, name.str(), spec, nullptr);
  }
  return flag.get();
}

VarDecl *Generator::breakFlag(const LoopStmt *loop) {
  return flag(loop, loop->loc, "<break>");
}

VarDecl *Generator::returnFlag(const FuncDecl *func) {
  return flag(func, func->loc, "<return>");
}

/// The variable that `delete set` leaves holding graph.vertexset.deleted, so
/// that a later use fails at run time: a local, or a global deleted in main
/// (a global deleted inside another function may be deleted in a nested
/// region of main, where the new value would not reach its later uses).
const VarDecl *Generator::deletedVar(const Expr &set) {
  auto *ref = dyn_cast<VarRefExpr>(&set);
  if (!ref || !ref->decl || ref->decl->inMemory ||
      set.type.kind == GtType::Vector || set.type.kind == GtType::FixedVector)
    return nullptr;
  if (ref->decl->isGlobal && !currentFunc->isEntry())
    return nullptr;
  return ref->decl;
}

/// The SSA variables (and exit flags) that `stmts` may assign, and the
/// variables they declare.
void Generator::collectAssigned(ArrayRef<StmtPtr> stmts, VarSet &assigned,
                                VarSet &declared) {
  // Any statement may write the tracked vector, in a function it calls too.
  if (changedFlag && !stmts.empty())
    assigned.insert(changedFlag);
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
    if (type.kind == GtType::Vector || type.kind == GtType::FixedVector) {
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
    if (set.type.kind == GtType::Vector || set.type.kind == GtType::FixedVector)
      break; // Freed at the end of its scope.
    if (set.type.kind == GtType::PriorityQueue) {
      PriorityQueueFreeOp::create(b, loc, emit(set));
      if (const VarDecl *var = deletedVar(set))
        env[var] = PriorityQueueNoneOp::create(b, loc, toMLIR(set.type));
      break;
    }
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

/// A global (emitGlobals and bindGraph order them) or a local vector: made
/// from its declaration, or loaded as an earlier export call left it.
void Generator::emitGlobal(VarDecl &decl) {
  Location loc = decl.loc;
  GtType type = decl.spec.type;
  if (Value state = loadState(decl)) {
    env[&decl] = state;
    if (type.kind == GtType::EdgeSet && !graph)
      graph = state;
    return;
  }
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
    auto *method = dyn_cast_or_null<MethodExpr>(decl.init.get());
    if (method && method->type.kind == GtType::Vector) {
      value =
          OutDegreesOp::create(b, loc, toMLIR(type), emit(*method->receiver));
    } else if (decl.init && decl.init->type.kind == GtType::Vector) {
      // Another vector, or a function's vector result: named, not copied.
      value = emit(*decl.init);
    } else {
      Value init = decl.init ? emitAs(*decl.init, elem) : Value();
      value = VectorNewOp::create(b, loc, toMLIR(type), graph, init);
    }
    // graph-fuse-fields finds fuseFields' vectors by this name.
    if (decl.isGlobal) {
      value.getDefiningOp()->setAttr(GraphDialect::kFieldAttrName,
                                     b.getStringAttr(decl.name));
      // Extern functions reach global vectors by name, as in GraphIt.
      if (llvm::any_of(program.funcs,
                       [](const auto &func) { return func->isExtern; }))
        VectorExportOp::create(b, loc, value, decl.name);
    }
    break;
  }
  case GtType::FixedVector: {
    GtType elem = GtType::get(type.elem);
    auto *list = dyn_cast_or_null<VectorLitExpr>(decl.init.get());
    Value init = decl.init && !list ? emitAs(*decl.init, elem) : Value();
    value = VectorAllocOp::create(b, loc, toMLIR(type), init);
    if (list)
      for (auto [i, element] : llvm::enumerate(list->values))
        VectorSetOp::create(b, element->loc, value,
                            arith::ConstantIndexOp::create(b, loc, i),
                            emitAs(*element, elem));
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

/// The reduction a compound assignment (`+=`, `-=`, `min=`, `max=`) on a
/// value of `type` is.
static ReduceKind reduceKind(AssignStmt::Op op, GtType type) {
  switch (op) {
  case AssignStmt::Add:
    return ReduceKind::Add;
  case AssignStmt::Sub:
    return ReduceKind::Sub;
  case AssignStmt::Min:
    return type.isUnsigned() ? ReduceKind::MinU : ReduceKind::Min;
  case AssignStmt::Max:
  case AssignStmt::Set:
    break;
  }
  assert(op == AssignStmt::Max && "a plain assignment is no reduction");
  return type.isUnsigned() ? ReduceKind::MaxU : ReduceKind::Max;
}

void Generator::emitAssign(AssignStmt &stmt) {
  Location loc = stmt.loc;
  Expr &target = *stmt.target;
  GtType type = target.type;
  if (type.kind == GtType::Vector || type.kind == GtType::FixedVector) {
    // The variable names another vector from now on.
    VarDecl *decl = cast<VarRefExpr>(target).decl;
    auto *method = dyn_cast<MethodExpr>(stmt.value.get());
    if (isa<NewVectorExpr>(*stmt.value))
      env[decl] =
          type.kind == GtType::Vector
              ? VectorNewOp::create(b, loc, toMLIR(type), graph, Value())
                    .getResult()
              : VectorAllocOp::create(b, loc, toMLIR(type), Value())
                    .getResult();
    else if (method && method->method == Method::GetOutDegrees)
      env[decl] =
          OutDegreesOp::create(b, loc, toMLIR(type), emit(*method->receiver));
    else
      env[decl] = emit(*stmt.value);
    return;
  }
  Value value = emitAs(*stmt.value, type);
  if (!value)
    return;
  if (type.kind == GtType::EdgeSet) {
    VarDecl *decl = cast<VarRefExpr>(target).decl;
    bool first = !env.count(decl);
    env[decl] = value;
    if (first)
      bindGraph(value);
    return;
  }
  // An atomic read-modify-write of a memref element for `op=`.
  auto atomicUpdate = [&](Value memref, ValueRange indices) {
    ReduceKind kind = reduceKind(stmt.op, type);
    memref::AtomicRMWOp::create(b, loc, getAtomicKind(kind, value.getType()),
                                reductionOperand(b, loc, kind, value), memref,
                                indices);
  };

  // `vec[v] op= e` and, on a vector of rows, `vec[v][k] op= e`:
  // graph.vector.set / graph.reduce.
  if (auto *index = dyn_cast<IndexExpr>(&target)) {
    auto [vector, vertex, column] = emitElementAddress(*index);
    auto *base = dyn_cast<VarRefExpr>(index->base.get());
    bool tracked = changedFlag && base && base->decl == trackedDecl;
    if (stmt.op == AssignStmt::Set) {
      VectorSetOp::create(b, loc, vector, vertex, column, value);
      if (tracked)
        env[changedFlag] = constant(GtType::get(GtType::Bool), 1, loc);
      return;
    }
    // Atomic where iterations may meet: in a par_for, and on a fixed-size
    // vector (its few elements are shared by every vertex of an apply).
    bool atomic =
        parallelForDepth > 0 || index->base->type.kind == GtType::FixedVector;
    Value changed =
        ReduceOp::create(b, loc, b.getI1Type(), reduceKind(stmt.op, type),
                         vector, vertex, column, value, atomic);
    if (tracked)
      env[changedFlag] =
          arith::OrIOp::create(b, loc, env[changedFlag], changed);
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
  // GraphIt's configKernelFusion(ENABLED) on the loop's label: the GPU
  // lowering runs the whole loop as one kernel; SPLIT: with its state on
  // the device, but a launch per phase (`graph.kernel_fusion = "split"`).
  if (!currentLabel.empty()) {
    auto fused = schedule.fusedLoops.find(currentLabel);
    if (fused != schedule.fusedLoops.end())
      whileOp->setAttr("graph.kernel_fusion",
                       fused->second == GpuKernelFusion::Split
                           ? Attribute(b.getStringAttr("split"))
                           : Attribute(b.getUnitAttr()));
  }
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

/// `par_for i in lo:hi`: a graph.parallel_for (an OpenMP loop). The
/// iterations share no variable they assign; vector elements they update
/// with `+=`, `min=`... are updated atomically.
void Generator::emitParallelFor(ForStmt &loop, Value lo, Value hi) {
  Location loc = loop.loc;
  for (const VarDecl *var : assignedVars(loop.body))
    error(loc) << "par_for iterations run in parallel: its body cannot "
                  "assign '"
               << var->name
               << "', declared outside it (update an element of a vector "
                  "instead)";
  Type index = b.getIndexType();
  Value lower = arith::IndexCastOp::create(b, loc, index, lo);
  Value upper = arith::IndexCastOp::create(b, loc, index, hi);
  auto parallel = ParallelForOp::create(b, loc, lower, upper, labelAttr(),
                                        scheduleAttr(/*isEdge=*/false));
  OpBuilder::InsertionGuard guard(b);
  Block *body = b.createBlock(&parallel.getBody(), {}, {index}, {loc});
  llvm::SaveAndRestore<unsigned> scopedDepth(parallelForDepth,
                                             parallelForDepth + 1);
  env[loop.var.get()] =
      arith::IndexCastOp::create(b, loc, b.getI32Type(), body->getArgument(0));
  emitLoopBody(loop, /*exit=*/nullptr);
  YieldOp::create(b, loc);
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
  loopVars.insert(loop.var.get());
  if (loop.parallel) {
    emitParallelFor(loop, lo, hi);
    return;
  }
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
  PrintOp::create(b, loc, emitAs(value, type), StringAttr(), type.isUnsigned());
}
