//===- graphit-fuzzer.cpp - libFuzzer target for the GraphIt frontend -----===//
//
// Imports arbitrary bytes as a GraphIt program and lowers what imports to
// the LLVM dialect, as graphc does. Any input must give either a module or
// diagnostics; a crash, hang, leak or sanitizer report is a bug. Built by
// scripts/fuzz.sh (GRAPH_MLIR_FUZZERS=ON).
//
//===----------------------------------------------------------------------===//

#include "Fuzzing.h"

#include "graph-mlir/Frontend/GraphIt/GraphIt.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include <cstdlib>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &context = graph::fuzzing::context();
  ScopedDiagnosticHandler quiet(&context, graph::fuzzing::ignore);
  llvm::SourceMgr sourceMgr;
  graph::fuzzing::addInput(sourceMgr, data, size, "fuzz.gt");
  OwningOpRef<ModuleOp> module =
      graph::graphit::importGraphIt(sourceMgr, &context);
  if (!module)
    return 0;
  // The importer verifies what it returns; a module that does not verify
  // means it emitted invalid IR without a diagnostic.
  if (failed(verify(*module)))
    abort();
  graph::fuzzing::lower(*module);
  return 0;
}
