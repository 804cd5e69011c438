// RUN: graph-opt %s --graph-segment --split-input-file -verify-diagnostics
// RUN: graph-opt %s --convert-graph-to-scf --split-input-file -verify-diagnostics

// A GPU-scheduled traversal belongs to graph-lower-gpu, which runs first:
// the passes after it (here run without it) reject it, naming the pass.

func.func @gpu(%g: !graph.edgeset, %front: !graph.vertexset, %rank: !graph.vector<f64>) {
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-gpu before}}
  graph.edgeset.apply %g from(%front)
      schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = twc>>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %rank[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}
