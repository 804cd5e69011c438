//===- LibdeviceCalls.cpp - GPU kernels' math without libdevice -----------===//
//
// Replaces the libdevice calls convert-gpu-to-nvvm makes for math operations
// by LLVM intrinsics that NVPTX compiles natively, and reports the rest. See
// the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringSwitch.h"

namespace mlir::graph {
#define GEN_PASS_DEF_REPLACELIBDEVICECALLS
#include "graph-mlir/Conversion/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;

#define DEBUG_TYPE "replace-libdevice-calls"

namespace {
/// Builds the intrinsic that computes what a libdevice call does.
using IntrinsicBuilder = Operation *(*)(OpBuilder &, LLVM::CallOp);

template <typename IntrinsicOp>
Operation *buildIntrinsic(OpBuilder &builder, LLVM::CallOp call) {
  return IntrinsicOp::create(builder, call.getLoc(), call.getResultTypes(),
                             call.getArgOperands());
}

/// The intrinsic for libdevice function `name` (f64, and f32 with an `f`
/// suffix), or null when its result is not one NVPTX operation.
IntrinsicBuilder nativeIntrinsic(StringRef name) {
  return llvm::StringSwitch<IntrinsicBuilder>(name)
      .Cases({"__nv_sqrt", "__nv_sqrtf"}, buildIntrinsic<LLVM::SqrtOp>)
      .Cases({"__nv_fabs", "__nv_fabsf"}, buildIntrinsic<LLVM::FAbsOp>)
      .Cases({"__nv_floor", "__nv_floorf"}, buildIntrinsic<LLVM::FFloorOp>)
      .Cases({"__nv_ceil", "__nv_ceilf"}, buildIntrinsic<LLVM::FCeilOp>)
      .Cases({"__nv_trunc", "__nv_truncf"}, buildIntrinsic<LLVM::FTruncOp>)
      .Cases({"__nv_rint", "__nv_rintf"}, buildIntrinsic<LLVM::RoundEvenOp>)
      .Cases({"__nv_round", "__nv_roundf"}, buildIntrinsic<LLVM::RoundOp>)
      .Cases({"__nv_fma", "__nv_fmaf"}, buildIntrinsic<LLVM::FMAOp>)
      .Cases({"__nv_copysign", "__nv_copysignf"},
             buildIntrinsic<LLVM::CopySignOp>)
      .Cases({"__nv_fmin", "__nv_fminf"}, buildIntrinsic<LLVM::MinNumOp>)
      .Cases({"__nv_fmax", "__nv_fmaxf"}, buildIntrinsic<LLVM::MaxNumOp>)
      .Default(nullptr);
}

struct ReplaceLibdeviceCallsPass
    : graph::impl::ReplaceLibdeviceCallsBase<ReplaceLibdeviceCallsPass> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    IRRewriter rewriter(&getContext());
    SmallVector<LLVM::CallOp> calls;
    module.walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (callee && callee->starts_with("__nv_"))
        calls.push_back(call);
    });
    for (LLVM::CallOp call : calls) {
      StringRef callee = *call.getCallee();
      IntrinsicBuilder build = nativeIntrinsic(callee);
      if (!build) {
        // One line, at the math operation: no dump of the call.
        emitError(call.getLoc())
            << "the math function " << callee
            << " of this GPU kernel needs CUDA's libdevice, which "
               "--target=gpu does not link (kernels may use sqrt, fabs, "
               "floor, ceil, trunc, rint, round, fma, copysign, fmin and "
               "fmax)";
        return signalPassFailure();
      }
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": replacing " << call.getCallee()
                              << " at " << call.getLoc() << "\n");
      rewriter.setInsertionPoint(call);
      rewriter.replaceOp(call, build(rewriter, call)->getResults());
    }
    SymbolTable symbols(module);
    for (auto function :
         llvm::make_early_inc_range(module.getOps<LLVM::LLVMFuncOp>()))
      if (function.isExternal() && function.getName().starts_with("__nv_") &&
          SymbolTable::symbolKnownUseEmpty(function, module))
        symbols.erase(function);
  }
};
} // namespace
