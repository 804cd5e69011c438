// RUN: graph-opt %s --split-input-file | graph-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s --split-input-file --mlir-print-op-generic | graph-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s --graph-lower-priority --split-input-file | FileCheck %s
// RUN: graph-opt %s --graph-lower-priority --graph-lower-direction --convert-graph-to-scf --split-input-file | FileCheck %s --check-prefix=SCF

// graph-lower-priority marks a dequeue keep_duplicates where its bucket may
// list a vertex twice without changing the answer: the set's only uses are
// traversals from it whose updates are idempotent (delta-stepping's min
// update) and its free. convert-graph-to-scf then calls the dequeue
// without the dedup.

// Delta-stepping, eager: marked.
// ROUND-LABEL: func.func @sssp
// ROUND: graph.pq.dequeue %{{.*}} : !graph.priority_queue<i32>
// CHECK-LABEL: func.func @sssp
// CHECK: graph.pq.dequeue %{{.*}} keep_duplicates : !graph.priority_queue<i32>
// SCF-LABEL: func.func @sssp
// SCF: call @graphrt_pq_dequeue_keep_dups
// SCF-NOT: call @graphrt_pq_dequeue(
func.func @sssp(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %root: index) {
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c2) open_buckets(%c128) start(%root)
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  graph.vertexset.free %frontier
  return
}

// -----

// The loop of bench/gap/sssp.gt: bucket fusion, a min reduction of another
// vector besides the priority update, and a second traversal of the same
// bucket, lazy. Marked; the set is already marked in the round trip.
// ROUND-LABEL: func.func @sssp_loop
// ROUND: graph.pq.dequeue %{{.*}} keep_duplicates : !graph.priority_queue<i32>
// CHECK-LABEL: func.func @sssp_loop
// CHECK: graph.pq.dequeue %{{.*}} keep_duplicates : !graph.priority_queue<i32>
// SCF-LABEL: func.func @sssp_loop
// SCF: call @graphrt_pq_dequeue_keep_dups
func.func @sssp_loop(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %hops: !graph.vector<i32>, %root: index) {
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %c1000 = arith.constant 1000 : index
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c2) open_buckets(%c128) start(%root)
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %false = arith.constant false
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %frontier = graph.pq.dequeue %pq keep_duplicates : !graph.priority_queue<i32>
    graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
        schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = eager_with_fusion, fusion_threshold = 1000>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %nd = arith.addi %d, %w : i32
      %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
      scf.if %changed {
        %h = graph.vector.get %hops[%src] : !graph.vector<i32>
        %m = graph.reduce min %hops[%dst], %h : !graph.vector<i32>
      }
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %frontier
    scf.yield
  }
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}

// -----

// k-core's sum update: a vertex listed twice would be subtracted twice.
// Not marked.
// CHECK-LABEL: func.func @kcore
// CHECK: graph.pq.dequeue %{{.*}} : !graph.priority_queue<i32>
// SCF-LABEL: func.func @kcore
// SCF: call @graphrt_pq_dequeue(
// SCF-NOT: graphrt_pq_dequeue_keep_dups
func.func @kcore(%g: !graph.edgeset, %degree: !graph.vector<i32>) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %cm1 = arith.constant -1 : i32
  %pq = graph.pq.new %degree lower_first update(lazy) delta(%c1) open_buckets(%c128) all
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  %k = graph.pq.current_priority %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<priority_update = lazy>) body {
  ^bb0(%src: index, %dst: index):
    %changed = graph.pq.update_sum %pq[%dst], %cm1 floor %k : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.free %frontier
  return
}

// -----

// The program reads the bucket's size: a repeat would count. Not marked.
// CHECK-LABEL: func.func @size
// CHECK: graph.pq.dequeue %{{.*}} : !graph.priority_queue<i32>
func.func @size(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %count: memref<index>) {
  %c2 = arith.constant 2 : index
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c2) open_buckets(%c2) all
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  %n = graph.vertexset.size %frontier
  memref.store %n, %count[] : memref<index>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  graph.vertexset.free %frontier
  return
}

// -----

// A vertex loop over the bucket would visit a repeat twice. Not marked.
// CHECK-LABEL: func.func @vertex_loop
// CHECK: graph.pq.dequeue %{{.*}} : !graph.priority_queue<i32>
func.func @vertex_loop(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %visits: !graph.vector<i32>) {
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i32
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c2) open_buckets(%c2) all
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.vertexset.apply %frontier {
  ^bb0(%v: index):
    %c = graph.reduce add %visits[%v], %one : !graph.vector<i32>
    graph.yield
  }
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  graph.vertexset.free %frontier
  return
}

// -----

// A min update, but the body also counts the edges it relaxes (an add):
// a repeated source would count its edges twice. Not marked.
// CHECK-LABEL: func.func @counts_edges
// CHECK: graph.pq.dequeue %{{.*}} : !graph.priority_queue<i32>
func.func @counts_edges(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %relaxed: !graph.vector<i32>) {
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i32
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c2) open_buckets(%c2) all
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    %c = graph.reduce add %relaxed[%src], %one : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset<i32>
  graph.vertexset.free %frontier
  return
}

// -----

// A plain write in the body (a parent): not an idempotent update. Not
// marked.
// CHECK-LABEL: func.func @writes_parent
// CHECK: graph.pq.dequeue %{{.*}} : !graph.priority_queue<i32>
func.func @writes_parent(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %parent: !graph.vector<i32>) {
  %c2 = arith.constant 2 : index
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c2) open_buckets(%c2) all
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    %s = arith.index_cast %src : index to i32
    graph.vector.set %parent[%dst], %s : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset<i32>
  graph.vertexset.free %frontier
  return
}

// -----

// The bucket leaves the function: its use is unknown. Not marked.
// CHECK-LABEL: func.func @escapes
// CHECK: graph.pq.dequeue %{{.*}} : !graph.priority_queue<i32>
func.func private @keep(!graph.vertexset)
func.func @escapes(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>) {
  %c2 = arith.constant 2 : index
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c2) open_buckets(%c2) all
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  func.call @keep(%frontier) : (!graph.vertexset) -> ()
  return
}

// -----

// A distributed queue (mirrored after its traversal) keeps its dedup.
// CHECK-LABEL: func.func @mirrored
// CHECK: graph.pq.dequeue %{{.*}} : !graph.priority_queue<i32>
func.func @mirrored(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>) {
  %c2 = arith.constant 2 : index
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c2) open_buckets(%c2) all
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  graph.pq.mirror %g, %pq : !graph.edgeset<i32>, !graph.priority_queue<i32>
  graph.vertexset.free %frontier
  return
}
