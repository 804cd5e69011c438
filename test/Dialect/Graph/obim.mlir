// RUN: graph-opt %s --split-input-file | graph-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s --graph-lower-priority --split-input-file | FileCheck %s
// RUN: graph-opt %s --graph-lower-priority --graph-lower-direction --convert-graph-to-scf --split-input-file | FileCheck %s --check-prefix=SCF

// Delta-stepping with priority_update = obim: the loop that dequeues
// buckets until the queue is finished becomes an ordered worklist taking
// over the queue's vertices, drained by every thread of one parallel region:
// a thread takes chunks of the lowest non-empty bucket and pushes each
// destination whose distance the min lowered into the bucket of its new
// distance, with no barrier between buckets.
// ROUND-LABEL: func.func @delta_stepping
// ROUND: schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = obim, delta = 2>)
// CHECK-LABEL: func.func @delta_stepping
// CHECK-SAME: (%[[G:.*]]: !graph.edgeset<i32>, %[[DIST:.*]]: !graph.vector<i32>, %[[START:.*]]: index)
// CHECK: %[[PQ:.*]] = graph.pq.new %[[DIST]] lower_first update(obim)
// CHECK-NOT: scf.while :
// CHECK: graph.pq.edges %[[PQ]], %[[G]]
// CHECK-NEXT: %[[WL:.*]] = graph.worklist.new_ordered %[[PQ]] : !graph.priority_queue<i32>
// CHECK-NEXT: %[[PRIO:.*]] = graph.pq.priorities %[[PQ]]
// CHECK-NOT: graph.edgeset.apply
// CHECK-NOT: graph.pq.dequeue
// CHECK: omp.parallel {
// CHECK: scf.while : () -> i64 {
// CHECK: scf.while : () -> memref<?xi32> {
// CHECK-NEXT: %[[CHUNK:.*]] = graph.worklist.take %[[WL]] : memref<?xi32>
// CHECK: scf.condition(%{{.*}}) %[[CHUNK]] : memref<?xi32>
// CHECK: ^bb0(%[[IDS:.*]]: memref<?xi32>):
// CHECK: scf.for
// CHECK: memref.load %[[IDS]]
// CHECK: %[[CHANGED:.*]] = graph.reduce min atomic %[[PRIO]][%[[DST:.*]]], %[[NEW:.*]] : !graph.vector<i32>
// CHECK-NEXT: scf.if %[[CHANGED]] {
// CHECK: graph.pq.overflow %[[PQ]], %[[DST]]
// CHECK: graph.worklist.push_ordered %[[WL]], %[[DST]], %[[NEW]] : i32
// CHECK: omp.terminator
// CHECK: graph.worklist.free %[[WL]]
// CHECK-NEXT: graph.pq.free %[[PQ]] : !graph.priority_queue<i32>
// SCF-LABEL: func.func @delta_stepping
// SCF: call @graphrt_pq_new
// SCF: call @graphrt_worklist_new_ordered
// SCF: omp.parallel
// SCF: call @graphrt_worklist_take
// SCF: memref.atomic_rmw mins
// SCF: call @graphrt_worklist_push_ordered
// SCF: call @graphrt_worklist_free
func.func @delta_stepping(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %start: index) {
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %pq = graph.pq.new %dist lower_first update(obim) delta(%c2) open_buckets(%c128) start(%start) : !graph.vector<i32> -> !graph.priority_queue<i32>
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %false = arith.constant false
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %f = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    graph.edgeset.apply %g from(%f) update_priority(%pq : !graph.priority_queue<i32>) label("s1")
        schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = obim, delta = 2>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %nd = arith.addi %d, %w : i32
      %c = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %f
    scf.yield
  }
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}

// -----

