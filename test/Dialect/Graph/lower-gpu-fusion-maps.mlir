// RUN: graph-opt %s --graph-lower-gpu -split-input-file -verify-diagnostics | FileCheck %s

// Kernel fusion of loops whose traversals read the frontier as a map or
// mark their output in one. The frontier stays the device queues: before a
// pull, a phase clears the input map and a phase of a thread per queued id
// marks it (an atomic or of the bit); the output map is cleared before the
// traversal, and after it a phase of a thread per vertex appends each
// marked vertex to the other queue (one atomic add on a counter a
// one-thread phase zeroed). The maps are allocated once, before the kernel.

// CHECK-LABEL: func.func @pull
// CHECK: %[[QA:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: %[[QB:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: %[[MOVED:.*]] = memref.alloc() : memref<1xi64>
// CHECK: %[[WORDS:.*]] = arith.ceildivui %{{.*}}, %c64
// CHECK: %[[IN:.*]] = memref.alloc(%[[WORDS]]) : memref<?xi64>
// CHECK: %[[WORDS2:.*]] = arith.ceildivui %{{.*}}, %c64
// CHECK: %[[OUT:.*]] = memref.alloc(%[[WORDS2]]) : memref<?xi64>
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK-NOT: graph.vertexset
// CHECK: scf.while
// CHECK: %[[QUEUE:.*]] = arith.select %{{.*}}, %[[QA]], %[[QB]]
// CHECK: graph.grid_phase
// CHECK: memref.store %{{.*}}, %[[IN]][%{{.*}}] : memref<?xi64>
// CHECK: graph.grid_barrier
// CHECK: graph.grid_phase
// CHECK: memref.load %[[QUEUE]]
// CHECK: memref.atomic_rmw ori %{{.*}}, %[[IN]]
// CHECK: graph.grid_barrier
// CHECK: %[[NEXT:.*]] = arith.select %{{.*}}, %[[QB]], %[[QA]]
// CHECK: graph.grid_phase
// CHECK: memref.store %{{.*}}, %[[OUT]][%{{.*}}] : memref<?xi64>
// CHECK: graph.grid_barrier
// The traversal: reads the input map, marks the output map.
// CHECK: graph.grid_phase
// CHECK: memref.load %[[IN]]
// CHECK: memref.atomic_rmw ori %{{.*}}, %[[OUT]]
// CHECK: graph.grid_barrier
// CHECK: graph.grid_phase blocks(%c1{{.*}}) threads(%c1{{.*}})
// CHECK-NEXT: ^bb0
// CHECK-NEXT: memref.store %{{.*}}, %[[MOVED]]
// CHECK: graph.grid_barrier
// CHECK: graph.grid_phase
// CHECK: memref.load %[[OUT]]
// CHECK: scf.if
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[MOVED]]
// CHECK: memref.store %{{.*}}, %[[NEXT]]
// CHECK: graph.grid_barrier
// CHECK: scf.yield
// CHECK: gpu.terminator
// CHECK: memref.dealloc %[[MOVED]]
// CHECK: memref.dealloc %[[IN]]
// CHECK: memref.dealloc %[[OUT]]
func.func @pull(%g: !graph.edgeset, %f0: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %c0 = arith.constant 0 : index
  %last = scf.while (%f = %f0) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>)
        schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, pull_frontier = bitmap, frontier_creation = unfused_bitmap>>)
      body {
      ^bb0(%src: index, %dst: index):
        %s = arith.index_cast %src : index to i32
        graph.vector.set %parent[%dst], %s : !graph.vector<i32>
        graph.yield
      } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  } attributes {graph.kernel_fusion}
  return %last : !graph.vertexset
}

// -----

// A hybrid: the branch the frontier's size picks runs on every thread; the
// push fills the other queue with ids, the pull (boolmap input, boolmap
// output) with its marked vertices; the branch yields the next size.
// Both branches' allocations are made before the kernel.

// CHECK-LABEL: func.func @hybrid
// CHECK: %[[QA:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: %[[QB:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK-NOT: graph.vertexset
// CHECK: scf.while (%[[P:.*]] = %{{.*}}, %[[COUNT:.*]] = %{{.*}}) : (index, index) -> (index, index)
// CHECK: } do {
// CHECK: %[[SIZE:.*]] = scf.if %{{.*}} -> (index) {
// CHECK: graph.grid_phase
// CHECK: graph.vector.cas
// CHECK: scf.yield %{{.*}} : index
// CHECK: } else {
// CHECK: graph.grid_phase
// CHECK: memref.store %c0_i8
// CHECK: graph.grid_phase
// CHECK: memref.store %c1_i8
// CHECK: graph.grid_phase
// CHECK: memref.store %c0_i8
// CHECK: graph.grid_phase
// CHECK: graph.vector.set
// CHECK: graph.grid_phase
// CHECK: memref.atomic_rmw addi
// CHECK: scf.yield %{{.*}} : index
// CHECK: }
// CHECK: %[[FLIP:.*]] = arith.subi %c1{{.*}}, %[[P]]
// CHECK: scf.yield %[[FLIP]], %[[SIZE]] : index, index
// CHECK: gpu.terminator
// CHECK-NOT: warning
func.func @hybrid(%g: !graph.edgeset, %f0: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : i32
  %last = scf.while (%f = %f0) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
        schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = twce, dedup = fused, hybrid_threshold = 0.03, otherwise = #graph.gpu_schedule<direction = pull, frontier_creation = unfused_boolmap>>>)
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
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  } attributes {graph.kernel_fusion}
  return %last : !graph.vertexset
}

// -----

// A vertex apply over the new frontier (GraphIt's bc_road.gt marks each
// new vertex visited) reads the other queue, as many ids as the step made.

// CHECK-LABEL: func.func @apply_next
// CHECK: %[[QA:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: %[[QB:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK-NOT: graph.vertexset
// CHECK: graph.vector.cas
// CHECK: %[[NEXT:.*]] = arith.select %{{.*}}, %[[QB]], %[[QA]]
// CHECK: %[[IDS:.*]] = memref.reinterpret_cast %[[NEXT]] to offset: [0], sizes: [%[[SIZE:.*]]], strides: [1]
// CHECK: graph.grid_phase
// CHECK: memref.load %[[IDS]]
// CHECK: graph.vector.set %arg3
// CHECK: scf.yield %{{.*}}, %[[SIZE]] : index, index
func.func @apply_next(%g: !graph.edgeset, %f0: !graph.vertexset, %parent: !graph.vector<i32>, %seen: !graph.vector<i1>) -> !graph.vertexset {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : i32
  %last = scf.while (%f = %f0) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
        schedule(#graph.schedule<gpu = #graph.gpu_schedule<>>)
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
    graph.vertexset.free %f
    graph.vertexset.apply %next {
    ^bb0(%v: index):
      %true = arith.constant true
      graph.vector.set %seen[%v], %true : !graph.vector<i1>
      graph.yield
    }
    scf.yield %next : !graph.vertexset
  } attributes {graph.kernel_fusion}
  return %last : !graph.vertexset
}
