//===- Distributed.cpp - mirrors of distributed state ---------------------===//
//
// Part of convert-graph-to-scf; GraphToSCFInternal.h lists its files.
//
//===----------------------------------------------------------------------===//

#include "GraphToSCFInternal.h"

using namespace mlir;
using namespace mlir::graph;

namespace {

/// One call with the address of vertex 0's element, the bytes each vertex
/// has (a row of them with rows) and the distance between vertices (a
/// record's size for a fused field), then the set of changed vertices if
/// the op has one; `needed` mirrors call the functions that send only to
/// the ranks that mirror each vertex.
struct VectorMirrorLowering : GraphPattern<VectorMirrorOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorMirrorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value vector = adaptor.getVector();
    auto type = cast<MemRefType>(vector.getType());
    int64_t elementBytes = type.getElementTypeBitWidth() / 8;
    int64_t vertexBytes =
        elementBytes * (type.getRank() == 2 ? type.getDimSize(1) : 1);
    auto metadata =
        memref::ExtractStridedMetadataOp::create(rewriter, loc, vector);
    Value bytes = arith::ConstantIndexOp::create(rewriter, loc, elementBytes);
    Value base =
        memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, vector);
    Value first = arith::AddIOp::create(
        rewriter, loc, base,
        arith::MulIOp::create(rewriter, loc, metadata.getOffset(), bytes));
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value pointer = LLVM::IntToPtrOp::create(rewriter, loc, ptrType,
                                             toI64(rewriter, loc, first));
    Value stride =
        arith::MulIOp::create(rewriter, loc, metadata.getStrides()[0], bytes);
    SmallVector<Value> args = {
        adaptor.getGraph(), pointer,
        arith::ConstantIntOp::create(rewriter, loc, vertexBytes, 64),
        toI64(rewriter, loc, stride)};
    if (adaptor.getChanged())
      args.push_back(adaptor.getChanged());
    RuntimeFunction function =
        op.getNeeded()
            ? (adaptor.getChanged() ? RuntimeFunction::DistMirrorNeededChanged
                                    : RuntimeFunction::DistMirrorNeeded)
            : (adaptor.getChanged() ? RuntimeFunction::DistMirrorChanged
                                    : RuntimeFunction::DistMirror);
    callRuntime(rewriter, loc, op, function, args);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Two calls: the first owned vertex and the end of the owned range.
struct OwnedRangeLowering : GraphPattern<OwnedRangeOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(OwnedRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto bound = [&](RuntimeFunction function) {
      return toIndex(
          rewriter, loc,
          callRuntime1(rewriter, loc, op, function, adaptor.getGraph()));
    };
    Value begin = bound(RuntimeFunction::DistOwnedBegin);
    rewriter.replaceOp(op, {begin, bound(RuntimeFunction::DistOwnedEnd)});
    return success();
  }
};

} // namespace

void mlir::graph::populateDistributedPatterns(
    const GraphTypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<VectorMirrorLowering, OwnedRangeLowering>(converter, context);
  patterns.add<VoidCallLowering<VertexSetMirrorOp>>(
      converter, context, RuntimeFunction::DistMirrorVset);
  patterns.add<VoidCallLowering<PriorityQueueMirrorOp>>(
      converter, context, RuntimeFunction::DistMirrorPq);
}
