// RUN: graph-opt %s | graph-opt | FileCheck %s
// RUN: graph-opt %s --mlir-print-op-generic | graph-opt | FileCheck %s
// RUN: graph-opt %s --graph-lower-direction | FileCheck %s --check-prefix=LOWER

// graph.edgeset.apply's epilogue and reset(...) round-trip.
// CHECK-LABEL: func.func @epilogue
// CHECK: graph.edgeset.apply %{{.*}} reset(0.000000e+00 : f32) label("s1") schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>) body {
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index, %[[SUM:.*]]: f32):
// CHECK: graph.vector.set %{{.*}}[%[[V]]], %{{.*}} : !graph.vector<f32>
// CHECK: } : !graph.edgeset
// CHECK: graph.edgeset.apply %{{.*}} label("s2") schedule(#graph.schedule<direction = dense_pull>) body {
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: f64):
//
// Lowered: the epilogue runs right after the destination's in-edges, its
// sum the register the edges were added into. With reset(0.0) the sum
// starts from 0.0 and the accumulated vector is neither loaded nor stored.
// LOWER-LABEL: func.func @epilogue
// LOWER: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// LOWER: scf.while : () -> i64 {
// LOWER-NOT: graph.vector
// LOWER: %[[SUM:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32) {
// LOWER: graph.vector.get %[[CONTRIB:.*]][%{{.*}}] : !graph.vector<f32>
// LOWER-NEXT: %[[ADD:.*]] = arith.addf %[[ACC]], %{{.*}} : f32
// LOWER: scf.yield %[[ADD]] : f32
// LOWER-NEXT: }
// LOWER-NEXT: %[[SCALED:.*]] = arith.mulf %{{.*}}, %[[SUM]] : f32
// LOWER-NEXT: graph.vector.set %[[RANK:.*]][%{{.*}}], %[[SCALED]] : !graph.vector<f32>
// LOWER-NEXT: } {graph.team_chunk}
// Without reset the sum is loaded, stored, then the epilogue runs.
// LOWER: %[[INIT:.*]] = graph.vector.get %[[ACC2:.*]][%[[DST:.*]]] : !graph.vector<f64>
// LOWER: %[[SUM2:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (f64) {
// LOWER: }
// LOWER-NEXT: graph.vector.set %[[ACC2]][%[[DST]]], %[[SUM2]] : !graph.vector<f64>
// LOWER-NEXT: graph.vector.set %{{.*}}[%[[DST]]], %[[SUM2]] : !graph.vector<f64>
// LOWER-NEXT: graph.vector.set %[[ACC2]][%[[DST]]], %{{.*}} : !graph.vector<f64>
// LOWER-NEXT: }
func.func @epilogue(%g: !graph.edgeset, %damp: f32) {
  %zero = arith.constant 0.0 : f64
  %incoming = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  %contrib = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  %rank = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  graph.edgeset.apply %g reset(0.0 : f32) label("s1")
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f32>
    %changed = graph.reduce add %incoming[%dst], %c : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    %r = arith.mulf %damp, %sum : f32
    graph.vector.set %rank[%v], %r : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %out = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  graph.edgeset.apply %g label("s2") schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f64
    %changed = graph.reduce add %acc[%dst], %one : !graph.vector<f64>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f64):
    graph.vector.set %out[%v], %sum : !graph.vector<f64>
    graph.vector.set %acc[%v], %zero : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// An epilogue yielding whether to keep its vertex (a fused filter): the
// traversal returns the kept vertices; lowered, each kept destination is
// marked in the dense output right after its epilogue.
// CHECK-LABEL: func.func @kept
// CHECK: %{{.*}} = graph.edgeset.apply %{{.*}} reset(0.000000e+00 : f32) schedule(#graph.schedule<direction = dense_pull>) body {
// CHECK: } epilogue {
// CHECK: graph.yield %{{.*}} : i1
// CHECK-NEXT: } : !graph.edgeset -> !graph.vertexset
// LOWER-LABEL: func.func @kept
// LOWER: %[[SET:.*]] = graph.vertexset.new %{{.*}} : !graph.edgeset
// LOWER: %[[SUM:.*]] = scf.for
// LOWER: }
// LOWER-NEXT: %[[KEEP:.*]] = arith.cmpf ogt, %[[SUM]], %{{.*}} : f32
// LOWER-NEXT: scf.if %[[KEEP]] {
// LOWER: graph.vertexset.seal_dense %[[SET]]
// LOWER: graph.vertexset.size %[[SET]]
func.func @kept(%g: !graph.edgeset, %acc: !graph.vector<f32>, %w: !graph.vector<f32>, %half: f32) -> index {
  %s = graph.edgeset.apply %g reset(0.0 : f32) schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f32>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    %keep = arith.cmpf ogt, %sum, %half : f32
    graph.yield %keep : i1
  } : !graph.edgeset -> !graph.vertexset
  %n = graph.vertexset.size %s
  return %n : index
}
