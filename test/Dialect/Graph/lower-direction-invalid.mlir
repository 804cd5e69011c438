// RUN: graph-opt %s --graph-lower-direction --split-input-file -verify-diagnostics

// A push without dedup sizes its output for one entry per tracked write per
// edge: a write that may run many times per edge needs dedup.
func.func @no_dedup_write_in_loop(%g: !graph.edgeset, %f: !graph.vertexset,
                                  %v: !graph.vector<i32>) -> !graph.vertexset {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>)
    body {
    ^bb0(%src: index, %dst: index):
      scf.for %i = %c0 to %c3 step %c1 {
        %x = arith.index_cast %i : index to i32
        // expected-error @+1 {{a write of the tracked vector inside a loop of the body needs dedup in a push traversal}}
        %c = graph.reduce add %v[%dst], %x : !graph.vector<i32>
      }
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  return %next : !graph.vertexset
}
