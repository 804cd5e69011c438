//===- Lists.cpp - lists of sets and of numbers ---------------------------===//
//
// Part of convert-graph-to-scf; GraphToSCFInternal.h lists its files.
//
//===----------------------------------------------------------------------===//

#include "GraphToSCFInternal.h"

using namespace mlir;
using namespace mlir::graph;

/// Lists of vertex sets hold set handles (graphrt_vlist, which checks that
/// an appended set is live); lists of numbers hold packed values
/// (graphrt_list), passed to and from the runtime as the bits of an i64.
static bool isSetList(Value list) {
  return isa<VertexSetType>(cast<ListType>(list.getType()).getElementType());
}

/// The i64 whose low bytes are `value`'s bits, and back.
static Value toBits(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (type.isIndex())
    return toI64(b, loc, value);
  unsigned width = type.getIntOrFloatBitWidth();
  if (isa<FloatType>(type))
    value = arith::BitcastOp::create(b, loc, b.getIntegerType(width), value);
  if (width == 64)
    return value;
  return arith::ExtUIOp::create(b, loc, b.getI64Type(), value);
}

static Value fromBits(OpBuilder &b, Location loc, Value bits, Type type) {
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, type, bits);
  unsigned width = type.getIntOrFloatBitWidth();
  if (width != 64)
    bits = arith::TruncIOp::create(b, loc, b.getIntegerType(width), bits);
  if (isa<FloatType>(type))
    return arith::BitcastOp::create(b, loc, type, bits);
  return bits;
}

/// The address of the text a failed pop names itself by at run time: the
/// op's location and what the program called it (`pop` by default), as in
/// `bc.gt:70:9: retrieve`.
static Value popName(OpBuilder &b, Location loc, Operation *op,
                     StringAttr what) {
  std::string name = sourcePosition(loc);
  if (!name.empty())
    name += ": ";
  name += what ? what.getValue().str() : "pop";
  return textAddress(b, loc, op, name);
}

namespace {

struct ListNewLowering : GraphPattern<ListNewOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ListNewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool sets = isSetList(op.getList());
    Value handle;
    if (sets) {
      handle = callRuntime1(rewriter, loc, op, RuntimeFunction::VlistNew, {});
    } else {
      Type element = op.getType().getElementType();
      int64_t bytes = element.isIndex()
                          ? 8
                          : std::max(1u, element.getIntOrFloatBitWidth() / 8);
      handle = callRuntime1(
          rewriter, loc, op, RuntimeFunction::ListNew,
          arith::ConstantIntOp::create(rewriter, loc, bytes, 64).getResult());
    }
    freeAtEndOfBlock(rewriter, op, [&](OpBuilder &b) {
      callRuntime(b, loc, op,
                  sets ? RuntimeFunction::VlistFree : RuntimeFunction::ListFree,
                  handle);
    });
    rewriter.replaceOp(op, handle);
    return success();
  }
};

struct ListAppendLowering : GraphPattern<ListAppendOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ListAppendOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (isSetList(op.getList()))
      callRuntime(rewriter, loc, op, RuntimeFunction::VlistAppend,
                  adaptor.getOperands());
    else
      callRuntime(
          rewriter, loc, op, RuntimeFunction::ListAppend,
          {adaptor.getList(), toBits(rewriter, loc, adaptor.getValue())});
    rewriter.eraseOp(op);
    return success();
  }
};

struct ListPopLowering : GraphPattern<ListPopOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ListPopOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = getTypeConverter()->convertType(op.getType());
    Value name = popName(rewriter, loc, op, op.getWhatAttr());
    if (isSetList(op.getList())) {
      rewriter.replaceOp(op, callRuntime1(rewriter, loc, op,
                                          RuntimeFunction::VlistPop,
                                          {adaptor.getList(), name}));
      return success();
    }
    Value bits = callRuntime1(rewriter, loc, op, RuntimeFunction::ListPop,
                              {adaptor.getList(), name});
    rewriter.replaceOp(op, fromBits(rewriter, loc, bits, type));
    return success();
  }
};

/// The list's storage packed (graphrt_vlist_device), then its three arrays.
struct ListDeviceLowering : GraphPattern<ListDeviceOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ListDeviceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value list = adaptor.getList();
    callRuntime(rewriter, loc, op, RuntimeFunction::VlistDevice,
                {list, adaptor.getVertices(), adaptor.getRoom()});
    SmallVector<Value> arrays;
    for (RuntimeFunction function :
         {RuntimeFunction::VlistDeviceIds, RuntimeFunction::VlistDeviceOffsets,
          RuntimeFunction::VlistDeviceState})
      arrays.push_back(callRuntime1(rewriter, loc, op, function, list));
    rewriter.replaceOp(op, arrays);
    return success();
  }
};

struct ListDeviceCheckLowering : GraphPattern<ListDeviceCheckOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ListDeviceCheckOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value name = popName(rewriter, loc, op, op.getWhatAttr());
    callRuntime(rewriter, loc, op, RuntimeFunction::VlistDeviceCheck,
                {adaptor.getList(), name});
    rewriter.eraseOp(op);
    return success();
  }
};

/// graphrt_vlist_device_resume, with a null set when there is none.
struct ListDeviceResumeLowering : GraphPattern<ListDeviceResumeOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ListDeviceResumeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value last = adaptor.getLast();
    if (!last)
      last = LLVM::ZeroOp::create(rewriter, loc,
                                  LLVM::LLVMPointerType::get(getContext()));
    Value again =
        callRuntime1(rewriter, loc, op, RuntimeFunction::VlistDeviceResume,
                     {adaptor.getList(), last});
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(
        op, arith::CmpIPredicate::ne, again,
        arith::ConstantIntOp::create(rewriter, loc, 0, 32));
    return success();
  }
};

} // namespace

void mlir::graph::populateListPatterns(const GraphTypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<ListNewLowering, ListAppendLowering, ListPopLowering,
               ListDeviceLowering, ListDeviceCheckLowering,
               ListDeviceResumeLowering>(converter, patterns.getContext());
}
