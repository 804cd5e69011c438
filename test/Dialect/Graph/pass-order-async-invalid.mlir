// RUN: graph-opt %s --graph-lower-direction -verify-diagnostics

// graph-lower-direction would run an async traversal as one round; it
// rejects a traversal graph-lower-async has not lowered.
func.func @unlowered(%g: !graph.edgeset, %v: !graph.vector<i32>, %f: !graph.vertexset) {
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-async before graph-lower-direction (async)}}
  %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>)
      schedule(#graph.schedule<async>) body {
  ^bb0(%src: index, %dst: index):
    %l = graph.vector.get %v[%src] : !graph.vector<i32>
    %c = graph.reduce min %v[%dst], %l : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return
}
