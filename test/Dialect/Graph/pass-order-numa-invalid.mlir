// RUN: graph-opt %s --graph-numa --graph-lower-direction --split-input-file -verify-diagnostics

// graph-numa meets traversals that earlier passes of graph-to-llvm own (here
// run alone, or before graph-lower-direction): it fails at the first one,
// naming its pass, instead of leaving it.

// Without graph-segment the traversal has no segments to spread.
func.func @unsegmented(%g: !graph.edgeset, %contrib: !graph.vector<f64>,
                       %rank: !graph.vector<f64>) {
  // expected-error @below {{graph.edgeset.apply must be segmented by graph-segment before graph-numa (segments = 4)}}
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex,
                               segments = 4, numa = static_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @priority(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>,
                    %dist: !graph.vector<i32>, %frontier: !graph.vertexset) {
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-priority before graph-numa (update_priority)}}
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = lazy>) body {
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
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-priority before graph-numa (priority_update = eager_with_fusion)}}
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

// -----

// A hybrid's dense side spreads over sockets only once graph-lower-direction
// has split it off.
func.func @hybrid(%g: !graph.edgeset, %segs: !graph.segments<in>,
                  %frontier: !graph.vertexset, %contrib: !graph.vector<f64>,
                  %rank: !graph.vector<f64>) {
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-direction before graph-numa (direction = sparse_push_dense_pull)}}
  graph.edgeset.apply %g from(%frontier) segments(%segs : !graph.segments<in>)
      schedule(#graph.schedule<direction = sparse_push_dense_pull, parallel = dynamic_vertex,
                               segments = 4, numa = dynamic_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @direction(%g: !graph.edgeset, %rank: !graph.vector<f64>) {
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-direction before graph-numa (direction = sparse_push)}}
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %rank[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}
