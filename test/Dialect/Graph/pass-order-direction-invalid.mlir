// RUN: graph-opt %s --graph-lower-direction --graph-lower-priority --split-input-file -verify-diagnostics

// graph-lower-direction meets traversals that earlier passes of graph-to-llvm
// own (here run out of order): it fails at the first one, naming its pass.

func.func @unsegmented(%g: !graph.edgeset, %rank: !graph.vector<f64>) {
  // expected-error @below {{graph.edgeset.apply must be segmented by graph-segment before graph-lower-direction (segments = argv[2])}}
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_push, segments = argv[2]>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %rank[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @priority(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>,
                    %dist: !graph.vector<i32>, %frontier: !graph.vertexset) {
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-priority before graph-lower-direction (update_priority)}}
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

func.func @fusion(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>,
                  %dist: !graph.vector<i32>, %frontier: !graph.vertexset) {
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-priority before graph-lower-direction (priority_update = eager_with_fusion)}}
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = eager_with_fusion>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}
