// RUN: graph-opt %s --split-input-file | graph-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s --graph-lower-async --split-input-file | FileCheck %s
// RUN: graph-opt %s --graph-lower-async --graph-lower-direction --convert-graph-to-scf --split-input-file | FileCheck %s --check-prefix=SCF

// Bellman-Ford over frontiers: the loop only drains the frontier and the
// body is one min into the tracked vector, so graph-lower-async replaces the
// loop by a worklist made from the initial frontier (which the loop's first
// round freed), drained by every thread of one parallel region: a thread
// takes chunks and pushes each destination whose distance the min lowered.
// The loop's result, the frontier after it, is an empty set.
// ROUND-LABEL: func.func @bellman_ford
// ROUND: schedule(#graph.schedule<parallel = dynamic_vertex, async>)
// CHECK-LABEL: func.func @bellman_ford
// CHECK-SAME: (%[[G:.*]]: !graph.edgeset<i32>, %[[DIST:.*]]: !graph.vector<i32>, %[[INIT:.*]]: !graph.vertexset)
// CHECK-NOT: scf.while (
// CHECK: %[[WL:.*]] = graph.worklist.new %[[INIT]]
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
// CHECK-NEXT: graph.worklist.push %[[WL]], %[[DST]]
// CHECK: omp.terminator
// CHECK: graph.worklist.free %[[WL]]
// CHECK-NEXT: %[[EMPTY:.*]] = graph.vertexset.new %[[G]] : !graph.edgeset<i32>
// CHECK-NEXT: graph.vertexset.free %[[EMPTY]]
// SCF-LABEL: func.func @bellman_ford
// SCF: call @graphrt_worklist_new
// SCF: omp.parallel
// SCF: call @graphrt_worklist_take
// SCF: memref.atomic_rmw mins
// SCF: call @graphrt_worklist_push
// SCF: call @graphrt_worklist_free
func.func @bellman_ford(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %init: !graph.vertexset) {
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %n32 = arith.index_cast %n : index to i32
    %c0 = arith.constant 0 : i32
    %more = arith.cmpi ne, %n32, %c0 : i32
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%dist : !graph.vector<i32>) dedup label("s1")
        schedule(#graph.schedule<parallel = dynamic_vertex, async>) body {
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

// A serial schedule drains the worklist on the calling thread, with plain
// (not atomic) updates; `size > 0` tests the frontier as `size != 0` does,
// and a max is as order-independent as a min.
// CHECK-LABEL: func.func @serial_max
// CHECK: graph.worklist.new
// CHECK-NOT: omp.parallel
// CHECK: graph.worklist.take
// CHECK: graph.reduce max %{{.*}}[%[[DST:.*]]], %{{.*}} : !graph.vector<i32>
// CHECK-NEXT: scf.if
// CHECK-NEXT: graph.worklist.push %{{.*}}, %[[DST]]
func.func @serial_max(%g: !graph.edgeset, %label: !graph.vector<i32>, %init: !graph.vertexset) {
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ugt, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%label : !graph.vector<i32>)
        schedule(#graph.schedule<async>) body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %label[%src] : !graph.vector<i32>
      %c = graph.reduce max %label[%dst], %l : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final
  return
}

// -----

// The worklist ops round-trip, and lower to one libgraphrt call each.
// ROUND-LABEL: func.func @worklist_ops
// ROUND: %[[W:.*]] = graph.worklist.new %{{.*}}
// ROUND-NEXT: graph.worklist.take %[[W]] : memref<?xi32>
// ROUND-NEXT: graph.worklist.push %[[W]], %{{.*}}
// ROUND-NEXT: graph.worklist.free %[[W]]
// SCF-LABEL: func.func @worklist_ops
// SCF: call @graphrt_worklist_new(%{{.*}}) : (!llvm.ptr) -> !llvm.ptr
// SCF: call @graphrt_worklist_take(%{{.*}}) : (!llvm.ptr) -> memref<?xi32>
// SCF: call @graphrt_worklist_push(%{{.*}}, %{{.*}}) : (!llvm.ptr, index) -> ()
// SCF: call @graphrt_worklist_free(%{{.*}}) : (!llvm.ptr) -> ()
func.func @worklist_ops(%set: !graph.vertexset, %v: index) -> memref<?xi32> {
  %w = graph.worklist.new %set
  %ids = graph.worklist.take %w : memref<?xi32>
  graph.worklist.push %w, %v
  graph.worklist.free %w
  return %ids : memref<?xi32>
}
