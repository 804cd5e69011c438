// RUN: graph-opt %s --graph-segment | FileCheck %s --check-prefix=SEG
// RUN: graph-opt %s --graph-segment --graph-lower-priority | FileCheck %s --check-prefix=PRIO
// RUN: graph-opt %s --graph-segment --graph-lower-priority --graph-lower-direction | FileCheck %s --check-prefix=DIR
// RUN: graph-opt %s --graph-segment --graph-lower-priority --graph-lower-direction --graph-numa | FileCheck %s --check-prefix=NUMA

// One traversal for every step of graph-to-llvm's order: each pass lowers
// exactly the traversals that graph.edgeset.apply's getLowering() gives it
// and leaves the others to the passes after it.

// graph-segment attaches segments to every segmented schedule.
// SEG-LABEL: func.func @steps
// SEG: graph.edgeset.apply %arg0 from(%arg4) update_priority(%arg1 : !graph.priority_queue<i32>) label("fusion")
// SEG: graph.edgeset.apply %arg0 from(%arg4) update_priority(%arg1 : !graph.priority_queue<i32>) segments(%{{.*}} : !graph.segments<in, i32>) label("eager")
// SEG: graph.edgeset.apply %arg0 from(%arg4) segments(%{{.*}} : !graph.segments<in, i32>) label("hybrid")
// SEG: graph.edgeset.apply %arg0 segments(%{{.*}} : !graph.segments<out, i32>) label("segmented")
// SEG: graph.edgeset.apply %arg0 label("plain")

// graph-lower-priority lowers bucket fusion and rewrites the other priority
// updates (update_priority is gone).
// PRIO-LABEL: func.func @steps
// PRIO-NOT: label("fusion")
// PRIO: graph.edgeset.apply %arg0 from(%arg4) segments(%{{.*}} : !graph.segments<in, i32>) label("eager")
// PRIO: graph.edgeset.apply %arg0 from(%arg4) segments(%{{.*}} : !graph.segments<in, i32>) label("hybrid") schedule(#graph.schedule<direction = sparse_push_dense_pull
// PRIO: graph.edgeset.apply %arg0 segments(%{{.*}} : !graph.segments<out, i32>) label("segmented")
// PRIO: graph.edgeset.apply %arg0 label("plain")

// graph-lower-direction splits the hybrid and lowers all but the traversals
// spread over sockets: the one rewritten by graph-lower-priority and the
// hybrid's dense side.
// DIR-LABEL: func.func @steps
// DIR-NOT: graph.edgeset.apply
// DIR: graph.edgeset.apply %arg0 from(%arg4) segments(%{{.*}}) label("eager") schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 2, numa = static_parallel>)
// DIR-NOT: graph.edgeset.apply
// DIR: scf.if
// DIR-NOT: graph.edgeset.apply
// DIR: graph.edgeset.apply %arg0 from(%arg4) segments(%{{.*}}) label("hybrid") schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 4, numa = dynamic_parallel>)
// DIR-NOT: graph.edgeset.apply
// DIR: return

// graph-numa lowers those two; no traversal is left.
// NUMA-LABEL: func.func @steps
// NUMA-NOT: graph.edgeset.apply
// NUMA: graph.numa.sockets
// NUMA-NOT: graph.edgeset.apply
// NUMA: graph.numa.sockets
// NUMA-NOT: graph.edgeset.apply
// NUMA: return
func.func @steps(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>,
                 %dist: !graph.vector<i32>, %rank: !graph.vector<f64>,
                 %frontier: !graph.vertexset) {
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      label("fusion")
      schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = eager_with_fusion>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      label("eager")
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 2, numa = static_parallel>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  graph.edgeset.apply %g from(%frontier) label("hybrid")
      schedule(#graph.schedule<direction = sparse_push_dense_pull, parallel = dynamic_vertex,
                               segments = 4, numa = dynamic_parallel>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %c = graph.vector.get %rank[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset<i32>
  graph.edgeset.apply %g label("segmented")
      schedule(#graph.schedule<direction = dense_push, segments = 3>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %c = graph.vector.get %rank[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset<i32>
  graph.edgeset.apply %g label("plain") body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %c = graph.vector.get %rank[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset<i32>
  return
}
