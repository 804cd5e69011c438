// RUN: graph-opt %s --graph-lower-direction | FileCheck %s

// A hybrid with an epilogue: the pull keeps it and runs it per destination;
// the push cannot, so it becomes the vertex loop it was, after the push,
// reading the sum from the accumulated vector and (for reset) resetting it.
// CHECK-LABEL: func.func @hybrid
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: scf.if %{{.*}} {
// CHECK: scf.while : () -> i64 {
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (f64)
// CHECK: graph.vector.set %[[X:.*]][%{{.*}}], %[[SUM]] : !graph.vector<f64>
// CHECK: } else {
// CHECK: graph.reduce add atomic %[[ACC:.*]][%{{.*}}]
// CHECK: %[[ALL:.*]] = graph.vertexset.new %{{.*}} all : !graph.edgeset
// CHECK-NEXT: graph.vertexset.apply %[[ALL]] {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index):
// CHECK-NEXT: %[[S:.*]] = graph.vector.get %[[ACC]][%[[V]]] : !graph.vector<f64>
// CHECK-NEXT: graph.vector.set %[[X]][%[[V]]], %[[S]] : !graph.vector<f64>
// CHECK-NEXT: graph.vector.set %[[ACC]][%[[V]]], %[[ZERO]] : !graph.vector<f64>
// CHECK-NEXT: }
// CHECK-NEXT: graph.vertexset.free %[[ALL]]
// CHECK-NEXT: }
func.func @hybrid(%g: !graph.edgeset, %f: !graph.vertexset) {
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  graph.edgeset.apply %g from(%f) reset(0.0 : f64)
      schedule(#graph.schedule<direction = sparse_push_dense_pull, parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f64):
    graph.vector.set %x[%v], %sum : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// A hybrid whose epilogue keeps vertices (a fused filter): the push side
// gets the filter back, and its set is the branch's result.
// CHECK-LABEL: func.func @hybrid_kept
// CHECK: %[[KEPT:.*]] = scf.if %{{.*}} -> (!graph.vertexset) {
// CHECK: scf.if %{{.*}} {
// CHECK: graph.vertexset.seal_dense %[[DENSE:[0-9]+]], %{{.*}}
// CHECK: scf.yield %[[DENSE]] : !graph.vertexset
// CHECK: } else {
// CHECK: graph.reduce add %[[ACC:.*]][%{{.*}}]
// CHECK: %[[ALL:.*]] = graph.vertexset.new %{{.*}} all : !graph.edgeset
// CHECK-NEXT: %[[SET:.*]] = graph.vertexset.filter %[[ALL]] {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index):
// CHECK-NEXT: %[[S:.*]] = graph.vector.get %[[ACC]][%[[V]]] : !graph.vector<f64>
// CHECK-NEXT: %[[K:.*]] = arith.cmpf ogt, %[[S]], %{{.*}} : f64
// CHECK-NEXT: graph.vector.set %[[ACC]][%[[V]]], %{{.*}} : !graph.vector<f64>
// CHECK-NEXT: graph.yield %[[K]] : i1
// CHECK-NEXT: }
// CHECK-NEXT: graph.vertexset.free %[[ALL]]
// CHECK-NEXT: scf.yield %[[SET]] : !graph.vertexset
// CHECK: return %[[KEPT]]
func.func @hybrid_kept(%g: !graph.edgeset, %f: !graph.vertexset, %half: f64) -> !graph.vertexset {
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %s = graph.edgeset.apply %g from(%f) reset(0.0 : f64)
      schedule(#graph.schedule<direction = sparse_push_dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f64):
    %keep = arith.cmpf ogt, %sum, %half : f64
    graph.yield %keep : i1
  } : !graph.edgeset -> !graph.vertexset
  return %s : !graph.vertexset
}
