//===- Passes.td - graph -> graph rewrites -----------------*- tablegen -*-===//

#ifndef GRAPH_TRANSFORMS_PASSES_TD
#define GRAPH_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def GraphLowerDirection : Pass<"graph-lower-direction", "ModuleOp"> {
  let summary = "Lower graph.edgeset.apply to the traversal its schedule names";
  let description = [{
    Expands every `graph.edgeset.apply` into explicit loops over the graph's
    adjacency arrays (`graph.adjacency`) following its schedule:

    * `sparse_push`: the out-edges of the frontier's members;
    * `dense_push`: every vertex, pushing from those in the frontier;
    * `dense_pull`: the in-edges of every vertex that passes the `to` set and
      the destination filter, re-testing the filter after each edge so the
      scan stops once it turns false; the frontier is read as a bool array or
      a bitvector (`frontier`);
    * the hybrids test, per call, whether the frontier's size plus the sum
      of its out-degrees exceeds |E| / `hybrid-threshold` and run the dense
      or the sparse traversal.

    Parallel schedules become `omp.parallel` + `omp.wsloop` with
    `schedule(dynamic|static, grain)`. In parallel push traversals every
    `graph.reduce` becomes `atomic`, and a tracked assignment whose
    destination filter read the old value becomes a `graph.vector.cas`. In
    pull traversals a reduction into the destination is kept in a register
    across the destination's in-edges and stored once. With `track`, the
    result set is built from the destinations whose tracked element changed:
    pull traversals mark the output's bool array (`seal_bools`); push
    traversals append to its id buffer (`seal_ids`), with `dedup` only the
    thread that first flags a destination in the bool array, without it on
    every change, so the result may repeat a destination (as GraphIt's
    `applyModified(..., false)`; the buffer holds one entry per tracked
    write per traversed edge).

    Segmented traversals whose schedule spreads them over sockets (`numa =
    static_parallel | dynamic_parallel`) are left for `graph-numa`, which
    lowers them with the same traversal builder.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::omp::OpenMPDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"hybridThreshold", "hybrid-threshold", "int64_t", "20",
           "a hybrid traversal goes dense when the frontier's size plus "
           "out-degree sum exceeds |E| divided by this">
  ];
}

def GraphSegment : Pass<"graph-segment", "ModuleOp"> {
  let summary = "Cache-tile dense traversals whose schedule has segments";
  let description = [{
    Gives every `graph.edgeset.apply` whose schedule sets `segments` (and
    that has no `segments(...)` operand yet) the segmented subgraphs it
    traverses: the graph's `in` segments for pull directions or `out`
    segments for push ones, cut by the schedule's `segment_strategy` into
    `segments = n` parts, or into `argv[k]` parts read at run time. The
    `graph.segments` op goes right after the graph's definition, so that
    the segments are built once, outside the loops and timers around the
    traversal (as GraphIt builds them at load time); traversals of one
    graph with the same options share it.

    `graph-lower-direction` then scans the dense traversal segment by
    segment: a sequential loop over the segments around the schedule's
    vertex loop over each segment's vertices (Cagra / GraphIt cache tiling:
    the vertex data read at random comes from one id range per segment). A
    pull traversal keeps the destination's value in a register across its
    in-edges of a segment and combines it into the destination once per
    segment. The sparse side of a hybrid direction is not segmented.

    Why two passes, and this order: the segment loop wraps the very vertex
    loop `graph-lower-direction` builds, so it stays that pass's single
    traversal builder that emits it; the hybrid split that passes the
    segments to the dense side only, and the output frontier that all
    segments of a tracked traversal fill, come with it unchanged. This pass
    owns the decision and the cost: which traversals are tiled, with which
    subgraphs, and where the count comes from. `numa = serial` is this
    sequential loop; the parallel NUMA modes are `graph-numa`'s.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def GraphNuma : Pass<"graph-numa", "ModuleOp"> {
  let summary = "Spread segmented dense traversals over NUMA sockets";
  let description = [{
    Lowers every single-direction `graph.edgeset.apply` with `segments(...)`
    whose schedule sets `numa = static_parallel | dynamic_parallel` (the
    traversals `graph-lower-direction` leaves alone; run it first so that
    hybrids are split and their dense side has come here):

    ```
    %sockets = graph.numa.sockets            // GRAPH_NUMA_SOCKETS, libnuma
    %per = graph.numa.threads_per_socket     // max threads / sockets, >= 1
    omp.parallel num_threads(%sockets) proc_bind(spread)
      omp.wsloop schedule(static, 1) for %socket in [0, %sockets):
        static_parallel:  for %seg = %socket to %count step %sockets
        dynamic_parallel: while (%seg = atomic next++) < %count
          omp.parallel num_threads(%per) proc_bind(close)
            omp.wsloop schedule(<kind>, <grain>) over the segment's vertices
    ```

    Static placement matches the runtime's: segment `i` lives on socket
    `i % sockets`. Pull segments cut the sources, so different sockets'
    segments reach the same destinations: the reduction that
    `graph-lower-direction` keeps in a register goes to a buffer per
    socket (`memref<?x?xT>`, row `s` filled with the reduction's identity
    by socket `s`'s own threads, so first touch puts it on its node), and
    after the team a parallel loop merges the rows into the destination
    with the reduction's operator (a subtraction's rows by addition),
    reports changed destinations of a tracked vector, and frees the buffers.
    Any other reduction becomes atomic; a pull body that assigns
    (`graph.vector.set`) is rejected, as two sockets would race on it. Push
    segments cut the destinations, so sockets write disjoint ranges and the
    parallel push's atomics suffice: no buffers.

    Why a pass of its own that reuses `graph-lower-direction`'s traversal
    builder rather than rewriting its output: the socket loop replaces the
    segment loop that builder emits around its vertex loop, and the buffers
    change how the register accumulator starts and ends, so emitting them
    there needs no pattern matching of lowered loops. This pass owns the
    socket-level decision and its legality checks.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::omp::OpenMPDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // GRAPH_TRANSFORMS_PASSES_TD
