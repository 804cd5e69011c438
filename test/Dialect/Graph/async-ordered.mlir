// RUN: graph-opt %s --split-input-file | graph-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s --graph-lower-async --split-input-file | FileCheck %s
// RUN: graph-opt %s --graph-lower-async --graph-lower-direction --convert-graph-to-scf --split-input-file | FileCheck %s --check-prefix=SCF

// The ordered asynchronous schedule (async = ordered) of Bellman-Ford over
// frontiers: graph-lower-async replaces the loop by an ordered worklist made
// from the initial frontier in buckets of the tracked distances (delta from
// the schedule), drained by every thread of one parallel region; a
// destination whose distance the min lowered is pushed to the bucket of its
// new distance (read back, 0 for a negative one).
// ROUND-LABEL: func.func @bellman_ford
// ROUND: schedule(#graph.schedule<parallel = dynamic_vertex, delta = 4, async = ordered>)
// CHECK-LABEL: func.func @bellman_ford
// CHECK-SAME: (%[[G:.*]]: !graph.edgeset<i32>, %[[DIST:.*]]: !graph.vector<i32>, %[[INIT:.*]]: !graph.vertexset)
// CHECK-NOT: scf.while (
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[WL:.*]] = graph.worklist.new_by_value %[[INIT]], %[[DIST]] delta(%[[C4]]) : !graph.vector<i32>
// CHECK-NEXT: graph.vertexset.free %[[INIT]]
// CHECK-NOT: graph.edgeset.apply
// CHECK: omp.parallel {
// CHECK: scf.while : () -> i64 {
// CHECK: scf.while : () -> memref<?xi32> {
// CHECK-NEXT: %[[CHUNK:.*]] = graph.worklist.take %[[WL]] : memref<?xi32>
// CHECK: scf.condition(%{{.*}}) %[[CHUNK]] : memref<?xi32>
// CHECK: ^bb0(%[[IDS:.*]]: memref<?xi32>):
// CHECK: scf.for
// CHECK: memref.load %[[IDS]]
// CHECK: %[[CHANGED:.*]] = graph.reduce min atomic %[[DIST]][%[[DST:.*]]], %{{.*}} : !graph.vector<i32>
// CHECK-NEXT: scf.if %[[CHANGED]] {
// CHECK-NEXT: %[[NEW:.*]] = graph.vector.get %[[DIST]][%[[DST]]] : !graph.vector<i32>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[PRIO:.*]] = arith.maxsi %[[NEW]], %[[ZERO]] : i32
// CHECK-NEXT: graph.worklist.push_ordered %[[WL]], %[[DST]], %[[PRIO]] : i32
// CHECK: omp.terminator
// CHECK: graph.worklist.free %[[WL]]
// CHECK-NEXT: %[[EMPTY:.*]] = graph.vertexset.new %[[G]] : !graph.edgeset<i32>
// CHECK-NEXT: graph.vertexset.free %[[EMPTY]]
// SCF-LABEL: func.func @bellman_ford
// SCF: call @graphrt_worklist_new_by_value(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, i64) -> !llvm.ptr
// SCF: omp.parallel
// SCF: call @graphrt_worklist_take
// SCF: memref.atomic_rmw mins
// SCF: call @graphrt_worklist_push_ordered
// SCF: call @graphrt_worklist_free
func.func @bellman_ford(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %init: !graph.vertexset) {
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%dist : !graph.vector<i32>) dedup label("s1")
        schedule(#graph.schedule<async = ordered, parallel = dynamic_vertex, delta = 4>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %nd = arith.addi %d, %w : i32
      %c = graph.reduce min %dist[%dst], %nd : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset<i32> -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final
  return
}

// -----

// Serial, int64 labels, delta from argv: the calling thread drains the
// worklist; `async = unordered` is printed as `async`.
// ROUND-LABEL: func.func @labels
// ROUND: schedule(#graph.schedule<delta = argv[3], async = ordered>)
// ROUND: schedule(#graph.schedule<async>)
// ROUND: graph.worklist.new_by_value %{{.*}}, %{{.*}} delta(%{{.*}}) : !graph.vector<i64>
// CHECK-LABEL: func.func @labels
// CHECK: %[[ARG:.*]] = graph.argv 3
// CHECK: %[[DELTA:.*]] = arith.index_cast
// CHECK-NEXT: %[[WL:.*]] = graph.worklist.new_by_value %{{.*}}, %[[LABEL:.*]] delta(%[[DELTA]]) : !graph.vector<i64>
// CHECK-NOT: omp.parallel
// CHECK: graph.worklist.take %[[WL]]
// CHECK: graph.reduce min %[[LABEL]]
// CHECK: graph.vector.get %[[LABEL]]
// CHECK: arith.maxsi
// CHECK: graph.worklist.push_ordered %[[WL]], %{{.*}}, %{{.*}} : i64
// CHECK: graph.worklist.new %
// SCF-LABEL: func.func @labels
// SCF: call @graphrt_worklist_new_by_value
// SCF-NOT: omp.parallel
// SCF: call @graphrt_worklist_push_ordered
func.func @labels(%g: !graph.edgeset, %label: !graph.vector<i64>, %init: !graph.vertexset, %other: !graph.vertexset) {
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ugt, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%label : !graph.vector<i64>) label("s1")
        schedule(#graph.schedule<async = ordered, delta = argv[3]>) body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %label[%src] : !graph.vector<i64>
      %c = graph.reduce min %label[%dst], %l : !graph.vector<i64>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final
  %final2 = scf.while (%f = %other) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ugt, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%label : !graph.vector<i64>) label("s2")
        schedule(#graph.schedule<async = unordered>) body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %label[%src] : !graph.vector<i64>
      %c = graph.reduce min %label[%dst], %l : !graph.vector<i64>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final2
  %c1 = arith.constant 1 : index
  %w = graph.worklist.new_by_value %other, %label delta(%c1) : !graph.vector<i64>
  graph.worklist.free %w
  return
}
