//===- GraphTypes.td - graph dialect types ----------------*- tablegen -*-===//

#ifndef GRAPH_TYPES_TD
#define GRAPH_TYPES_TD

include "graph-mlir/Dialect/Graph/IR/GraphBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class Graph_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Graph_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Graph_EdgeSetType : Graph_Type<"EdgeSet", "edgeset"> {
  let summary = "an immutable graph, optionally with edge weights";
  let description = [{
    A graph loaded from a file: out-edges (CSR) and in-edges (CSC), plus the
    segmented views that cache-tiled traversals build on first use. Without a
    parameter the edges carry no weight; `!graph.edgeset<i32>` has an `i32`
    weight on every edge (weights may be any integer or float type).

    ```mlir
    !graph.edgeset
    !graph.edgeset<i32>
    ```
  }];
  let parameters = (ins OptionalParameter<"::mlir::Type">:$weightType);
  let assemblyFormat = "(`<` $weightType^ `>`)?";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isWeighted() const { return static_cast<bool>(getWeightType()); }
  }];
}

def Graph_VertexSetType : Graph_Type<"VertexSet", "vertexset"> {
  let summary = "a subset of the vertices (a frontier)";
  let description = [{
    A set of vertex ids. Its representation (sparse id list, bool array,
    bitvector) is chosen by lowering from the schedules of the traversals
    that read and build it.
  }];
}

def Graph_VectorType : Graph_Type<"VertexVector", "vector"> {
  let summary = "per-vertex data";
  let description = [{
    One value of the element type per vertex (GraphIt's
    `vector{Vertex}(T)`); lowers to `memref<?xT>`.

    ```mlir
    !graph.vector<f64>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

def Graph_SegmentsType : Graph_Type<"Segments", "segments"> {
  let summary = "the segmented subgraphs of a graph (cache tiling)";
  let description = [{
    A graph's edges cut into segments by the id range of one endpoint, as
    `graph.segments` builds them. `in`: segment `i` holds the in-edges whose
    source lies in the i-th range, grouped by destination (pull
    traversals); `out`: the out-edges whose destination lies in the i-th
    range, grouped by source (push traversals). The weight type is the
    graph's.

    ```mlir
    !graph.segments<in>
    !graph.segments<out, i32>
    ```
  }];
  let parameters = (ins "::mlir::graph::EdgeDirection":$direction,
                        OptionalParameter<"::mlir::Type">:$weightType);
  let assemblyFormat = "`<` $direction (`,` $weightType^)? `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isWeighted() const { return static_cast<bool>(getWeightType()); }
  }];
}

def Graph_StringType : Graph_Type<"String", "string"> {
  let summary = "an immutable character string (program arguments, messages)";
}

def Graph_ElementType : AnyTypeOf<[AnySignlessInteger, AnyFloat],
                                  "integer or float">;

#endif // GRAPH_TYPES_TD
