//===- graph-ir-fuzzer.cpp - libFuzzer target for graph IR ----------------===//
//
// Parses arbitrary bytes as MLIR with the graph dialect and lowers what
// parses and verifies to the LLVM dialect, as graphc does with a .mlir
// input: every program the verifiers accept must lower or fail with a
// diagnostic, never crash. Built by scripts/fuzz.sh (GRAPH_MLIR_FUZZERS=ON).
//
//===----------------------------------------------------------------------===//

#include "Fuzzing.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &context = graph::fuzzing::context();
  ScopedDiagnosticHandler quiet(&context, graph::fuzzing::ignore);
  llvm::SourceMgr sourceMgr;
  graph::fuzzing::addInput(sourceMgr, data, size, "fuzz.mlir");
  // The parser verifies what it returns.
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (module)
    graph::fuzzing::lower(*module);
  return 0;
}
