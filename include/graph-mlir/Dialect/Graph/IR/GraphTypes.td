//===- GraphTypes.td - graph dialect types ----------------*- tablegen -*-===//

#ifndef GRAPH_TYPES_TD
#define GRAPH_TYPES_TD

include "graph-mlir/Dialect/Graph/IR/GraphAttrs.td"
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
    weight on every edge (weights may be any integer or float type). The
    runtime stores `f32` and `f64` weights as such and other weight types as
    `i32` (the weight storage type).

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
    /// The element type of the weight arrays (null when unweighted).
    Type getWeightStorageType() const {
      return ::mlir::graph::weightStorageType(getWeightType());
    }
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

def Graph_ListType : Graph_Type<"List", "list"> {
  let summary = "a list of vertex sets or numbers (GraphIt's list{T})";
  let description = [{
    A stack: `graph.list.append` pushes, `graph.list.pop` removes and returns
    the last element. A list of vertex sets (`!graph.list<!graph.vertexset>`,
    GraphIt's `list{vertexset{Vertex}}`) holds references: appending a set
    does not copy it, popping returns the set that was appended, and the
    list's release frees none of its sets; betweenness centrality keeps
    each BFS level's frontier in one for the backward pass. A list of
    numbers (an integer, `index` or `f32`/`f64` element) holds the values,
    packed, so that C++ extern functions see a `std::vector` of them.

    ```mlir
    !graph.list<!graph.vertexset>
    !graph.list<i32>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

def Graph_PriorityQueueType : Graph_Type<"PriorityQueue", "priority_queue"> {
  let summary = "a bucketed priority queue of vertices (GraphIt's priority_queue)";
  let description = [{
    Vertices ordered by the elements of a priority vector (of type
    `priorityType`, `i32` or `i64`), grouped into buckets of width `delta`: vertex `v` lies
    in bucket `priorities[v] / delta`. Dequeuing returns a whole bucket as a
    vertex set; traversals update priorities with `graph.pq.update`, which
    also moves the vertex to its new bucket. Its representation (thread-local
    bins or a window of open buckets) follows the queue's `update` strategy.

    ```mlir
    !graph.priority_queue<i32>
    ```
  }];
  let parameters = (ins "::mlir::IntegerType":$priorityType);
  let assemblyFormat = "`<` $priorityType `>`";
  let genVerifyDecl = 1;
}

def Graph_WorklistType : Graph_Type<"Worklist", "worklist"> {
  let summary = "chunked per-thread worklists of vertices (asynchronous loops)";
  let description = [{
    The vertices an asynchronous loop (graph-lower-async) still has to
    process, in chunks that each thread of the loop's team fills, takes and
    steals; a vertex is in it at most once at a time. An ordered worklist
    (`graph.worklist.new_ordered`, priority_update = obim) keeps its chunks
    in buckets of priorities.

    ```mlir
    !graph.worklist
    ```
  }];
}

def Graph_VectorType : Graph_Type<"VertexVector", "vector"> {
  let summary = "per-vertex data, or a fixed-length vector";
  let description = [{
    One value of the element type per vertex (GraphIt's
    `vector{Vertex}(T)`); lowers to `memref<?xT>`. With a `record` layout
    (given by `graph-fuse-fields`) the elements are one field of an array of
    records shared with the other vectors of a `fuseFields` group, and the
    vector lowers to a strided view of that array: `record<16, 8>` on `i32`
    is `memref<?xi32, strided<[4], offset: 2>>`. The field is naturally
    aligned (its offset and the record size are multiples of its byte size;
    `i1` is stored in a byte). Every op on vectors accepts either layout.

    With a length K (`!graph.vector<Kxi32>`) the vector has K elements whatever the graph
    (GraphIt's `vector[K](T)`, made by `graph.vector.alloc`) and lowers to
    `memref<KxT>`; element access, fill, whole-vector reductions and export
    work on it as on per-vertex vectors, and ops that need one element per
    vertex (`graph.vector.new`, `track`, priority queues) reject it.

    With rows (`!graph.vector<?x4xf64>`) each vertex has a row of K
    elements (GraphIt's `vector{Vertex}(vector[K](T))`, collaborative
    filtering's latent vectors), lowered to `memref<?xKxT>`: it is made by
    `graph.vector.new` (every element set to `init`), its elements are read,
    written and reduced with a second index (`%v[%vertex, %k]`), it is
    copied and exported whole, and ops on one element per vertex (`track`,
    priority queues, fills, whole-vector reductions, out-degrees) reject it.

    ```mlir
    !graph.vector<f64>
    !graph.vector<f64, record<16, 0>>
    !graph.vector<4xi32>
    !graph.vector<?x4xf64>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        OptionalParameter<"::mlir::graph::RecordLayoutAttr">:$layout,
                        OptionalParameter<"int64_t">:$length,
                        OptionalParameter<"int64_t">:$rowLength);
  let hasCustomAssemblyFormat = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), elementType,
                   ::mlir::graph::RecordLayoutAttr(), int64_t(0), int64_t(0));
    }]>
  ];
  let skipDefaultBuilders = 0;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// One element (or row) per vertex of a graph, not a fixed length.
    bool isPerVertex() const { return getLength() == 0; }
    /// A row of getRowLength() elements per vertex.
    bool hasRows() const { return getRowLength() != 0; }
  }];
}

def Graph_PerVertexVectorType : Type<
    And<[Graph_VectorType.predicate,
         CPred<"::llvm::cast<::mlir::graph::VertexVectorType>($_self).isPerVertex()">]>,
    "per-vertex data", "::mlir::graph::VertexVectorType">;

def Graph_VertexValuesType : Type<
    And<[Graph_PerVertexVectorType.predicate,
         CPred<"!::llvm::cast<::mlir::graph::VertexVectorType>($_self).hasRows()">]>,
    "per-vertex data of one element per vertex", "::mlir::graph::VertexVectorType">;

def Graph_ElementsType : Type<
    And<[Graph_VectorType.predicate,
         CPred<"!::llvm::cast<::mlir::graph::VertexVectorType>($_self).hasRows()">]>,
    "a vector without rows", "::mlir::graph::VertexVectorType">;

def Graph_RecordsType : Graph_Type<"Records", "records"> {
  let summary = "an array of records, one per vertex, holding fused vectors";
  let description = [{
    The storage `graph.records.new` allocates for a `fuseFields` group:
    `size` bytes per vertex. The group's vectors are views of it, made by
    `graph.vector.new` and `graph.out_degrees` with `in(...)`.

    ```mlir
    !graph.records<16>
    ```
  }];
  let parameters = (ins "int64_t":$size);
  let assemblyFormat = "`<` $size `>`";
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
    /// The element type of the weight arrays (null when unweighted).
    Type getWeightStorageType() const {
      return ::mlir::graph::weightStorageType(getWeightType());
    }
  }];
}

def Graph_StringType : Graph_Type<"String", "string"> {
  let summary = "an immutable character string (program arguments, messages)";
}

def Graph_ElementType : AnyTypeOf<[AnySignlessInteger, AnyFloat],
                                  "integer or float">;

#endif // GRAPH_TYPES_TD
