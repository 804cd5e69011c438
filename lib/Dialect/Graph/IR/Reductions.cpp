//===- Reductions.cpp - graph.reduce kinds as arith reductions ------------===//

#include "graph-mlir/Dialect/Graph/IR/Reductions.h"

using namespace mlir;
using namespace mlir::graph;

arith::AtomicRMWKind mlir::graph::getAtomicKind(ReduceKind kind, Type element) {
  bool isFloat = isa<FloatType>(element);
  switch (kind) {
  case ReduceKind::Add:
  case ReduceKind::Sub:
    return isFloat ? arith::AtomicRMWKind::addf : arith::AtomicRMWKind::addi;
  case ReduceKind::Min:
    return isFloat ? arith::AtomicRMWKind::minimumf
                   : arith::AtomicRMWKind::mins;
  case ReduceKind::Max:
    return isFloat ? arith::AtomicRMWKind::maximumf
                   : arith::AtomicRMWKind::maxs;
  case ReduceKind::MinU:
    return arith::AtomicRMWKind::minu;
  case ReduceKind::MaxU:
    return arith::AtomicRMWKind::maxu;
  case ReduceKind::Or:
    return arith::AtomicRMWKind::ori;
  case ReduceKind::And:
    return arith::AtomicRMWKind::andi;
  }
  llvm_unreachable("unknown reduce kind");
}

Value mlir::graph::reductionOperand(OpBuilder &builder, Location loc,
                                    ReduceKind kind, Value value) {
  if (kind != ReduceKind::Sub)
    return value;
  if (isa<FloatType>(value.getType()))
    return arith::NegFOp::create(builder, loc, value);
  Value zero = arith::ConstantOp::create(builder, loc,
                                         builder.getZeroAttr(value.getType()));
  return arith::SubIOp::create(builder, loc, zero, value);
}

Value mlir::graph::combineReduction(OpBuilder &builder, Location loc,
                                    ReduceKind kind, Value lhs, Value rhs) {
  // Subtraction directly: x - y, not x + -y, keeps the IR as written.
  if (kind == ReduceKind::Sub)
    return isa<FloatType>(lhs.getType())
               ? arith::SubFOp::create(builder, loc, lhs, rhs).getResult()
               : arith::SubIOp::create(builder, loc, lhs, rhs).getResult();
  return arith::getReductionOp(getAtomicKind(kind, lhs.getType()), builder, loc,
                               lhs, rhs);
}

Value mlir::graph::reductionIdentity(OpBuilder &builder, Location loc,
                                     ReduceKind kind, Type type) {
  return arith::getIdentityValue(getAtomicKind(kind, type), type, builder, loc);
}

bool mlir::graph::isIdempotent(ReduceKind kind) {
  return kind != ReduceKind::Add && kind != ReduceKind::Sub;
}

/// Whether `value`, when it is the result of an integer addition or
/// subtraction, wrapped around (signed overflow); null when it is not one.
Value mlir::graph::wrappedAround(OpBuilder &b, Location loc, Value value) {
  Operation *def = value.getDefiningOp();
  if (!isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def))
    return {};
  Value lhs = def->getOperand(0), rhs = def->getOperand(1);
  // a + b overflows when both operands' signs differ from the result's;
  // a - b when a's differs from both b's and the result's.
  Value sign = arith::XOrIOp::create(b, loc, lhs, value);
  Value other = isa<arith::AddIOp>(def)
                    ? arith::XOrIOp::create(b, loc, rhs, value)
                    : arith::XOrIOp::create(b, loc, lhs, rhs);
  Value both = arith::AndIOp::create(b, loc, sign, other);
  Value zero = arith::ConstantOp::create(b, loc, value.getType(),
                                         b.getIntegerAttr(value.getType(), 0));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, both, zero);
}
