// RUN: graph-opt %s -split-input-file --graph-lower-gpu | FileCheck %s

// edge_only with edge_blocking (GraphIt's configLoadBalance(EDGE_ONLY,
// BLOCKED, n)): the out-edges grouped by destination into blocks of n ids
// (graph.edge_blocks, in the schedule's edge placement), one kernel whose
// threads walk the blocks in order, each taking edges t, t + threads, ... of
// every block; the edge's source and position come from the blocks, the
// frontier is read as a map, as unblocked edge_only reads it.

// CHECK-LABEL: func.func @blocked
// CHECK: %[[BOOLS:.*]] = graph.vertexset.bools %arg1
// CHECK: graph.adjacency out %arg0 placed zero_copy
// CHECK: %[[STARTS:.*]], %[[SOURCES:.*]], %[[EDGES:.*]] = graph.edge_blocks %arg0 size 8 placed zero_copy : !graph.edgeset -> memref<?xi64>, memref<?xi32>, memref<?xi64>
// CHECK: %[[DIM:.*]] = memref.dim %[[STARTS]], %c0
// CHECK: %[[COUNT:.*]] = arith.subi %[[DIM]], %c1
// CHECK: %[[M:.*]] = graph.num_edges %arg0
// CHECK: %[[PER:.*]] = arith.ceildivui %[[M]]
// CHECK: %[[AT_LEAST:.*]] = arith.maxui %[[PER]], %c256
// CHECK: %[[THREADS:.*]] = arith.minui %[[AT_LEAST]], %c65536
// CHECK: gpu.launch
// CHECK: scf.for %[[B:.*]] = %{{.*}} to %[[COUNT]] step %c1
// CHECK: %[[FIRST:.*]] = memref.load %[[STARTS]][%[[B]]]
// CHECK: memref.load %[[STARTS]]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[THREADS]]
// CHECK: memref.load %[[EDGES]][%[[I]]]
// CHECK: memref.load %[[SOURCES]][%[[I]]]
// CHECK: memref.load %[[BOOLS]]
// CHECK: graph.vector.cas
// CHECK: gpu.terminator
// CHECK-NOT: graph.edge_blocks
// CHECK: graph.vertexset.seal_ids
func.func @blocked(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = edge_only, edge_blocking = 8, edges = zero_copy>>) dst_filter {
  ^bb0(%v: index):
    %p = graph.vector.get %parent[%v] : !graph.vector<i32>
    %m1 = arith.constant -1 : i32
    %free = arith.cmpi eq, %p, %m1 : i32
    graph.yield %free : i1
  } body {
  ^bb0(%s: index, %d: index):
    %si = arith.index_cast %s : index to i32
    graph.vector.set %parent[%d], %si : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return %out : !graph.vertexset
}

// -----

// A weighted, unfiltered push (Bellman-Ford's step) reads the weight at the
// edge's position; a pull under edge_only scans each destination with one
// thread, blocking or not (one warning, as for unblocked edge_only).

// CHECK-LABEL: func.func @weighted
// CHECK: %[[W:.*]] = graph.adjacency_weights out %arg0 placed auto
// CHECK: %[[STARTS:.*]], %[[SOURCES:.*]], %[[EDGES:.*]] = graph.edge_blocks %arg0 size 1 placed auto
// CHECK: gpu.launch
// CHECK: %[[E:.*]] = memref.load %[[EDGES]]
// CHECK: %[[K:.*]] = arith.index_cast %[[E]]
// CHECK: memref.load %[[W]][%[[K]]]
// CHECK: graph.reduce min
func.func @weighted(%g: !graph.edgeset<i32>, %front: !graph.vertexset, %dist: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%dist : !graph.vector<i32>) schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = edge_only, edge_blocking = 1>>) body {
  ^bb0(%s: index, %d: index, %w: i32):
    %ds = graph.vector.get %dist[%s] : !graph.vector<i32>
    %nd = arith.addi %ds, %w : i32
    %changed = graph.reduce min %dist[%d], %nd : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset<i32> -> !graph.vertexset
  return %out : !graph.vertexset
}
