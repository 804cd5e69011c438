//===- Graph.cpp - C API of the graph dialect and its passes --------------===//

#include "graph-mlir-c/Dialect/Graph.h"
#include "graph-mlir/Conversion/Passes.h"
#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"
#include "graph-mlir/Pipelines/Pipelines.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::graph;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Graph, graph, GraphDialect)

void mlirRegisterGraphPipelines(void) { registerGraphPipelines(); }

namespace {
// The generated mlirRegisterGraphPasses calls the group's registration by
// its C API prefix (Graph); C++ names the group GraphTransforms.
void registerGraphPasses() { registerGraphTransformsPasses(); }
} // namespace

#ifdef __cplusplus
extern "C" {
#endif

#include "graph-mlir/Conversion/Passes.capi.cpp.inc"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
