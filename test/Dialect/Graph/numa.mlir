// RUN: graph-opt %s --graph-segment --graph-lower-direction --graph-numa --split-input-file | FileCheck %s
// RUN: graph-opt %s --graph-segment --graph-lower-direction --split-input-file | FileCheck %s --check-prefix=LEFT

// PageRank's pull spread over sockets (static_parallel): a spread team over
// sockets, socket s taking segments s, s + sockets, ...; inside, a close team
// of threads_per_socket threads runs the schedule's wsloop over the segment's
// destinations. The sum goes to the socket's row of the buffers, filled with
// 0.0 (add's identity) by the socket's own team; no atomics, no store to the
// shared vector inside the socket loop. A parallel merge adds the rows into
// new_rank and frees the buffers.
// LEFT-LABEL: func.func @pull_static
// LEFT: graph.edgeset.apply
// CHECK-LABEL: func.func @pull_static
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK: %[[SEGS:.*]] = graph.segments %arg0 count(%{{.*}})
// CHECK: %[[COUNT:.*]] = graph.segments.count %[[SEGS]]
// CHECK: %[[SOCKETS:.*]] = graph.numa.sockets : index
// CHECK: %[[PER:.*]] = graph.numa.threads_per_socket : index
// CHECK: %[[N:.*]] = graph.num_vertices %arg0
// CHECK: %[[BUF:.*]] = memref.alloc(%[[SOCKETS]], %[[N]]) : memref<?x?xf64>
// CHECK: omp.parallel num_threads(%[[SOCKETS]] : index) proc_bind(spread) {
// CHECK: omp.wsloop schedule(static = %[[C1]] : i64) {
// CHECK: omp.loop_nest (%[[SOCKET:.*]]) : index = (%{{.*}}) to (%[[SOCKETS]])
// CHECK: omp.parallel num_threads(%[[PER]] : index) proc_bind(close) {
// CHECK: scf.while
// CHECK: scf.for %[[V:.*]] = 
// CHECK: memref.store %[[ZERO]], %[[BUF]][%[[SOCKET]], %[[V]]]
// CHECK: scf.for %[[SEG:.*]] = %[[SOCKET]] to %[[COUNT]] step %[[SOCKETS]] {
// CHECK: %[[DSTS:.*]], %{{.*}}, %{{.*}} = graph.segment.view %[[SEGS]][%[[SEG]]]
// CHECK: omp.parallel num_threads(%[[PER]] : index) proc_bind(close) {
// CHECK: scf.while : () -> i64 {
// CHECK: %[[D32:.*]] = memref.load %[[DSTS]]
// CHECK: %[[DST:.*]] = arith.index_cast %[[D32]]
// CHECK: %[[INIT:.*]] = memref.load %[[BUF]][%[[SOCKET]], %[[DST]]]
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f64)
// CHECK-NOT: graph.reduce
// CHECK-NOT: atomic
// CHECK: arith.addf %[[ACC]]
// CHECK: memref.store %[[SUM]], %[[BUF]][%[[SOCKET]], %[[DST]]]
// CHECK-NOT: graph.vector.set
// CHECK: omp.terminator
// CHECK: omp.parallel {
// CHECK: scf.while
// CHECK: scf.for %[[M:.*]] = 
// CHECK: %[[OLD:.*]] = graph.vector.get %arg2[%[[M]]]
// CHECK: %[[MERGED:.*]] = scf.for %[[S:.*]] = %{{.*}} to %[[SOCKETS]] step %{{.*}} iter_args(%[[A:.*]] = %[[OLD]]) -> (f64)
// CHECK: %[[LOCAL:.*]] = memref.load %[[BUF]][%[[S]], %[[M]]]
// CHECK: arith.addf %[[A]], %[[LOCAL]]
// CHECK: graph.vector.set %arg2[%[[M]]], %[[MERGED]]
// CHECK: memref.dealloc %[[BUF]] : memref<?x?xf64>
func.func @pull_static(%g: !graph.edgeset, %contrib: !graph.vector<f64>,
                       %rank: !graph.vector<f64>) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex,
                               grain = 512, segments = 16, numa = static_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// dynamic_parallel: each socket takes whole segments from a shared counter.
