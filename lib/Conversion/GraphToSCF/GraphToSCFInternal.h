//===- GraphToSCFInternal.h - shared by the lowerings -----------*- C++ -*-===//
//
// convert-graph-to-scf's lowerings are split by what they lower, a file and
// a populate*Patterns function each:
//
//   GraphToSCF.cpp      the pass: type conversion, legality, ownership
//   RuntimeCalls.*      the table of libgraphrt functions and their calls
//   Environment.cpp     argv, atoi, strings, printing, timers
//   Globals.cpp         program state (graph.global slots)
//   Graphs.cpp          graphs, their arrays, segments, NUMA counts
//   Distributed.cpp     mirrors of a distributed program's state
//   Vectors.cpp         vectors and records, their checks and atomics
//   UnionFind.cpp       graph.vector.link and graph.vector.find
//   VertexSets.cpp      vertex sets, frontiers and the loops over them
//   Lists.cpp           lists of sets and of numbers
//   PriorityQueues.cpp  priority queues
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_LIB_CONVERSION_GRAPHTOSCF_GRAPHTOSCFINTERNAL_H
#define GRAPH_MLIR_LIB_CONVERSION_GRAPHTOSCF_GRAPHTOSCFINTERNAL_H

#include "RuntimeCalls.h"

#include "graph-mlir/Conversion/GraphToSCF/GraphToSCF.h"
#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::graph {

//===----------------------------------------------------------------------===//
// Patterns of each concern
//===----------------------------------------------------------------------===//

void populateEnvironmentPatterns(const GraphTypeConverter &converter,
                                 RewritePatternSet &patterns);
void populateGlobalPatterns(const GraphTypeConverter &converter,
                            RewritePatternSet &patterns);
void populateGraphPatterns(const GraphTypeConverter &converter,
                           RewritePatternSet &patterns);
void populateDistributedPatterns(const GraphTypeConverter &converter,
                                 RewritePatternSet &patterns);
/// `recoverableErrors`: see populateGraphToSCFConversionPatterns.
void populateVectorPatterns(const GraphTypeConverter &converter,
                            RewritePatternSet &patterns,
                            bool recoverableErrors);
void populateUnionFindPatterns(const GraphTypeConverter &converter,
                               RewritePatternSet &patterns);
void populateVertexSetPatterns(const GraphTypeConverter &converter,
                               RewritePatternSet &patterns);
void populateListPatterns(const GraphTypeConverter &converter,
                          RewritePatternSet &patterns);
void populatePriorityQueuePatterns(const GraphTypeConverter &converter,
                                   RewritePatternSet &patterns);

template <typename OpTy> struct GraphPattern : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;
};

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

inline MemRefType memrefOf(Type element) {
  return MemRefType::get({ShapedType::kDynamic}, element);
}
inline Value toIndex(OpBuilder &b, Location loc, Value v) {
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}
inline Value toI64(OpBuilder &b, Location loc, Value v) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
}
inline Value constI32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

/// A vector element as it is stored: bools widen to 0 or 1 in a byte
/// (Vectors.cpp).
Value toStorage(OpBuilder &b, Location loc, Value v);
/// A stored element back as a value of type `element` (Vectors.cpp).
Value fromStorage(OpBuilder &b, Location loc, Value stored, Type element);

/// Atomically sets `memref[index]` to `desired` if it holds `expected`
/// (both in storage form); returns whether it did (Vectors.cpp).
Value buildCompareAndSwap(OpBuilder &b, Location loc, Value memref, Value index,
                          Value expected, Value desired);

/// The vertex count of `graph`, an index (Graphs.cpp).
Value numVertices(OpBuilder &b, Location loc, Operation *from, Value graph);

/// The address of a NUL-terminated global holding `text` (Environment.cpp).
Value textAddress(OpBuilder &b, Location loc, Operation *from, StringRef text);

/// `file:line:col` of the source position inside `loc`, or "" when it has
/// none: how run-time errors name where they happened (Environment.cpp).
std::string sourcePosition(Location loc);

//===----------------------------------------------------------------------===//
// Ownership (GraphToSCF.cpp)
//===----------------------------------------------------------------------===//

/// Whether what `op` creates outlives its block: yielded out of it, or kept
/// in a graph.global slot for later calls.
bool escapesBlock(Operation *op);

/// Emits, through `emitFree`, the release of what `op` creates at the end of
/// the block that defines it: a program's graphs, vectors and records live
/// as long as that block (the whole program for @main's), unless the block
/// yields them out.
void freeAtEndOfBlock(OpBuilder &b, Operation *op,
                      function_ref<void(OpBuilder &)> emitFree);

//===----------------------------------------------------------------------===//
// Ops that are one runtime call
//===----------------------------------------------------------------------===//

/// A runtime call with the op's operands that returns an i64 count, used as
/// an index.
template <typename OpTy> struct CountLowering : GraphPattern<OpTy> {
  CountLowering(const TypeConverter &converter, MLIRContext *context,
                RuntimeFunction function)
      : GraphPattern<OpTy>(converter, context), function(function) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value count =
        callRuntime1(rewriter, loc, op, function, adaptor.getOperands());
    rewriter.replaceOp(op, toIndex(rewriter, loc, count));
    return success();
  }
  RuntimeFunction function;
};

/// Ops that return a runtime-owned array: one C-interface call each, with
/// the op's operands.
template <typename OpTy> struct ArrayLowering : GraphPattern<OpTy> {
  ArrayLowering(const TypeConverter &converter, MLIRContext *context,
                RuntimeFunction function)
      : GraphPattern<OpTy>(converter, context), function(function) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callRuntime(rewriter, op.getLoc(), op, function,
                                       adaptor.getOperands()));
    return success();
  }
  RuntimeFunction function;
};

/// Ops that become one runtime call with the same operands and no result.
template <typename OpTy> struct VoidCallLowering : GraphPattern<OpTy> {
  VoidCallLowering(const TypeConverter &converter, MLIRContext *context,
                   RuntimeFunction function)
      : GraphPattern<OpTy>(converter, context), function(function) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    callRuntime(rewriter, op.getLoc(), op, function, adaptor.getOperands());
    rewriter.eraseOp(op);
    return success();
  }
  RuntimeFunction function;
};

/// Handles to nothing (a deleted set, a queue not created yet): null.
template <typename OpTy> struct NullHandleLowering : GraphPattern<OpTy> {
  using GraphPattern<OpTy>::GraphPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ZeroOp>(
        op, this->getTypeConverter()->convertType(op.getType()));
    return success();
  }
};

} // namespace mlir::graph

#endif // GRAPH_MLIR_LIB_CONVERSION_GRAPHTOSCF_GRAPHTOSCFINTERNAL_H
