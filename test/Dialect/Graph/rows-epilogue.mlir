// RUN: graph-opt %s --split-input-file --graph-segment --graph-lower-direction | FileCheck %s

// An epilogue after reductions into rows (CF's update, fused by
// graph-fuse-epilogue): there is no sum in a register; the epilogue runs
// right after the destination's in-edges, reading the rows the body summed,
// here in the last of plain segments, which lists every destination.
// CHECK-LABEL: func.func @rows
// CHECK: %[[SEGS:.*]] = graph.segments %arg0 count(%{{.*}}) fixed_vertex_count last_lists_all
// CHECK: graph.vector.new
// CHECK: %[[NEXT:.*]] = graph.vector.new
// CHECK: %[[ERROR:.*]] = graph.vector.new
// CHECK: scf.for
// CHECK: graph.reduce add %[[ERROR]][%[[D:.*]], %{{.*}}]
// CHECK-NOT: arith.mulf
// CHECK: graph.segment.view %[[SEGS]]
// CHECK: %[[V:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: graph.reduce add %[[ERROR]][%[[V]], %{{.*}}]
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %[[K:.*]] =
// CHECK-NEXT: %[[E:.*]] = graph.vector.get %[[ERROR]][%[[V]], %[[K]]]
// CHECK-NEXT: %[[X:.*]] = arith.mulf %arg1, %[[E]]
// CHECK-NEXT: graph.vector.set %[[NEXT]][%[[V]], %[[K]]], %[[X]]
// CHECK-NEXT: graph.vector.set %[[ERROR]][%[[V]], %[[K]]]
func.func @rows(%g: !graph.edgeset, %step: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %latent = graph.vector.new %g : !graph.edgeset -> !graph.vector<?x4xf64>
  %next = graph.vector.new %g : !graph.edgeset -> !graph.vector<?x4xf64>
  %error = graph.vector.new %g : !graph.edgeset -> !graph.vector<?x4xf64>
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 2>) body {
  ^bb0(%src: index, %dst: index):
    scf.for %i = %c0 to %c4 step %c1 {
      %ls = graph.vector.get %latent[%src, %i] : !graph.vector<?x4xf64>
      %changed = graph.reduce add %error[%dst, %i], %ls : !graph.vector<?x4xf64>
    }
    graph.yield
  } epilogue {
  ^bb0(%v: index):
    scf.for %i = %c0 to %c4 step %c1 {
      %e = graph.vector.get %error[%v, %i] : !graph.vector<?x4xf64>
      %x = arith.mulf %step, %e : f64
      graph.vector.set %next[%v, %i], %x : !graph.vector<?x4xf64>
      graph.vector.set %error[%v, %i], %zero : !graph.vector<?x4xf64>
    }
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// A hybrid's push gets the epilogue back as a vertex loop over every vertex
// after it, unchanged (it reads the rows itself); the pull runs it per
// destination.
// CHECK-LABEL: func.func @rows_hybrid
// CHECK: scf.if
// CHECK: graph.reduce add %[[ERROR:.*]][%[[D:.*]], %{{.*}}]
// CHECK: graph.vector.get %[[ERROR]][%[[D]],
// CHECK: } else {
// CHECK-NOT: graph.vector.get %[[ERROR]]
// CHECK: graph.reduce add %[[ERROR]]
// CHECK: graph.vertexset.apply %[[ALL:.*]] {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index):
// CHECK: graph.vector.get %[[ERROR]][%[[V]],
// CHECK: graph.vertexset.free %[[ALL]]
func.func @rows_hybrid(%g: !graph.edgeset, %from: !graph.vertexset, %step: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %latent = graph.vector.new %g : !graph.edgeset -> !graph.vector<?x4xf64>
  %next = graph.vector.new %g : !graph.edgeset -> !graph.vector<?x4xf64>
  %error = graph.vector.new %g : !graph.edgeset -> !graph.vector<?x4xf64>
  graph.edgeset.apply %g from(%from) schedule(#graph.schedule<direction = sparse_push_dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    scf.for %i = %c0 to %c4 step %c1 {
      %ls = graph.vector.get %latent[%src, %i] : !graph.vector<?x4xf64>
      %changed = graph.reduce add %error[%dst, %i], %ls : !graph.vector<?x4xf64>
    }
    graph.yield
  } epilogue {
  ^bb0(%v: index):
    scf.for %i = %c0 to %c4 step %c1 {
      %e = graph.vector.get %error[%v, %i] : !graph.vector<?x4xf64>
      %x = arith.mulf %step, %e : f64
      graph.vector.set %next[%v, %i], %x : !graph.vector<?x4xf64>
      graph.vector.set %error[%v, %i], %zero : !graph.vector<?x4xf64>
    }
    graph.yield
  } : !graph.edgeset
  return
}
