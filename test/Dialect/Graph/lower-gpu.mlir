// RUN: graph-opt %s -split-input-file --graph-lower-gpu | FileCheck %s

// graph-lower-gpu on a BFS step under each GPU load balance, a pull with a
// bitmap input and zero-copy edges, and a hybrid. Each kernel is a
// gpu.launch of 256-thread blocks in the host function.

// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: func.func @vertex_based
// CHECK: graph.vertexset.ids
// CHECK: graph.adjacency out %{{.*}} placed auto
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}}) threads({{.*}}) in (%{{.*}} = %c256
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1
// CHECK: graph.vector.cas
// CHECK: memref.atomic_rmw addi
// CHECK: gpu.terminator
// CHECK: graph.vertexset.seal_ids %{{.*}} distinct
func.func @vertex_based(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<>>) dst_filter {
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

// CHECK-LABEL: func.func @wm
// CHECK: gpu.launch
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[LANE:.*]] = arith.remui %[[TID]], %c32
// CHECK: %[[ALIGNED:.*]] = arith.andi %{{.*}}, %c-32 : index
// CHECK: %[[FIRST:.*]] = arith.addi %[[ALIGNED]], %[[LANE]]
// CHECK: scf.for %[[K:.*]] = %[[FIRST]] to %{{.*}} step %c32
// CHECK: arith.cmpi uge, %[[K]]
func.func @wm(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = wm>>) dst_filter {
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

// CHECK-LABEL: func.func @cm
// CHECK: gpu.launch
// CHECK: arith.remui %{{.*}}, %c256
// CHECK: arith.andi %{{.*}}, %c-32 : index
// CHECK: scf.for %{{.*}} step %c256
func.func @cm(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = cm>>) dst_filter {
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

// CHECK-LABEL: func.func @twc
// CHECK: %[[LISTS:.*]] = memref.alloc(%{{.*}}) : memref<3x?xi32>
// CHECK: %[[COUNTS:.*]] = memref.alloc() : memref<3xi64>
// CHECK: gpu.launch
// CHECK: arith.cmpi slt, %{{.*}}, %c32_i64
// CHECK: arith.cmpi slt, %{{.*}}, %c256_i64
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[COUNTS]]
// CHECK: memref.store %{{.*}}, %[[LISTS]]
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} step %c1
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} step %c32
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} step %c256
// CHECK: memref.dealloc %[[LISTS]]
func.func @twc(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = twc>>) dst_filter {
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

// CHECK-LABEL: func.func @edge_only
// CHECK: graph.vertexset.bools
// CHECK: %[[E:.*]] = graph.num_edges
// CHECK: gpu.launch
// CHECK: scf.while
// CHECK: scf.if
// CHECK: graph.vector.cas
func.func @edge_only(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = edge_only>>) dst_filter {
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

// CHECK-LABEL: func.func @strict
// CHECK: graph.vertexset.ids
// CHECK: %[[STARTS:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK: scf.for {{.*}} iter_args
// CHECK: gpu.launch
// CHECK: scf.while
// CHECK: memref.load %[[STARTS]]
// CHECK: graph.vector.cas
// CHECK: memref.dealloc %[[STARTS]]
func.func @strict(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = strict>>) dst_filter {
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

// CHECK-LABEL: func.func @pull
// CHECK: graph.vertexset.bits %arg1
// CHECK: graph.adjacency in %{{.*}} placed zero_copy
// CHECK: gpu.launch
// CHECK: scf.while
// CHECK: memref.atomic_rmw ori
// CHECK: memref.atomic_rmw addi
// CHECK: graph.vertexset.seal_dense
func.func @pull(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, pull_frontier = bitmap, edges = zero_copy>>) dst_filter {
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

// CHECK-LABEL: func.func @hybrid
// CHECK: %[[N:.*]] = graph.num_vertices
// CHECK: %[[SIZE:.*]] = graph.vertexset.size %arg1
// CHECK: arith.mulf %cst
// CHECK: %[[SMALL:.*]] = arith.cmpf ole
// CHECK: scf.if %[[SMALL]] -> (!graph.vertexset)
// CHECK: graph.vertexset.ids
// CHECK: gpu.launch
// CHECK: graph.vertexset.seal_ids
// CHECK: } else {
// CHECK: graph.vertexset.bools %arg1
// CHECK: graph.adjacency in %{{.*}} placed auto
// CHECK: gpu.launch
// CHECK: graph.vertexset.seal_dense
func.func @hybrid(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<hybrid_threshold = 0.03, otherwise = #graph.gpu_schedule<direction = pull>>>) dst_filter {
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

// An index check in a kernel records its failure; the host re-checks the
// recorded index after the kernel.
// CHECK-LABEL: func.func @checked_index
// CHECK: %[[SLOT:.*]] = memref.alloc() : memref<2xi64>
// CHECK: memref.store %c0_i64, %[[SLOT]][%c0
// CHECK: gpu.launch
// CHECK: graph.check_index %{{.*}} in %arg1 "'IDs'" defer to %[[SLOT]] : memref<2xi64>
// CHECK: gpu.terminator
// CHECK: %[[FLAG:.*]] = memref.load %[[SLOT]][%c0
// CHECK: %[[FAILED:.*]] = arith.cmpi ne, %[[FLAG]], %c0_i64
// CHECK: scf.if %[[FAILED]] {
// CHECK:   %[[BAD:.*]] = memref.load %[[SLOT]][%c1
// CHECK:   %[[BADINDEX:.*]] = arith.index_cast %[[BAD]] : i64 to index
// CHECK:   graph.check_index %[[BADINDEX]] in %arg1 "'IDs'" : !graph.vector<i32>
// CHECK: memref.dealloc %[[SLOT]]
func.func @checked_index(%g: !graph.edgeset, %ids: !graph.vector<i32>) {
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %y = graph.vector.get %ids[%v] : !graph.vector<i32>
    %yi = arith.index_cast %y : i32 to index
    %c = graph.check_index %yi in %ids "'IDs'" : !graph.vector<i32>
    %x = graph.vector.get %ids[%c] : !graph.vector<i32>
    graph.vector.set %ids[%v], %x : !graph.vector<i32>
  }
  return
}

// -----

// Unfused frontier creation: a push marks its output in a bitmap.
// CHECK-LABEL: func.func @unfused_push
// CHECK: %[[MARKS:.*]] = graph.vertexset.bits
// CHECK: gpu.launch
// CHECK: memref.atomic_rmw ori %{{.*}}, %[[MARKS]]
// CHECK: graph.vertexset.seal_dense
func.func @unfused_push(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<frontier_creation = unfused_bitmap>>) dst_filter {
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

// TWCE: the thread list's edges spread evenly (a prefix sum of its degrees on
// the host, a thread per edge), then a warp and a block per vertex.
// CHECK-LABEL: func.func @twce
// CHECK: %[[LISTS:.*]] = memref.alloc(%{{.*}}) : memref<3x?xi32>
// CHECK: gpu.launch
// CHECK: scf.for {{.*}} iter_args
// CHECK: memref.load %[[LISTS]][%c0
// CHECK: gpu.launch
// CHECK: scf.while
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} step %c32
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} step %c256
func.func @twce(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = twce>>) dst_filter {
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

// A push marking its output in a boolmap or bitmap marks each destination
// with an atomic: threads of other blocks (other frontier vertices) may mark
// the same destination, and only the one that flips it counts it (BC's
// forward step under CM with unfused_boolmap and fused dedup).
// CHECK-LABEL: func.func @unfused_boolmap_cm
// CHECK: %[[MARKS:.*]] = graph.vertexset.bools
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} step %c256
// CHECK: graph.reduce add atomic
// CHECK-NOT: memref.store %{{.*}}, %[[MARKS]]
// CHECK: memref.atomic_rmw assign %{{.*}}, %[[MARKS]]
// CHECK-NOT: memref.store %{{.*}}, %[[MARKS]]
// CHECK: gpu.terminator
// CHECK: graph.vertexset.seal_dense
func.func @unfused_boolmap_cm(%g: !graph.edgeset, %front: !graph.vertexset, %paths: !graph.vector<f64>, %seen: !graph.vector<i1>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g from(%front) track(%paths : !graph.vector<f64>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = cm, frontier_creation = unfused_boolmap, dedup = fused>>) dst_filter {
  ^bb0(%v: index):
    %s = graph.vector.get %seen[%v] : !graph.vector<i1>
    %false = arith.constant false
    %unseen = arith.cmpi eq, %s, %false : i1
    graph.yield %unseen : i1
  } body {
  ^bb0(%s: index, %d: index):
    %p = graph.vector.get %paths[%s] : !graph.vector<f64>
    %c = graph.reduce add %paths[%d], %p : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return %out : !graph.vertexset
}

// -----

// The same with a bitmap: an atomic or, whichever thread marks.
// CHECK-LABEL: func.func @unfused_bitmap_vertex_based
// CHECK: %[[BITS:.*]] = graph.vertexset.bits
// CHECK: gpu.launch
// CHECK-NOT: memref.store %{{.*}}, %[[BITS]]
// CHECK: memref.atomic_rmw ori %{{.*}}, %[[BITS]]
// CHECK-NOT: memref.store %{{.*}}, %[[BITS]]
// CHECK: gpu.terminator
// CHECK: graph.vertexset.seal_dense
func.func @unfused_bitmap_vertex_based(%g: !graph.edgeset, %paths: !graph.vector<f64>) -> !graph.vertexset {
  %out = graph.edgeset.apply %g track(%paths : !graph.vector<f64>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = vertex_based, frontier_creation = unfused_bitmap>>) body {
  ^bb0(%s: index, %d: index):
    %p = graph.vector.get %paths[%s] : !graph.vector<f64>
    %c = graph.reduce add %paths[%d], %p : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return %out : !graph.vertexset
}

// -----

// A loop without kernel fusion around a hybrid: each step launches its own
// kernels. The placed arrays are looked up once, before the loop, in the
// order of the program (the push's out-edges, the pull's in-edges; the
// copy of the out-offsets that the pull's output counts degrees with is
// the push's look-up): the same arrays in every step.

// CHECK-LABEL: func.func @unfused_hybrid
// CHECK: %[[OUT:.*]], %{{.*}} = graph.adjacency out %{{.*}} placed auto
// CHECK-NEXT: %[[IN:.*]], %{{.*}} = graph.adjacency in %{{.*}} placed auto
// CHECK-NEXT: scf.while
// CHECK-NOT: placed
// CHECK: gpu.launch
// CHECK-NOT: placed
// CHECK: memref.load %[[OUT]]
// CHECK-NOT: placed
// CHECK: } else {
// CHECK-NOT: placed
// CHECK: graph.adjacency out %{{.*}} : !graph.edgeset
// CHECK-NOT: placed
// CHECK: gpu.launch
// CHECK-NOT: placed
// CHECK: memref.load %[[IN]]
// CHECK-NOT: placed
// CHECK: memref.load %[[OUT]]
// CHECK-NOT: placed
// CHECK: return
func.func @unfused_hybrid(%g: !graph.edgeset, %f0: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
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
  }
  return %last : !graph.vertexset
}
