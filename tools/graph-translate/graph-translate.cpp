//===- graph-translate.cpp - mlir-translate with the GraphIt importer -----===//
//
// `graph-translate --import-graphit prog.gt` prints the graph IR of a
// GraphIt program; `--graph-export-header` and `--graph-export-source`
// print the C bindings of a graph program's export functions; the upstream
// translations are available as well.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Frontend/GraphIt/GraphIt.h"
#include "graph-mlir/Target/CBindings.h"
#include "graph-mlir/Version.h"

#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::graph::addVersionPrinter();
  mlir::registerAllTranslations();
  mlir::graph::graphit::registerImportGraphItTranslation();
  mlir::graph::registerCBindingsTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "graph-mlir translation driver\n"));
}
