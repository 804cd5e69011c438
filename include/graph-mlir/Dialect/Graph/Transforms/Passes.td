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

#endif // GRAPH_TRANSFORMS_PASSES_TD