// A serial schedule drains the ordered worklist on the calling thread, with
// plain (not atomic) updates; `finished != true` tests as `== false` does,
// and 64-bit priorities are pushed as they are.
// CHECK-LABEL: func.func @serial_i64
// CHECK: %[[WL:.*]] = graph.worklist.new_ordered %{{.*}} : !graph.priority_queue<i64>
// CHECK-NOT: omp.parallel
// CHECK: graph.worklist.take %[[WL]]
// CHECK: %[[CHANGED:.*]] = graph.reduce min %{{.*}}[%[[DST:.*]]], %[[NEW:.*]] : !graph.vector<i64>
// CHECK-NEXT: scf.if %[[CHANGED]] {
// CHECK: graph.worklist.push_ordered %[[WL]], %[[DST]], %[[NEW]] : i64
// CHECK: graph.worklist.free %[[WL]]
// SCF-LABEL: func.func @serial_i64
// SCF-NOT: omp.parallel
// SCF: call @graphrt_worklist_push_ordered
func.func @serial_i64(%g: !graph.edgeset<i64>, %dist: !graph.vector<i64>, %start: index) {
  %c1 = arith.constant 1 : index
  %pq = graph.pq.new %dist lower_first update(obim) delta(%c1) open_buckets(%c1) start(%start) : !graph.vector<i64> -> !graph.priority_queue<i64>
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i64>
    %true = arith.constant true
    %more = arith.cmpi ne, %done, %true : i1
    scf.condition(%more)
  } do {
    %f = graph.pq.dequeue %pq : !graph.priority_queue<i64>
    graph.edgeset.apply %g from(%f) update_priority(%pq : !graph.priority_queue<i64>)
        schedule(#graph.schedule<priority_update = obim>) body {
    ^bb0(%src: index, %dst: index, %w: i64):
      %d = graph.vector.get %dist[%src] : !graph.vector<i64>
      %nd = arith.addi %d, %w : i64
      %c = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i64>
      graph.yield
    } : !graph.edgeset<i64>
    graph.vertexset.free %f
    scf.yield
  }
  graph.pq.free %pq : !graph.priority_queue<i64>
  return
}

// -----

// A point-to-point search (PPSP) runs until its target is settled: the
// target, computed in the loop's test, is computed before the worklist,
// which ends each thread's work once the target is settled.
// CHECK-LABEL: func.func @until_target
// CHECK: %[[T:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: graph.pq.edges
// CHECK-NEXT: %[[WL:.*]] = graph.worklist.new_ordered %{{.*}} until(%[[T]]) : !graph.priority_queue<i32>
// CHECK-NOT: graph.pq.finished
// CHECK: graph.worklist.take %[[WL]]
// CHECK: graph.worklist.push_ordered %[[WL]]
// CHECK: graph.worklist.free %[[WL]]
// SCF-LABEL: func.func @until_target
// SCF: call @graphrt_worklist_new_ordered_until
func.func @until_target(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %start: index, %target: i32) {
  %c1 = arith.constant 1 : index
  %pq = graph.pq.new %dist lower_first update(obim) delta(%c1) open_buckets(%c1) start(%start) : !graph.vector<i32> -> !graph.priority_queue<i32>
  scf.while : () -> () {
    %t = arith.index_cast %target : i32 to index
    %done = graph.pq.finished %pq vertex(%t) : !graph.priority_queue<i32>
    %false = arith.constant false
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %f = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    graph.edgeset.apply %g from(%f) update_priority(%pq : !graph.priority_queue<i32>)
        schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = obim>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %nd = arith.addi %d, %w : i32
      %c = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %f
    scf.yield
  }
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}

// -----

// The ordered worklist's ops print as they parse.
// ROUND-LABEL: func.func @ops
// ROUND: %[[WL:.*]] = graph.worklist.new_ordered %{{.*}} : !graph.priority_queue<i32>
// ROUND-NEXT: graph.worklist.push_ordered %[[WL]], %{{.*}}, %{{.*}} : i32
// ROUND-NEXT: graph.worklist.take %[[WL]] : memref<?xi32>
// ROUND-NEXT: graph.worklist.free %[[WL]]
// ROUND-NEXT: graph.worklist.new_ordered %{{.*}} until(%{{.*}}) : !graph.priority_queue<i32>
func.func @ops(%pq: !graph.priority_queue<i32>, %v: index, %p: i32) {
  %work = graph.worklist.new_ordered %pq : !graph.priority_queue<i32>
  graph.worklist.push_ordered %work, %v, %p : i32
  %ids = graph.worklist.take %work : memref<?xi32>
  graph.worklist.free %work
  %search = graph.worklist.new_ordered %pq until(%v) : !graph.priority_queue<i32>
  return
}
