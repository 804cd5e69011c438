// RUN: graph-opt %s --graph-lower-priority --split-input-file -verify-diagnostics

// The schedule asks for segments that graph-segment has not attached yet.
func.func @unsegmented(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>,
                       %dist: !graph.vector<i32>) {
  // expected-error @below {{graph.edgeset.apply must be segmented by graph-segment before graph-lower-priority (segments = 2)}}
  graph.edgeset.apply %g update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex,
                               segments = 2>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}