// A tracked min into an i32 vector: rows start at INT32_MAX, the merge takes
// the minimum and marks the destinations whose value changed.
// CHECK-LABEL: func.func @pull_dynamic_tracked
// CHECK-DAG: %[[MAX:.*]] = arith.constant 2147483647 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i8
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0
// CHECK: %[[FLAGS:.*]] = graph.vertexset.bools %[[OUT]]
// CHECK: %[[COUNT:.*]] = graph.segments.count
// CHECK: %[[BUF:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xi32>
// CHECK: %[[NEXT:.*]] = memref.alloc() : memref<1xi64>
// CHECK: omp.parallel num_threads(%{{.*}} : index) proc_bind(spread)
// CHECK: omp.loop_nest (%[[SOCKET:.*]]) : index
// CHECK: memref.store %[[MAX]], %[[BUF]][%[[SOCKET]], %{{.*}}]
// CHECK: scf.while : () -> index {
// CHECK: %[[TAKEN:.*]] = memref.atomic_rmw addi %{{.*}}, %[[NEXT]][%{{.*}}]
// CHECK: %[[SEG:.*]] = arith.index_cast %[[TAKEN]] : i64 to index
// CHECK: %[[MORE:.*]] = arith.cmpi ult, %[[SEG]], %[[COUNT]]
// CHECK: scf.condition(%[[MORE]]) %[[SEG]]
// CHECK: } do {
// CHECK: ^bb0(%[[S:.*]]: index):
// CHECK: graph.segment.view %{{.*}}[%[[S]]]
// CHECK: omp.parallel num_threads(%{{.*}} : index) proc_bind(close)
// CHECK: omp.wsloop nowait schedule(static = %{{.*}} : i64)
// CHECK: arith.minsi
// CHECK-NOT: memref.store %[[ONE]]
// CHECK: memref.store %{{.*}}, %[[BUF]][%[[SOCKET]], %{{.*}}]
// CHECK: memref.dealloc %[[NEXT]]
// CHECK: omp.loop_nest (%[[M:.*]]) : index
// CHECK: %[[OLD:.*]] = graph.vector.get %arg2[%[[M]]]
// CHECK: %[[MERGED:.*]] = scf.for
// CHECK: arith.minsi
// CHECK: graph.vector.set %arg2[%[[M]]], %[[MERGED]]
// CHECK: %[[CHANGED:.*]] = arith.cmpi ne, %[[MERGED]], %[[OLD]]
// CHECK: scf.if %[[CHANGED]] {
// CHECK: memref.store %[[ONE]], %[[FLAGS]][%[[M]]]
// CHECK: memref.dealloc %[[BUF]]
// CHECK: graph.vertexset.seal_dense %[[OUT]]
func.func @pull_dynamic_tracked(%g: !graph.edgeset, %labels: !graph.vector<i32>,
                                %ids: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g track(%ids : !graph.vector<i32>)
      schedule(#graph.schedule<direction = dense_pull, parallel = static_vertex,
                               grain = 64, segments = 3, numa = dynamic_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %labels[%src] : !graph.vector<i32>
    %changed = graph.reduce min %ids[%dst], %c : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return %out : !graph.vertexset
}

// -----

// CC reads the vector it reduces into (ids[src]): no register accumulator,
// so no buffers; sockets share destinations, so the min is atomic.
// CHECK-LABEL: func.func @pull_shared
// CHECK-NOT: memref<?x?x
// CHECK: omp.parallel num_threads(%{{.*}} : index) proc_bind(spread)
// CHECK: omp.parallel num_threads(%{{.*}} : index) proc_bind(close)
// CHECK: graph.reduce min atomic %arg1
func.func @pull_shared(%g: !graph.edgeset, %ids: !graph.vector<i32>) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex,
                               segments = 4, numa = static_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %ids[%src] : !graph.vector<i32>
    %changed = graph.reduce min %ids[%dst], %c : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Push segments cut the destinations: sockets write disjoint ranges and the
// parallel push's atomics suffice, no buffers and no merge.
// CHECK-LABEL: func.func @push
// CHECK-NOT: memref<?x?x
// CHECK: graph.segments %arg0 count(%{{.*}}) fixed_vertex_count : !graph.edgeset -> !graph.segments<out>
// CHECK: omp.parallel num_threads(%{{.*}} : index) proc_bind(spread)
// CHECK: scf.for
// CHECK: omp.parallel num_threads(%{{.*}} : index) proc_bind(close)
// CHECK: graph.reduce add atomic %arg2
// CHECK-NOT: omp.parallel
// CHECK: return
func.func @push(%g: !graph.edgeset, %contrib: !graph.vector<f64>,
                %rank: !graph.vector<f64>) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_push, parallel = dynamic_vertex,
                               segments = 3, numa = static_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// numa = serial is graph-segment's sequential segment loop: graph-numa has
// nothing to do, graph-lower-direction lowers it.
// LEFT-LABEL: func.func @serial_numa
// LEFT-NOT: graph.edgeset.apply
// CHECK-LABEL: func.func @serial_numa
// CHECK-NOT: graph.numa.sockets
// CHECK: scf.for
// CHECK: omp.parallel {
func.func @serial_numa(%g: !graph.edgeset, %contrib: !graph.vector<f64>,
                       %rank: !graph.vector<f64>) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex,
                               segments = 4, numa = serial>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Without buffers (the body reads the vector it reduces into), sockets'
// segments share destinations: a destination whose value changed is marked
// with an atomic exchange, whose old byte says whether the mark added it.
// LEFT-LABEL: func.func @pull_shared_tracked
// CHECK-LABEL: func.func @pull_shared_tracked
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0
// CHECK: %[[FLAGS:.*]] = graph.vertexset.bools %[[OUT]]
// CHECK: omp.parallel num_threads(%{{.*}} : index) proc_bind(spread)
// CHECK: omp.parallel num_threads(%{{.*}} : index) proc_bind(close)
// CHECK: %[[CHANGED:.*]] = graph.reduce min atomic %arg1
// CHECK: scf.if %[[CHANGED]] {
// CHECK: %[[OLD:.*]] = memref.atomic_rmw assign %{{.*}}, %[[FLAGS]]
// CHECK: arith.cmpi eq, %[[OLD]]
// CHECK: graph.vertexset.seal_dense %[[OUT]]
func.func @pull_shared_tracked(%g: !graph.edgeset, %ids: !graph.vector<i32>)
    -> !graph.vertexset {
  %out = graph.edgeset.apply %g track(%ids : !graph.vector<i32>)
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex,
                               segments = 4, numa = static_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %ids[%src] : !graph.vector<i32>
    %changed = graph.reduce min %ids[%dst], %c : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return %out : !graph.vertexset
}
