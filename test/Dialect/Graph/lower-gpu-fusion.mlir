// RUN: graph-opt %s --graph-lower-gpu -split-input-file -verify-diagnostics | FileCheck %s

// Kernel fusion of a BFS loop: one launch (graph_grid_0, which libgraphrt
// launches cooperatively) holding the loop; the frontier is two device
// queues, its size a uniform loop-carried value; the host's zeroing of the
// output counter is a one-thread phase, the traversal a phase of its own,
// grid barriers between them; the last frontier becomes a vertex set on
// the host after the kernel. A GPU without cooperative launches runs the
// loop unfused (graph.gpu_cooperative).

// CHECK-LABEL: func.func @bfs
// CHECK: %[[OK:.*]] = graph.gpu_cooperative
// CHECK: %[[LAST:.*]] = scf.if %[[OK]] -> (!graph.vertexset) {
// CHECK: %[[N:.*]] = graph.num_vertices
// CHECK: %[[QA:.*]] = memref.alloc(%[[N]]) : memref<?xi32>
// CHECK: %[[QB:.*]] = memref.alloc(%[[N]]) : memref<?xi32>
// CHECK: graph.vertexset.ids
// CHECK: graph.vertexset.free
// CHECK: %[[BAR:.*]] = memref.alloc() : memref<2xi32>
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK-NOT: gpu.launch
// CHECK: scf.while (%[[P:.*]] = %{{.*}}, %[[COUNT:.*]] = %{{.*}}) : (index, index) -> (index, index)
// CHECK: arith.cmpi ne, %[[COUNT]]
// CHECK: } do {
// CHECK: %[[IN:.*]] = arith.select %{{.*}}, %[[QA]], %[[QB]]
// CHECK: memref.reinterpret_cast %[[IN]] to offset: [0], sizes: [%{{.*}}], strides: [1]
// CHECK: %[[OUT:.*]] = arith.select %{{.*}}, %[[QB]], %[[QA]]
// CHECK: graph.grid_barrier %[[BAR]]
// CHECK: graph.grid_phase blocks(%{{.*}}) threads(%{{.*}}) {
// CHECK-NEXT: ^bb0
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: graph.grid_barrier %[[BAR]]
// CHECK: graph.grid_phase blocks(%{{.*}}) threads(%c256
// CHECK-NOT: gpu.thread_id
// CHECK: graph.vector.cas
// CHECK: memref.store %{{.*}}, %[[OUT]][
// CHECK: graph.grid_barrier %[[BAR]]
// CHECK: scf.yield
// CHECK: gpu.terminator
// CHECK: graph.vertexset.new
// CHECK: graph.vertexset.id_buffer
// CHECK: graph.vertexset.seal_ids %[[SET:.*]], %{{.*}} distinct
// CHECK: scf.yield %[[SET]]
// Without cooperative launches: the loop and its kernels as unfused.
// CHECK: } else {
// CHECK: scf.while
// CHECK: gpu.launch blocks
// CHECK-NOT: function(
// CHECK: graph.vertexset.seal_ids
// CHECK: return %[[LAST]]
func.func @bfs(%g: !graph.edgeset, %root: index, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : i32
  %f0 = graph.vertexset.new %g : !graph.edgeset
  graph.vertexset.insert %f0, %root
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
    scf.yield %next : !graph.vertexset
  } attributes {graph.kernel_fusion}
  return %last : !graph.vertexset
}

// -----

// A pull reads its frontier as a bitmap, which the fused kernel makes of
// its queue (lower-gpu-fusion-maps.mlir): it fuses.
// CHECK-LABEL: func.func @pull
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK-NOT: graph.vertexset.bits
// CHECK: gpu.terminator
func.func @pull(%g: !graph.edgeset, %f0: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %c0 = arith.constant 0 : index
  %last = scf.while (%f = %f0) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>)
        schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, pull_frontier = bitmap>>)
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
