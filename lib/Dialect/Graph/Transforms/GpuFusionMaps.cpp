//===- GpuFusionMaps.cpp - a fused loop's frontier on the device ----------===//
//
// Kernels that keep a fused loop's frontier on the device: an id queue made
// into a bit or byte map for a pull, a map's marked vertices appended to a
// queue, and graph.vertexset.ids read from a queue.
//
//===----------------------------------------------------------------------===//

#include "GpuFusion.h"

using namespace mlir;
using namespace mlir::graph;

void mlir::graph::emitKernel(OpBuilder &b, Location loc, Value count,
                             function_ref<void(OpBuilder &, Value)> body) {
  LaneGroup group;
  GpuExecution execution(group);
  execution.emitLoop(b, loc, arith::ConstantIndexOp::create(b, loc, 0), count,
                     Parallelization::DynamicVertex,
                     arith::ConstantIntOp::create(b, loc, 1, 64), TeamSpec(),
                     [&](OpBuilder &b, Location, Value i) { body(b, i); });
}

Value mlir::graph::mapWords(OpBuilder &b, Location loc, Value vertices) {
  return arith::CeilDivUIOp::create(b, loc, vertices,
                                    arith::ConstantIndexOp::create(b, loc, 64));
}

void mlir::graph::clearMap(OpBuilder &b, Location loc, Value map, bool bits,
                           Value vertices) {
  Value size = bits ? mapWords(b, loc, vertices) : vertices;
  emitKernel(b, loc, size, [&](OpBuilder &b, Value i) {
    Value zero = arith::ConstantIntOp::create(b, loc, 0, bits ? 64 : 8);
    memref::StoreOp::create(b, loc, zero, map, ValueRange{i});
  });
}

void mlir::graph::fillMap(OpBuilder &b, Location loc, Value map, bool bits,
                          Value queue, Value count) {
  emitKernel(b, loc, count, [&](OpBuilder &b, Value i) {
    Value v = arith::IndexCastOp::create(
        b, loc, b.getIndexType(),
        memref::LoadOp::create(b, loc, queue, ValueRange{i}));
    if (!bits) {
      memref::StoreOp::create(b, loc,
                              arith::ConstantIntOp::create(b, loc, 1, 8), map,
                              ValueRange{v});
      return;
    }
    auto [word, mask] = bitOf(b, loc, v);
    memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::ori, mask, map,
                                ValueRange{word});
  });
}

Value mlir::graph::isMarked(OpBuilder &b, Location loc, Value map, bool bits,
                            Value v) {
  if (!bits)
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        memref::LoadOp::create(b, loc, map, ValueRange{v}),
        arith::ConstantIntOp::create(b, loc, 0, 8));
  auto [word, mask] = bitOf(b, loc, v);
  Value held = arith::AndIOp::create(
      b, loc, memref::LoadOp::create(b, loc, map, ValueRange{word}), mask);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, held,
                               arith::ConstantIntOp::create(b, loc, 0, 64));
}

void mlir::graph::mapToQueue(OpBuilder &b, Location loc, Value map, bool bits,
                             Value vertices, Value queue, Value moved) {
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 64),
                          moved, ValueRange{c0});
  emitKernel(b, loc, vertices, [&](OpBuilder &b, Value v) {
    Value marked = isMarked(b, loc, map, bits, v);
    auto ifMarked = scf::IfOp::create(b, loc, marked, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifMarked.thenBlock());
    Value slot = memref::AtomicRMWOp::create(
        b, loc, arith::AtomicRMWKind::addi,
        arith::ConstantIntOp::create(b, loc, 1, 64), moved, ValueRange{c0});
    memref::StoreOp::create(
        b, loc, arith::IndexCastOp::create(b, loc, b.getI32Type(), v), queue,
        ValueRange{arith::IndexCastOp::create(b, loc, b.getIndexType(), slot)});
  });
}

void mlir::graph::replaceIds(Operation *op, Value queue, Value count,
                             RewriterBase &rewriter) {
  for (Operation *user : llvm::make_early_inc_range(op->getUsers()))
    if (isa<memref::DimOp>(user))
      rewriter.replaceOp(user, count);
  rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
      op, cast<MemRefType>(op->getResult(0).getType()), queue,
      rewriter.getIndexAttr(0), ArrayRef<OpFoldResult>{count},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
}
