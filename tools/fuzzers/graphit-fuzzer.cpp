//===- graphit-fuzzer.cpp - libFuzzer target for the GraphIt frontend -----===//
//
// Imports arbitrary bytes as a GraphIt program and lowers what imports to
// the LLVM dialect, as graphc does. Any input must give either a module or
// diagnostics; a crash, hang, leak or sanitizer report is a bug. Built by
// scripts/fuzz.sh (GRAPH_MLIR_FUZZERS=ON).
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Frontend/GraphIt/GraphIt.h"
#include "graph-mlir/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdlib>
#include <memory>

using namespace mlir;

// LLVM's allocators poison their free space when the code that includes
// their headers is built with ASan; libMLIR.so is not, and writes into that
// space. Manual poisoning is therefore off: every real access error is still
// found.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Contexts are costly to make (every dialect the pipeline loads): one
  // serves many inputs, renewed now and then so that what inputs intern
  // into it stays bounded.
  static std::unique_ptr<MLIRContext> context;
  static unsigned uses = 0;
  if (!context || ++uses % 512 == 0) {
    DialectRegistry registry;
    registerAllDialects(registry);
    registry.insert<graph::GraphDialect>();
    context = std::make_unique<MLIRContext>(registry,
                                            MLIRContext::Threading::DISABLED);
  }
  // Diagnostics are the expected outcome for most inputs; keep them quiet.
  ScopedDiagnosticHandler quiet(context.get(),
                                [](Diagnostic &) { return success(); });

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          StringRef(reinterpret_cast<const char *>(data), size), "fuzz.gt"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      graph::graphit::importGraphIt(sourceMgr, context.get());
  // The importer verifies what it returns; a module that does not verify
  // means it emitted invalid IR without a diagnostic.
  if (!module)
    return 0;
  if (failed(verify(*module)))
    abort();
  PassManager pm(context.get());
  graph::buildGraphToLLVMPipeline(pm, graph::GraphToLLVMOptions());
  (void)pm.run(*module);
  return 0;
}
