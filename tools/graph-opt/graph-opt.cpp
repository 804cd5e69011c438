//===- graph-opt.cpp - mlir-opt with the graph dialect
//----------------------===//
//
// Parses, verifies, transforms and prints graph IR: the graph dialect, its
// passes and pipelines, and the upstream dialects and passes they work with.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Conversion/Passes.h"
#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"
#include "graph-mlir/Pipelines/Pipelines.h"
#include "graph-mlir/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::graph::addVersionPrinter();
  mlir::registerAllPasses();
  mlir::graph::registerGraphTransformsPasses();
  mlir::graph::registerGraphConversionPasses();
  mlir::graph::registerGraphPipelines();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary (graph-to-llvm{target=gpu}) translates the kernel
  // modules to LLVM IR.
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  registry.insert<mlir::graph::GraphDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "graph-mlir optimizer driver\n", registry));
}
