//===- Globals.cpp - program state (graph.global) -------------------------===//
//
// Part of convert-graph-to-scf; GraphToSCFInternal.h lists its files.
//
//===----------------------------------------------------------------------===//

#include "GraphToSCFInternal.h"

using namespace mlir;
using namespace mlir::graph;

/// The LLVM type a slot stores a value of (converted) type `type` as: a
/// memref as its descriptor struct, an index as an i64.
static Type slotType(Type type) {
  MLIRContext *context = type.getContext();
  if (auto memref = dyn_cast<MemRefType>(type)) {
    auto i64 = IntegerType::get(context, 64);
    auto dims = LLVM::LLVMArrayType::get(i64, memref.getRank());
    auto ptr = LLVM::LLVMPointerType::get(context);
    return LLVM::LLVMStructType::getLiteral(context,
                                            {ptr, ptr, i64, dims, dims});
  }
  if (type.isIndex())
    return IntegerType::get(context, 64);
  return type;
}

namespace {

struct GlobalLowering : GraphPattern<GlobalOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(GlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type slot = slotType(getTypeConverter()->convertType(op.getType()));
    // External: the C bindings of export functions read the graph's slot.
    auto global = rewriter.replaceOpWithNewOp<LLVM::GlobalOp>(
        op, slot, /*isConstant=*/false, LLVM::Linkage::External,
        op.getSymName(), Attribute());
    Block *init = rewriter.createBlock(&global.getInitializerRegion());
    rewriter.setInsertionPointToStart(init);
    LLVM::ReturnOp::create(
        rewriter, op.getLoc(),
        LLVM::ZeroOp::create(rewriter, op.getLoc(), slot).getResult());
    return success();
  }
};

struct GlobalLoadLowering : GraphPattern<GlobalLoadOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(GlobalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = getTypeConverter()->convertType(op.getType());
    Type slot = slotType(type);
    auto ptrType = LLVM::LLVMPointerType::get(getContext());
    Value address =
        LLVM::AddressOfOp::create(rewriter, loc, ptrType, op.getGlobal());
    Value stored = LLVM::LoadOp::create(rewriter, loc, slot, address);
    // A handle or an array that was never stored is null.
    Value pointer;
    if (isa<MemRefType>(type))
      pointer = LLVM::ExtractValueOp::create(rewriter, loc, stored, 0);
    else if (isa<LLVM::LLVMPointerType>(type))
      pointer = stored;
    StringRef name = op.getGlobal();
    name.consume_front(GraphDialect::kStatePrefix);
    if (pointer)
      callRuntime(rewriter, loc, op, RuntimeFunction::StateCheck,
                  {pointer, textAddress(rewriter, loc, op, name)});
    Value value = stored;
    if (isa<MemRefType>(type))
      value = UnrealizedConversionCastOp::create(rewriter, loc, type, stored)
                  .getResult(0);
    else if (type.isIndex())
      value = arith::IndexCastOp::create(rewriter, loc, type, stored);
    rewriter.replaceOp(op, value);
    return success();
  }
};

struct GlobalStoreLowering : GraphPattern<GlobalStoreOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(GlobalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    Type type = value.getType();
    if (isa<VertexSetType>(op.getValue().getType()))
      callRuntime(rewriter, loc, op, RuntimeFunction::VsetKeep, value);
    if (isa<MemRefType>(type))
      value = UnrealizedConversionCastOp::create(rewriter, loc, slotType(type),
                                                 value)
                  .getResult(0);
    else if (type.isIndex())
      value = toI64(rewriter, loc, value);
    auto ptrType = LLVM::LLVMPointerType::get(getContext());
    Value address =
        LLVM::AddressOfOp::create(rewriter, loc, ptrType, op.getGlobal());
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, value, address);
    return success();
  }
};

} // namespace

void mlir::graph::populateGlobalPatterns(const GraphTypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<GlobalLowering, GlobalLoadLowering, GlobalStoreLowering>(
      converter, patterns.getContext());
}
