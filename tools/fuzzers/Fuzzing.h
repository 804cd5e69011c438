//===- Fuzzing.h - shared setup of the compiler's fuzz targets --*- C++ -*-===//
//
// A context that serves many inputs, and the lowering every target runs on
// what it manages to import.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_TOOLS_FUZZERS_FUZZING_H
#define GRAPH_MLIR_TOOLS_FUZZERS_FUZZING_H

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>

// LLVM's allocators poison their free space when the code that includes
// their headers is built with ASan; libMLIR.so is not, and writes into that
// space. Manual poisoning is therefore off: every real access error is still
// found.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

namespace mlir::graph::fuzzing {

/// Contexts are costly to make (every dialect the pipeline loads): one
/// serves many inputs, renewed now and then so that what inputs intern into
/// it stays bounded.
inline MLIRContext &context() {
  static std::unique_ptr<MLIRContext> context;
  static unsigned uses = 0;
  if (!context || ++uses % 512 == 0) {
    DialectRegistry registry;
    registerAllDialects(registry);
    registry.insert<GraphDialect>();
    context = std::make_unique<MLIRContext>(registry,
                                            MLIRContext::Threading::DISABLED);
  }
  return *context;
}

/// Makes one fuzz input the main buffer of `sourceMgr`. The copy ends in the
/// NUL that MLIR's lexers expect after a file's text and libFuzzer's data
/// lacks.
inline void addInput(llvm::SourceMgr &sourceMgr, const uint8_t *data,
                     size_t size, StringRef name) {
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          StringRef(reinterpret_cast<const char *>(data), size), name),
      llvm::SMLoc());
}

/// Diagnostics are the expected outcome for most inputs: drops them.
inline LogicalResult ignore(Diagnostic &) { return success(); }

/// Lowers `module` to the LLVM dialect as graphc does; failing with
/// diagnostics is fine, crashing is not.
inline void lower(ModuleOp module) {
  PassManager pm(module.getContext());
  buildGraphToLLVMPipeline(pm, GraphToLLVMOptions());
  (void)pm.run(module);
}

} // namespace mlir::graph::fuzzing

#endif // GRAPH_MLIR_TOOLS_FUZZERS_FUZZING_H
