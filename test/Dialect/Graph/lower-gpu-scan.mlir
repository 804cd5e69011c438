// RUN: graph-opt %s -split-input-file --graph-lower-gpu | FileCheck %s

// strict's prefix sums of the frontier's degrees run as kernels: a thread
// sums each chunk of 32 entries (the chunk's running sums and its total),
// the chunks' totals are summed by a kernel per doubling distance reading
// one buffer and writing the other, and a thread per entry adds the totals
// of the chunks before its own. The host reads only the last sum (the
// traversal kernel's thread count).

// CHECK-LABEL: func.func @strict
// CHECK: %[[IDS:.*]] = graph.vertexset.ids %arg1
// CHECK: %[[OFFSETS:.*]], %{{.*}} = graph.adjacency out %arg0 placed auto
// CHECK: %[[N:.*]] = memref.dim %[[IDS]], %{{.*}}
// CHECK: %[[STARTS:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK: memref.store %{{.*}}, %[[STARTS]][%{{.*}}]
// CHECK: %[[CHUNKS:.*]] = arith.ceildivui %[[N]], %c32
// CHECK: %[[USED:.*]] = arith.ceildivui %[[N]], %c32
// CHECK: %[[A:.*]] = memref.alloc(%[[CHUNKS]]) : memref<?xi64>
// CHECK: %[[B:.*]] = memref.alloc(%[[CHUNKS]]) : memref<?xi64>
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i64)
// CHECK: memref.load %[[OFFSETS]]
// CHECK: memref.store %{{.*}}, %[[STARTS]]
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: gpu.terminator
// CHECK: %[[PASSES:.*]]:3 = scf.while (%{{.*}} = %c1{{.*}}, %[[FROM:.*]] = %[[A]], %[[TO:.*]] = %[[B]])
// CHECK: arith.cmpi ult, %{{.*}}, %[[USED]]
// CHECK: gpu.launch
// CHECK: arith.cmpi uge
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}]
// CHECK: gpu.terminator
// CHECK: %[[TWICE:.*]] = arith.addi %{{.*}}, %{{.*}}
// CHECK: scf.yield %[[TWICE]], %{{.*}}, %{{.*}}
// CHECK: gpu.launch
// CHECK: arith.divui %{{.*}}, %c32
// CHECK: memref.load %[[PASSES]]#1
// CHECK: memref.store %{{.*}}, %[[STARTS]]
// CHECK: gpu.terminator
// CHECK: memref.dealloc %[[A]]
// CHECK: memref.dealloc %[[B]]
// CHECK: %[[LAST:.*]] = memref.load %[[STARTS]][%[[N]]]
// CHECK: %[[TOTAL:.*]] = arith.index_cast %[[LAST]]
// CHECK: arith.subi %[[TOTAL]], %{{.*}}
// CHECK: arith.cmpi sgt
// CHECK: gpu.launch
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

// Fused into a loop's kernel, the scan is phases of many threads: the
// chunks' sums, a phase per doubling distance in a loop every thread runs,
// the entries' additions, each separated from the next by a grid barrier;
// the buffers are allocated once before the kernel, sized by the queues'
// capacity. Only the zeroing of the first sum is one thread's.

// CHECK-LABEL: func.func @fused_strict
// CHECK: %[[N:.*]] = graph.num_vertices
// CHECK: arith.ceildivui %[[N]], %c32
// CHECK: memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK: arith.ceildivui %[[N]], %c32
// CHECK: memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK: graph.grid_phase blocks(%c1{{.*}}) threads(%c1{{.*}})
// CHECK: graph.grid_barrier
// CHECK: graph.grid_phase blocks(%{{.*}}) threads(%c256
// CHECK: scf.for {{.*}} iter_args
// CHECK: graph.grid_barrier
// CHECK: scf.while
// CHECK: graph.grid_barrier
// CHECK: graph.grid_phase blocks(%{{.*}}) threads(%c256
// CHECK: graph.grid_barrier
// CHECK: scf.yield
// CHECK: graph.grid_phase blocks(%{{.*}}) threads(%c256
// CHECK: arith.divui %{{.*}}, %c32
// CHECK: graph.grid_barrier
// CHECK: memref.load
// CHECK: graph.grid_phase blocks(%{{.*}}) threads(%c256
// CHECK: graph.vector.cas
// CHECK: gpu.terminator
func.func @fused_strict(%g: !graph.edgeset, %root: index, %parent: !graph.vector<i32>) -> !graph.vertexset {
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
        schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = strict>>)
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
