//===- RuntimeCalls.h - calls of libgraphrt from the lowering ---*- C++ -*-===//
//
// The libgraphrt functions convert-graph-to-scf calls are named and typed in
// one table, RuntimeCalls.def; lowerings refer to its entries.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_LIB_CONVERSION_GRAPHTOSCF_RUNTIMECALLS_H
#define GRAPH_MLIR_LIB_CONVERSION_GRAPHTOSCF_RUNTIMECALLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::graph {

/// An entry of RuntimeCalls.def.
enum class RuntimeFunction {
#define GRAPHRT_FUNCTION(Id, name, Result, Arguments) Id,
#include "RuntimeCalls.def"
};

/// A struct of RuntimeCalls.def.
enum class RuntimeStruct {
#define GRAPHRT_FUNCTION(Id, name, Result, Arguments)
#define GRAPHRT_STRUCT(Id, Fields) Id,
#include "RuntimeCalls.def"
};

/// A thread-local variable of RuntimeCalls.def.
enum class RuntimeThreadLocal {
#define GRAPHRT_FUNCTION(Id, name, Result, Arguments)
#define GRAPHRT_THREAD_LOCAL(Id, name, Struct) Id,
#include "RuntimeCalls.def"
};

/// The LLVM struct type of `type`, laid out as its C struct.
LLVM::LLVMStructType runtimeStructType(MLIRContext *context,
                                       RuntimeStruct type);

/// The struct type of `variable`.
RuntimeStruct runtimeThreadLocalType(RuntimeThreadLocal variable);

/// The address of the calling thread's `variable`, declaring it (an external
/// thread-local llvm.mlir.global) in the module of `from` on first use.
Value runtimeThreadLocalAddress(OpBuilder &b, Location loc, Operation *from,
                                RuntimeThreadLocal variable);

/// The function's symbol, `graphrt_...`.
StringRef runtimeFunctionName(RuntimeFunction function);

/// The type the function is declared with.
FunctionType runtimeFunctionType(MLIRContext *context,
                                 RuntimeFunction function);

/// Whether `function` returns even when it fails inside a parallel region
/// of an export call (it defers the failure), or cannot fail.
bool returnsInParallelRegion(RuntimeFunction function);

/// The entry whose symbol (`graphrt_...`, or its `_mlir_ciface_` wrapper) is
/// `symbol`, if any.
std::optional<RuntimeFunction> lookupRuntimeFunction(StringRef symbol);

/// The function `name` of the module of `from`, declared private with
/// `type` on first use (with MLIR's C interface when it returns a memref).
func::FuncOp declareExternal(OpBuilder &b, Location loc, Operation *from,
                             StringRef name, FunctionType type);

/// Calls `function` with `args` (of the types its entry lists), declaring
/// it in the module of `from` on first use. Functions returning memrefs use
/// MLIR's C interface (`_mlir_ciface_<name>` in graph_rt.h).
ValueRange callRuntime(OpBuilder &b, Location loc, Operation *from,
                       RuntimeFunction function, ValueRange args);

/// The result of a call of `function`, which has one.
Value callRuntime1(OpBuilder &b, Location loc, Operation *from,
                   RuntimeFunction function, ValueRange args);

} // namespace mlir::graph

#endif // GRAPH_MLIR_LIB_CONVERSION_GRAPHTOSCF_RUNTIMECALLS_H
