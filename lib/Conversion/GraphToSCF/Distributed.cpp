//===- Distributed.cpp - mirrors of distributed state ---------------------===//
//
// Part of convert-graph-to-scf; GraphToSCFInternal.h lists its files.
//
//===----------------------------------------------------------------------===//

#include "GraphToSCFInternal.h"

using namespace mlir;
using namespace mlir::graph;

namespace {

/// The address of vertex 0's element of a per-vertex vector, the bytes each
/// vertex has (a row of them with rows) and the bytes between vertices (a
/// record's size for a fused field), as runtime arguments.
std::tuple<Value, Value, Value> vertexZero(OpBuilder &b, Location loc,
                                           Value vector) {
  auto type = cast<MemRefType>(vector.getType());
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  int64_t vertexBytes =
      elementBytes * (type.getRank() == 2 ? type.getDimSize(1) : 1);
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, vector);
  Value bytes = arith::ConstantIndexOp::create(b, loc, elementBytes);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, vector);
  Value first = arith::AddIOp::create(
      b, loc, base, arith::MulIOp::create(b, loc, metadata.getOffset(), bytes));
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value pointer =
      LLVM::IntToPtrOp::create(b, loc, ptrType, toI64(b, loc, first));
  Value stride = arith::MulIOp::create(b, loc, metadata.getStrides()[0], bytes);
  return {pointer, arith::ConstantIntOp::create(b, loc, vertexBytes, 64),
          toI64(b, loc, stride)};
}

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
    auto [pointer, vertexBytes, stride] = vertexZero(rewriter, loc, vector);
    SmallVector<Value> args = {adaptor.getGraph(), pointer, vertexBytes,
                               stride};
    if (adaptor.getChanged())
      args.push_back(adaptor.getChanged());
    // A mirrored vector's mirrors are in its slots (the op says so; the
    // verifier allows no other mirror of a partitioned vector).
    bool slots = op.getPartition() == VertexDataPartition::Mirrored;
    RuntimeFunction function =
        slots ? (adaptor.getChanged() ? RuntimeFunction::DistMirrorSlotsChanged
                                      : RuntimeFunction::DistMirrorSlots)
        : op.getNeeded()
            ? (adaptor.getChanged() ? RuntimeFunction::DistMirrorNeededChanged
                                    : RuntimeFunction::DistMirrorNeeded)
            : (adaptor.getChanged() ? RuntimeFunction::DistMirrorChanged
                                    : RuntimeFunction::DistMirror);
    callRuntime(rewriter, loc, op, function, args);
    rewriter.eraseOp(op);
    return success();
  }
};

/// One call: the whole set's mirror, or the mirror by need with the
/// partition as its layout (the runtime's GRAPHRT_DIST_* values).
struct VertexSetMirrorLowering : GraphPattern<VertexSetMirrorOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetMirrorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    VertexDataPartition partition =
        op.getPartition().value_or(VertexDataPartition::Whole);
    if (partition == VertexDataPartition::Whole)
      callRuntime(rewriter, loc, op, RuntimeFunction::DistMirrorVset,
                  adaptor.getOperands());
    else
      callRuntime(rewriter, loc, op, RuntimeFunction::DistMirrorVsetPart,
                  {adaptor.getGraph(), adaptor.getSet(),
                   arith::ConstantIntOp::create(
                       rewriter, loc, static_cast<int>(partition), 32)});
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

/// The slot of vertex v (graph.mirror_slot): v in the owned range
/// [begin, end); else, if bit v % 64 of the slot map's word v / 64 is set,
/// the word's first slot plus the set bits below it; else begin. One
/// 16-byte load (the word and its first slot) and a popcount.
struct MirrorSlotLowering : GraphPattern<MirrorSlotOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(MirrorSlotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    Value v = adaptor.getVertex(), begin = adaptor.getBegin(),
          end = adaptor.getEnd(), slots = adaptor.getSlots();
    auto index = [&](int64_t c) {
      return arith::ConstantIndexOp::create(b, loc, c);
    };
    auto i64 = [&](int64_t c) {
      return arith::ConstantIntOp::create(b, loc, c, 64);
    };
    Value at = arith::ShLIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, v, index(6)), index(1));
    Value bits = memref::LoadOp::create(b, loc, slots, ValueRange{at});
    Value next = arith::AddIOp::create(b, loc, at, index(1));
    Value first = memref::LoadOp::create(b, loc, slots, ValueRange{next});
    Value shift = toI64(b, loc, arith::AndIOp::create(b, loc, v, index(63)));
    Value below = arith::AndIOp::create(
        b, loc, bits,
        arith::SubIOp::create(
            b, loc, arith::ShLIOp::create(b, loc, i64(1), shift), i64(1)));
    Value mirror = arith::AddIOp::create(
        b, loc, first, LLVM::CtPopOp::create(b, loc, below.getType(), below));
    Value isMirror = arith::TruncIOp::create(
        b, loc, b.getI1Type(), arith::ShRUIOp::create(b, loc, bits, shift));
    Value owned =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                              arith::SubIOp::create(b, loc, v, begin),
                              arith::SubIOp::create(b, loc, end, begin));
    Value other = arith::SelectOp::create(b, loc, isMirror,
                                          toIndex(b, loc, mirror), begin);
    rewriter.replaceOp(op, arith::SelectOp::create(b, loc, owned, v, other));
    return success();
  }
};

/// One call, which allocates and fills the copy, viewed as a vector of the
/// vertices.
struct VectorGatherLowering : GraphPattern<VectorGatherOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorGatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value vector = adaptor.getVector();
    auto [pointer, vertexBytes, stride] = vertexZero(rewriter, loc, vector);
    Value storage = callRuntime1(rewriter, loc, op, RuntimeFunction::DistGather,
                                 {adaptor.getGraph(), pointer, vertexBytes});
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value whole = memref::ViewOp::create(
        rewriter, loc, vector.getType(), storage, zero,
        ValueRange{memref::DimOp::create(rewriter, loc, vector, 0)});
    freeAtEndOfBlock(rewriter, op, [&](OpBuilder &b) {
      memref::DeallocOp::create(b, loc, whole);
    });
    rewriter.replaceOp(op, whole);
    return success();
  }
};

} // namespace

void mlir::graph::populateDistributedPatterns(
    const GraphTypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<VectorMirrorLowering, VertexSetMirrorLowering,
               OwnedRangeLowering, MirrorSlotLowering, VectorGatherLowering>(
      converter, context);
  patterns.add<ArrayLowering<MirrorSlotsOp>>(converter, context,
                                             RuntimeFunction::DistSlots);
  patterns.add<ArrayLowering<MirrorSourcesOp>>(
      converter, context, RuntimeFunction::DistSourceSlots);
  patterns.add<VoidCallLowering<PriorityQueueMirrorOp>>(
      converter, context, RuntimeFunction::DistMirrorPq);
}
