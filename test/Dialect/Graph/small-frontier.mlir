// RUN: graph-opt %s --graph-lower-direction --split-input-file | FileCheck %s
// RUN: graph-opt %s --graph-lower-direction=serial-work=100 --split-input-file | FileCheck %s --check-prefix=LIMIT
// RUN: graph-opt %s --graph-lower-direction=serial-work=0 --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: not graph-opt %s --graph-lower-direction=serial-work=-1 --split-input-file 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// A parallel sparse push runs on the calling thread when its frontier's size
// plus out-degree sum is at most serial-work (1024 by default): its size is
// tested first, and the degree sum asked only for a frontier that small.
// The serial copy is an scf.for whose writes are plain (no atomic reduction)
// and whose output ids take slots of the shared buffer; the other branch is
// the team, as before.
// CHECK-LABEL: func.func @sparse_push
// CHECK: %[[IDS:.*]] = graph.vertexset.ids %arg1
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0
// CHECK: %[[FLAGS:.*]] = graph.vertexset.bools %[[OUT]]
// CHECK: %[[BUF:.*]] = graph.vertexset.id_buffer %[[OUT]]
// CHECK: %[[COUNT:.*]] = memref.alloc() : memref<1xi64>
// CHECK: %[[SIZE:.*]] = memref.dim %[[IDS]]
// CHECK-NEXT: %[[FEW:.*]] = arith.cmpi ule, %[[SIZE]], %c1024 : index
// CHECK-NEXT: %[[ALONE:.*]] = scf.if %[[FEW]] -> (i1) {
// CHECK-NEXT:   %[[DEG:.*]] = graph.vertexset.out_degree_sum %arg1, %arg0
// CHECK-NEXT:   %[[WORK:.*]] = arith.addi %[[SIZE]], %[[DEG]] : index
// CHECK-NEXT:   %[[FITS:.*]] = arith.cmpi ule, %[[WORK]], %c1024 : index
// CHECK-NEXT:   scf.yield %[[FITS]] : i1
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield %false : i1
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[ALONE]] {
// CHECK-NEXT:   scf.for %[[I:.*]] = %c0 to %[[SIZE]] step %c1 {
// CHECK:          memref.load %[[IDS]][%[[I]]]
// CHECK:          %[[CHANGED:.*]] = graph.reduce min %arg2
// CHECK:          scf.if %[[CHANGED]]
// CHECK:            memref.atomic_rmw assign %{{.*}}, %[[FLAGS]]
// CHECK:            %[[SLOT:.*]] = memref.atomic_rmw addi %c1_i64, %[[COUNT]][%c0]
// CHECK:            memref.store %{{.*}}, %[[BUF]]
// CHECK-NOT:    omp.
// CHECK:      } else {
// CHECK-NEXT:   graph.max_threads
// CHECK:        omp.parallel
// CHECK:        scf.while : () -> i64 {
// CHECK:        graph.reduce min atomic %arg2
// CHECK:        omp.terminator
// CHECK:      }
// CHECK:      %[[TOTAL:.*]] = memref.load %[[COUNT]][%c0]
// CHECK:      graph.vertexset.seal_ids %[[OUT]], %[[TOTAL]] distinct
// LIMIT-LABEL: func.func @sparse_push
// LIMIT: arith.cmpi ule, %{{.*}}, %c100 : index
// LIMIT: arith.cmpi ule, %{{.*}}, %c100 : index
// OFF-LABEL: func.func @sparse_push
// OFF-NOT: graph.vertexset.out_degree_sum
// OFF-NOT: scf.if
// OFF: omp.parallel
// NEGATIVE: error: serial-work must be non-negative, got -1
func.func @sparse_push(%g: !graph.edgeset<i32>, %f: !graph.vertexset,
                       %dist: !graph.vector<i32>) -> !graph.vertexset {
  %next = graph.edgeset.apply %g from(%f) track(%dist : !graph.vector<i32>) dedup
      schedule(#graph.schedule<parallel = dynamic_vertex, grain = 128>)
    body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %c = arith.addi %d, %w : i32
      %changed = graph.reduce min %dist[%dst], %c : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset<i32> -> !graph.vertexset
  return %next : !graph.vertexset
}

// -----

// BFS's push: the serial copy assigns the parent with a plain write where the
// team's threads race with a compare-and-swap.
// CHECK-LABEL: func.func @claim
// CHECK: scf.if %{{.*}} {
// CHECK:   scf.for
// CHECK:     %[[SEEN:.*]] = graph.vector.get %arg2[%[[D:.*]]] :
// CHECK:     scf.if
// CHECK-NEXT:  %[[SRC:.*]] = arith.index_cast
// CHECK-NEXT:  graph.vector.set %arg2[%[[D]]], %[[SRC]]
// CHECK-NOT: graph.vector.cas
// CHECK: } else {
// CHECK:   omp.parallel
// CHECK:     graph.vector.cas
// OFF-LABEL: func.func @claim
// OFF-NOT: graph.vector.set
// OFF: graph.vector.cas
func.func @claim(%g: !graph.edgeset, %f: !graph.vertexset,
                 %parent: !graph.vector<i32>) -> !graph.vertexset {
  %cm1 = arith.constant -1 : i32
  %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
      schedule(#graph.schedule<parallel = dynamic_vertex>)
    dst_filter {
    ^bb0(%v: index):
      %p = graph.vector.get %parent[%v] : !graph.vector<i32>
      %fresh = arith.cmpi eq, %p, %cm1 : i32
      graph.yield %fresh : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  return %next : !graph.vertexset
}

// -----

// Only a parallel loop over a sparse frontier has a serial copy: not a serial
// push, not a dense pull over every vertex.
// CHECK-LABEL: func.func @no_copy
// CHECK-NOT: graph.vertexset.out_degree_sum
// CHECK: scf.for
// CHECK: omp.parallel
// CHECK: omp.terminator
// CHECK-NOT: scf.for %{{.*}} = %c0 to %{{.*}} step %c1 {
// CHECK: return
func.func @no_copy(%g: !graph.edgeset<i32>, %f: !graph.vertexset,
                   %dist: !graph.vector<i32>) {
  graph.edgeset.apply %g from(%f)
      schedule(#graph.schedule<parallel = serial>)
    body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %changed = graph.reduce min %dist[%dst], %w : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset<i32>
  graph.edgeset.apply %g from(%f)
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>)
    body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %changed = graph.reduce min %dist[%dst], %w : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset<i32>
  return
}
