//===- RuntimeCalls.cpp - calls of libgraphrt from the lowering -----------===//

#include "RuntimeCalls.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::graph;

namespace {
/// The types RuntimeCalls.def spells.
enum RuntimeType {
  Void,
  Ptr,
  I32,
  I64,
  F64,
  Index,
  I8Array,
  I32Array,
  I64Array,
  F32Array,
  F64Array
};
} // namespace

static Type getType(MLIRContext *context, RuntimeType type) {
  auto array = [&](Type element) {
    return MemRefType::get({ShapedType::kDynamic}, element);
  };
  switch (type) {
  case Void:
    break;
  case Ptr:
    return LLVM::LLVMPointerType::get(context);
  case I32:
    return IntegerType::get(context, 32);
  case I64:
    return IntegerType::get(context, 64);
  case F64:
    return Float64Type::get(context);
  case Index:
    return IndexType::get(context);
  case I8Array:
    return array(IntegerType::get(context, 8));
  case I32Array:
    return array(IntegerType::get(context, 32));
  case I64Array:
    return array(IntegerType::get(context, 64));
  case F32Array:
    return array(Float32Type::get(context));
  case F64Array:
    return array(Float64Type::get(context));
  }
  llvm_unreachable("void is no value's type");
}

static FunctionType getFunctionType(MLIRContext *context, RuntimeType result,
                                    ArrayRef<RuntimeType> arguments) {
  SmallVector<Type> inputs;
  for (RuntimeType argument : arguments)
    inputs.push_back(getType(context, argument));
  SmallVector<Type, 1> results;
  if (result != Void)
    results.push_back(getType(context, result));
  return FunctionType::get(context, inputs, results);
}

#define GRAPHRT_UNPARENTHESIZE(...) __VA_ARGS__

StringRef mlir::graph::runtimeFunctionName(RuntimeFunction function) {
  switch (function) {
#define GRAPHRT_FUNCTION(Id, name, Result, Arguments)                          \
  case RuntimeFunction::Id:                                                    \
    return name;
#include "RuntimeCalls.def"
  }
  llvm_unreachable("every function has a table entry");
}

FunctionType mlir::graph::runtimeFunctionType(MLIRContext *context,
                                              RuntimeFunction function) {
  switch (function) {
#define GRAPHRT_FUNCTION(Id, name, Result, Arguments)                          \
  case RuntimeFunction::Id:                                                    \
    return getFunctionType(context, Result, {GRAPHRT_UNPARENTHESIZE Arguments});
#include "RuntimeCalls.def"
  }
  llvm_unreachable("every function has a table entry");
}

bool mlir::graph::returnsInParallelRegion(RuntimeFunction function) {
  switch (function) {
#define GRAPHRT_FUNCTION(Id, name, Result, Arguments)
#define GRAPHRT_RETURNS_IN_PARALLEL(Id)                                        \
  case RuntimeFunction::Id:                                                    \
    return true;
#include "RuntimeCalls.def"
  default:
    return false;
  }
}

std::optional<RuntimeFunction>
mlir::graph::lookupRuntimeFunction(StringRef symbol) {
  symbol.consume_front("_mlir_ciface_");
  static const llvm::StringMap<RuntimeFunction> bySymbol = {
#define GRAPHRT_FUNCTION(Id, name, Result, Arguments)                          \
  {name, RuntimeFunction::Id},
#include "RuntimeCalls.def"
  };
  auto it = bySymbol.find(symbol);
  if (it == bySymbol.end())
    return std::nullopt;
  return it->second;
}

func::FuncOp mlir::graph::declareExternal(OpBuilder &b, Location loc,
                                          Operation *from, StringRef name,
                                          FunctionType type) {
  auto module = from->getParentOfType<ModuleOp>();
  if (auto callee = module.lookupSymbol<func::FuncOp>(name))
    return callee;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto callee = func::FuncOp::create(b, loc, name, type);
  callee.setPrivate();
  if (llvm::any_of(type.getResults(), llvm::IsaPred<MemRefType>))
    callee->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                    b.getUnitAttr());
  return callee;
}

ValueRange mlir::graph::callRuntime(OpBuilder &b, Location loc, Operation *from,
                                    RuntimeFunction function, ValueRange args) {
  func::FuncOp callee =
      declareExternal(b, loc, from, runtimeFunctionName(function),
                      runtimeFunctionType(b.getContext(), function));
  assert(TypeRange(args) == callee.getFunctionType().getInputs() &&
         "arguments differ from RuntimeCalls.def");
  return func::CallOp::create(b, loc, callee, args).getResults();
}

Value mlir::graph::callRuntime1(OpBuilder &b, Location loc, Operation *from,
                                RuntimeFunction function, ValueRange args) {
  return callRuntime(b, loc, from, function, args)[0];
}

LLVM::LLVMStructType mlir::graph::runtimeStructType(MLIRContext *context,
                                                    RuntimeStruct type) {
  auto fields = [&](ArrayRef<RuntimeType> fields) {
    SmallVector<Type> types;
    for (RuntimeType field : fields)
      types.push_back(getType(context, field));
    return LLVM::LLVMStructType::getLiteral(context, types);
  };
  switch (type) {
#define GRAPHRT_FUNCTION(Id, name, Result, Arguments)
#define GRAPHRT_STRUCT(Id, Fields)                                             \
  case RuntimeStruct::Id:                                                      \
    return fields({GRAPHRT_UNPARENTHESIZE Fields});
#include "RuntimeCalls.def"
  }
  llvm_unreachable("every struct has a table entry");
}

RuntimeStruct mlir::graph::runtimeThreadLocalType(RuntimeThreadLocal variable) {
  switch (variable) {
#define GRAPHRT_FUNCTION(Id, name, Result, Arguments)
#define GRAPHRT_THREAD_LOCAL(Id, name, Struct)                                 \
  case RuntimeThreadLocal::Id:                                                 \
    return RuntimeStruct::Struct;
#include "RuntimeCalls.def"
  }
  llvm_unreachable("every variable has a table entry");
}

static StringRef runtimeThreadLocalName(RuntimeThreadLocal variable) {
  switch (variable) {
#define GRAPHRT_FUNCTION(Id, name, Result, Arguments)
#define GRAPHRT_THREAD_LOCAL(Id, name, Struct)                                 \
  case RuntimeThreadLocal::Id:                                                 \
    return name;
#include "RuntimeCalls.def"
  }
  llvm_unreachable("every variable has a table entry");
}

Value mlir::graph::runtimeThreadLocalAddress(OpBuilder &b, Location loc,
                                             Operation *from,
                                             RuntimeThreadLocal variable) {
  auto module = from->getParentOfType<ModuleOp>();
  StringRef name = runtimeThreadLocalName(variable);
  auto global = module.lookupSymbol<LLVM::GlobalOp>(name);
  if (!global) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    global = LLVM::GlobalOp::create(
        b, loc,
        runtimeStructType(b.getContext(), runtimeThreadLocalType(variable)),
        /*isConstant=*/false, LLVM::Linkage::External, name, Attribute(),
        /*alignment=*/0, /*addrSpace=*/0, /*dsoLocal=*/false,
        /*thread_local_=*/true);
  }
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value address = LLVM::AddressOfOp::create(b, loc, global);
  return LLVM::ThreadlocalAddressOp::create(b, loc, ptrType, address);
}
