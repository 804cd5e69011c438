// RUN: graph-opt %s --graph-segment --graph-lower-direction --graph-numa | FileCheck %s

// A pull spread over sockets with an epilogue (graph-fuse-epilogue's
// PageRank update, with a fused filter's kept set): the segments fold into
// the sockets' buffers from the buffers' values (not from reset's 0.0), and
// the merge, which visits every destination once, starts from 0.0 (reset:
// the vector is neither loaded nor stored), adds the sockets' sums and runs
// the epilogue on the complete sum, marking the kept destinations.
// CHECK-LABEL: func.func @numa_epilogue
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0 : !graph.edgeset
// CHECK: %[[BUF:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK: proc_bind(spread)
// CHECK: %[[INIT:.*]] = memref.load %[[BUF]][%[[SOCKET:.*]], %[[DST:.*]]]
// CHECK: %[[PART:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (f32)
// CHECK: memref.store %[[PART]], %[[BUF]][%[[SOCKET]], %[[DST]]]
// CHECK-NOT: graph.vector.set
// CHECK: omp.terminator
// CHECK: scf.while : () -> i64 {
// CHECK: scf.for %[[V:.*]] = 
// CHECK-NOT: graph.vector.get %[[ACC:.*]][%[[V]]]
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[S:.*]] = %[[ZERO]]) -> (f32)
// CHECK: memref.load %[[BUF]]
// CHECK: }
// CHECK-NEXT: %[[R:.*]] = arith.mulf %{{.*}}, %[[SUM]] : f32
// CHECK-NEXT: graph.vector.set %{{.*}}[%[[V]]], %[[R]] : !graph.vector<f32>
// CHECK-NEXT: %[[KEEP:.*]] = arith.cmpf ogt, %[[R]], %{{.*}} : f32
// CHECK-NEXT: scf.if %[[KEEP]] {
// CHECK: memref.dealloc %[[BUF]]
// CHECK: graph.vertexset.seal_dense %[[OUT]]
func.func @numa_epilogue(%g: !graph.edgeset, %damp: f32, %half: f32) -> !graph.vertexset {
  %incoming = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  %contrib = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  %rank = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  %kept = graph.edgeset.apply %g reset(0.0 : f32)
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 4, numa = static_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f32>
    %changed = graph.reduce add %incoming[%dst], %c : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    %r = arith.mulf %damp, %sum : f32
    graph.vector.set %rank[%v], %r : !graph.vector<f32>
    %keep = arith.cmpf ogt, %r, %half : f32
    graph.yield %keep : i1
  } : !graph.edgeset -> !graph.vertexset
  return %kept : !graph.vertexset
}

// After reductions into rows (CF's update) the sockets reduce into the rows
// themselves: once every socket is done, one pass over the vertices runs
// the epilogue, which reads the complete rows, and marks the kept
// destinations. The segments need not list every destination in the last.
// CHECK-LABEL: func.func @numa_rows
// CHECK: graph.segments %arg0 count(%{{.*}}) fixed_vertex_count :
// CHECK: graph.vector.new
// CHECK: graph.vector.new
// CHECK: %[[ERROR:.*]] = graph.vector.new
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0 : !graph.edgeset
// CHECK: %[[N:.*]] = graph.num_vertices %arg0
// CHECK: proc_bind(spread)
// CHECK: proc_bind(close)
// CHECK: graph.reduce add atomic %[[ERROR]][%{{.*}}, %{{.*}}]
// CHECK-NOT: graph.vector.set
// CHECK: omp.terminator
// CHECK: omp.terminator
// CHECK: omp.parallel {
// CHECK: scf.while
// CHECK: scf.for %[[V:.*]] = 
// CHECK-NEXT: %[[E0:.*]] = graph.vector.get %[[ERROR]][%[[V]], %{{.*}}]
// CHECK-NEXT: scf.for %[[K:.*]] =
// CHECK-NEXT: %[[E:.*]] = graph.vector.get %[[ERROR]][%[[V]], %[[K]]]
// CHECK-NEXT: %[[X:.*]] = arith.mulf %arg1, %[[E]]
// CHECK-NEXT: graph.vector.set %{{.*}}[%[[V]], %[[K]]], %[[X]]
// CHECK-NEXT: graph.vector.set %[[ERROR]][%[[V]], %[[K]]]
// CHECK: %[[KEEP:.*]] = arith.cmpf ogt, %[[E0]], %arg1 : f64
// CHECK-NEXT: scf.if %[[KEEP]] {
// CHECK: graph.vertexset.seal_dense %[[OUT]]
func.func @numa_rows(%g: !graph.edgeset, %step: f64) -> !graph.vertexset {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %latent = graph.vector.new %g : !graph.edgeset -> !graph.vector<?x4xf64>
  %next = graph.vector.new %g : !graph.edgeset -> !graph.vector<?x4xf64>
  %error = graph.vector.new %g : !graph.edgeset -> !graph.vector<?x4xf64>
  %kept = graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 2, numa = static_parallel>) body {
  ^bb0(%src: index, %dst: index):
    scf.for %i = %c0 to %c4 step %c1 {
      %ls = graph.vector.get %latent[%src, %i] : !graph.vector<?x4xf64>
      %changed = graph.reduce add %error[%dst, %i], %ls : !graph.vector<?x4xf64>
    }
    graph.yield
  } epilogue {
  ^bb0(%v: index):
    %e0 = graph.vector.get %error[%v, %c0] : !graph.vector<?x4xf64>
    scf.for %i = %c0 to %c4 step %c1 {
      %e = graph.vector.get %error[%v, %i] : !graph.vector<?x4xf64>
      %x = arith.mulf %step, %e : f64
      graph.vector.set %next[%v, %i], %x : !graph.vector<?x4xf64>
      graph.vector.set %error[%v, %i], %zero : !graph.vector<?x4xf64>
    }
    %keep = arith.cmpf ogt, %e0, %step : f64
    graph.yield %keep : i1
  } : !graph.edgeset -> !graph.vertexset
  return %kept : !graph.vertexset
}
