//===- graph-translate.cpp - mlir-translate with the GraphIt importer -----===//
//
// `graph-translate --import-graphit prog.gt` prints the graph IR of a
// GraphIt program; the upstream translations are available as well.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Frontend/GraphIt/GraphIt.h"

#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::registerAllTranslations();
  mlir::graph::graphit::registerImportGraphItTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "graph-mlir translation driver\n"));
}
