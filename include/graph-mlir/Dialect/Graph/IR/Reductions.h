//===- Reductions.h - graph.reduce kinds as arith reductions ----*- C++ -*-===//
//
// The one table from the dialect's reduction kinds to arith's: the frontend,
// the traversal lowering and the conversion to scf all combine, start and
// atomically apply reductions through it.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_DIALECT_GRAPH_IR_REDUCTIONS_H
#define GRAPH_MLIR_DIALECT_GRAPH_IR_REDUCTIONS_H

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::graph {

/// The arith reduction that performs `kind` on elements of type `element`.
/// `sub` is the addition of the negated value: see reductionOperand.
arith::AtomicRMWKind getAtomicKind(ReduceKind kind, Type element);

/// `value` as the operand of getAtomicKind(kind): negated for `sub`.
Value reductionOperand(OpBuilder &builder, Location loc, ReduceKind kind,
                       Value value);

/// Whether applying the reduction twice equals applying it once (min, max,
/// or, and): an element then moves only one way, so a value that would not
/// change it now never will.
bool isIdempotent(ReduceKind kind);

/// `lhs <kind> rhs` for an integer or float element type.
Value combineReduction(OpBuilder &builder, Location loc, ReduceKind kind,
                       Value lhs, Value rhs);

/// The value `v` with `v <kind> x == x` for every x: where an accumulator
/// of the reduction starts.
Value reductionIdentity(OpBuilder &builder, Location loc, ReduceKind kind,
                        Type type);

/// Whether `value`, when it is the result of an integer addition or
/// subtraction, wrapped around (signed overflow: an i1); null when it is
/// not one. A priority that wrapped is a distance overflow.
Value wrappedAround(OpBuilder &builder, Location loc, Value value);

} // namespace mlir::graph

#endif // GRAPH_MLIR_DIALECT_GRAPH_IR_REDUCTIONS_H
