//===- GraphDialect.h - the graph dialect -----------------------*- C++ -*-===//
//
// Everything a user of the graph dialect needs: the dialect, its types,
// attributes, enums and operations.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_DIALECT_GRAPH_IR_GRAPHDIALECT_H
#define GRAPH_MLIR_DIALECT_GRAPH_IR_GRAPHDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h.inc"

namespace mlir::graph {
/// Verifies that a graph operation lies inside a function.
template <typename ConcreteType>
class InFunction : public OpTrait::TraitBase<ConcreteType, InFunction> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    if (op->getParentOfType<FunctionOpInterface>())
      return success();
    return op->emitOpError("must be inside a function");
  }
};

/// The most segments a traversal may have: libgraphrt's limit, checked at
/// compile time where the count is a constant.
constexpr int64_t kMaxSegments = int64_t(1) << 20;

/// A count in a schedule: a positive number fixed at compile time, or
/// `argv[k]`, read when the program runs.
struct ScheduleCount {
  explicit ScheduleCount(int64_t value, int64_t argvIndex = 0)
      : value(value), argvIndex(argvIndex) {}
  static ScheduleCount fromArgv(int64_t k) { return ScheduleCount(0, k); }
  bool isArgv() const { return argvIndex > 0; }
  /// The count as an index: a constant, or argv[k] parsed at run time.
  Value materialize(OpBuilder &b, Location loc) const;
  bool operator==(const ScheduleCount &other) const {
    return value == other.value && argvIndex == other.argvIndex;
  }
  bool operator!=(const ScheduleCount &other) const {
    return !(*this == other);
  }
  /// The number, when not from argv.
  int64_t value;
  /// k > 0: the count is argv[k].
  int64_t argvIndex;
};
inline llvm::hash_code hash_value(const ScheduleCount &count) {
  return llvm::hash_combine(count.value, count.argvIndex);
}

/// The element type of the weight arrays of a graph with `weightType`
/// weights, as the runtime stores them: f32 and f64 as such, other types in
/// i32; null for null (unweighted).
Type weightStorageType(Type weightType);
} // namespace mlir::graph

#include "graph-mlir/Dialect/Graph/IR/GraphEnums.h.inc"

// Attributes first: the vector type has a record layout attribute.
#define GET_ATTRDEF_CLASSES
#include "graph-mlir/Dialect/Graph/IR/GraphAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "graph-mlir/Dialect/Graph/IR/GraphTypes.h.inc"

#define GET_OP_CLASSES
#include "graph-mlir/Dialect/Graph/IR/GraphOps.h.inc"

#endif // GRAPH_MLIR_DIALECT_GRAPH_IR_GRAPHDIALECT_H
