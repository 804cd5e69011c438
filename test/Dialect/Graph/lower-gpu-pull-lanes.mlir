// RUN: graph-opt %s -split-input-file --graph-lower-gpu -verify-diagnostics | FileCheck %s

// graph-lower-gpu on pulls whose load balance gives a destination several
// threads: wm a warp (32), cm a block (256), twc a thread, a warp or a block
// by in-degree. Each thread folds its share of the in-edges (entries
// a + lane, a + lane + lanes, ... from `a`, the destination's first entry
// rounded down to 32) in a register; graph.group_reduce combines the
// group's registers and its body, run by one thread, stores the result.
// A sum counts the destination's old value on lane 0 only; min and max on
// every lane. An early exit (BFS) claims the destination with a CAS and
// stops each lane once the filter is closed. Shapes threads cannot share
// fall back to a thread per destination with a warning.

// A float sum (PageRank's) under wm.
// CHECK-LABEL: func.func @warp_sum
// CHECK: graph.adjacency in
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}}) threads({{.*}}) in (%{{.*}} = %c256
// CHECK:   %[[TRIP:.*]] = arith.divui %{{.*}}, %c32 : index
// CHECK:   scf.if
// CHECK:     %[[OLD:.*]] = graph.vector.get %arg2
// CHECK:     %[[TID:.*]] = gpu.thread_id x
// CHECK:     %[[LANE:.*]] = arith.remui %[[TID]], %{{.*}} : index
// CHECK:     %[[LINE:.*]] = arith.andi %{{.*}}, %c-32 : index
// CHECK:     %[[FIRST:.*]] = arith.addi %[[LINE]], %[[LANE]] : index
// CHECK:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:     %[[LEAD:.*]] = arith.cmpi eq, %[[LANE]], %{{.*}} : index
// CHECK:     %[[START:.*]] = arith.select %[[LEAD]], %[[OLD]], %[[ZERO]] : f64
// CHECK:     %[[PART:.*]] = scf.for %{{.*}} = %[[FIRST]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[START]]) -> (f64)
// CHECK:       arith.addf
// CHECK:     graph.group_reduce add %[[PART]] lanes(32) : f64 {
// CHECK:     ^bb0(%[[TOTAL:.*]]: f64):
// CHECK:       graph.vector.set %arg2[%{{.*}}], %[[TOTAL]] : !graph.vector<f64>
// CHECK:     }
// CHECK: gpu.terminator
func.func @warp_sum(%g: !graph.edgeset, %contrib: !graph.vector<f64>, %rank: !graph.vector<f64>) {
  graph.edgeset.apply %g schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, load_balance = wm>>) body {
  ^bb0(%s: index, %d: index):
    %c = graph.vector.get %contrib[%s] : !graph.vector<f64>
    %ch = graph.reduce add %rank[%d], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// An integer sum (a count of in-edges): lane 0 starts from the
// destination's value, the others from 0.
// CHECK-LABEL: func.func @warp_count
// CHECK: gpu.launch
// CHECK:   %[[OLD:.*]] = graph.vector.get %arg1
// CHECK:   %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:   arith.select %{{.*}}, %[[OLD]], %[[ZERO]] : i64
// CHECK:   scf.for {{.*}} -> (i64)
// CHECK:     arith.addi
// CHECK:   graph.group_reduce add %{{.*}} lanes(32) : i64 {
// CHECK:   ^bb0(%[[TOTAL:.*]]: i64):
// CHECK:     graph.vector.set %arg1[%{{.*}}], %[[TOTAL]]
// CHECK:   }
// CHECK: gpu.terminator
func.func @warp_count(%g: !graph.edgeset, %count: !graph.vector<i64>) {
  graph.edgeset.apply %g schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, load_balance = wm>>) body {
  ^bb0(%s: index, %d: index):
    %one = arith.constant 1 : i64
    %ch = graph.reduce add %count[%d], %one : !graph.vector<i64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// A min under cm: a block per destination, every lane starting from the
// destination's value.
// CHECK-LABEL: func.func @block_min
// CHECK: %[[TRIPS:.*]] = arith.ceildivui
// CHECK: gpu.launch
// CHECK:   arith.divui %{{.*}}, %c256 : index
// CHECK:   %[[OLD:.*]] = graph.vector.get %arg1
// CHECK-NOT: arith.select
// CHECK:   %[[PART:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[OLD]]) -> (i32)
// CHECK:     arith.minsi
// CHECK:   graph.group_reduce min %[[PART]] lanes(256) : i32 {
// CHECK:     graph.vector.set %arg1
func.func @block_min(%g: !graph.edgeset<i32>, %best: !graph.vector<i32>) {
  graph.edgeset.apply %g schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, load_balance = cm>>) body {
  ^bb0(%s: index, %d: index, %w: i32):
    %ch = graph.reduce min %best[%d], %w : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

// A difference: each lane subtracts its in-edges, and the lanes' parts add.
// CHECK-LABEL: func.func @warp_sub
// CHECK: scf.for {{.*}} -> (f32)
// CHECK:   arith.subf
// CHECK: graph.group_reduce add %{{.*}} lanes(32) : f32
func.func @warp_sub(%g: !graph.edgeset, %x: !graph.vector<f32>, %y: !graph.vector<f32>) {
  graph.edgeset.apply %g schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, load_balance = wm>>) body {
  ^bb0(%s: index, %d: index):
    %v = graph.vector.get %x[%s] : !graph.vector<f32>
    %ch = graph.reduce sub %y[%d], %v : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// BFS's early exit under wm: the destination filter once before the scan;
// each lane walks its entries, and at a source in the frontier claims the
// destination with a CAS from the value the filter read (only the winner
// marks it in the output, atomically), then re-tests the filter; at a
// source not in the frontier it re-tests the filter alone, so that a
// claim by another lane stops it at its next entry.
// CHECK-LABEL: func.func @warp_search
// CHECK: gpu.launch
// CHECK:   %[[READ:.*]] = graph.vector.get %arg2[%[[DST:.*]]] : !graph.vector<i32>
// CHECK:   %[[FREE:.*]] = arith.cmpi eq, %[[READ]], %c-1_i32
// CHECK:   scf.if %[[FREE]] {
// CHECK:     gpu.thread_id x
// CHECK:     scf.while (%[[K:.*]] = %{{.*}}) : (index) -> index {
// CHECK:       arith.cmpi ult, %{{.*}}, %[[END:.*]] : index
// CHECK:     } do {
// CHECK:       scf.if %{{.*}} -> (i1) {
// CHECK:         memref.load %{{.*}} : memref<?xi64>
// CHECK:         scf.if %{{.*}} -> (i1) {
// CHECK:           %[[WON:.*]] = graph.vector.cas %arg2[%[[DST]]], %[[READ]], %{{.*}} : !graph.vector<i32>
// CHECK:           scf.if %[[WON]] {
// CHECK:             memref.atomic_rmw ori
// CHECK:           }
// CHECK:           graph.vector.get %arg2[%[[DST]]]
// CHECK:         } else {
// CHECK:           graph.vector.get %arg2[%[[DST]]]
// CHECK:         }
// CHECK:       arith.addi %{{.*}}, %c32
// CHECK:       arith.select %{{.*}}, %{{.*}}, %[[END]] : index
// CHECK-NOT: graph.group_reduce
// CHECK: graph.vertexset.seal_dense
func.func @warp_search(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, pull_frontier = bitmap, load_balance = wm>>) dst_filter {
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

// A min into a vector the body also reads at the source (label
// propagation): no register keeps it, so the lanes' reductions are atomic,
// and a change marks the destination once (atomic or of its bit).
// CHECK-LABEL: func.func @warp_atomic_min
// CHECK: gpu.launch
// CHECK:   scf.for %{{.*}} step %{{.*}} {
// CHECK:     %[[CH:.*]] = graph.reduce min atomic %arg2[%{{.*}}], %{{.*}} : !graph.vector<i32>
// CHECK:     scf.if %[[CH]] {
// CHECK:       memref.atomic_rmw ori
// CHECK-NOT: graph.group_reduce
// CHECK: graph.vertexset.seal_dense
func.func @warp_atomic_min(%g: !graph.edgeset, %front: !graph.vertexset, %label: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%label : !graph.vector<i32>) schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, pull_frontier = bitmap, load_balance = wm>>) body {
  ^bb0(%s: index, %d: index):
    %l = graph.vector.get %label[%s] : !graph.vector<i32>
    %ch = graph.reduce min %label[%d], %l : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return %out : !graph.vertexset
}

// -----

// twc: one kernel sorts every destination into three lists by in-degree,
// then a kernel per list: a thread (a plain register sum), a warp and a
// block per destination.
// CHECK-LABEL: func.func @twc_sum
// CHECK: graph.adjacency in
// CHECK: memref.alloc(%{{.*}}) : memref<3x?xi32>
// CHECK: gpu.launch
// CHECK:   memref.atomic_rmw addi
// CHECK: gpu.launch
// CHECK-NOT: graph.group_reduce
// CHECK:   graph.vector.set
// CHECK: gpu.launch
// CHECK:   graph.group_reduce add %{{.*}} lanes(32) : f64
// CHECK: gpu.launch
// CHECK:   graph.group_reduce add %{{.*}} lanes(256) : f64
func.func @twc_sum(%g: !graph.edgeset, %contrib: !graph.vector<f64>, %rank: !graph.vector<f64>) {
  graph.edgeset.apply %g schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, load_balance = twc>>) body {
  ^bb0(%s: index, %d: index):
    %c = graph.vector.get %contrib[%s] : !graph.vector<f64>
    %ch = graph.reduce add %rank[%d], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// The load balances that give threads single edges sort a pull's
// destinations as twc does.
// CHECK-LABEL: func.func @strict_sum
// CHECK: memref<3x?xi32>
// CHECK: graph.group_reduce add %{{.*}} lanes(32) : f64
// CHECK: graph.group_reduce add %{{.*}} lanes(256) : f64
func.func @strict_sum(%g: !graph.edgeset, %contrib: !graph.vector<f64>, %rank: !graph.vector<f64>) {
  // expected-warning @+1 {{load_balance = strict gives threads single in-edges, but a pull updates each destination once from the threads scanning all its in-edges; this pull sorts destinations by in-degree (twc): a thread, a warp or a block each}}
  graph.edgeset.apply %g schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, load_balance = strict>>) body {
  ^bb0(%s: index, %d: index):
    %c = graph.vector.get %contrib[%s] : !graph.vector<f64>
    %ch = graph.reduce add %rank[%d], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Declined: an early exit whose body writes more than the claim (BC's path
// counts) would have each lane that finds a parent write it.
// CHECK-LABEL: func.func @declined_extra_write
// CHECK: gpu.launch
// CHECK-NOT: gpu.thread_id
// CHECK: gpu.terminator
func.func @declined_extra_write(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>, %paths: !graph.vector<i32>) -> !graph.vertexset {
  // expected-warning @+1 {{load_balance = cm cannot share this pull's destinations among threads: its body's 'graph.reduce' writes besides the assignment that claims the destination, and each thread finding a parent would make it; each destination's in-edges are scanned by one thread (vertex_based)}}
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, load_balance = cm>>) dst_filter {
  ^bb0(%v: index):
    %p = graph.vector.get %parent[%v] : !graph.vector<i32>
    %m1 = arith.constant -1 : i32
    %free = arith.cmpi eq, %p, %m1 : i32
    graph.yield %free : i1
  } body {
  ^bb0(%s: index, %d: index):
    %si = arith.index_cast %s : index to i32
    graph.vector.set %parent[%d], %si : !graph.vector<i32>
    %one = arith.constant 1 : i32
    %ch = graph.reduce add %paths[%d], %one : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return %out : !graph.vertexset
}

// -----

// Declined: a filter the body's write does not close (the destination
// filter reads another vector) lets several lanes apply an in-edge.
// CHECK-LABEL: func.func @declined_open_filter
// CHECK-NOT: gpu.thread_id
func.func @declined_open_filter(%g: !graph.edgeset, %front: !graph.vertexset, %visited: !graph.vector<i32>, %parent: !graph.vector<i32>) -> !graph.vertexset {
  // expected-warning @+1 {{load_balance = wm cannot share this pull's destinations among threads: it stops at an in-edge whose body closes the destination filter, and only a body whose one write is an assignment closing it (as BFS's parent[dst] = src closes parent[dst] == -1) lets one thread of a group claim the destination; each destination's in-edges are scanned by one thread (vertex_based)}}
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, load_balance = wm>>) dst_filter {
  ^bb0(%v: index):
    %p = graph.vector.get %visited[%v] : !graph.vector<i32>
    %z = arith.constant 0 : i32
    %free = arith.cmpi eq, %p, %z : i32
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

// Shared: a GPU priority update's wrapped-around check records the vertex
// (a write elsewhere, which threads of different destinations shared
// already); the update itself is an atomic min at the destination.
// CHECK-LABEL: func.func @warp_record
// CHECK: gpu.launch
// CHECK:   graph.reduce min atomic %arg1
// CHECK:   memref.atomic_rmw assign
// CHECK:   memref.store
// CHECK-NOT: graph.group_reduce
func.func @warp_record(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %record: memref<2xi64>) {
  graph.edgeset.apply %g schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, load_balance = wm>>) body {
  ^bb0(%s: index, %d: index, %w: i32):
    %ds = graph.vector.get %dist[%s] : !graph.vector<i32>
    %nd = arith.addi %ds, %w : i32
    %ch = graph.reduce min %dist[%d], %nd : !graph.vector<i32>
    scf.if %ch {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1 : i64
      %old = memref.atomic_rmw assign %one, %record[%c0] : (i64, memref<2xi64>) -> i64
      %di = arith.index_cast %d : index to i64
      memref.store %di, %record[%c1] : memref<2xi64>
    }
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

// Declined: a store at the destination's slot of a plain array.
// CHECK-LABEL: func.func @declined_store
// CHECK-NOT: gpu.thread_id
func.func @declined_store(%g: !graph.edgeset, %last: memref<?xi64>) {
  // expected-warning @+1 {{load_balance = cm cannot share this pull's destinations among threads: its body's 'memref.store' writes at the destination without a reduction, which one thread did edge by edge and threads sharing the destination would do in any order; each destination's in-edges are scanned by one thread (vertex_based)}}
  graph.edgeset.apply %g schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, load_balance = cm>>) body {
  ^bb0(%s: index, %d: index):
    %si = arith.index_cast %s : index to i64
    %slot = arith.addi %d, %d : index
    memref.store %si, %last[%slot] : memref<?xi64>
    graph.yield
  } : !graph.edgeset
  return
}
