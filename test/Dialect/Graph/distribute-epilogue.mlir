// RUN: graph-opt %s --graph-distribute --split-input-file | FileCheck %s

// A traversal with an epilogue: each rank runs the epilogue for the
// vertices it owns (the others' sums are on other ranks), and the vectors
// the epilogue writes are mirrored as the body's are: `cur`, which the next
// pull reads at its sources, by need after the traversal; `out`, read only
// by the print loop (on every rank), is gathered whole before it. With
// reset(c) the traversal does not write the accumulated vector, which is not
// mirrored.
// CHECK-LABEL: func.func @main
// CHECK: %[[G:.*]] = graph.load
// CHECK: %[[ACC:.*]] = graph.vector.new %[[G]] partition owned {graph.field = "acc"}
// CHECK: %[[OUT:.*]] = graph.vector.new %[[G]] partition owned {graph.field = "out"}
// CHECK: %[[CUR:.*]] = graph.vector.new %[[G]] partition mirrored {graph.field = "cur"}
// CHECK: %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range %[[G]] : !graph.edgeset
// CHECK-NEXT: graph.edgeset.apply %[[G]] reset(0.000000e+00 : f64)
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index, %[[SUM:.*]]: f64):
// CHECK-NEXT: %[[GE:.*]] = arith.cmpi uge, %[[V]], %[[BEGIN]] : index
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi ult, %[[V]], %[[END]] : index
// CHECK-NEXT: %[[OWNED:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT: scf.if %[[OWNED]] {
// CHECK-NEXT: graph.vector.set %[[OUT]][%[[V]]], %[[SUM]]
// CHECK-NEXT: graph.vector.set %[[CUR]][%[[V]]], %[[SUM]]
// CHECK-NEXT: }
// CHECK-NEXT: graph.yield
// CHECK-NEXT: } : !graph.edgeset
// CHECK-NEXT: graph.vector.mirror %[[G]], %[[CUR]] needed partition mirrored : !graph.edgeset, !graph.vector<f64>
// CHECK-NEXT: graph.edgeset.apply %[[G]] schedule
// CHECK: } : !graph.edgeset
// CHECK: graph.vector.gather %[[G]], %[[OUT]] : !graph.edgeset, !graph.vector<f64>
// CHECK-NEXT: graph.vertexset.apply
// CHECK-NOT: graph.vector.mirror %[[G]], %[[ACC]]
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %acc = graph.vector.new %g {graph.field = "acc"} : !graph.edgeset -> !graph.vector<f64>
  %out = graph.vector.new %g {graph.field = "out"} : !graph.edgeset -> !graph.vector<f64>
  %cur = graph.vector.new %g {graph.field = "cur"} : !graph.edgeset -> !graph.vector<f64>
  %next = graph.vector.new %g {graph.field = "next"} : !graph.edgeset -> !graph.vector<f64>
  graph.edgeset.apply %g reset(0.0 : f64) schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f64
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f64>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f64):
    graph.vector.set %out[%v], %sum : !graph.vector<f64>
    graph.vector.set %cur[%v], %sum : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %cur[%src] : !graph.vector<f64>
    %c = graph.reduce add %next[%dst], %x : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %o = graph.vector.get %out[%v] : !graph.vector<f64>
    graph.print %o : f64
  }
  return
}

// -----

// A fused filter: a vertex another rank owns is not kept here (its keep is
// false), so the kept set holds owned vertices only, as a traversal's
// output does, and is mirrored; the accumulated vector (stored: no reset)
// and the epilogue's output are read nowhere else, so each rank's own
// elements suffice and neither is mirrored.
// CHECK-LABEL: func.func @main
// CHECK: %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range %[[G:.*]] : !graph.edgeset
// CHECK-NEXT: %[[KEPT:.*]] = graph.edgeset.apply %[[G]] schedule
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index, %[[SUM:.*]]: f64):
// CHECK: %[[OWNED:.*]] = arith.andi
// CHECK-NEXT: %[[KEEP:.*]] = scf.if %[[OWNED]] -> (i1) {
// CHECK-NEXT: graph.vector.set %[[OUT:.*]][%[[V]]], %[[SUM]]
// CHECK-NEXT: %[[K:.*]] = arith.cmpf ogt, %[[SUM]], %{{.*}} : f64
// CHECK-NEXT: scf.yield %[[K]] : i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT: scf.yield %[[FALSE]] : i1
// CHECK-NEXT: }
// CHECK-NEXT: graph.yield %[[KEEP]] : i1
// CHECK-NEXT: } : !graph.edgeset -> !graph.vertexset
// CHECK-NEXT: graph.vertexset.mirror %[[G]], %[[KEPT]] : !graph.edgeset
// CHECK-NOT: graph.vector.mirror
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %half = arith.constant 0.5 : f64
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %out = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %kept = graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f64
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f64>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f64):
    graph.vector.set %out[%v], %sum : !graph.vector<f64>
    %keep = arith.cmpf ogt, %sum, %half : f64
    graph.yield %keep : i1
  } : !graph.edgeset -> !graph.vertexset
  graph.vertexset.free %kept
  return
}
