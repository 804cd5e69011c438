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
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &context = graph::fuzzing::context();
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  // MLIR's lexer needs the NUL after the text that a file buffer has and
  // libFuzzer's input lacks: a copy adds it. The parser verifies what it
  // returns.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          StringRef(reinterpret_cast<const char *>(data), size), "fuzz.mlir"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (module)
    graph::fuzzing::lower(*module);
  return 0;
}
