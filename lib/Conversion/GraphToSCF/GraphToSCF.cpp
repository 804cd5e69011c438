//===- GraphToSCF.cpp - graph ops to scf/omp/memref/llvm + runtime calls --===//
//
// The pass: its type conversion, legality and ownership rules. The
// lowerings of each kind of op are in the files GraphToSCFInternal.h lists.
//
//===----------------------------------------------------------------------===//

#include "GraphToSCFInternal.h"

#include "graph-mlir/Dialect/Graph/Transforms/LoweringOrder.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

namespace mlir::graph {
#define GEN_PASS_DEF_CONVERTGRAPHTOSCF
#include "graph-mlir/Conversion/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

#define DEBUG_TYPE "convert-graph-to-scf"

GraphTypeConverter::GraphTypeConverter(MLIRContext *context) {
  addConversion([](Type type) { return type; });
  auto handle = LLVM::LLVMPointerType::get(context);
  addConversion([handle](EdgeSetType) { return handle; });
  addConversion([handle](VertexSetType) { return handle; });
  addConversion([handle](ListType) { return handle; });
  addConversion([handle](StringType) { return handle; });
  addConversion([handle](SegmentsType) { return handle; });
  addConversion([handle](PriorityQueueType) { return handle; });
  addConversion([handle](WorklistType) { return handle; });
  addConversion([](VertexVectorType type) {
    Type storage = storageType(type.getElementType());
    int64_t rows = type.isPerVertex() ? ShapedType::kDynamic : type.getLength();
    if (type.hasRows())
      return MemRefType::get({rows, type.getRowLength()}, storage);
    if (!type.isPerVertex())
      return MemRefType::get({type.getLength()}, storage);
    RecordLayoutAttr layout = type.getLayout();
    if (!layout)
      return MemRefType::get({ShapedType::kDynamic}, storage);
    // A field of an array of records: strides and offsets count elements.
    int64_t bytes = storage.getIntOrFloatBitWidth() / 8;
    return MemRefType::get({ShapedType::kDynamic}, storage,
                           StridedLayoutAttr::get(type.getContext(),
                                                  layout.getOffset() / bytes,
                                                  {layout.getSize() / bytes}));
  });
  addConversion([](RecordsType type) {
    return MemRefType::get({ShapedType::kDynamic},
                           IntegerType::get(type.getContext(), 8));
  });
}

Type GraphTypeConverter::storageType(Type element) {
  // Atomics work on whole bytes: a bool takes one, as in C++.
  if (element.isInteger(1))
    return IntegerType::get(element.getContext(), 8);
  return element;
}

//===----------------------------------------------------------------------===//
// Ownership
//===----------------------------------------------------------------------===//

bool mlir::graph::escapesBlock(Operation *op) {
  return llvm::any_of(op->getUsers(), [](Operation *user) {
    return user->hasTrait<OpTrait::IsTerminator>() || isa<GlobalStoreOp>(user);
  });
}

void mlir::graph::freeAtEndOfBlock(OpBuilder &b, Operation *op,
                                   function_ref<void(OpBuilder &)> emitFree) {
  Block *block = op->getBlock();
  if (!block->mightHaveTerminator() || escapesBlock(op))
    return;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(block->getTerminator());
  emitFree(b);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

struct ConvertGraphToSCFPass
    : graph::impl::ConvertGraphToSCFBase<ConvertGraphToSCFPass> {
  using ConvertGraphToSCFBase::ConvertGraphToSCFBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkLoweredBefore(module, getArgument(),
                                  /*first=*/std::nullopt)))
      return signalPassFailure();
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": errors "
                            << (recoverableErrors ? "recoverable" : "exit")
                            << " (the conversion's own steps: "
                               "-debug-only=dialect-conversion)\n");

    // The runtime's main() records argc/argv and calls the program.
    StringRef userMain = runtimeFunctionName(RuntimeFunction::UserMain);
    if (auto main = module.lookupSymbol<func::FuncOp>("main")) {
      if (main.getNumArguments() != 0 || main.getNumResults() != 0) {
        main.emitError("the program entry @main must take and return nothing");
        return signalPassFailure();
      }
      if (failed(SymbolTable::replaceAllSymbolUses(
              main, StringAttr::get(&getContext(), userMain), module)))
        return signalPassFailure();
      main.setSymName(userMain);
    }

    GraphTypeConverter converter(&getContext());
    ConversionTarget target(getContext());
    target.addIllegalDialect<GraphDialect>();
    target.addLegalDialect<arith::ArithDialect, LLVM::LLVMDialect,
                           memref::MemRefDialect, omp::OpenMPDialect,
                           scf::SCFDialect>();
    // Program state slots hold memref descriptors as LLVM structs, cast
    // from and to the memref, until finalize-memref-to-llvm.
    target.addLegalOp<UnrealizedConversionCastOp>();
    // The structure of a fused GPU kernel, which the GPU targets lower.
    target.addLegalOp<GridPhaseOp, GridBarrierOp, GpuCooperativeOp,
                      GroupReduceOp>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return converter.isLegal(op); });

    RewritePatternSet patterns(&getContext());
    populateGraphToSCFConversionPatterns(converter, patterns,
                                         recoverableErrors);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    if (recoverableErrors)
      pollAfterParallelRegions(module);
  }

  /// Raises, right after each outermost OpenMP region, the first error a
  /// thread of the region deferred.
  static void pollAfterParallelRegions(ModuleOp module) {
    SmallVector<omp::ParallelOp> regions;
    module.walk([&](omp::ParallelOp region) {
      if (!region->getParentOfType<omp::ParallelOp>())
        regions.push_back(region);
    });
    for (omp::ParallelOp region : regions) {
      OpBuilder b(region->getContext());
      b.setInsertionPointAfter(region);
      callRuntime(b, region.getLoc(), region, RuntimeFunction::ExportPoll, {});
    }
  }
};

} // namespace

void mlir::graph::populateGraphToSCFConversionPatterns(
    GraphTypeConverter &converter, RewritePatternSet &patterns,
    bool recoverableErrors) {
  populateEnvironmentPatterns(converter, patterns);
  populateGlobalPatterns(converter, patterns);
  populateGraphPatterns(converter, patterns);
  populateDistributedPatterns(converter, patterns);
  populateVectorPatterns(converter, patterns, recoverableErrors);
  populateUnionFindPatterns(converter, patterns);
  populateVertexSetPatterns(converter, patterns);
  populateListPatterns(converter, patterns);
  populatePriorityQueuePatterns(converter, patterns);
}
