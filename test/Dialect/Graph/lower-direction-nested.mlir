// RUN: graph-opt %s --graph-lower-direction=serial-work=0 | FileCheck %s

// A traversal inside a graph.parallel_for, which convert-graph-to-scf later
// lowers to a team, claims its chunks from counters made in a
// memref.alloca_scope inside the outer loop's body: every outer thread gets
// counters of its own. (Counters the outer threads shared would hand one
// traversal's chunks to another traversal's threads.)

// CHECK-LABEL: func.func @nested
// CHECK-NOT:     memref.alloca
// CHECK:         graph.parallel_for
// CHECK:           memref.alloca_scope {
// CHECK-NEXT:        %[[RANGES:.*]] = graph.max_threads : index
// CHECK-NEXT:        memref.alloca(%[[RANGES]]) {alignment = 64 : i64} : memref<?x8xi64>
// CHECK:             omp.parallel
func.func @nested(%n: index, %g: !graph.edgeset<i32>, %f: !graph.vertexset,
                  %dist: !graph.vector<i32>) {
  %c0 = arith.constant 0 : index
  graph.parallel_for %c0 to %n schedule(#graph.schedule<parallel = dynamic_vertex, grain = 1>) {
  ^bb0(%i: index):
    %next = graph.edgeset.apply %g from(%f) track(%dist : !graph.vector<i32>) dedup
        schedule(#graph.schedule<parallel = dynamic_vertex, grain = 128>)
      body {
      ^bb0(%src: index, %dst: index, %w: i32):
        %d = graph.vector.get %dist[%src] : !graph.vector<i32>
        %c = arith.addi %d, %w : i32
        %changed = graph.reduce min %dist[%dst], %c : !graph.vector<i32>
        graph.yield
      } : !graph.edgeset<i32> -> !graph.vertexset
  }
  return
}
