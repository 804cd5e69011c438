//===- GraphToSCF.h - graph ops to scf/omp/memref + runtime calls -*- C++
//-*-===//

#ifndef GRAPH_MLIR_CONVERSION_GRAPHTOSCF_GRAPHTOSCF_H
#define GRAPH_MLIR_CONVERSION_GRAPHTOSCF_GRAPHTOSCF_H

#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::graph {

/// Handles become `!llvm.ptr` (edgesets, vertex sets, strings) and
/// `!graph.vector<T>` becomes `memref<?xS>` with S = storageType(T).
class GraphTypeConverter : public TypeConverter {
public:
  explicit GraphTypeConverter(MLIRContext *context);

  /// How a vector stores an element of type `element`: `i1` as an `i8`
  /// holding 0 or 1, everything else as itself.
  static Type storageType(Type element);
};

/// With `recoverableErrors` (an export library's code), a failed index
/// check goes on with index 0 after reporting (see the pass's option).
void populateGraphToSCFConversionPatterns(GraphTypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          bool recoverableErrors = false);

#define GEN_PASS_DECL_CONVERTGRAPHTOSCF
#include "graph-mlir/Conversion/Passes.h.inc"

} // namespace mlir::graph

#endif // GRAPH_MLIR_CONVERSION_GRAPHTOSCF_GRAPHTOSCF_H
