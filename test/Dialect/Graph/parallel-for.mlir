// RUN: graph-opt %s --split-input-file | graph-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s --split-input-file --convert-graph-to-scf | FileCheck %s

// graph.parallel_for: a dynamically scheduled OpenMP loop (grain 1 unless
// the schedule says), or a serial one; its body inlined.

// ROUND-LABEL: func.func @loop
// ROUND: graph.parallel_for %{{.*}} to %{{.*}} label("l1") schedule(#graph.schedule<parallel = dynamic_vertex, grain = 4>) {
// ROUND-NEXT: ^bb0(%{{.*}}: index):
// ROUND: graph.reduce add atomic

// CHECK-LABEL: func.func @loop
// CHECK:      omp.parallel {
// CHECK:        omp.wsloop schedule(dynamic = %{{.*}} : i64) {
// CHECK-NEXT:     omp.loop_nest (%[[I:.*]]) : index = (%{{.*}}) to (%{{.*}}) step
// CHECK:            memref.atomic_rmw addi %{{.*}}, %{{.*}}[%[[I]]]
func.func @loop(%n: index, %v: !graph.vector<i32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  graph.parallel_for %c0 to %n label("l1") schedule(#graph.schedule<parallel = dynamic_vertex, grain = 4>) {
  ^bb0(%i: index):
    %changed = graph.reduce add atomic %v[%i], %one : !graph.vector<i32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @serial
// CHECK-NOT: omp.parallel
// CHECK: scf.for
func.func @serial(%n: index, %v: !graph.vector<i32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  graph.parallel_for %c0 to %n schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%i: index):
    graph.vector.set %v[%i], %one : !graph.vector<i32>
  }
  return
}
