// RUN: graph-opt %s --convert-graph-to-scf --split-input-file -verify-diagnostics

// Every graph.edgeset.apply is lowered before convert-graph-to-scf; one that
// is left is reported with the pass that owns it.

func.func @unsegmented(%g: !graph.edgeset, %rank: !graph.vector<f64>) {
  // expected-error @below {{graph.edgeset.apply must be segmented by graph-segment before convert-graph-to-scf (segments = 8)}}
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, segments = 8>) body {
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
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-priority before convert-graph-to-scf (update_priority)}}
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>) body {
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
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-priority before convert-graph-to-scf (priority_update = eager_with_fusion)}}
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

func.func @hybrid(%g: !graph.edgeset, %frontier: !graph.vertexset,
                  %rank: !graph.vector<f64>) {
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-direction before convert-graph-to-scf (direction = sparse_push_dense_push)}}
  graph.edgeset.apply %g from(%frontier)
      schedule(#graph.schedule<direction = sparse_push_dense_push>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %rank[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @direction(%g: !graph.edgeset, %rank: !graph.vector<f64>) {
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-lower-direction before convert-graph-to-scf (direction = dense_pull)}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %rank[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// graph-lower-direction leaves a traversal spread over sockets to graph-numa.
func.func @numa(%g: !graph.edgeset, %segs: !graph.segments<out>,
                %rank: !graph.vector<f64>) {
  // expected-error @below {{graph.edgeset.apply must be lowered by graph-numa before convert-graph-to-scf (numa = dynamic_parallel)}}
  graph.edgeset.apply %g segments(%segs : !graph.segments<out>)
      schedule(#graph.schedule<direction = dense_push, parallel = dynamic_vertex,
                               segments = 2, numa = dynamic_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %rank[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}
