//===- GraphOps.td - graph dialect operations -------------*- tablegen -*-===//

#ifndef GRAPH_OPS_TD
#define GRAPH_OPS_TD

include "graph-mlir/Dialect/Graph/IR/GraphAttrs.td"
include "graph-mlir/Dialect/Graph/IR/GraphTypes.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Program environment
//===----------------------------------------------------------------------===//

def Graph_ArgvOp : Graph_Op<"argv", [NoMemoryEffect]> {
  let summary = "a command-line argument of the program";
  let description = [{
    `argv[index]` of the compiled program; `argv[1]` is the graph file by
    convention. Running the program with too few arguments is a run-time
    error naming the missing argument.

    ```mlir
    %path = graph.argv 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$index);
  let results = (outs Graph_StringType:$result);
  let assemblyFormat = "$index attr-dict";
}

def Graph_ArgvAtOp : Graph_Op<"argv_at", [NoMemoryEffect]> {
  let summary = "the command-line argument at a run-time index";
  let description = [{
    `argv[index]` with an index computed by the program (GraphIt's
    `argv[2 + i]`); an index past the last argument, or negative, is a
    run-time error naming it.

    ```mlir
    %source = graph.argv_at %i
    ```
  }];
  let arguments = (ins Index:$index);
  let results = (outs Graph_StringType:$result);
  let assemblyFormat = "$index attr-dict";
}

def Graph_StringConstantOp : Graph_Op<"string_constant", [Pure]> {
  let summary = "a string literal";
  let description = [{
    A constant string, for instance a graph file's name given in the program
    (GraphIt's `load("graph.el")`). Equal texts share one global.

    ```mlir
    %path = graph.string_constant "graph.el"
    ```
  }];
  let arguments = (ins StrAttr:$value);
  let results = (outs Graph_StringType:$result);
  let assemblyFormat = "$value attr-dict";
}

def Graph_AtoiOp : Graph_Op<"atoi", [NoMemoryEffect]> {
  let summary = "parse a string as an integer or a double";
  let description = [{
    A string that is not an integer (or, for an f64 result, a finite
    number), or whose value does not fit in the result type, is a run-time
    error that quotes the string. An integer result type is read as a
    signed integer, or as an unsigned one with `unsigned` (then a minus
    sign is an error and the range is [0, 2^bits - 1]).

    ```mlir
    %n = graph.atoi %s : i64
    %u = graph.atoi %s unsigned : i32
    %f = graph.atoi %s : f64
    ```
  }];
  let arguments = (ins Graph_StringType:$input, UnitAttr:$is_unsigned);
  let results = (outs AnyTypeOf<[AnySignlessInteger, F64]>:$result);
  let hasVerifier = 1;
  let assemblyFormat =
      "$input (`unsigned` $is_unsigned^)? attr-dict `:` qualified(type($result))";
}

def Graph_PrintOp : Graph_Op<"print"> {
  let summary = "print a value or a text on its own line";
  let description = [{
    Prints one value per line as GraphIt's generated C++ does: integers
    plainly, floats like `%g` (6 significant digits), `i1` as 0 or 1, strings
    as they are. Either a value or a literal text is printed.

    An integer is printed as a signed value, or as an unsigned one
    with `unsigned` (GraphIt's `uint` and `uint_64`).

    ```mlir
    graph.print %x : f64
    graph.print unsigned %u : i64
    graph.print "done"
    ```
  }];
  let arguments = (ins Optional<AnyTypeOf<[Graph_ElementType, Graph_StringType]>>:$value,
                       OptionalAttr<StrAttr>:$text, UnitAttr:$is_unsigned);
  let assemblyFormat = [{
    (`unsigned` $is_unsigned^)? ($value^ `:` type($value))? ($text^)? attr-dict
  }];
  let hasVerifier = 1;
}

def Graph_TimerStartOp : Graph_Op<"timer.start"> {
  let summary = "start the wall-clock timer";
  let assemblyFormat = "attr-dict";
}

def Graph_TimerStopOp : Graph_Op<"timer.stop"> {
  let summary = "seconds since the last graph.timer.start";
  let results = (outs F64:$seconds);
  let assemblyFormat = "attr-dict";
}

// Module-level, the one graph op outside a function.
def Graph_GlobalOp : Op<Graph_Dialect, "global", [Symbol, HasParent<"::mlir::ModuleOp">]> {
  let summary = "program state kept between calls of export functions";
  let description = [{
    A module-level slot holding one value of `type` (a graph, a vertex set,
    a vector, a priority queue or a number) from one entry function to the
    next: GraphIt's global variables in a library of export functions, as
    `set_graph(edges)` then `do_pagerank_delta()`. It starts null (zero for
    numbers). What a slot holds is not freed when the function that made it
    returns: a vertex set stored in one is kept from
    `graphrt_vset_free_all`, a vector is not deallocated.

    ```mlir
    graph.global @edges : !graph.edgeset
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$type);
  let assemblyFormat = "$sym_name `:` $type attr-dict";
}

def Graph_GlobalLoadOp : Graph_Op<"global.load", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemRead]>]> {
  let summary = "read a graph.global slot";
  let description = [{
    Reading a graph, set, vector or queue slot that no entry function has
    stored yet stops the program with one line naming it.

    ```mlir
    %g = graph.global.load @edges : !graph.edgeset
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$global);
  let results = (outs AnyType:$value);
  let assemblyFormat = "$global attr-dict `:` type($value)";
}

def Graph_GlobalStoreOp : Graph_Op<"global.store", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemWrite]>]> {
  let summary = "write a graph.global slot";
  let description = [{
    ```mlir
    graph.global.store %g, @edges : !graph.edgeset
    ```
  }];
  let arguments = (ins AnyType:$value, FlatSymbolRefAttr:$global);
  let assemblyFormat = "$value `,` $global attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Edgesets
//===----------------------------------------------------------------------===//

def Graph_LoadOp : Graph_Op<"load"> {
  let summary = "load a graph from a file";
  let description = [{
    Loads `.el`, `.wel`, `.mtx`, `.sg` or `.wsg` (chosen by extension). A
    weighted result type asks for edge weights. `symmetrize` adds the reverse
    of every edge. Bad input is a run-time error naming the file and line.
    With `like(%g)` the file must hold as many vertices as `%g` (a run-time
    error otherwise), so that per-vertex data made for `%g` fits the new
    graph: what a program that loads into an edgeset variable again needs.

    `distributed` (set by `graph-distribute`) loads the graph split over the
    MPI ranks, every rank taking part: each rank owns a contiguous range of
    vertices, balanced by vertices + in-edges, and holds only the edges into
    them, so a traversal on it writes only the rank's own destinations.
    Out-degrees and the edge count stay those of the whole graph.

    The graph is released at the end of its block, or when the program ends
    if its handle leaves the block (yielded by a loop or branch).

    ```mlir
    %g = graph.load %path : !graph.edgeset<i32>
    %u = graph.load %path symmetrize : !graph.edgeset
    %d = graph.load %path distributed : !graph.edgeset
    %h = graph.load %path like(%g : !graph.edgeset<i32>) : !graph.edgeset<i32>
    ```
  }];
  let arguments = (ins Graph_StringType:$path, Optional<Graph_EdgeSetType>:$like,
                       UnitAttr:$symmetrize, UnitAttr:$distributed);
  let results = (outs Graph_EdgeSetType:$graph);
  let assemblyFormat = [{
    $path (`like` `(` $like^ `:` qualified(type($like)) `)`)?
    (`symmetrize` $symmetrize^)? (`distributed` $distributed^)? attr-dict
    `:` qualified(type($graph))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$graph, "::mlir::Value":$path,
                   "bool":$symmetrize), [{
      build($_builder, $_state, graph, path, /*like=*/::mlir::Value(),
            symmetrize);
    }]>
  ];
}

def Graph_EmptyGraphOp : Graph_Op<"empty_graph"> {
  let summary = "a graph of `count` vertices and no edges";
  let description = [{
    What a program that declares its vertices without an edgeset computes
    over (GraphIt's `const vertices : vertexset{Vertex} = new
    vertexset{Vertex}(5);` with no edgeset): it sizes the program's vectors
    and vertex sets. Released like a loaded graph.

    ```mlir
    %g = graph.empty_graph %n : !graph.edgeset
    ```
  }];
  let arguments = (ins Index:$count);
  let results = (outs Graph_EdgeSetType:$graph);
  let assemblyFormat = "$count attr-dict `:` qualified(type($graph))";
}

def Graph_RelabelOp : Graph_Op<"relabel", [
    AllTypesMatch<["graph", "result"]>]> {
  let summary = "a copy of the graph renumbered by decreasing degree";
  let description = [{
    GraphIt's `edges.relabel()`: vertex `v` of the result is the vertex of
    the `v`-th largest out-degree (ties in id order), with sorted neighbour
    lists, the same weights and the same vertex count. Triangle counting
    over neighbours `w < v` (`graph.common_neighbors`) does the least work
    on it. Released like a loaded graph.

    ```mlir
    %r = graph.relabel %g : !graph.edgeset
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph);
  let results = (outs Graph_EdgeSetType:$result);
  let assemblyFormat = "$graph attr-dict `:` qualified(type($graph))";
}

def Graph_TransposeOp : Graph_Op<"transpose", [
    AllTypesMatch<["graph", "result"]>]> {
  let summary = "the graph with every edge reversed";
  let description = [{
    GraphIt's `edges.transpose()`: the result's out-edges are the graph's
    in-edges and the reverse. It shares the graph's adjacency arrays (no
    copy) and must not outlive it; it is released before the graph.

    ```mlir
    %t = graph.transpose %g : !graph.edgeset
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph);
  let results = (outs Graph_EdgeSetType:$result);
  let assemblyFormat = "$graph attr-dict `:` qualified(type($graph))";
}

def Graph_NumVerticesOp : Graph_Op<"num_vertices", [Pure]> {
  let summary = "number of vertices";
  let arguments = (ins Graph_EdgeSetType:$graph);
  let results = (outs Index:$result);
  let assemblyFormat = "$graph attr-dict `:` qualified(type($graph))";
}

def Graph_NumEdgesOp : Graph_Op<"num_edges", [Pure]> {
  let summary = "number of edges";
  let arguments = (ins Graph_EdgeSetType:$graph);
  let results = (outs Index:$result);
  let assemblyFormat = "$graph attr-dict `:` qualified(type($graph))";
}

def Graph_MaxOutDegreeOp : Graph_Op<"max_out_degree", [Pure]> {
  let summary = "the largest out-degree of a vertex";
  let description = [{
    Computed once per graph, at the first call (O(n)), and kept. A hybrid
    traversal's direction test bounds the frontier's out-degree sum with it
    (size times this), so that a frontier whose size alone settles the
    direction is not summed.

    ```mlir
    %d = graph.max_out_degree %g : !graph.edgeset
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph);
  let results = (outs Index:$result);
  let assemblyFormat = "$graph attr-dict `:` qualified(type($graph))";
}

def Graph_NearEdgeShareOp : Graph_Op<"near_edge_share", [Pure]> {
  let summary = "the share of a graph's edges between vertices with nearby ids";
  let description = [{
    The fraction, in [0, 1], of the graph's out-edges whose two endpoints'
    ids differ by at most `window`, estimated from a fixed sample (up to 8
    edges, evenly spaced in the list, of each of up to 4096 evenly spaced
    vertices; libgraphrt's `graphrt_near_edge_share`); 1 for a graph
    without edges. Computed at the first call and kept with the graph.

    A push traversal over every vertex (no input frontier) whose body reads
    its destinations' data prefetches that data some sources ahead only
    where the share, for a window of 65536 ids, is below 3/4
    (graph-lower-direction's traversal emitter asks it before the loop): on
    a grid or a road map in its natural order nearly every edge stays
    within a cache-sized window of ids, the data of a source's neighbours
    is in cache or streams in, and the prefetch costs more than it saves;
    on a Kronecker graph nearly no edge does.

    ```mlir
    %near = graph.near_edge_share %g window 65536 : !graph.edgeset
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph,
                       ConfinedAttr<I64Attr, [IntPositive]>:$window);
  let results = (outs F64:$result);
  let assemblyFormat = "$graph `window` $window attr-dict `:` qualified(type($graph))";
}

def Graph_IsDirectedOp : Graph_Op<"is_directed", [Pure]> {
  let summary = "false when the graph is known to be undirected";
  let description = [{
    False when every edge's reverse is known to be in the graph, so its
    in-edges are its out-edges: an undirected `.sg`/`.wsg` file, a symmetric
    `.mtx`, or a graph loaded with `symmetrize`. True otherwise, including
    for an edge list that happens to be symmetric and for a distributed
    graph, so a program that skips in-edges when it is false stays correct.

    ```mlir
    %directed = graph.is_directed %g : !graph.edgeset
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph);
  let results = (outs I1:$result);
  let assemblyFormat = "$graph attr-dict `:` qualified(type($graph))";
}

def Graph_OutDegreesOp : Graph_Op<"out_degrees"> {
  let summary = "a new vector of out-degrees";
  let description = [{
    With `in(%records)` the vector is a field of those records (its type has
    a `record` layout of their size) instead of an array of its own.

    With `partition` (a distributed graph's vector, set by
    `graph-distribute`) the rank allocates it through libgraphrt, as
    `graph.vector.new` does: `whole`, every vertex's degree (gathered from
    their owners); `owned`, only the degrees of the vertices the rank owns,
    filled from its own global out-offsets with no message; `mirrored`,
    those and one slot per mirror, which a mirror by need
    (`graph.vector.mirror ... needed partition mirrored`, which
    `graph-distribute` puts right after it) fills.

    ```mlir
    %deg = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
    %deg = graph.out_degrees %g partition owned : !graph.edgeset -> !graph.vector<i32>
    %deg = graph.out_degrees %g in(%rec : !graph.records<16>)
        : !graph.edgeset -> !graph.vector<i32, record<16, 8>>
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph,
                       Optional<Graph_RecordsType>:$records,
                       OptionalAttr<Graph_VertexDataPartition>:$partition);
  let results = (outs Graph_VertexValuesType:$result);
  let assemblyFormat = [{
    $graph (`in` `(` $records^ `:` qualified(type($records)) `)`)?
    (`partition` $partition^)? attr-dict
    `:` qualified(type($graph)) `->` qualified(type($result))
  }];
  let builders = [
    // An array of its own.
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$graph), [{
      build($_builder, $_state, result, graph, /*records=*/::mlir::Value(),
            /*partition=*/nullptr);
    }]>
  ];
  let hasVerifier = 1;
}

def Graph_CommonNeighborsOp : Graph_Op<"common_neighbors", [NoMemoryEffect]> {
  let summary = "count the out-neighbours two vertices share below the second";
  let description = [{
    The number of vertices `w < v` that are out-neighbours of both `u` and
    `v`, found by merging their sorted neighbour lists (repeated edges count
    once per matching pair of entries). Applied with `v < u` to every edge
    `(u, v)` of a simple symmetric graph, it counts each triangle
    `w < v < u` exactly once; it is GraphIt's `intersectNeighbor`.

    ```mlir
    %k = graph.common_neighbors %g[%u, %v] : !graph.edgeset
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph, Index:$u, Index:$v);
  let results = (outs Index:$count);
  let assemblyFormat = [{
    $graph `[` $u `,` $v `]` attr-dict `:` qualified(type($graph))
  }];
}

//===----------------------------------------------------------------------===//
// Per-vertex vectors
//===----------------------------------------------------------------------===//

def Graph_RecordsNewOp : Graph_Op<"records.new"> {
  let summary = "a new array of records, one per vertex";
  let description = [{
    The storage of a `fuseFields` group, made by `graph-fuse-fields`,
    aligned to a cache line and not initialised: the group's
    `graph.vector.new` and `graph.out_degrees` take it with `in(...)` and
    each initialises its own field.

    ```mlir
    %rec = graph.records.new %g : !graph.edgeset -> !graph.records<16>
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph);
  let results = (outs Graph_RecordsType:$result);
  let assemblyFormat = [{
    $graph attr-dict `:` qualified(type($graph)) `->` qualified(type($result))
  }];
}

def Graph_VectorNewOp : Graph_Op<"vector.new", [AttrSizedOperandSegments]> {
  let summary = "a new per-vertex vector";
  let description = [{
    One element per vertex of `graph`, each set to `init` (zero without it).
    With `in(%records)` the vector is a field of those records (its type has
    a `record` layout of their size) instead of an array of its own.

    With `partition` (a distributed graph's vector, set by
    `graph-distribute`) the rank allocates it through libgraphrt: `whole`,
    every vertex's element; `owned`, only the elements of the vertices the
    rank owns (`graph.owned_range`), which are the only ones the program
    may then access; `mirrored`, those and one slot per mirror (the other
    ranks' vertices its edges read), which the program reads at the index
    `graph.mirror_slot` gives. Either way the vector is indexed by vertex
    id and its length is the vertex count.

    ```mlir
    %parent = graph.vector.new %g init(%cm1 : i32) : !graph.edgeset -> !graph.vector<i32>
    %rank = graph.vector.new %g init(%r0 : f64) in(%rec : !graph.records<16>)
        : !graph.edgeset -> !graph.vector<f64, record<16, 0>>
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph,
                       Optional<Graph_ElementType>:$init,
                       Optional<Graph_RecordsType>:$records,
                       OptionalAttr<Graph_VertexDataPartition>:$partition);
  let results = (outs Res<Graph_PerVertexVectorType, "", [MemAlloc, MemWrite]>:$result);
  let assemblyFormat = [{
    $graph (`init` `(` $init^ `:` type($init) `)`)?
    (`in` `(` $records^ `:` qualified(type($records)) `)`)?
    (`partition` $partition^)? attr-dict
    `:` qualified(type($graph)) `->` qualified(type($result))
  }];
  let builders = [
    // An array of its own.
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$graph,
                   "::mlir::Value":$init), [{
      build($_builder, $_state, result, graph, init, /*records=*/::mlir::Value(),
            /*partition=*/nullptr);
    }]>
  ];
  let hasVerifier = 1;
}

def Graph_VectorAllocOp : Graph_Op<"vector.alloc"> {
  let summary = "a new fixed-length vector";
  let description = [{
    A vector of the result type's `length` elements (GraphIt's
    `vector[K](T)`), each set to `init` (zero without it). It lives to the
    end of the enclosing block.

    ```mlir
    %flags = graph.vector.alloc init(%c1 : i32) : !graph.vector<4xi32>
    ```
  }];
  let arguments = (ins Optional<Graph_ElementType>:$init);
  let results = (outs Res<Graph_VectorType, "", [MemAlloc, MemWrite]>:$result);
  let assemblyFormat = [{
    (`init` `(` $init^ `:` type($init) `)`)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Graph_VectorCopyOp : Graph_Op<"vector.copy"> {
  let summary = "copy every element of one vector into another";
  let description = [{
    `dst[i] = src[i]` for every element. Both are per-vertex vectors (of
    the same graph's vertex count; either may be a field of records) or
    fixed-length vectors of one length, with one element type: how an
    exported function hands a vector result to its caller's array.

    ```mlir
    graph.vector.copy %dist, %out : !graph.vector<i32>, !graph.vector<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_VectorType, "", [MemRead]>:$source,
                       Arg<Graph_VectorType, "", [MemWrite]>:$dest);
  let assemblyFormat = [{
    $source `,` $dest attr-dict `:` qualified(type($source)) `,` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def Graph_VectorExportOp : Graph_Op<"vector.export", [
    MemoryEffects<[MemWrite]>]> {
  let summary = "publish a vector's data to code linked with the program";
  let description = [{
    Defines the external global `T *symbol` and stores the vector's data
    pointer in it, so that functions linked from C or C++ (GraphIt's extern
    functions) read and write the vector as `symbol[v]`. The pointer is
    valid while the vector is. A vector of records (`graph-fuse-fields`)
    has no plain array to publish.

    ```mlir
    graph.vector.export %rank as "rank" : !graph.vector<f64>
    ```
  }];
  let arguments = (ins Arg<Graph_VectorType, "", [MemRead]>:$vector,
                       StrAttr:$symbol);
  let assemblyFormat = "$vector `as` $symbol attr-dict `:` qualified(type($vector))";
  let hasVerifier = 1;
}

def Graph_VectorGetOp : Graph_Op<"vector.get", [
    TypesMatchWith<"result is the vector's element type", "vector", "result",
                   "::llvm::cast<::mlir::graph::VertexVectorType>($_self).getElementType()">]> {
  let summary = "read one vertex's element";
  let description = [{
    On a vector with rows, `column` picks the element of the vertex's row.

    ```mlir
    %p = graph.vector.get %parent[%v] : !graph.vector<i32>
    %x = graph.vector.get %latent[%v, %k] : !graph.vector<?x20xf64>
    ```
  }];
  let arguments = (ins Arg<Graph_VectorType, "", [MemRead]>:$vector,
                       Index:$index, Optional<Index>:$column);
  let results = (outs Graph_ElementType:$result);
  let assemblyFormat = [{
    $vector `[` $index (`,` $column^)? `]` attr-dict `:` qualified(type($vector))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$vector,
                   "::mlir::Value":$index), [{
      build($_builder, $_state, result, vector, index, ::mlir::Value());
    }]>
  ];
  let hasVerifier = 1;
}

def Graph_VectorSetOp : Graph_Op<"vector.set", [
    TypesMatchWith<"value is the vector's element type", "vector", "value",
                   "::llvm::cast<::mlir::graph::VertexVectorType>($_self).getElementType()">]> {
  let summary = "write one vertex's element";
  let description = [{
    A plain assignment. Inside a `graph.edgeset.apply` on the destination of
    a tracked vector, it marks the destination as modified.

    ```mlir
    graph.vector.set %parent[%dst], %s : !graph.vector<i32>
    graph.vector.set %latent[%v, %k], %x : !graph.vector<?x20xf64>
    ```
  }];
  let arguments = (ins Arg<Graph_VectorType, "", [MemWrite]>:$vector,
                       Index:$index, Optional<Index>:$column,
                       Graph_ElementType:$value);
  let assemblyFormat = [{
    $vector `[` $index (`,` $column^)? `]` `,` $value attr-dict `:` qualified(type($vector))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$vector, "::mlir::Value":$index,
                   "::mlir::Value":$value), [{
      build($_builder, $_state, vector, index, ::mlir::Value(), value);
    }]>
  ];
  let hasVerifier = 1;
}

def Graph_VectorFillOp : Graph_Op<"vector.fill", [
    TypesMatchWith<"value is the vector's element type", "vector", "value",
                   "::llvm::cast<::mlir::graph::VertexVectorType>($_self).getElementType()">]> {
  let summary = "set every element";
  let arguments = (ins Arg<Graph_ElementsType, "", [MemWrite]>:$vector,
                       Graph_ElementType:$value);
  let assemblyFormat = "$vector `,` $value attr-dict `:` qualified(type($vector))";
}

def Graph_VectorMirrorOp : Graph_Op<"vector.mirror"> {
  let summary = "make every rank's owned elements visible to all ranks";
  let description = [{
    After a traversal of a `distributed` graph each rank has written only
    the vertices it owns; this copies the owned elements of `vector` from
    every rank to the others (one all-gather), so that every rank holds the
    whole vector again. `graph-distribute` adds it after the traversals
    and vertex loops that write a vector other ranks read, and before reads
    of a vector that is not whole.

    With `changed(%set)` only the elements of `%set`'s vertices can differ
    between ranks (this rank's part of a traversal's output set, before
    its own mirror): when the ranks' sets are small, only those elements
    travel, with their ids (what a sparse BFS level needs); otherwise the
    whole owned part does.

    With `needed`, each rank's owned elements go only to the ranks whose
    edges read them (the vertices they mirror), with one all-to-all; other
    ranks' elements of vertices this rank does not mirror stay as they were.
    With `partition mirrored` the vector is laid out as a `partition
    mirrored` vector (`graph.vector.new`) is, and receives them in its
    mirrors' slots: the op says so itself, since the vector may be a loop's
    iteration argument (a double buffer) rather than the `graph.vector.new`.
    Such a vector, and a `partition owned` one, cannot be mirrored to every
    rank, and an owned one has no mirrors; the partition must be the one
    the `graph.vector.new` that makes the vector has, where it makes it.
    With `changed` as well, only the changed elements of mirrored vertices
    travel, when that is fewer bytes over all ranks.

    ```mlir
    graph.vector.mirror %g, %rank : !graph.edgeset, !graph.vector<f64>
    graph.vector.mirror %g, %parent changed(%next) : !graph.edgeset, !graph.vector<i32>
    graph.vector.mirror %g, %contrib needed : !graph.edgeset, !graph.vector<f64>
    graph.vector.mirror %g, %next needed partition mirrored : !graph.edgeset, !graph.vector<f64>
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph,
                       Arg<Graph_PerVertexVectorType, "", [MemRead, MemWrite]>:$vector,
                       Arg<Optional<Graph_VertexSetType>, "", [MemRead]>:$changed,
                       UnitAttr:$needed,
                       OptionalAttr<Graph_VertexDataPartition>:$partition);
  let assemblyFormat = [{
    $graph `,` $vector (`needed` $needed^)? (`changed` `(` $changed^ `)`)?
    (`partition` $partition^)? attr-dict `:`
    qualified(type($graph)) `,` qualified(type($vector))
  }];
  let hasVerifier = 1;
}

def Graph_ReduceOp : Graph_Op<"reduce", [
    TypesMatchWith<"value is the vector's element type", "vector", "value",
                   "::llvm::cast<::mlir::graph::VertexVectorType>($_self).getElementType()">]> {
  let summary = "combine a value into a vector element; true if it changed";
  let description = [{
    `vector[index] = vector[index] <kind> value`, returning whether the
    element changed. This is the one way a traversal body updates shared
    vertex data with a reduction: its kind lets lowering choose atomics
    (push), plain stores (pull) or per-socket buffers (NUMA). `or` and `and`
    need an integer element; `minu` and `maxu` (unsigned integers) an
    integer element wider than `i1`; `add`, `sub`, `min`, `max` a numeric
    element wider than `i1`.

    On a vector with rows, `column` picks the element of the vertex's row.

    ```mlir
    %changed = graph.reduce min %dist[%dst], %d : !graph.vector<i32>
    %c = graph.reduce add atomic %latent[%dst, %k], %x : !graph.vector<?x20xf64>
    ```
  }];
  let arguments = (ins Graph_ReduceKind:$kind,
                       Arg<Graph_VectorType, "", [MemRead, MemWrite]>:$vector,
                       Index:$index, Optional<Index>:$column,
                       Graph_ElementType:$value, UnitAttr:$atomic);
  let results = (outs I1:$changed);
  let assemblyFormat = [{
    $kind (`atomic` $atomic^)? $vector `[` $index (`,` $column^)? `]` `,` $value
    attr-dict `:` qualified(type($vector))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$changed, "::mlir::graph::ReduceKind":$kind,
                   "::mlir::Value":$vector, "::mlir::Value":$index,
                   "::mlir::Value":$value, CArg<"bool", "false">:$atomic), [{
      build($_builder, $_state, changed, kind, vector, index, ::mlir::Value(),
            value, atomic);
    }]>
  ];
  let hasVerifier = 1;
}

def Graph_VectorReduceOp : Graph_Op<"vector.reduce", [AttrSizedOperandSegments,
    TypesMatchWith<"result is the vector's element type", "vector", "result",
                   "::llvm::cast<::mlir::graph::VertexVectorType>($_self).getElementType()">]> {
  let summary = "combine every element of a vector into one value";
  let description = [{
    The `kind` reduction of all of the vector's elements (GraphIt's
    `vector.sum()`, `max()` and `min()`), in parallel: `convert-graph-to-scf`
    emits an `scf.parallel` with an `scf.reduce`, which becomes an
    `omp.wsloop` reduction. Floating-point sums may round differently from a
    sequential sum. An empty vector gives the kind's identity. Kinds and
    element types as for `graph.reduce`, except `sub`. With `[%begin to
    %end]` only the elements of vertices `begin` to `end - 1` are combined
    (`graph-distribute`'s reduction over a rank's owned vertices).

    ```mlir
    %total = graph.vector.reduce add %rank : !graph.vector<f64>
    %mine = graph.vector.reduce add %rank[%begin to %end] : !graph.vector<f64>
    ```
  }];
  let arguments = (ins Graph_ReduceKind:$kind,
                       Arg<Graph_ElementsType, "", [MemRead]>:$vector,
                       Optional<Index>:$begin, Optional<Index>:$end);
  let results = (outs Graph_ElementType:$result);
  let assemblyFormat = [{
    $kind $vector (`[` $begin^ `to` $end `]`)? attr-dict `:`
    qualified(type($vector))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::graph::ReduceKind":$kind,
                   "::mlir::Value":$vector), [{
      build($_builder, $_state, result, kind, vector, ::mlir::Value(),
            ::mlir::Value());
    }]>
  ];
  let hasVerifier = 1;
}

def Graph_VectorCasOp : Graph_Op<"vector.cas", [
    TypesMatchWith<"expected is the vector's element type", "vector", "expected",
                   "::llvm::cast<::mlir::graph::VertexVectorType>($_self).getElementType()">,
    TypesMatchWith<"desired is the vector's element type", "vector", "desired",
                   "::llvm::cast<::mlir::graph::VertexVectorType>($_self).getElementType()">]> {
  let summary = "atomic compare-and-swap of one element; true if it swapped";
  let description = [{
    Produced by `graph-lower-direction` for a tracked assignment in a
    parallel push traversal (BFS's `parent[dst] = src` under a filter that
    reads `parent[dst]`): the element becomes `desired` only if it still
    holds `expected`, the value the filter saw.

    ```mlir
    %won = graph.vector.cas %parent[%dst], %cm1, %s : !graph.vector<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_ElementsType, "", [MemRead, MemWrite]>:$vector,
                       Index:$index, Graph_ElementType:$expected,
                       Graph_ElementType:$desired);
  let results = (outs I1:$swapped);
  let assemblyFormat = [{
    $vector `[` $index `]` `,` $expected `,` $desired attr-dict `:` qualified(type($vector))
  }];
}

def Graph_VectorPrefetchOp : Graph_Op<"vector.prefetch"> {
  let summary = "ask the cache for one vertex's element ahead of its use";
  let description = [{
    A hint with no effect on values: the cache line holding the element of
    `index` (the start of its row, on a vector with rows) is fetched now, for
    a write when `write` is given. Push traversals issue it for the
    destinations of a source a few iterations ahead, whose reads at random
    would otherwise each wait for memory.

    ```mlir
    graph.vector.prefetch %parent[%v] write : !graph.vector<i32>
    ```
  }];
  // A write, as memref.prefetch declares, so that the hint is not erased as
  // a dead read.
  let arguments = (ins Arg<Graph_PerVertexVectorType, "", [MemWrite]>:$vector,
                       Index:$index, UnitAttr:$write);
  let assemblyFormat = [{
    $vector `[` $index `]` (`write` $write^)? attr-dict `:` qualified(type($vector))
  }];
}

def Graph_VectorLinkOp : Graph_Op<"vector.link"> {
  let summary = "union-find link of the trees of two vertices";
  let description = [{
    The vector is a union-find forest over vertices: each element names its
    vertex's parent, a root names itself. `link` joins the trees of `first`
    and `second` by pointing the larger of the two roots it finds at the
    smaller with a compare-and-swap, retrying from the new parents when
    another thread moved a root first; so concurrent links are safe and the
    smallest id of a tree stays its root. Afforest's connected components
    link every edge this way.

    ```mlir
    graph.vector.link %comp[%src, %dst] : !graph.vector<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_VertexValuesType, "", [MemRead, MemWrite]>:$vector,
                       Index:$first, Index:$second);
  let assemblyFormat = [{
    $vector `[` $first `,` $second `]` attr-dict `:` qualified(type($vector))
  }];
  let hasVerifier = 1;
}

def Graph_VectorFindOp : Graph_Op<"vector.find", [
    TypesMatchWith<"root is the vector's element type", "vector", "root",
                   "::llvm::cast<::mlir::graph::VertexVectorType>($_self).getElementType()">]> {
  let summary = "root of a vertex's union-find tree, compressing its path";
  let description = [{
    Follows parents in the union-find forest `vector` (see
    `graph.vector.link`) from `index`, pointing the element of `index` two
    steps up until it names a root, and returns that root. Run over every
    vertex after the links, it leaves each element naming its tree's root,
    i.e. its component's smallest id.

    ```mlir
    %root = graph.vector.find %comp[%v] : !graph.vector<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_VertexValuesType, "", [MemRead, MemWrite]>:$vector,
                       Index:$index);
  let results = (outs AnyType:$root);
  let assemblyFormat = [{
    $vector `[` $index `]` attr-dict `:` qualified(type($vector))
  }];
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$vector, "::mlir::Value":$index), [{
      build($_builder, $_state,
            ::llvm::cast<::mlir::graph::VertexVectorType>(vector.getType())
                .getElementType(), vector, index);
    }]>
  ];
}

def Graph_VectorAddFlooredOp : Graph_Op<"vector.add_floored", [
    TypesMatchWith<"amount is the vector's element type", "vector", "amount",
                   "::llvm::cast<::mlir::graph::VertexVectorType>($_self).getElementType()">,
    TypesMatchWith<"floor is the vector's element type", "vector", "floor",
                   "::llvm::cast<::mlir::graph::VertexVectorType>($_self).getElementType()">,
    TypesMatchWith<"updated is the vector's element type", "vector", "updated",
                   "::llvm::cast<::mlir::graph::VertexVectorType>($_self).getElementType()">]> {
  let summary = "add to an element above a floor, not going below it";
  let description = [{
    If `vector[index] > floor`, it becomes `max(vector[index] + amount,
    floor)`, unless the sum wraps around (signed overflow): then the element
    is left as it is and `overflow` is true. Returns whether it changed, its
    new value and whether the sum overflowed; `atomic` makes the
    read-modify-write one atomic step. Produced by `graph-lower-priority`
    from `graph.pq.update_sum`, which reports an overflow as a distance
    overflow.

    ```mlir
    %changed, %now, %overflow = graph.vector.add_floored atomic %degree[%v], %cm1 floor %k
        : !graph.vector<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_ElementsType, "", [MemRead, MemWrite]>:$vector,
                       Index:$index, AnySignlessInteger:$amount,
                       AnySignlessInteger:$floor, UnitAttr:$atomic);
  let results = (outs I1:$changed, AnySignlessInteger:$updated, I1:$overflow);
  let assemblyFormat = [{
    (`atomic` $atomic^)? $vector `[` $index `]` `,` $amount `floor` $floor
    attr-dict `:` qualified(type($vector))
  }];
  let hasVerifier = 1;
}

def Graph_CheckIndexOp : Graph_Op<"check_index"> {
  let summary = "the index, if it lies in a vector or a graph; else stop";
  let description = [{
    Returns `index` when it lies in `[0, size)`: `size` is the number of
    elements of the vector `range` (its vertex count, or its length when
    fixed), the length of its rows with `column`, or the vertex count of
    the graph `range`. Otherwise the program stops with one line naming the
    op's location, the index (signed: -1 is out of range), `what` it
    indexes, the range and, when given, where the index came from:

        graphrt: p.gt:12:5: index 12 of 'vals' is out of range [0, 12) (index from argv[2])

    The frontend puts one in front of every element access whose index it
    cannot prove in range. It folds away when the index is known to be in
    range, looking through index casts: a vertex argument of a traversal,
    vertex-set apply or filter body, or the induction variable of a loop
    from a constant >= 0 to the graph's vertex count (for per-vertex data
    and graphs); a constant, or a loop variable from a constant >= 0 to a
    constant at most the length (for fixed lengths and rows). Not
    speculatable, so it is never hoisted out of the branch it guards.

    In a GPU kernel, which cannot stop the program, `defer to %slot`
    (`memref<2xi64>`, zeroed) records the first failing index instead:
    `slot[0]` becomes 1 and `slot[1]` the index, and the op returns 0.
    graph-lower-gpu checks the slot on the host after the kernel, with the
    same op without `defer`.

    ```mlir
    %i = graph.check_index %v in %vals "'vals'" from "argv[2]" : !graph.vector<i32>
    %k = graph.check_index %c in %latent column "the rows of 'latent'" : !graph.vector<?x3xf64>
    %u = graph.check_index %v in %g "the vertices of 'edges'" : !graph.edgeset
    %d = graph.check_index %w in %ids "'IDs'" defer to %slot : !graph.vector<i32>
    ```
  }];
  let arguments = (ins Index:$index,
                       AnyTypeOf<[Graph_VectorType, Graph_EdgeSetType]>:$range,
                       UnitAttr:$column, StrAttr:$what,
                       OptionalAttr<StrAttr>:$source,
                       Arg<Optional<MemRefOf<[I64]>>, "the failure record",
                           [MemWrite]>:$deferTo);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    $index `in` $range (`column` $column^)? $what (`from` $source^)?
    (`defer` `to` $deferTo^ `:` type($deferTo))? attr-dict
    `:` qualified(type($range))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$index, "::mlir::Value":$range,
                   "bool":$column, "::llvm::StringRef":$what), [{
      build($_builder, $_state, $_builder.getIndexType(), index, range, column,
            what, ::mlir::StringAttr(), ::mlir::Value());
    }]>
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// Whether `index` is known to lie in the op's range.
    bool isKnownInRange() {
      return isKnownInRange(getIndex(), getRange().getType(), getColumn());
    }
    /// Whether `index` is known to lie in a range of type `range` (a vector,
    /// its rows with `column`, or a graph), so needs no check.
    static bool isKnownInRange(::mlir::Value index, ::mlir::Type range,
                               bool column);
  }];
}

//===----------------------------------------------------------------------===//
// Vertex sets
//===----------------------------------------------------------------------===//

def Graph_VertexSetNewOp : Graph_Op<"vertexset.new"> {
  let summary = "a new empty vertex set, or the set of all vertices";
  let description = [{
    A new set is empty, holds all vertices (`all`), or is sized as
    GraphIt's `new vertexset{Vertex}(size)` with a size known only at run
    time: all vertices when `size` is not 0, none when it is. A `size` that
    is a constant, or the graph's own vertex count (with no vertices, all is
    none), folds to one of the static forms.

    ```mlir
    %frontier = graph.vertexset.new %g : !graph.edgeset
    %vertices = graph.vertexset.new %g all : !graph.edgeset
    %either = graph.vertexset.new %g size(%n : i32) : !graph.edgeset
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph, UnitAttr:$all,
                       Optional<AnySignlessInteger>:$size);
  let results = (outs Res<Graph_VertexSetType, "", [MemAlloc, MemWrite]>:$result);
  let assemblyFormat = [{
    $graph (`all` $all^)? (`size` `(` $size^ `:` type($size) `)`)? attr-dict
    `:` qualified(type($graph))
  }];
  let builders = [
    OpBuilder<(ins "Type":$type, "Value":$graph, "bool":$all), [{
      build($_builder, $_state, type, graph, all, Value());
    }]>
  ];
  let extraClassDeclaration = [{
    /// Whether the set may have been freed when `use` runs: it is in a
    /// list (a popped entry may have been deleted), or a delete of it
    /// (under any name) does not follow `use` in the set's own block. Such
    /// a use must go through the set's handle, which reports the deletion,
    /// not through the graph's vertex count.
    bool mayBeFreedAt(Operation *use);
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Graph_VertexSetInsertOp : Graph_Op<"vertexset.insert"> {
  let summary = "add a vertex to a set";
  let arguments = (ins Arg<Graph_VertexSetType, "", [MemRead, MemWrite]>:$set,
                       Index:$vertex);
  let assemblyFormat = "$set `,` $vertex attr-dict";
}

def Graph_VertexSetSizeOp : Graph_Op<"vertexset.size"> {
  let summary = "number of vertices in a set";
  let description = [{
    Canonicalization replaces the size of a set of all vertices that nothing
    writes with `graph.num_vertices`.
  }];
  let arguments = (ins Arg<Graph_VertexSetType, "", [MemRead]>:$set);
  let results = (outs Index:$result);
  let assemblyFormat = "$set attr-dict";
  let hasCanonicalizer = 1;
}

def Graph_VertexSetMirrorOp : Graph_Op<"vertexset.mirror"> {
  let summary = "make a set of owned vertices the union over all ranks";
  let description = [{
    The output frontier of a traversal of a `distributed` graph holds, on
    each rank, only vertices the rank owns; afterwards every rank's `set`
    is the union of all ranks' sets (one all-gather of ids), as a
    single-process traversal would have made it.

    With `partition` (set by `graph-distribute` where every use of the set
    can do with a rank's part of it) the set stays a part instead: with
    `mirrored` (a later traversal's frontier) each rank's owned members also
    go only to the ranks that mirror them, so that a rank holds its owned
    members and the members its edges read; with `owned` nothing travels.
    One all-reduce gives every rank the whole set's size and out-degree sum,
    which `graph.vertexset.size` and `graph.vertexset.out_degree_sum` then
    answer with. `whole` is the same as no `partition`.

    ```mlir
    graph.vertexset.mirror %g, %next : !graph.edgeset
    graph.vertexset.mirror %g, %next : !graph.edgeset partition mirrored
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph,
                       Arg<Graph_VertexSetType, "", [MemRead, MemWrite]>:$set,
                       OptionalAttr<Graph_VertexDataPartition>:$partition);
  let assemblyFormat = [{
    $graph `,` $set attr-dict `:` qualified(type($graph))
    (`partition` $partition^)?
  }];
}

def Graph_OwnedRangeOp : Graph_Op<"owned_range", [Pure]> {
  let summary = "the vertices this rank owns of a distributed graph";
  let description = [{
    `[begin, end)`: the contiguous range of vertices whose in-edges this
    rank holds. `graph-distribute` runs vertex loops over this range only.

    ```mlir
    %begin, %end = graph.owned_range %g : !graph.edgeset
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph);
  let results = (outs Index:$begin, Index:$end);
  let assemblyFormat = "$graph attr-dict `:` qualified(type($graph))";
}

def Graph_VertexSetFreeOp : Graph_Op<"vertexset.free"> {
  let summary = "release a vertex set (GraphIt's delete)";
  let description = [{
    Freeing a `graph.vertexset.deleted` handle is a run-time error.
  }];
  let arguments = (ins Arg<Graph_VertexSetType, "", [MemFree]>:$set);
  let assemblyFormat = "$set attr-dict";
}

def Graph_ListNewOp : Graph_Op<"list.new"> {
  let summary = "an empty list";
  let description = [{
    Released at the end of the block that creates it (a list of vertex sets
    frees none of its sets).

    ```mlir
    %levels = graph.list.new : !graph.list<!graph.vertexset>
    %ints = graph.list.new : !graph.list<i32>
    ```
  }];
  let results = (outs Graph_ListType:$list);
  let assemblyFormat = "attr-dict `:` qualified(type($list))";
}

def Graph_ListAppendOp : Graph_Op<"list.append", [
    TypesMatchWith<"the value is of the list's element type", "list", "value",
                   "::llvm::cast<ListType>($_self).getElementType()">]> {
  let summary = "append a value (a vertex set by reference) to a list";
  let description = [{
    ```mlir
    graph.list.append %levels, %frontier : !graph.list<!graph.vertexset>
    ```
  }];
  let arguments = (ins Arg<Graph_ListType, "", [MemRead, MemWrite]>:$list,
                       AnyType:$value);
  let assemblyFormat = "$list `,` $value attr-dict `:` qualified(type($list))";
}

def Graph_ListPopOp : Graph_Op<"list.pop", [
    TypesMatchWith<"the result is of the list's element type", "list", "value",
                   "::llvm::cast<ListType>($_self).getElementType()">]> {
  let summary = "remove and return the last element of a list";
  let description = [{
    Popping an empty list is a run-time error naming the op's location and
    `what` the program called the pop (`pop` when absent; the GraphIt
    frontend gives `retrieve` for GraphIt's `list.retrieve(set)`):

        graphrt: bc.gt:70:9: retrieve: the list of vertex sets is empty

    ```mlir
    %set = graph.list.pop %levels : !graph.list<!graph.vertexset>
    %top = graph.list.pop %levels as "retrieve" : !graph.list<!graph.vertexset>
    ```
  }];
  let arguments = (ins Arg<Graph_ListType, "", [MemRead, MemWrite]>:$list,
                       OptionalAttr<StrAttr>:$what);
  let results = (outs AnyType:$value);
  let assemblyFormat =
      "$list (`as` $what^)? attr-dict `:` qualified(type($list))";
}

def Graph_ListDeviceOp : Graph_Op<"list.device"> {
  let summary = "the device storage of a list of vertex sets";
  let description = [{
    Packs the ids of the sets the list holds (sets of `vertices` vertices,
    which stay live) into one id array, level after level, with room for
    `room` more ids and levels (a loop that appends a level of at most
    `vertices` distinct ids a step, its levels disjoint, needs `vertices`
    of each), and returns it: `ids`, level `k` at `[offsets[k], offsets[k + 1])`, and `state`,
    indexed as libgraphrt's `GRAPHRT_VLIST_*` (the packed levels, the two
    capacities, a failure a kernel records, what it needed, the size of
    the largest level). Sets appended later are held by handle again, above
    the packed levels. `graph-lower-gpu` keeps a fused loop's list there;
    `graph.list.device_resume` grows it when the loop needs more room, and
    this op, run again, keeps the grown storage.

    ```mlir
    %ids, %offsets, %state = graph.list.device %levels, %n, %n
        : !graph.list<!graph.vertexset> -> memref<?xi32>, memref<?xi64>, memref<?xi64>
    ```
  }];
  let arguments = (ins Arg<Graph_ListType, "", [MemRead, MemWrite]>:$list,
                       Index:$vertices, Index:$room);
  let results = (outs MemRefRankOf<[I32], [1]>:$ids,
                      MemRefRankOf<[I64], [1]>:$offsets,
                      MemRefRankOf<[I64], [1]>:$state);
  let assemblyFormat = [{
    $list `,` $vertices `,` $room attr-dict `:` qualified(type($list)) `->`
    type($ids) `,` type($offsets) `,` type($state)
  }];
  let hasVerifier = 1;
}

def Graph_ListDeviceCheckOp : Graph_Op<"list.device_check"> {
  let summary = "report what a device loop recorded in a list's storage";
  let description = [{
    The run-time error for a failure a fused loop recorded in the state of
    `graph.list.device`: a pop of an empty list, which is reported as
    `graph.list.pop` reports it: at the op's location (`graph-lower-gpu`
    gives it the pop's), with `what` the program called the pop (`pop` when
    absent); or an append beyond its ids or levels that the loop did not
    stop for (an internal error). A loop that stopped for room
    (`graph.list.device_resume`) is no error.

    ```mlir
    graph.list.device_check %levels : !graph.list<!graph.vertexset>
    graph.list.device_check %levels as "retrieve"
        : !graph.list<!graph.vertexset>
    ```
  }];
  let arguments = (ins Arg<Graph_ListType, "", [MemRead, MemWrite]>:$list,
                       OptionalAttr<StrAttr>:$what);
  let assemblyFormat =
      "$list (`as` $what^)? attr-dict `:` qualified(type($list))";
  let hasVerifier = 1;
}

def Graph_ListDeviceResumeOp : Graph_Op<"list.device_resume"> {
  let summary = "grow a list's device storage for a fused loop that stopped";
  let description = [{
    Whether a fused loop that appends to the list stopped because an append
    had no room in the storage of `graph.list.device`, so that it must run
    again from where it stopped. A loop stops before a step whose append of
    its frontier would not fit, or after a step whose append of its next
    frontier did not fit, that frontier then not appended. This grows the
    storage (at least doubling it, keeping the levels and their offsets),
    appends `last` (the loop's last frontier) as the top level when the
    loop stopped after the step, clears the record and returns true; it
    returns false when the loop did not stop for room. Exhausting the
    memory while growing is a run-time error. `graph-lower-gpu` runs a
    fused loop that appends to lists again while this is true.

    ```mlir
    %again = graph.list.device_resume %levels, %last
        : !graph.list<!graph.vertexset>, !graph.vertexset
    %again2 = graph.list.device_resume %levels : !graph.list<!graph.vertexset>
    ```
  }];
  let arguments = (ins Arg<Graph_ListType, "", [MemRead, MemWrite]>:$list,
                       Arg<Optional<Graph_VertexSetType>, "", [MemRead]>:$last);
  let results = (outs I1:$again);
  let assemblyFormat = [{
    $list (`,` $last^)? attr-dict `:` qualified(type($list))
    (`,` qualified(type($last))^)?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Priority queues (ordered processing)
//===----------------------------------------------------------------------===//

class Graph_PriorityQueueOp<string mnemonic, list<Trait> traits = []>
    : Graph_Op<"pq." # mnemonic, traits>;

def Graph_PriorityQueueNewOp : Graph_PriorityQueueOp<"new"> {
  let summary = "a priority queue of vertices ordered by a priority vector";
  let description = [{
    A queue whose vertex `v` lies in bucket `priorities[v] / delta`. Buckets
    are dequeued `lower_first` or `higher_first`. Initially the queue holds
    `start` (when given), every vertex (`all`), or nothing. `update` picks the
    queue's representation for the traversals that update it, `open_buckets`
    the window of a lazy queue. The queue reads the priority vector, which
    the program goes on writing; traversals change it only through
    `graph.pq.update`. `delta` and `open_buckets` must be at least 1
    (checked at run time).

    ```mlir
    %pq = graph.pq.new %dist lower_first update(eager) delta(%c2)
        open_buckets(%c128) start(%root)
        : !graph.vector<i32> -> !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_VertexValuesType, "", [MemRead]>:$priorities,
                       Graph_BucketOrder:$order,
                       Graph_PriorityUpdate:$update,
                       Index:$delta, Index:$openBuckets,
                       Optional<Index>:$start, UnitAttr:$all);
  let results = (outs Res<Graph_PriorityQueueType, "",
                          [MemAlloc, MemWrite]>:$queue);
  let assemblyFormat = [{
    $priorities $order `update` `(` $update `)` `delta` `(` $delta `)`
    `open_buckets` `(` $openBuckets `)` (`start` `(` $start^ `)`)?
    (`all` $all^)? attr-dict `:` qualified(type($priorities)) `->`
    qualified(type($queue))
  }];
  let hasVerifier = 1;
}

def Graph_PriorityQueueNoneOp : Graph_PriorityQueueOp<"none", [Pure]> {
  let summary = "the handle a queue variable holds before its first new";
  let description = [{
    A handle to no queue: using it is a run-time error naming the
    operation.

    ```mlir
    %none = graph.pq.none : !graph.priority_queue<i32>
    ```
  }];
  let results = (outs Graph_PriorityQueueType:$queue);
  let assemblyFormat = "attr-dict `:` qualified(type($queue))";
}

def Graph_PriorityQueueFreeOp : Graph_PriorityQueueOp<"free"> {
  let summary = "release a priority queue (GraphIt's delete)";
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemFree]>:$queue);
  let assemblyFormat = "$queue attr-dict `:` qualified(type($queue))";
}

def Graph_PriorityQueueRequeueOp : Graph_PriorityQueueOp<"requeue"> {
  let summary = "move vertices whose priorities changed to their buckets";
  let description = [{
    The priorities of `set`'s vertices were changed by code the compiler
    does not see (an extern function: GraphIt's
    `set.applyUpdatePriorityExtern(f)`); each vertex moves to the bucket of
    its priority now, whatever the queue's update strategy. Serial.

    ```mlir
    graph.pq.requeue %pq, %changed : !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       Graph_VertexSetType:$set);
  let assemblyFormat = "$queue `,` $set attr-dict `:` qualified(type($queue))";
}

def Graph_PriorityQueueMirrorOp : Graph_PriorityQueueOp<"mirror"> {
  let summary = "share a traversal's priority updates with every rank";
  let description = [{
    After a traversal of a `distributed` graph with `update_priority`, each
    rank has updated the priorities (and buckets) of only the vertices it
    owns; this sends every rank the others' updated vertices and their
    priorities, and puts those vertices in its buckets, so that all ranks'
    queues dequeue the same buckets again. `graph-distribute` adds it.

    ```mlir
    graph.pq.mirror %g, %pq : !graph.edgeset<i32>, !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph,
                       Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue);
  let assemblyFormat = [{
    $graph `,` $queue attr-dict `:` qualified(type($graph)) `,` qualified(type($queue))
  }];
}

def Graph_PriorityQueueFinishedOp : Graph_PriorityQueueOp<"finished"> {
  let summary = "true when no vertex is left in the queue";
  let description = [{
    With `vertex`: true when the vertex's priority is final, that is no
    vertex is left in its bucket or in one dequeued before it (GraphIt's
    `finishedNode`, which point-to-point searches stop on).

    ```mlir
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %reached = graph.pq.finished %pq vertex(%target) : !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       Optional<Index>:$vertex);
  let results = (outs I1:$finished);
  let assemblyFormat = [{
    $queue (`vertex` `(` $vertex^ `)`)? attr-dict `:` qualified(type($queue))
  }];
}

def Graph_PriorityQueueDequeueOp : Graph_PriorityQueueOp<"dequeue"> {
  let summary = "remove the next non-empty bucket and return its vertices";
  let description = [{
    A new set of the vertices of the next bucket in the queue's order, each
    once; empty when the queue is finished. A bucket that traversals refill
    (zero-weight edges, a floored sum) is returned again before the queue
    moves on.

    With `keep_duplicates` the set lists every vertex still in the bucket
    as often as the queue holds it there (a vertex whose priority was
    lowered twice within the bucket may come twice): the dequeue tests only
    that each entry's priority is still in the bucket and skips the dedup.
    The set's size and its views count every entry, as for a set sealed
    with `graph.vertexset.seal_ids keep_duplicates`. `graph-lower-priority`
    sets it, never the program, where a repeat cannot change the answer:
    the set's only uses are traversals from it whose updates are idempotent
    (`graph.pq.update min`, a `min` reduction) and its free. The verifier
    accepts as uses only traversals from the set (`from`) that make no
    sum update (`graph.pq.update_sum`, a non-idempotent `graph.reduce`),
    the set's free, and the views a lowered traversal reads its frontier
    through (`graph.vertexset.ids`, `size`, `out_degree_sum`, `bools`,
    `bits`).

    ```mlir
    %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    %bucket = graph.pq.dequeue %pq keep_duplicates : !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       UnitAttr:$keepDuplicates);
  let results = (outs Res<Graph_VertexSetType, "", [MemAlloc, MemWrite]>:$set);
  let assemblyFormat = [{
    $queue (`keep_duplicates` $keepDuplicates^)? attr-dict `:`
    qualified(type($queue))
  }];
  let hasVerifier = 1;
}

def Graph_PriorityQueueCurrentOp : Graph_PriorityQueueOp<"current_priority", [
    TypesMatchWith<"result is the queue's priority type", "queue", "result",
                   "::llvm::cast<::mlir::graph::PriorityQueueType>($_self).getPriorityType()">]> {
  let summary = "the bucket last dequeued";
  let description = [{
    The number of the bucket the last `graph.pq.dequeue` returned (its
    priority when `delta` is 1; 0 before the first).

    ```mlir
    %k = graph.pq.current_priority %pq : !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead]>:$queue);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$queue attr-dict `:` qualified(type($queue))";
}

def Graph_PriorityQueueUpdateOp : Graph_PriorityQueueOp<"update", [
    TypesMatchWith<"value is the queue's priority type", "queue", "value",
                   "::llvm::cast<::mlir::graph::PriorityQueueType>($_self).getPriorityType()">]> {
  let summary = "lower or raise a vertex's priority; true if it changed";
  let description = [{
    `min`: the priority of `vertex` becomes `value` if that is lower
    (GraphIt's `updatePriorityMin`); `max`: if higher. A changed vertex
    moves to its new bucket. Only inside the body of a `graph.edgeset.apply`
    that names the queue in `update_priority`, whose schedule's
    `priority_update` says how the move happens.

    ```mlir
    %changed = graph.pq.update min %pq[%dst], %d : !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Graph_ReduceKind:$kind,
                       Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       Index:$vertex, AnySignlessInteger:$value);
  let results = (outs I1:$changed);
  let assemblyFormat = [{
    $kind $queue `[` $vertex `]` `,` $value attr-dict `:` qualified(type($queue))
  }];
  let hasVerifier = 1;
}

def Graph_PriorityQueueUpdateSumOp : Graph_PriorityQueueOp<"update_sum", [
    TypesMatchWith<"amount is the queue's priority type", "queue", "amount",
                   "::llvm::cast<::mlir::graph::PriorityQueueType>($_self).getPriorityType()">,
    TypesMatchWith<"floor is the queue's priority type", "queue", "floor",
                   "::llvm::cast<::mlir::graph::PriorityQueueType>($_self).getPriorityType()">]> {
  let summary = "add to a vertex's priority, not below a floor; true if it changed";
  let description = [{
    If the priority of `vertex` is above `floor`, it becomes
    `max(priority + amount, floor)` and the vertex moves to its new bucket
    (GraphIt's `updatePrioritySum`; k-core passes -1 and the current
    priority). Placement as for `graph.pq.update`. With `priority_update =
    lazy_constant_sum`, `amount` and `floor` must be defined outside the
    traversal.

    ```mlir
    %changed = graph.pq.update_sum %pq[%dst], %cm1 floor %k : !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       Index:$vertex, AnySignlessInteger:$amount,
                       AnySignlessInteger:$floor);
  let results = (outs I1:$changed);
  let assemblyFormat = [{
    $queue `[` $vertex `]` `,` $amount `floor` $floor attr-dict `:`
    qualified(type($queue))
  }];
  let hasVerifier = 1;
}

// Produced by graph-lower-priority.

def Graph_PriorityQueuePrioritiesOp : Graph_PriorityQueueOp<"priorities", [Pure]> {
  let summary = "the priority vector a queue was created from";
  let arguments = (ins Graph_PriorityQueueType:$queue);
  let results = (outs Graph_VertexValuesType:$priorities);
  let assemblyFormat = [{
    $queue attr-dict `:` qualified(type($queue)) `->` qualified(type($priorities))
  }];
  let hasVerifier = 1;
}

def Graph_PriorityQueuePushOp : Graph_PriorityQueueOp<"push"> {
  let summary = "append a vertex to the calling thread's bin of a bucket";
  let description = [{
    An eager queue's insertion, after the caller lowered the vertex's
    priority to `priority`: thread-local, so any thread of a parallel
    traversal may push without synchronizing.
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       Index:$vertex, AnySignlessInteger:$priority);
  let assemblyFormat = [{
    $queue `,` $vertex `,` $priority attr-dict `:` qualified(type($queue)) `,`
    type($priority)
  }];
}

def Graph_PriorityQueueChangedOp : Graph_PriorityQueueOp<"changed"> {
  let summary = "record that a vertex's priority changed";
  let description = [{
    A lazy queue's insertion: the vertex moves to its bucket, with every
    other changed vertex, at the next dequeue. Thread-safe.
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       Index:$vertex);
  let assemblyFormat = "$queue `,` $vertex attr-dict `:` qualified(type($queue))";
}

def Graph_PriorityQueueEdgesOp : Graph_PriorityQueueOp<"edges"> {
  let summary = "name the graph whose edges update a queue";
  let description = [{
    Tells the queue which graph a traversal updating it walks: where that
    graph has a negative edge weight, a priority can fall behind buckets
    already processed, so `graph.pq.finished` with a vertex holds only
    once the queue is empty. `graph-lower-priority` puts one before each
    updating traversal.

    ```mlir
    graph.pq.edges %pq, %g : !graph.priority_queue<i32>, !graph.edgeset<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       Graph_EdgeSetType:$graph);
  let assemblyFormat = [{
    $queue `,` $graph attr-dict `:` qualified(type($queue)) `,`
    qualified(type($graph))
  }];
}

def Graph_PriorityQueueOverflowOp : Graph_PriorityQueueOp<"overflow"> {
  let summary = "report a priority that overflowed its type";
  let description = [{
    A run-time error naming `vertex`: the new priority computed for it
    wrapped around the queue's priority type (a distance overflow).
    `graph-lower-priority` guards the updates whose value is a sum with it.

    ```mlir
    graph.pq.overflow %pq, %v : !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       Index:$vertex);
  let assemblyFormat = "$queue `,` $vertex attr-dict `:` qualified(type($queue))";
}

def Graph_PriorityQueueCountOp : Graph_PriorityQueueOp<"count"> {
  let summary = "count one constant-amount update of a vertex in this round";
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       Index:$vertex);
  let assemblyFormat = "$queue `,` $vertex attr-dict `:` qualified(type($queue))";
}

def Graph_PriorityQueueApplyCountsOp : Graph_PriorityQueueOp<"apply_counts", [
    AllTypesMatch<["amount", "floor"]>]> {
  let summary = "apply a round's counted updates, once per vertex";
  let description = [{
    For every vertex counted since the last call whose priority is above
    `floor`: priority = max(priority + amount * count, floor), and the
    vertex is recorded as changed. Resets the counts.
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       AnySignlessInteger:$amount, AnySignlessInteger:$floor);
  let assemblyFormat = [{
    $queue `,` $amount `floor` $floor attr-dict `:` qualified(type($queue)) `,`
    type($amount)
  }];
}

def Graph_PriorityQueueTakeLocalOp : Graph_PriorityQueueOp<"take_local"> {
  let summary = "take the calling thread's bin of the current bucket while it is small";
  let description = [{
    Bucket fusion: the vertices of the calling thread's bin of the current
    bucket when it holds fewer than `threshold` of them (removing them from
    the bin), else none. Valid until the thread's next call.
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       Index:$threshold);
  let results = (outs MemRefRankOf<[I32], [1]>:$ids);
  let assemblyFormat = [{
    $queue `,` $threshold attr-dict `:` qualified(type($queue)) `->` type($ids)
  }];
}

def Graph_PriorityQueueFusionAloneOp : Graph_PriorityQueueOp<"fusion_alone"> {
  let summary = "whether a bucket-fusion round and its cascade run on the calling thread";
  let description = [{
    Bucket fusion, before a round, outside parallel regions: true when the
    calling thread alone should run the round and the cascade of bins that
    `graph.pq.take_local` hands out after it. `work` is the round's
    frontier size plus out-degree sum. The queue expects the cascade to grow
    from `work` as much as the last cascade grew from its first round, and
    answers true if that stays at most `limit`. A cascade run alone gets no
    more bins once they did `limit - work`, and the next round runs with
    the team.

    ```mlir
    %alone = graph.pq.fusion_alone %pq, %work, %limit : !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       Index:$work, Index:$limit);
  let results = (outs I1:$alone);
  let assemblyFormat = [{
    $queue `,` $work `,` $limit attr-dict `:` qualified(type($queue))
  }];
}

//===----------------------------------------------------------------------===//
// Worklists (graph-lower-async)
//===----------------------------------------------------------------------===//

class Graph_WorklistOp<string mnemonic, list<Trait> traits = []>
    : Graph_Op<"worklist." # mnemonic, traits>;

def Graph_WorklistNewOp : Graph_WorklistOp<"new"> {
  let summary = "a worklist holding the members of a vertex set";
  let description = [{
    A worklist for the team of threads a parallel region can have, its
    chunks holding `set`'s members (the set is unchanged).

    ```mlir
    %work = graph.worklist.new %frontier
    ```
  }];
  let arguments = (ins Graph_VertexSetType:$set);
  let results = (outs Res<Graph_WorklistType, "", [MemAlloc, MemWrite]>:$worklist);
  let assemblyFormat = "$set attr-dict";
}

def Graph_WorklistNewOrderedOp : Graph_WorklistOp<"new_ordered"> {
  let summary = "an ordered worklist taking over a priority queue's vertices";
  let description = [{
    A worklist whose chunks lie in the buckets of `queue` (vertex `v` in
    bucket `priority / delta`, by the queue's priority vector and delta);
    a take hands out a chunk of the lowest non-empty bucket (Galois's OBIM).
    It starts with every vertex the queue holds, which leaves the queue
    empty. Vertices are pushed with `graph.worklist.push_ordered`. The queue
    must process lower priorities first (checked at run time).

    With `until(%v)` (a loop that runs until `graph.pq.finished %pq
    vertex(%v)`), a thread's take also reports the end once `%v` is settled
    as far as the thread sees (no work in its bucket or a lower one), unless
    the graph of the queue's last `graph.pq.edges` has a negative weight;
    `graph.worklist.free` then gives the vertices left back to the queue.

    ```mlir
    %work = graph.worklist.new_ordered %pq : !graph.priority_queue<i32>
    %search = graph.worklist.new_ordered %pq until(%target)
        : !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "",
                           [MemRead, MemWrite]>:$queue,
                       Optional<Index>:$until);
  let results = (outs Res<Graph_WorklistType, "",
                          [MemAlloc, MemWrite]>:$worklist);
  let assemblyFormat = [{
    $queue (`until` `(` $until^ `)`)? attr-dict `:` qualified(type($queue))
  }];
}

def Graph_WorklistNewByValueOp : Graph_WorklistOp<"new_by_value"> {
  let summary = "an ordered worklist holding a vertex set's members, "
                "in buckets of their values";
  let description = [{
    An ordered worklist (as `graph.worklist.new_ordered`'s: a take hands out
    a chunk of the lowest non-empty bucket) for an ordered asynchronous
    loop (`async = ordered`), holding `set`'s members (the set is
    unchanged). Vertex `v`'s bucket is `values[v] / delta`, a negative
    value's bucket 0; the members are taken in chunks of up to 64
    consecutive ones, each in the lowest bucket of its vertices. Vertices
    are pushed with `graph.worklist.push_ordered`, at their new values. A
    `delta` below 1 is a run-time error.

    ```mlir
    %work = graph.worklist.new_by_value %frontier, %depth delta(%c1)
        : !graph.vector<i32>
    ```
  }];
  let arguments = (ins Graph_VertexSetType:$set,
                       Arg<Graph_VertexValuesType, "", [MemRead]>:$values,
                       Index:$delta);
  let results = (outs Res<Graph_WorklistType, "",
                          [MemAlloc, MemWrite]>:$worklist);
  let assemblyFormat = [{
    $set `,` $values `delta` `(` $delta `)` attr-dict `:` qualified(type($values))
  }];
  let hasVerifier = 1;
}

def Graph_WorklistPushOrderedOp : Graph_WorklistOp<"push_ordered"> {
  let summary = "add a vertex to the bucket of its new priority";
  let description = [{
    Appends `vertex` to the calling thread's open chunk of the bucket of
    `priority` in an ordered worklist (`graph.worklist.new_ordered`,
    `graph.worklist.new_by_value`) unless
    it is already in that bucket or a lower one; an entry left in a higher
    bucket is skipped when taken. A negative priority is a run-time error.

    ```mlir
    graph.worklist.push_ordered %work, %v, %dist : i32
    ```
  }];
  let arguments = (ins Arg<Graph_WorklistType, "", [MemRead, MemWrite]>:$worklist,
                       Index:$vertex, AnySignlessInteger:$priority);
  let assemblyFormat = [{
    $worklist `,` $vertex `,` $priority attr-dict `:` type($priority)
  }];
}

def Graph_WorklistTakeOp : Graph_WorklistOp<"take"> {
  let summary = "the calling thread's next chunk of vertices to process";
  let description = [{
    Marks the chunk the calling thread took last as processed and returns
    its next one: the vertices it pushed since, else a chunk of its own
    queue, else one stolen from another thread's (of an ordered worklist:
    of the lowest non-empty bucket, its own vertices of a bucket no higher
    first). While other threads still process chunks it waits for work;
    none left anywhere: an empty chunk.
    The vertices may be pushed again as soon as they are taken. Valid until
    the thread's next take.

    ```mlir
    %ids = graph.worklist.take %work : memref<?xi32>
    ```
  }];
  let arguments = (ins Arg<Graph_WorklistType, "", [MemRead, MemWrite]>:$worklist);
  let results = (outs MemRefRankOf<[I32], [1]>:$ids);
  let assemblyFormat = "$worklist attr-dict `:` type($ids)";
}

def Graph_WorklistPushOp : Graph_WorklistOp<"push"> {
  let summary = "add a vertex to the calling thread's worklist";
  let description = [{
    Appends `vertex` to the calling thread's open chunk unless it is in the
    worklist already (taken vertices are not). Any thread of the team may
    push without synchronizing.

    ```mlir
    graph.worklist.push %work, %v
    ```
  }];
  let arguments = (ins Arg<Graph_WorklistType, "", [MemRead, MemWrite]>:$worklist,
                       Index:$vertex);
  let assemblyFormat = "$worklist `,` $vertex attr-dict";
}

def Graph_WorklistFreeOp : Graph_WorklistOp<"free"> {
  let summary = "release a worklist";
  let arguments = (ins Arg<Graph_WorklistType, "", [MemFree]>:$worklist);
  let assemblyFormat = "$worklist attr-dict";
}

def Graph_VertexSetDeletedOp : Graph_Op<"vertexset.deleted", [Pure]> {
  let summary = "the handle a vertex set variable holds after delete";
  let description = [{
    A handle to no set. The GraphIt frontend gives it to a variable whose set
    was deleted, so that using or deleting the variable again is a run-time
    error naming the operation, instead of an access to freed memory.

    ```mlir
    graph.vertexset.free %frontier
    %gone = graph.vertexset.deleted
    ```
  }];
  let results = (outs Graph_VertexSetType:$result);
  let assemblyFormat = "attr-dict";
}

def Graph_VertexSetApplyOp : Graph_Op<"vertexset.apply", [
    AttrSizedOperandSegments, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"::mlir::graph::YieldOp">]> {
  let summary = "run a body for every vertex of a set";
  let description = [{
    The body gets the vertex id. As in GraphIt it runs in parallel unless the
    schedule says `parallel = serial`; only `parallel` and `grain` may be
    set on this op's schedule. With `[%begin to %end]` the body runs only
    for the set's members `begin` to `end - 1`: `graph-distribute` runs a
    loop over a rank's owned vertices (`graph.owned_range`) so, and the
    loop then visits only those members.

    ```mlir
    graph.vertexset.apply %all label("s2") schedule(#graph.schedule<parallel = serial>) {
    ^bb0(%v: index):
      %x = graph.vector.get %rank[%v] : !graph.vector<f64>
      graph.print %x : f64
    }
    %begin, %end = graph.owned_range %g : !graph.edgeset
    graph.vertexset.apply %all[%begin to %end] {
    ^bb0(%v: index):
      graph.vector.set %rank[%v], %init : !graph.vector<f64>
    }
    ```
  }];
  let arguments = (ins Arg<Graph_VertexSetType, "", [MemRead]>:$set,
                       Optional<Index>:$begin, Optional<Index>:$end,
                       OptionalAttr<StrAttr>:$label,
                       OptionalAttr<Graph_ScheduleAttr>:$schedule);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $set (`[` $begin^ `to` $end `]`)? (`label` `(` $label^ `)`)?
    (`schedule` `(` qualified($schedule)^ `)`)? $body attr-dict
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$set, "::mlir::StringAttr":$label,
                   "::mlir::graph::ScheduleAttr":$schedule), [{
      build($_builder, $_state, set, ::mlir::Value(), ::mlir::Value(), label,
            schedule);
    }]>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// Runs in parallel unless its schedule says serial (GraphIt's default).
    bool isParallel();
  }];
}

def Graph_ParallelForOp : Graph_Op<"parallel_for", [
    RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"::mlir::graph::YieldOp">]> {
  let summary = "a loop whose iterations run in parallel";
  let description = [{
    Runs the body for every `i` in `[lower, upper)`, the iterations in
    parallel (GraphIt's `par_for`): a dynamically scheduled OpenMP loop
    handing out `grain` iterations at a time (default 1), or a serial loop
    when the schedule says `parallel = serial`. Traversals inside run with
    the threads their iteration has.

    ```mlir
    graph.parallel_for %c0 to %n label("l1") schedule(#graph.schedule<grain = 4>) {
    ^bb0(%i: index):
      ...
    }
    ```
  }];
  let arguments = (ins Index:$lower, Index:$upper,
                       OptionalAttr<StrAttr>:$label,
                       OptionalAttr<Graph_ScheduleAttr>:$schedule);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $lower `to` $upper (`label` `(` $label^ `)`)?
    (`schedule` `(` qualified($schedule)^ `)`)? $body attr-dict
  }];
  let hasRegionVerifier = 1;
}

def Graph_VertexSetFilterOp : Graph_Op<"vertexset.filter", [
    AttrSizedOperandSegments, RecursiveMemoryEffects]> {
  let summary = "the vertices of a set for which a predicate holds";
  let description = [{
    With `[%begin to %end]` only the set's members `begin` to `end - 1` are
    tested, and only they can be in the result (`graph-distribute`'s filter
    over a rank's owned vertices).

    ```mlir
    %big = graph.vertexset.filter %all {
    ^bb0(%v: index):
      ...
      graph.yield %keep : i1
    }
    %mine = graph.vertexset.filter %all[%begin to %end] {
      ...
    }
    ```
  }];
  let arguments = (ins Arg<Graph_VertexSetType, "", [MemRead]>:$set,
                       Optional<Index>:$begin, Optional<Index>:$end,
                       OptionalAttr<StrAttr>:$label,
                       OptionalAttr<Graph_ScheduleAttr>:$schedule);
  let results = (outs Res<Graph_VertexSetType, "", [MemAlloc, MemWrite]>:$result);
  let regions = (region SizedRegion<1>:$predicate);
  let assemblyFormat = [{
    $set (`[` $begin^ `to` $end `]`)? (`label` `(` $label^ `)`)?
    (`schedule` `(` qualified($schedule)^ `)`)? $predicate attr-dict
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$set,
                   "::mlir::StringAttr":$label,
                   "::mlir::graph::ScheduleAttr":$schedule), [{
      build($_builder, $_state, result, set, ::mlir::Value(), ::mlir::Value(),
            label, schedule);
    }]>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Edge traversal
//===----------------------------------------------------------------------===//

def Graph_EdgeSetApplyOp : Graph_Op<"edgeset.apply", [
    AttrSizedOperandSegments, RecursiveMemoryEffects]> {
  let summary = "run a body on the edges of a graph";
  let description = [{
    Runs `body(src, dst[, weight])` on every edge that passes the filters:
    the source is in `from` (when given) and passes `src_filter`, the
    destination is in `to` (when given) and passes `dst_filter`. Filters are
    regions yielding `i1`; pull traversals test `dst_filter` once per
    destination and stop scanning its in-edges once it turns false.

    With `track(%vec)` the op returns the set of destinations whose `%vec`
    element the body changed (GraphIt's `applyModified`): a `graph.reduce`
    on `%vec[dst]` that reports a change, or a `graph.vector.set` of
    `%vec[dst]`. `dedup` makes every destination appear once; without it a
    push traversal lists a destination each time its element changed (a
    pull traversal visits each destination once, so never repeats one).

    A body that yields an `i1` instead says whether to keep `dst`: the op
    then returns the set of destinations it kept, each once (GraphIt's
    `apply` of an edge function returning bool); it needs `dedup` and no
    `track`.

    With `update_priority(%pq)` (GraphIt's `applyUpdatePriority`) the body
    changes priorities of the queue `%pq` with `graph.pq.update` and
    `graph.pq.update_sum`; such a traversal has no `track`, runs in any
    direction (bucket fusion only as `sparse_push`), and
    `graph-lower-priority` lowers it first.

    `neighbors_from(%first)` and `neighbors_until(%end)` keep only the
    edges at positions `[first, end)` of each source's out-edge list, in
    its stored order (`end` defaults to the list's length): Afforest's
    neighbour sampling links the first few neighbours of every vertex, then
    the rest. Positions belong to out-edge lists, so such a traversal must
    push (`sparse_push` or `dense_push`) without segments.

    `from(%set distinct)` says that `%set` lists each of its members once
    (`graph-infer-distinct-sets` proves it and adds the keyword; without it
    a set may repeat a member, as the output of a push without `dedup`
    does). A parallel push over such a set, or over every vertex, scans
    each source on one thread only: a `graph.reduce` into a vector at
    `src`, where the body and filters write that vector nowhere else,
    then needs no atomic.

    The schedule (default: serial `sparse_push`) says how the traversal
    runs and never what it computes. `segments(%segs)` (added by
    `graph-segment` for a schedule with `segments`) traverses the dense
    direction segment by segment: `in` segments for `dense_pull`, `out`
    segments for `dense_push`; the sparse side of a hybrid ignores them.

    An `epilogue` (made by `graph-fuse-epilogue` from the vertex loop after
    the traversal) runs once per destination `v` of a `dense_pull`, right
    after the body has run on all of `v`'s in-edges, with `sum`: the value
    that the body's one reduction into the destination (`graph.reduce` on
    `%acc[dst]`) left in `%acc[v]`. It accesses the vectors it writes only
    at `v`, and writes none that the body or the source filter accesses
    other than `%acc`, so the order in which destinations finish cannot
    change what any edge reads (Jacobi). With `reset(c)` every sum starts
    from `c` instead of `%acc[v]`, and the op neither reads nor writes
    `%acc` (the pass proved that `%acc` holds `c` wherever the traversal is
    not running); the epilogue then does not access `%acc`. Segments not
    spread over sockets run the epilogue in the last segment, whose
    `graph.segments` must have `last_lists_all`; the earlier segments'
    partial sums pass through `%acc`, which with `reset(c)` the last
    segment leaves at `c`. A body that reduces only into the row of `dst`
    of a vector of rows (`graph.reduce` on `%acc[dst, k]`, which nothing
    else in the body and filters accesses) has no sum in a register: its
    epilogue takes `(v)` alone, reads `%acc[v, k]` from memory and has no
    `reset`. Segments spread over sockets run the epilogue after all
    sockets' scans, per destination. An epilogue
    that yields an `i1` says whether to keep `v` (a fused
    `graph.vertexset.filter`): the op then returns the set of vertices it
    kept, each once, and has no `track`. An epilogue
    needs a CPU `dense_pull` or `sparse_push_dense_pull` (whose
    push runs the epilogue as a vertex loop after it) without `to`,
    `dst_filter`, `track` or `update_priority`.

    ```mlir
    graph.edgeset.apply %g reset(0.0 : f32) label("s1")
        schedule(#graph.schedule<direction = dense_pull>) body {
    ^bb0(%src: index, %dst: index):
      %c = graph.vector.get %contrib[%src] : !graph.vector<f32>
      %0 = graph.reduce add %incoming[%dst], %c : !graph.vector<f32>
      graph.yield
    } epilogue {
    ^bb0(%v: index, %sum: f32):
      %r = arith.mulf %damp, %sum : f32
      graph.vector.set %rank[%v], %r : !graph.vector<f32>
      graph.yield
    } : !graph.edgeset
    ```

    ```mlir
    %next = graph.edgeset.apply %g from(%frontier) track(%parent : !graph.vector<i32>)
        dedup label("s1")
        schedule(#graph.schedule<direction = sparse_push_dense_pull>)
      dst_filter {
      ^bb0(%v: index):
        %p = graph.vector.get %parent[%v] : !graph.vector<i32>
        %unvisited = arith.cmpi eq, %p, %cm1 : i32
        graph.yield %unvisited : i1
      } body {
      ^bb0(%src: index, %dst: index):
        %s = arith.index_cast %src : index to i32
        graph.vector.set %parent[%dst], %s : !graph.vector<i32>
        graph.yield
      } : !graph.edgeset -> !graph.vertexset
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph,
                       Arg<Optional<Graph_VertexSetType>, "", [MemRead]>:$from,
                       Arg<Optional<Graph_VertexSetType>, "", [MemRead]>:$to,
                       Optional<Index>:$neighborsFrom,
                       Optional<Index>:$neighborsUntil,
                       Optional<Graph_VertexValuesType>:$tracked,
                       Optional<Graph_PriorityQueueType>:$updatedQueue,
                       Optional<Graph_SegmentsType>:$segments,
                       UnitAttr:$dedup,
                       OptionalAttr<StrAttr>:$label,
                       OptionalAttr<Graph_ScheduleAttr>:$schedule,
                       OptionalAttr<TypedAttrInterface>:$reset,
                       UnitAttr:$fromDistinct);
  let results = (outs Res<Optional<Graph_VertexSetType>, "",
                          [MemAlloc, MemWrite]>:$modified);
  let regions = (region AnyRegion:$srcFilter, AnyRegion:$dstFilter,
                        SizedRegion<1>:$body, AnyRegion:$epilogue);
  let assemblyFormat = [{
    $graph (`from` `(` $from^ (`distinct` $fromDistinct^)? `)`)?
    (`to` `(` $to^ `)`)?
    (`neighbors_from` `(` $neighborsFrom^ `)`)?
    (`neighbors_until` `(` $neighborsUntil^ `)`)?
    (`track` `(` $tracked^ `:` qualified(type($tracked)) `)`)? (`dedup` $dedup^)?
    (`update_priority` `(` $updatedQueue^ `:` qualified(type($updatedQueue)) `)`)?
    (`segments` `(` $segments^ `:` qualified(type($segments)) `)`)?
    (`reset` `(` $reset^ `)`)?
    (`label` `(` $label^ `)`)? (`schedule` `(` qualified($schedule)^ `)`)?
    (`src_filter` $srcFilter^)? (`dst_filter` $dstFilter^)? `body` $body
    (`epilogue` $epilogue^)? attr-dict `:` qualified(type($graph)) (`->` qualified(type($modified))^)?
  }];
  let builders = [
    // Without segments, as frontends build it.
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes, "::mlir::Value":$graph,
                   "::mlir::Value":$from, "::mlir::Value":$to,
                   "::mlir::Value":$neighborsFrom,
                   "::mlir::Value":$neighborsUntil,
                   "::mlir::Value":$tracked, "::mlir::Value":$updatedQueue,
                   "::mlir::UnitAttr":$dedup, "::mlir::StringAttr":$label,
                   "::mlir::graph::ScheduleAttr":$schedule), [{
      build($_builder, $_state, resultTypes, graph, from, to, neighborsFrom,
            neighborsUntil, tracked, updatedQueue, /*segments=*/::mlir::Value(),
            dedup, label, schedule, /*reset=*/nullptr,
            /*fromDistinct=*/nullptr);
    }]>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The schedule, or the default one when none is attached.
    ::mlir::graph::ScheduleAttr getScheduleOrDefault();
    /// The ops of the body that write the tracked vector at the destination
    /// (graph.vector.set, graph.reduce); none without track(...).
    ::llvm::SmallVector<::mlir::Operation *> getTrackedWrites();
    /// The pass step this traversal waits for: the one place that decides
    /// which pass lowers it (see ApplyLowering).
    ::mlir::graph::ApplyLowering getLowering();
    /// True when the body yields an i1 (keep dst?): the op's result is the
    /// set of destinations it kept (GraphIt's `apply` of a bool function).
    bool yieldsKeep();
    /// The body's one graph.reduce (at its top level) into `dst` of a
    /// per-vertex vector that nothing else in the op's body and filters
    /// accesses; null when there is none.
    ::mlir::graph::ReduceOp getDestinationReduce();
    /// The vector of rows whose every access in the op's body and filters
    /// (at least one) is a graph.reduce into the row of `dst` (CF's error
    /// vectors); null when there is none.
    ::mlir::Value getDestinationRows();
    /// The epilogue's and reset(...)'s rules (verifyRegions).
    ::mlir::LogicalResult verifyEpilogue();
    ::mlir::graph::EdgeSetType getGraphType() {
      return ::llvm::cast<::mlir::graph::EdgeSetType>(getGraph().getType());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Segmented subgraphs (produced by graph-segment)
//===----------------------------------------------------------------------===//

def Graph_SegmentsOp : Graph_Op<"segments"> {
  let summary = "the graph cut into `count` segmented subgraphs";
  let description = [{
    The segments of the graph's in-edges (`!graph.segments<in>`, for pull)
    or out-edges (`<out>`, for push), cut at `count` id ranges of the other
    endpoint: equal ranges (`fixed_vertex_count`) or ranges of similar edge
    counts (`edge_aware_vertex_count`). The runtime builds them on first use
    and caches them with the graph, so this op is cheap to repeat. A count
    outside [1, 2^20] is a run-time error.

    With `last_lists_all` the last segment lists every vertex it groups by,
    those without edges in its range with an empty list: a pull whose
    epilogue runs for each destination in its last segment (see
    `graph.edgeset.apply`) scans every destination there. Such segments are
    built and cached apart from the others.

    ```mlir
    %segs = graph.segments %g count(%c16) fixed_vertex_count
        : !graph.edgeset -> !graph.segments<in>
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph, Index:$count,
                       Graph_SegmentStrategy:$strategy,
                       UnitAttr:$lastListsAll);
  let results = (outs Graph_SegmentsType:$result);
  let assemblyFormat = [{
    $graph `count` `(` $count `)` $strategy (`last_lists_all` $lastListsAll^)?
    attr-dict `:` qualified(type($graph))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Graph_SegmentsCountOp : Graph_Op<"segments.count", [Pure]> {
  let summary = "number of segments";
  let arguments = (ins Graph_SegmentsType:$segments);
  let results = (outs Index:$result);
  let assemblyFormat = "$segments attr-dict `:` qualified(type($segments))";
}

def Graph_NumaSocketsOp : Graph_Op<"numa.sockets"> {
  let summary = "number of sockets NUMA traversals spread over";
  let description = [{
    `GRAPH_NUMA_SOCKETS=N` when set, else the configured NUMA nodes, else 1.
    Segment `i` lives on socket `i % sockets`. Not `Pure`: it reads the
    environment.

    ```mlir
    %sockets = graph.numa.sockets : index
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Graph_NumaThreadsPerSocketOp : Graph_Op<"numa.threads_per_socket"> {
  let summary = "threads of one socket's team";
  let description = [{
    The maximum thread count divided by `graph.numa.sockets`, at least 1.
    Also enables two active levels of OpenMP parallelism, so that the
    per-socket teams nested in the team over sockets get their threads.

    ```mlir
    %per_socket = graph.numa.threads_per_socket : index
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Graph_MaxThreadsOp : Graph_Op<"max_threads"> {
  let summary = "threads a parallel loop started here may use";
  let description = [{
    OpenMP's `omp_get_max_threads()` where the op runs. A sparse push's
    chunks scale with it, so each thread gets a few chunks of a frontier
    whatever the thread count. Not `Pure`: it reads the OpenMP state.

    ```mlir
    %threads = graph.max_threads : index
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Graph_ThreadNumOp : Graph_Op<"thread_num"> {
  let summary = "the calling thread's number in its team";
  let description = [{
    OpenMP's `omp_get_thread_num()` where the op runs: 0 to the team's size
    minus one inside an `omp.parallel`, 0 outside one. A dynamically
    scheduled parallel loop's thread sets up and claims first the range of
    chunks of its number. Not `Pure`: it reads the OpenMP state.

    ```mlir
    %thread = graph.thread_num : index
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Graph_NumThreadsOp : Graph_Op<"num_threads"> {
  let summary = "the size of the calling thread's team";
  let description = [{
    OpenMP's `omp_get_num_threads()` where the op runs: the threads of the
    innermost enclosing `omp.parallel`'s team (1 outside one). Not `Pure`:
    it reads the OpenMP state.

    ```mlir
    %threads = graph.num_threads : index
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Graph_SegmentViewOp : Graph_Op<"segment.view", [NoMemoryEffect]> {
  let summary = "the arrays of one segment";
  let description = [{
    Segment `index`'s grouped-by vertices (destinations of `in` segments,
    sources of `out` segments) in ascending order, the offsets of their
    edge lists (one more entry than vertices) and the neighbour ids, sorted
    per vertex. The arrays belong to the graph.

    ```mlir
    %vertices, %offsets, %neighbors = graph.segment.view %segs[%s]
        : !graph.segments<in> -> memref<?xi32>, memref<?xi64>, memref<?xi32>
    ```
  }];
  let arguments = (ins Graph_SegmentsType:$segments, Index:$index);
  let results = (outs MemRefRankOf<[I32], [1]>:$vertices,
                      MemRefRankOf<[I64], [1]>:$offsets,
                      MemRefRankOf<[I32], [1]>:$neighbors);
  let assemblyFormat = [{
    $segments `[` $index `]` attr-dict `:` qualified(type($segments)) `->`
    type($vertices) `,` type($offsets) `,` type($neighbors)
  }];
}

def Graph_SegmentWeightsOp : Graph_Op<"segment.weights", [NoMemoryEffect]> {
  let summary = "the edge weights of one segment, parallel to its neighbours";
  let arguments = (ins Graph_SegmentsType:$segments, Index:$index);
  let results = (outs MemRefRankOf<[I32, F32, F64], [1]>:$weights);
  let assemblyFormat = [{
    $segments `[` $index `]` attr-dict `:` qualified(type($segments)) `->`
    type($weights)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Traversal building blocks (produced by graph-lower-direction)
//===----------------------------------------------------------------------===//

def Graph_AdjacencyOp : Graph_Op<"adjacency", [Pure]> {
  let summary = "the CSR (out) or CSC (in) arrays of a graph";
  let description = [{
    Offsets (`num_vertices + 1` entries) and neighbour ids, sorted per
    vertex. The arrays belong to the graph.

    With `placed`, the arrays are a copy of them that GPU kernels read,
    kept with the graph, in the memory the placement names (libgraphrt's
    `graphrt_placed_*`); in a program that runs its kernels on the host
    (graphc --target=gpu-host) the graph's own arrays.

    ```mlir
    %offsets, %sources = graph.adjacency in %g : !graph.edgeset -> memref<?xi64>, memref<?xi32>
    %o, %n = graph.adjacency out %g placed zero_copy : !graph.edgeset -> memref<?xi64>, memref<?xi32>
    ```
  }];
  let arguments = (ins Graph_EdgeDirection:$direction, Graph_EdgeSetType:$graph,
                       OptionalAttr<Graph_GpuEdgePlacement>:$placement);
  let results = (outs MemRefRankOf<[I64], [1]>:$offsets,
                      MemRefRankOf<[I32], [1]>:$neighbors);
  let assemblyFormat = [{
    $direction $graph (`placed` $placement^)? attr-dict `:` qualified(type($graph)) `->` type($offsets) `,` type($neighbors)
  }];
  let builders = [
    // The graph's own arrays.
    OpBuilder<(ins "Type":$offsets, "Type":$neighbors,
                   "::mlir::graph::EdgeDirection":$direction, "Value":$graph), [{
      build($_builder, $_state, offsets, neighbors, direction, graph,
            ::mlir::graph::GpuEdgePlacementAttr());
    }]>
  ];
}

def Graph_AdjacencyWeightsOp : Graph_Op<"adjacency_weights", [Pure]> {
  let summary = "the edge weights of a graph, parallel to graph.adjacency's neighbours";
  let description = [{
    The element type is the graph's weight storage type: `f32` or `f64` for
    such weights, `i32` for the others. `placed` as for graph.adjacency
    (`i32` weights only: GPU kernels read int32 weights).
  }];
  let arguments = (ins Graph_EdgeDirection:$direction, Graph_EdgeSetType:$graph,
                       OptionalAttr<Graph_GpuEdgePlacement>:$placement);
  let results = (outs MemRefRankOf<[I32, F32, F64], [1]>:$weights);
  let assemblyFormat = [{
    $direction $graph (`placed` $placement^)? attr-dict `:` qualified(type($graph)) `->` type($weights)
  }];
  let builders = [
    // The graph's own weights.
    OpBuilder<(ins "Type":$weights, "::mlir::graph::EdgeDirection":$direction,
                   "Value":$graph), [{
      build($_builder, $_state, weights, direction, graph,
            ::mlir::graph::GpuEdgePlacementAttr());
    }]>
  ];
  let hasVerifier = 1;
}

def Graph_EdgeBlocksOp : Graph_Op<"edge_blocks", [Pure]> {
  let summary = "the out-edges grouped into blocks of destination ids";
  let description = [{
    The out-edges of the graph grouped by destination into blocks of `size`
    ids (GraphIt's `configLoadBalance(EDGE_ONLY, BLOCKED, size)`): block
    `b` holds the edges into `[b * size, (b + 1) * size)`, in order of
    source and position, as entries `[starts[b], starts[b + 1])` of
    `sources` (each edge's source) and `edges` (its position in the
    out-neighbours of graph.adjacency). `starts` has `ceil(n / size) + 1`
    entries. The runtime builds the blocks once per graph and size; like
    graph.adjacency's, the arrays are where the placement puts the edges
    for GPU kernels (`graphrt_edge_block_*`).

    ```mlir
    %starts, %sources, %edges = graph.edge_blocks %g size 64 placed device
        : !graph.edgeset -> memref<?xi64>, memref<?xi32>, memref<?xi64>
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph,
                       ConfinedAttr<I64Attr, [IntPositive]>:$size,
                       Graph_GpuEdgePlacement:$placement);
  let results = (outs MemRefRankOf<[I64], [1]>:$starts,
                      MemRefRankOf<[I32], [1]>:$sources,
                      MemRefRankOf<[I64], [1]>:$edges);
  let assemblyFormat = [{
    $graph `size` $size `placed` $placement attr-dict `:` qualified(type($graph))
    `->` type($starts) `,` type($sources) `,` type($edges)
  }];
}

def Graph_VertexSetIdsOp : Graph_Op<"vertexset.ids"> {
  let summary = "the members of a set as an id array";
  let description = [{
    The members in ascending order. With `unordered`, in any order: a list
    sparse enough that sorting cannot make the caller's per-vertex accesses
    share cache lines (at most one member in 64 vertices) comes as the set
    holds it (a traversal's output in the order its threads found the
    members). Parallel traversals ask for it, sparing the sort of their
    source frontier every round.
  }];
  let arguments = (ins Graph_VertexSetType:$set, UnitAttr:$unordered);
  let results = (outs MemRefRankOf<[I32], [1]>:$ids);
  let assemblyFormat = "$set (`unordered` $unordered^)? attr-dict `:` type($ids)";
}

def Graph_VertexSetBoolsOp : Graph_Op<"vertexset.bools"> {
  let summary = "the set as one byte per vertex (non-zero: member)";
  let description = [{
    On a fresh set from `graph.vertexset.new`, the zeroed array a traversal
    fills before `graph.vertexset.seal_ids` or `graph.vertexset.seal_dense`.
  }];
  let arguments = (ins Graph_VertexSetType:$set);
  let results = (outs MemRefRankOf<[I8], [1]>:$bools);
  let assemblyFormat = "$set attr-dict `:` type($bools)";
}

def Graph_VertexSetBitsOp : Graph_Op<"vertexset.bits"> {
  let summary = "the set as a bitvector of 64-bit words";
  let description = [{
    On a fresh set from `graph.vertexset.new`, the zeroed words a traversal
    fills before `graph.vertexset.seal_dense`.
  }];
  let arguments = (ins Graph_VertexSetType:$set);
  let results = (outs MemRefRankOf<[I64], [1]>:$bits);
  let assemblyFormat = "$set attr-dict `:` type($bits)";
}

def Graph_VertexSetOutDegreeSumOp : Graph_Op<"vertexset.out_degree_sum"> {
  let summary = "sum of the out-degrees of a set's members";
  let arguments = (ins Graph_VertexSetType:$set, Graph_EdgeSetType:$graph);
  let results = (outs Index:$result);
  let assemblyFormat = "$set `,` $graph attr-dict `:` qualified(type($graph))";
}

def Graph_VertexSetIdBufferOp : Graph_Op<"vertexset.id_buffer"> {
  let summary = "the id buffer a traversal fills before sealing a fresh set";
  let description = [{
    Room for `capacity` ids, `num_vertices` without it. A traversal that
    appends a destination each time its value changes (no dedup) may append
    one vertex many times and asks for more.

    ```mlir
    %buf = graph.vertexset.id_buffer %out : memref<?xi32>
    %big = graph.vertexset.id_buffer %out capacity(%edges) : memref<?xi32>
    ```
  }];
  let arguments = (ins Graph_VertexSetType:$set, Optional<Index>:$capacity);
  let results = (outs MemRefRankOf<[I32], [1]>:$ids);
  let assemblyFormat = [{
    $set (`capacity` `(` $capacity^ `)`)? attr-dict `:` type($ids)
  }];
}

def Graph_VertexSetSealIdsOp : Graph_Op<"vertexset.seal_ids",
    [AttrSizedOperandSegments]> {
  let summary = "the set's members are the first `count` ids of its buffer";
  let description = [{
    Repeated ids count once, unless `keep_duplicates`: then the set lists
    every entry, as GraphIt's `applyModified` without dedup returns it, and
    its size and later sparse traversals count each entry. With `distinct`
    the traversal already kept each id once (and marked it in the bool
    array of the fresh set, if it asked for one): sealing takes the ids as
    they are, in O(1). A distinct traversal may also have summed the
    members' out-degrees in `graph` as it appended them (`degrees`): the
    set keeps the sum for the next `graph.vertexset.out_degree_sum`.

    ```mlir
    graph.vertexset.seal_ids %out, %count
    graph.vertexset.seal_ids %out, %count keep_duplicates
    graph.vertexset.seal_ids %out, %count distinct
    graph.vertexset.seal_ids %out, %count distinct degrees %d of %g
        : !graph.edgeset
    ```
  }];
  let arguments = (ins Graph_VertexSetType:$set, I64:$count,
                       UnitAttr:$keepDuplicates, UnitAttr:$distinct,
                       Optional<I64>:$degrees,
                       Optional<Graph_EdgeSetType>:$graph);
  let assemblyFormat = [{
    $set `,` $count (`keep_duplicates` $keepDuplicates^)?
    (`distinct` $distinct^)?
    (`degrees` $degrees^ `of` $graph `:` qualified(type($graph)))? attr-dict
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$set, "::mlir::Value":$count,
                   "bool":$keepDuplicates, "bool":$distinct), [{
      build($_builder, $_state, set, count, keepDuplicates, distinct,
            /*degrees=*/::mlir::Value(), /*graph=*/::mlir::Value());
    }]>
  ];
  let hasVerifier = 1;
}

def Graph_VertexSetSealDenseOp : Graph_Op<"vertexset.seal_dense"> {
  let summary = "the set's members are the vertices marked in its dense view";
  let description = [{
    A traversal marked the members in the bitvector or the bool array of a
    fresh set and counted them as it went: `count` members whose
    out-degrees in `graph` sum to `degrees`. Sealing takes both as given,
    so that neither the set's size nor the next hybrid traversal's
    `graph.vertexset.out_degree_sum` scans all vertices again.

    ```mlir
    graph.vertexset.seal_dense %out, %count, %degrees of %g : !graph.edgeset
    ```
  }];
  let arguments = (ins Graph_VertexSetType:$set, I64:$count, I64:$degrees,
                       Graph_EdgeSetType:$graph);
  let assemblyFormat = [{
    $set `,` $count `,` $degrees `of` $graph attr-dict `:`
    qualified(type($graph))
  }];
}

def Graph_YieldOp : Graph_Op<"yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["VertexSetApplyOp", "VertexSetFilterOp", "EdgeSetApplyOp",
                "ParallelForOp"]>]> {
  let summary = "terminates the regions of graph ops";
  let description = [{
    Ends a body (no operands) or a filter (one `i1` operand).
  }];
  let arguments = (ins Variadic<AnyType>:$results);
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
  let assemblyFormat = "($results^ `:` type($results))? attr-dict";
}


//===----------------------------------------------------------------------===//
// Grid phases: a whole loop in one cooperative kernel
//===----------------------------------------------------------------------===//

def Graph_GridPhaseOp : Graph_Op<"grid_phase",
    [SingleBlock, NoTerminator, RecursiveMemoryEffects]> {
  let summary = "one step of a fused kernel, run by a virtual grid";
  let description = [{
    In the body of a `gpu.launch` that runs a whole loop (kernel fusion,
    graph-lower-gpu), the work that was a kernel of its own: the body runs
    once for every block `b` in `[0, blocks)` and thread `t` in
    `[0, threads)`, given as the region's two arguments, whatever the
    launch's own grid. Everything of the launch outside its phases runs
    the same on every thread (uniform control: loop conditions, frontier
    sizes); `graph.grid_barrier` separates phases whose memory depends on
    each other. `--target=gpu` runs a phase as loops striding over the
    launch's blocks and threads; `--target=gpu-host` runs the uniform code
    once and each phase as host loops over its blocks and threads. In a
    launch marked `graph.split_launches` (kernel fusion's split mode),
    `graph-split-grid-phases` makes each phase a `gpu.launch` of its own
    grid and runs the uniform code on the host.

    ```mlir
    graph.grid_phase blocks(%nb) threads(%c256) {
    ^bb0(%block: index, %thread: index):
      ...
    }
    ```
  }];
  let arguments = (ins Index:$blocks, Index:$threads);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `blocks` `(` $blocks `)` `threads` `(` $threads `)` attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
}

def Graph_GridBarrierOp : Graph_Op<"grid_barrier"> {
  let summary = "every thread of the grid waits for all the others";
  let description = [{
    Between the phases of a fused kernel (`graph.grid_phase`): no thread
    goes on until every thread of the launch's grid has arrived, and the
    memory writes of all of them before it are seen by all of them after
    it. `state` (two zeroed `i32`s: arrivals and generation) is the
    barrier's memory on the GPU. It stands in the launch's uniform code:
    directly in the launch body or in `scf` ops there, never in a phase.

    ```mlir
    graph.grid_barrier %state : memref<2xi32>
    ```
  }];
  let arguments = (ins Arg<MemRefRankOf<[I32], [1]>, "the barrier's state",
                           [MemRead, MemWrite]>:$state);
  let assemblyFormat = "$state attr-dict `:` type($state)";
  let hasVerifier = 1;
}


def Graph_GpuCooperativeOp : Graph_Op<"gpu_cooperative"> {
  let summary = "whether the GPU can run a fused loop's cooperative kernel";
  let description = [{
    True when the GPU launches cooperative kernels (all blocks resident at
    once), which a fused loop's grid barriers need; graph-lower-gpu keeps
    the loop's unfused kernels for the other case. `--target=gpu-host`
    makes it true; `--target=gpu` asks libgraphrt
    (`graphrt_gpu_cooperative`), which warns once when it is false.

    ```mlir
    %ok = graph.gpu_cooperative
    ```
  }];
  let results = (outs I1:$result);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Priority-queue buckets on the GPU (kernel fusion of a queue's loop)
//===----------------------------------------------------------------------===//

def Graph_PriorityQueueTakeAllOp : Graph_PriorityQueueOp<"take_all"> {
  let summary = "empty a priority queue, returning its vertices";
  let description = [{
    Removes every live entry of the queue, bucket by bucket, and returns
    their vertices, each once (valid until the next call); the queue's
    current bucket becomes the first of them. `graph-lower-gpu` hands a
    fused loop's queue to the device with it.

    ```mlir
    %ids = graph.pq.take_all %pq : !graph.priority_queue<i32> -> memref<?xi32>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue);
  let results = (outs MemRefRankOf<[I32], [1]>:$ids);
  let assemblyFormat = [{
    $queue attr-dict `:` qualified(type($queue)) `->` type($ids)
  }];
}

def Graph_PriorityQueueDeviceShapeOp : Graph_PriorityQueueOp<"device_shape"> {
  let summary = "what a device needs to keep a priority queue's buckets";
  let description = [{
    Three values: the bucket width, negated for a higher-first queue (a
    priority divided by it is the place of its bucket in processing order),
    the place of the current bucket, and the number of vertices.

    ```mlir
    %shape = graph.pq.device_shape %pq : !graph.priority_queue<i32> -> memref<?xi64>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead]>:$queue);
  let results = (outs MemRefRankOf<[I64], [1]>:$shape);
  let assemblyFormat = [{
    $queue attr-dict `:` qualified(type($queue)) `->` type($shape)
  }];
}

def Graph_PriorityQueueDeviceFailureOp : Graph_PriorityQueueOp<"device_failure"> {
  let summary = "report what a device loop over a priority queue recorded";
  let description = [{
    The error the queue reports on the host for what a fused loop recorded:
    `code` 0 nothing, 1 a distance overflow at vertex `a`, 2 a negative
    priority of vertex `a`, 3 bucket `a` coming back `b` times in a row (a
    negative cycle).

    ```mlir
    graph.pq.device_failure %pq, %code, %a, %b : !graph.priority_queue<i32>
    ```
  }];
  let arguments = (ins Arg<Graph_PriorityQueueType, "", [MemRead, MemWrite]>:$queue,
                       I64:$code, I64:$a, I64:$b);
  let assemblyFormat = [{
    $queue `,` $code `,` $a `,` $b attr-dict `:` qualified(type($queue))
  }];
}

def Graph_MirrorSlotsOp : Graph_Op<"mirror_slots", [Pure]> {
  let summary = "where a distributed graph's mirrored vectors hold each vertex";
  let description = [{
    The slot map of a `distributed` graph's rank: where its `partition
    mirrored` vectors (`graph.vector.new`) hold each vertex's element (the
    vertex's slot, which `graph.mirror_slot` looks up). An owned vertex's is
    its id; a mirror's is its slot after the owned range; any other
    vertex's (one no edge of the rank reads) is the first owned slot. Not
    an array over all vertices but a ranked bitmap of the mirrors, two
    entries per word of 64 vertices (0.25 bytes per vertex): for word `i`,
    entry `2i` has bit `j` set when vertex `64i + j` is a mirror, and entry
    `2i + 1` is the slot of the word's first mirror (the mirrors are
    numbered in ascending vertex order). `graph-distribute` reads a mirrored
    vector at a traversal's source through it. The array belongs to the
    graph.

    ```mlir
    %slots = graph.mirror_slots %g : !graph.edgeset -> memref<?xi64>
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph);
  let results = (outs MemRefRankOf<[I64], [1]>:$slots);
  let assemblyFormat =
      "$graph attr-dict `:` qualified(type($graph)) `->` type($slots)";
}

def Graph_MirrorSlotOp : Graph_Op<"mirror_slot", [Pure]> {
  let summary = "a vertex's slot in a distributed graph's mirrored vectors";
  let description = [{
    Vertex `vertex`'s slot: `vertex` itself when it is in the rank's owned
    range [`begin`, `end`) (`graph.owned_range`); else, when the slot map
    `slots` (`graph.mirror_slots`) marks it a mirror, its word's first
    mirror slot plus the mirrors before it in its word (a popcount);
    else `begin`. It lowers to one 16-byte load, a popcount and selects.

    ```mlir
    %slot = graph.mirror_slot %slots[%v] owned(%begin, %end) : memref<?xi64>
    ```
  }];
  let arguments = (ins MemRefRankOf<[I64], [1]>:$slots, Index:$vertex,
                       Index:$begin, Index:$end);
  let results = (outs Index:$slot);
  let assemblyFormat = [{
    $slots `[` $vertex `]` `owned` `(` $begin `,` $end `)` attr-dict `:`
    type($slots)
  }];
}

def Graph_MirrorSourcesOp : Graph_Op<"mirror_sources", [Pure]> {
  let summary = "a distributed graph's in-edge sources as mirror slots";
  let description = [{
    One unsigned index per in-edge the rank of a `distributed` graph holds,
    entry for entry with the `in` adjacency's neighbours: the
    slot (`graph.mirror_slot`) of the edge's source, renumbered once when
    the graph is loaded. A pull reads a `partition mirrored` vector at an
    in-edge's source through it with one load, where the slot map needs
    two. On a rank without mirrors (one rank) it is the neighbour array. The
    array belongs to the graph.

    ```mlir
    %sources = graph.mirror_sources %g : !graph.edgeset -> memref<?xi32>
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph);
  let results = (outs MemRefRankOf<[I32], [1]>:$sources);
  let assemblyFormat =
      "$graph attr-dict `:` qualified(type($graph)) `->` type($sources)";
}

def Graph_VectorGatherOp : Graph_Op<"vector.gather",
    [AllTypesMatch<["vector", "result"]>]> {
  let summary = "a whole copy of a partitioned vector on every rank";
  let description = [{
    A new vector of `graph`'s vertices holding every rank's owned elements
    of `vector` (a `partition owned` or `mirrored` vector of a `distributed`
    graph): one all-gather. It lives to the end of the enclosing block.
    `graph-distribute` reads it instead of the partitioned vector in a loop
    that reads other ranks' vertices (a print) and writes none.

    ```mlir
    %all = graph.vector.gather %g, %rank : !graph.edgeset, !graph.vector<f64>
    ```
  }];
  let arguments = (ins Graph_EdgeSetType:$graph,
                       Arg<Graph_PerVertexVectorType, "", [MemRead]>:$vector);
  let results = (outs Res<Graph_PerVertexVectorType, "", [MemAlloc, MemWrite]>:$result);
  let assemblyFormat = [{
    $graph `,` $vector attr-dict `:` qualified(type($graph)) `,` qualified(type($vector))
  }];
}

//===----------------------------------------------------------------------===//
// Lane groups: several GPU threads scanning one vertex
//===----------------------------------------------------------------------===//

def Graph_GroupReduceOp : Graph_Op<"group_reduce",
    [SingleBlock, NoTerminator, RecursiveMemoryEffects]> {
  let summary = "combine a value over a group of GPU lanes; one lane goes on";
  let description = [{
    In a GPU kernel (a `gpu.launch`, or a `graph.grid_phase` of one) whose
    threads form groups of `lanes` consecutive threads of a block (x
    dimension), aligned to `lanes`: a group of 32 lanes is a warp, a larger
    one (a power of two up to 1024) the whole block. Every thread of a
    group reaches the op together, at most once (it stands in `scf.if`s,
    never in a loop, of the kernel). The `kind` combination of the group's `value`s is the
    body's argument, and the body runs once per group, on one of its
    threads; it may read only values that are the same on every thread of
    the group. A pull with several threads per destination
    (graph-lower-gpu) folds each thread's in-edges in a register and
    applies the destination's result here.

    `--target=gpu` combines a warp's values with `gpu.shuffle xor` (a 64-bit
    value as two 32-bit halves), a block's warps' totals through shared
    memory between two `gpu.barrier`s (convert-grid-phases-to-gpu), and
    runs the body on the group's first thread. `--target=gpu-host`, which
    runs a block's threads one after another, folds the values into a slot
    of its block as each thread passes and runs the body on the group's
    last thread (convert-gpu-launch-to-scf).

    ```mlir
    graph.group_reduce add %partial lanes(32) : f64 {
    ^bb0(%total: f64):
      graph.vector.set %rank[%dst], %total : !graph.vector<f64>
    }
    ```
  }];
  let arguments = (ins Graph_ReduceKind:$kind,
                       AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$value,
                       I64Attr:$lanes);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $kind $value `lanes` `(` $lanes `)` attr-dict `:` type($value) $body
  }];
  let hasVerifier = 1;
}

#endif // GRAPH_OPS_TD
