//===- Environment.cpp - argv, strings, printing, timers ------------------===//
//
// Part of convert-graph-to-scf; GraphToSCFInternal.h lists its files.
//
//===----------------------------------------------------------------------===//

#include "GraphToSCFInternal.h"

using namespace mlir;
using namespace mlir::graph;

/// Globals holding the texts of graph.string_constant and graph.print.
static constexpr StringLiteral kTextPrefix = "graphrt_text_";

/// The address of a NUL-terminated global holding `text`. Texts are shared:
/// one global per distinct text, named by its order of first use so that
/// names are deterministic and never collide.
Value mlir::graph::textAddress(OpBuilder &b, Location loc, Operation *from,
                               StringRef text) {
  auto module = from->getParentOfType<ModuleOp>();
  std::string value = (text + Twine('\0')).str();
  unsigned count = 0;
  for (auto global : module.getOps<LLVM::GlobalOp>()) {
    if (!global.getSymName().starts_with(kTextPrefix))
      continue;
    ++count;
    if (auto stored = dyn_cast_or_null<StringAttr>(global.getValueOrNull());
        stored && stored.getValue() == value)
      return LLVM::AddressOfOp::create(b, loc, global);
  }
  return LLVM::createGlobalString(loc, b, (kTextPrefix + Twine(count)).str(),
                                  value, LLVM::Linkage::Internal);
}

std::string mlir::graph::sourcePosition(Location loc) {
  auto file = loc->findInstanceOf<FileLineColLoc>();
  if (!file)
    return "";
  return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
          Twine(file.getColumn()))
      .str();
}

namespace {

/// graph.argv and graph.argv_at: the runtime's argv at a constant or a
/// computed index.
template <typename OpTy> struct ArgvLowering : GraphPattern<OpTy> {
  using GraphPattern<OpTy>::GraphPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value index;
    if constexpr (std::is_same_v<OpTy, ArgvOp>)
      index = arith::ConstantIntOp::create(rewriter, loc, op.getIndex(), 64);
    else
      index = toI64(rewriter, loc, adaptor.getIndex());
    rewriter.replaceOp(
        op, callRuntime1(rewriter, loc, op, RuntimeFunction::Argv, index));
    return success();
  }
};

struct AtoiLowering : GraphPattern<AtoiOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(AtoiOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    if (type.isF64()) {
      rewriter.replaceOp(op,
                         callRuntime1(rewriter, loc, op, RuntimeFunction::Atof,
                                      adaptor.getInput()));
      return success();
    }
    // The runtime checks the range of the result type, so a too large
    // argument is an error instead of wrapping.
    Value bits = constI32(rewriter, loc, type.getIntOrFloatBitWidth());
    Value value = callRuntime1(rewriter, loc, op,
                               op.getIsUnsigned() ? RuntimeFunction::AtouBits
                                                  : RuntimeFunction::AtoiBits,
                               {adaptor.getInput(), bits});
    if (type.getIntOrFloatBitWidth() < 64)
      value = arith::TruncIOp::create(rewriter, loc, type, value);
    rewriter.replaceOp(op, value);
    return success();
  }
};

struct StringConstantLowering : GraphPattern<StringConstantOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(StringConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       textAddress(rewriter, op.getLoc(), op, op.getValue()));
    return success();
  }
};

struct PrintLowering : GraphPattern<PrintOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto call = [&](RuntimeFunction function, Value v) {
      callRuntime(rewriter, loc, op, function, v);
    };
    if (std::optional<StringRef> text = op.getText()) {
      call(RuntimeFunction::PrintStr, textAddress(rewriter, loc, op, *text));
    } else {
      Value v = adaptor.getValue();
      Type type = op.getValue().getType();
      if (isa<StringType>(type))
        call(RuntimeFunction::PrintStr, v);
      else if (type.isInteger(1))
        call(RuntimeFunction::PrintBool,
             arith::ExtUIOp::create(rewriter, loc, rewriter.getI32Type(), v));
      else if (isa<FloatType>(type))
        call(RuntimeFunction::PrintF64,
             type.isF64() ? v
                          : arith::ExtFOp::create(rewriter, loc,
                                                  rewriter.getF64Type(), v)
                                .getResult());
      else if (type.getIntOrFloatBitWidth() == 64)
        call(op.getIsUnsigned() ? RuntimeFunction::PrintU64
                                : RuntimeFunction::PrintI64,
             v);
      else if (op.getIsUnsigned())
        call(RuntimeFunction::PrintU64,
             arith::ExtUIOp::create(rewriter, loc, rewriter.getI64Type(), v));
      else
        call(RuntimeFunction::PrintI64,
             arith::ExtSIOp::create(rewriter, loc, rewriter.getI64Type(), v));
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct TimerStartLowering : GraphPattern<TimerStartOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(TimerStartOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    callRuntime(rewriter, op.getLoc(), op, RuntimeFunction::TimerStart, {});
    rewriter.eraseOp(op);
    return success();
  }
};

struct TimerStopLowering : GraphPattern<TimerStopOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(TimerStopOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callRuntime1(rewriter, op.getLoc(), op,
                                        RuntimeFunction::TimerStop, {}));
    return success();
  }
};

} // namespace

void mlir::graph::populateEnvironmentPatterns(
    const GraphTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ArgvLowering<ArgvOp>, ArgvLowering<ArgvAtOp>, AtoiLowering,
               StringConstantLowering, PrintLowering, TimerStartLowering,
               TimerStopLowering>(converter, patterns.getContext());
}
