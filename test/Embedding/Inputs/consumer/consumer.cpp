//===- consumer.cpp - a compiler that embeds graph-mlir -------------------===//
//
// Imports a GraphIt program with the installed frontend, lowers it with the
// installed graph-to-llvm pipeline and prints the LLVM-dialect module.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Frontend/GraphIt/GraphIt.h"
#include "graph-mlir/Pipelines/Pipelines.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/SourceMgr.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: consumer PROGRAM.gt\n";
    return 2;
  }
  mlir::MLIRContext context;
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  std::string error;
  auto file = mlir::openInputFile(argv[1], &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::graph::graphit::importGraphIt(sourceMgr, &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  mlir::graph::buildGraphToLLVMPipeline(pm, mlir::graph::GraphToLLVMOptions{});
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  return 0;
}
