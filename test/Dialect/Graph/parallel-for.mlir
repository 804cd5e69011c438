// RUN: graph-opt %s --split-input-file | graph-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s --split-input-file --convert-graph-to-scf | FileCheck %s

// graph.parallel_for: a dynamically scheduled OpenMP loop (grain 1 unless
// the schedule says), or a serial one; its body inlined. The loop is split
// into one range of whole grains per thread the team can have
// (graph.max_threads), each with a cache line of counters ([r][0] the next
// iteration, [r][1] the end) in a memref.alloca_scope around the team (one
// per run of the loop, also when an enclosing loop runs it on several
// threads at once). Thread t (omp_get_thread_num) of a team of T
// (omp_get_num_threads) sets up ranges t, t + T, ..., with no worksharing
// construct; one barrier (in a team of more than one thread) comes before
// any claim. Then it claims grains of `grain` iterations by an atomic add
// on range t's counter, then on those of the ranges after it in turn
// (r = (t + k) mod ranges); the body is emitted once.

// ROUND-LABEL: func.func @loop
// ROUND: graph.parallel_for %{{.*}} to %{{.*}} label("l1") schedule(#graph.schedule<parallel = dynamic_vertex, grain = 4>) {
// ROUND-NEXT: ^bb0(%{{.*}}: index):
// ROUND: graph.reduce add atomic

// CHECK-DAG:   func.func private @omp_get_thread_num() -> i32
// CHECK-DAG:   func.func private @omp_get_num_threads() -> i32
// CHECK-LABEL: func.func @loop
// CHECK-SAME:   (%[[N:.*]]: index,
// CHECK:        %[[GRAIN:.*]] = arith.constant 4 : i64
// CHECK:        memref.alloca_scope {
// CHECK-NEXT:   %[[T:.*]] = func.call @graphrt_max_threads() : () -> i64
// CHECK-NEXT:   %[[RANGES:.*]] = arith.index_cast %[[T]] : i64 to index
// CHECK-NEXT:   %[[NEXT:.*]] = memref.alloca(%[[RANGES]]) {alignment = 64 : i64} : memref<?x8xi64>
// CHECK:        %[[STRIDE:.*]] = arith.muli %[[GRAIN]], %{{.*}} : i64
// CHECK-NEXT:   omp.parallel {
// CHECK-NEXT:     %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:     %[[TN:.*]] = func.call @omp_get_thread_num() : () -> i32
// CHECK-NEXT:     %[[THREAD:.*]] = arith.index_cast %[[TN]] : i32 to index
// CHECK-NEXT:     %[[NT:.*]] = func.call @omp_get_num_threads() : () -> i32
// CHECK-NEXT:     %[[THREADS:.*]] = arith.index_cast %[[NT]] : i32 to index
// CHECK-NEXT:     scf.for %[[R0:.*]] = %[[THREAD]] to %[[RANGES]] step %[[THREADS]] {
// CHECK-NOT:        scf.for
// CHECK:            memref.store %{{.*}}, %[[NEXT]][%[[R0]], %{{.*}}] : memref<?x8xi64>
// CHECK-NOT:        scf.for
// CHECK:            memref.store %{{.*}}, %[[NEXT]][%[[R0]], %{{.*}}] : memref<?x8xi64>
// CHECK-NEXT:     }
// CHECK-NEXT:     %[[SHARED:.*]] = arith.cmpi ne, %[[THREADS]], %[[ONE]] : index
// CHECK-NEXT:     scf.if %[[SHARED]] {
// CHECK-NEXT:       omp.barrier
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for %[[K:.*]] = %[[ZERO]] to %[[RANGES]] step %[[ONE]] {
// CHECK-NEXT:       %[[SUM0:.*]] = arith.addi %[[THREAD]], %[[K]] : index
// CHECK-NEXT:       %[[R:.*]] = arith.remui %[[SUM0]], %[[RANGES]] : index
// CHECK:                %[[UB:.*]] = memref.load %[[NEXT]][%[[R]], %{{.*}}] : memref<?x8xi64>
// CHECK-NEXT:           scf.while : () -> i64 {
// CHECK-NEXT:             %[[FIRST:.*]] = memref.atomic_rmw addi %[[STRIDE]], %[[NEXT]][%[[R]], %{{.*}}] : (i64, memref<?x8xi64>) -> i64
// CHECK-NEXT:             %[[MORE:.*]] = arith.cmpi slt, %[[FIRST]], %[[UB]] : i64
// CHECK-NEXT:             scf.condition(%[[MORE]]) %[[FIRST]] : i64
// CHECK-NEXT:           } do {
// CHECK-NEXT:           ^bb0(%[[BEGIN:.*]]: i64):
// CHECK-NEXT:             %[[SUM:.*]] = arith.addi %[[BEGIN]], %[[STRIDE]] : i64
// CHECK-NEXT:             %[[END:.*]] = arith.minsi %[[SUM]], %[[UB]] : i64
// CHECK-NEXT:             %[[FROM:.*]] = arith.index_cast %[[BEGIN]] : i64 to index
// CHECK-NEXT:             %[[TO:.*]] = arith.index_cast %[[END]] : i64 to index
// CHECK-NEXT:             scf.for %[[I:.*]] = %[[FROM]] to %[[TO]] step
// CHECK-NEXT:               memref.atomic_rmw addi %{{.*}}, %{{.*}}[%[[I]]]
// CHECK:                  } {graph.team_chunk}
// CHECK-NEXT:             scf.yield
// CHECK-NEXT:           }
// CHECK-NEXT:         }
// CHECK-NEXT:     omp.terminator
// CHECK-NOT:      graph.team_chunk
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
