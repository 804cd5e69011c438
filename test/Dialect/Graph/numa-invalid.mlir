// RUN: graph-opt %s --graph-segment --graph-numa --split-input-file -verify-diagnostics

// Other sockets' segments reach the same destinations of a pull: an
// assignment would race, so graph-numa rejects it.
func.func @pull_assign(%g: !graph.edgeset, %parent: !graph.vector<i32>) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex,
                               segments = 4, numa = dynamic_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %s = arith.index_cast %src : index to i32
    // expected-error @below {{a dense_pull traversal spread over sockets (numa = dynamic_parallel) writes vertex data only through graph.reduce: other sockets' segments reach the same destinations}}
    graph.vector.set %parent[%dst], %s : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset
  return
}
