/* The graph dialect through the MLIR C API (libGraphMLIR-C.so): a context
 * with every upstream dialect and the graph dialect, a graph op parsed, a
 * pass pipeline parsed by name (mlirRegisterGraphPasses) and a pass created
 * by its C function, run, and the result printed; then graph-to-llvm
 * (mlirRegisterGraphPipelines). Exits 1 on a failure. */
#include "graph-mlir-c/Dialect/Graph.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static const char *program =
    "func.func @degrees(%g: !graph.edgeset) -> !graph.vector<i32> {\n"
    "  %d = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>\n"
    "  return %d : !graph.vector<i32>\n"
    "}\n";

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  MlirDialect graph =
      mlirDialectHandleLoadDialect(mlirGetDialectHandle__graph__(), ctx);
  MlirStringRef ns = mlirDialectGetNamespace(graph);
  printf("dialect: %.*s\n", (int)ns.length, ns.data);

  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(program));
  if (mlirModuleIsNull(module))
    return 1;

  mlirRegisterGraphPasses();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  if (mlirLogicalResultIsFailure(
          mlirParsePassPipeline(opm,
                                mlirStringRefCreateFromCString(
                                    "builtin.module(graph-lower-direction)"),
                                printToStdout, NULL)))
    return 1;
  mlirPassManagerAddOwnedPass(pm, mlirCreateGraphConversionConvertGraphToSCF());
  if (mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))))
    return 1;
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");

  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);

  /* The whole lowering, by the pipeline's name. */
  mlirRegisterGraphPipelines();
  module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(program));
  pm = mlirPassManagerCreate(ctx);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString("builtin.module(graph-to-llvm)"),
          printToStdout, NULL)) ||
      mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))))
    return 1;
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");

  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
