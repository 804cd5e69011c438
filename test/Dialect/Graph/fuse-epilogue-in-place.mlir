// RUN: graph-opt %s --graph-fuse-epilogue="remarks=true" -verify-diagnostics | FileCheck %s
// RUN: graph-opt %s --graph-fuse-epilogue | graph-opt | FileCheck %s --check-prefix=ROUND

// PageRank with `epilogue = in_place` on the pull (configApplyEpilogue("s1",
// "in-place")): the update still becomes the pull's epilogue, but
// `contrib`, which the pull reads at its sources, gets no second buffer:
// the epilogue writes it in place (Gauss-Seidel), the loop carries no
// buffers and nothing is copied back after it.
// CHECK-LABEL: func.func @pagerank
// CHECK: %[[CONTRIB:.*]] = graph.vector.new %[[G:.*]] {graph.field = "contrib"}
// CHECK-NOT: graph.vector.new
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: graph.edgeset.apply %[[G]] reset(0.000000e+00 : f32) label("s1") schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, epilogue = in_place>)
// CHECK: graph.vector.get %[[CONTRIB]][%{{.*}}]
// CHECK-NEXT: graph.reduce add
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index, %[[SUM:.*]]: f32):
// CHECK: graph.vector.set %[[CONTRIB]][%[[V]]]
// CHECK-NEXT: graph.yield
// CHECK-NEXT: } : !graph.edgeset
// CHECK-NOT: label("update")
// CHECK-NOT: graph.vector.copy
// CHECK: graph.vertexset.apply %{{.*}} label("print")
// ROUND: schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, epilogue = in_place>)
// ROUND: } epilogue {
func.func @pagerank(%g: !graph.edgeset) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %zero = arith.constant 0.0 : f32
  %damp = arith.constant 0.85 : f32
  %base = arith.constant 0.001 : f32
  %all = graph.vertexset.new %g all : !graph.edgeset
  %rank = graph.vector.new %g init(%zero : f32) {graph.field = "rank"} : !graph.edgeset -> !graph.vector<f32>
  %incoming = graph.vector.new %g init(%zero : f32) {graph.field = "incoming"} : !graph.edgeset -> !graph.vector<f32>
  %contrib = graph.vector.new %g {graph.field = "contrib"} : !graph.edgeset -> !graph.vector<f32>
  %degree = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  scf.for %i = %c0 to %c20 step %c1 {
    // expected-remark @+1 {{fused vertex loop 'update' into traversal 's1' as its epilogue; the sum starts from 0.000000e+00 : f32 and is not stored; 'contrib' updated in place}}
    graph.edgeset.apply %g label("s1") schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, epilogue = in_place>) body {
    ^bb0(%src: index, %dst: index):
      %c = graph.vector.get %contrib[%src] : !graph.vector<f32>
      %changed = graph.reduce add %incoming[%dst], %c : !graph.vector<f32>
      graph.yield
    } : !graph.edgeset
    graph.vertexset.apply %all label("update") schedule(#graph.schedule<parallel = static_vertex>) {
    ^bb0(%v: index):
      %s = graph.vector.get %incoming[%v] : !graph.vector<f32>
      %scaled = arith.mulf %damp, %s : f32
      %r = arith.addf %base, %scaled : f32
      graph.vector.set %rank[%v], %r : !graph.vector<f32>
      graph.vector.set %incoming[%v], %zero : !graph.vector<f32>
      %r2 = graph.vector.get %rank[%v] : !graph.vector<f32>
      %d = graph.vector.get %degree[%v] : !graph.vector<i32>
      %df = arith.sitofp %d : i32 to f32
      %c = arith.divf %r2, %df : f32
      graph.vector.set %contrib[%v], %c : !graph.vector<f32>
    }
  }
  graph.vertexset.apply %all label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %c = graph.vector.get %rank[%v] : !graph.vector<f32>
    graph.print %c : f32
  }
  return
}
