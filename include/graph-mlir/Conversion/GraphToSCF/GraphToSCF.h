//===- GraphToSCF.h - graph ops to scf/omp/memref + runtime calls -*- C++ -*-===//

#ifndef GRAPH_MLIR_CONVERSION_GRAPHTOSCF_GRAPHTOSCF_H
#define GRAPH_MLIR_CONVERSION_GRAPHTOSCF_GRAPHTOSCF_H

#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::graph {

/// Handles become `!llvm.ptr` (edgesets, vertex sets, strings) and
/// `!graph.vector<T>` becomes `memref<?xT>`.
class GraphTypeConverter : public TypeConverter {
public:
  explicit GraphTypeConverter(MLIRContext *context);
};

void populateGraphToSCFConversionPatterns(GraphTypeConverter &converter,
                                          RewritePatternSet &patterns);

#define GEN_PASS_DECL_CONVERTGRAPHTOSCF
#include "graph-mlir/Conversion/Passes.h.inc"

} // namespace mlir::graph

#endif // GRAPH_MLIR_CONVERSION_GRAPHTOSCF_GRAPHTOSCF_H
