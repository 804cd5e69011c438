/*===-- graph-mlir-c/Dialect/Graph.h - C API of the graph dialect -*- C -*-===*\
|*                                                                            *|
|* The graph dialect and its passes for C and other languages, as upstream    *|
|* dialects have theirs (mlir-c/Dialect/<name>.h): a dialect handle           *|
|* (mlirGetDialectHandle__graph__), the registration of the graph passes      *|
|* (mlirRegisterGraphPasses, generated from Transforms/Passes.td, and         *|
|* mlirRegisterGraphConversionPasses, from Conversion/Passes.td) with one     *|
|* mlirCreateGraph<Pass>() per pass, and the pipelines. libGraphMLIR-C.so     *|
|* holds them with MLIR's own C API (mlir-c/IR.h, mlir-c/Pass.h,              *|
|* mlir-c/RegisterEverything.h).                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef GRAPH_MLIR_C_DIALECT_GRAPH_H
#define GRAPH_MLIR_C_DIALECT_GRAPH_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Graph, graph);

/// Registers the pipelines of graph-mlir (graph-to-llvm, as graphc runs it),
/// for mlirParsePassPipeline.
MLIR_CAPI_EXPORTED void mlirRegisterGraphPipelines(void);

#ifdef __cplusplus
}
#endif

#include "graph-mlir/Conversion/Passes.capi.h.inc"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.capi.h.inc"

#endif /* GRAPH_MLIR_C_DIALECT_GRAPH_H */
