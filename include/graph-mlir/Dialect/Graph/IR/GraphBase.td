//===- GraphBase.td - graph dialect definition ------------*- tablegen -*-===//
//
// The `graph` dialect: graph algorithms over edgesets, vertex sets and
// per-vertex vectors, with schedules that say how traversals run.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_BASE_TD
#define GRAPH_BASE_TD

include "mlir/IR/OpBase.td"

def Graph_Dialect : Dialect {
  let name = "graph";
  let cppNamespace = "::mlir::graph";
  let summary = "Graph analytics: edgeset traversals with schedules";
  let description = [{
    The `graph` dialect expresses graph algorithms in the style of the GraphIt
    language: an immutable `!graph.edgeset`, vertex subsets
    (`!graph.vertexset`, the frontiers of traversals) and per-vertex data
    (`!graph.vector<T>`). The central operation, `graph.edgeset.apply`, runs
    a body on edges and carries a `#graph.schedule` attribute that decides how
    the traversal is lowered (direction, parallelization, frontier layout,
    cache segmentation, NUMA placement). A schedule never changes what a
    program computes, only how.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Discardable string attribute on the op making a global vector
    /// (`graph.vector.new`, `graph.out_degrees`): the vector's source name,
    /// which `graph-fuse-fields` matches against `fuseFields` groups.
    static constexpr ::llvm::StringLiteral kFieldAttrName = "graph.field";
    /// Module attribute listing the `fuseFields` groups (arrays of names).
    static constexpr ::llvm::StringLiteral kFusedFieldsAttrName =
        "graph.fused_fields";
    /// On a function: the name of its C binding (a GraphIt export
    /// function; see graph-mlir/Target/CBindings.h), and the names of the
    /// binding's parameters (a string array, one per argument).
    static constexpr ::llvm::StringLiteral kExportAttrName = "graph.export";
    static constexpr ::llvm::StringLiteral kExportParamsAttrName =
        "graph.export_params";
    /// On the declaration of a C++ function a program calls through a
    /// wrapper with C linkage (GraphIt extern functions taking strings): its
    /// C++ name and result type, and its C++ parameter types.
    static constexpr ::llvm::StringLiteral kExternAttrName = "graph.extern";
    static constexpr ::llvm::StringLiteral kExternParamsAttrName =
        "graph.extern_params";
    /// The symbols of graph.global slots holding a GraphIt program's global
    /// variables are this prefix and the variable's name.
    static constexpr ::llvm::StringLiteral kStatePrefix = "graphit_state_";
  }];
}

// Graph operations run inside a function (a program's @main, or a function
// of an embedding compiler): their lowering emits runtime calls and loops.
def Graph_InFunction : NativeOpTrait<"InFunction"> {
  let cppNamespace = "::mlir::graph";
}

class Graph_Op<string mnemonic, list<Trait> traits = []>
    : Op<Graph_Dialect, mnemonic, !listconcat(traits, [Graph_InFunction])>;

#endif // GRAPH_BASE_TD
