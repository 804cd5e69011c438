// RUN: graph-opt %s -split-input-file --graph-lower-gpu -verify-diagnostics | FileCheck %s

// What graph-lower-gpu leaves on the host: vertex loops that print, and GPU
// traversals whose body calls the runtime (with a warning); a vertex loop a
// kernel can run becomes one; a pull that threads cannot share (its body
// assigns the destination) is warned about and scans with a thread per
// destination.

// CHECK-LABEL: func.func @vertex_loops
// CHECK: %[[N:.*]] = graph.num_vertices
// CHECK: gpu.launch
// CHECK: graph.vector.set
// CHECK: gpu.terminator
// CHECK: graph.vertexset.apply
// CHECK: graph.print
func.func @vertex_loops(%g: !graph.edgeset, %x: !graph.vector<i32>) {
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %c7 = arith.constant 7 : i32
    graph.vector.set %x[%v], %c7 : !graph.vector<i32>
  }
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %e = graph.vector.get %x[%v] : !graph.vector<i32>
    graph.print %e : i32
  }
  return
}

// -----

// CHECK-LABEL: func.func @host_body
// CHECK-NOT: gpu.launch
// CHECK: graph.edgeset.apply {{.*}} schedule(#graph.schedule<parallel = dynamic_vertex>)
func.func @host_body(%g: !graph.edgeset, %front: !graph.vertexset, %x: !graph.vector<i32>) {
  // expected-warning @+1 {{this traversal runs on the host: 'graph.print' cannot run in a GPU kernel}}
  graph.edgeset.apply %g from(%front) schedule(#graph.schedule<gpu = #graph.gpu_schedule<>>) body {
  ^bb0(%s: index, %d: index):
    %e = graph.vector.get %x[%d] : !graph.vector<i32>
    graph.print %e : i32
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// CHECK-LABEL: func.func @pull_balance
// CHECK: gpu.launch
// CHECK-NOT: gpu.thread_id
// CHECK: graph.vertexset.seal_dense
func.func @pull_balance(%g: !graph.edgeset, %front: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  // expected-warning @+1 {{load_balance = twc cannot share this pull's destinations among threads: its body's 'graph.vector.set' writes at the destination without a reduction, which one thread did edge by edge and threads sharing the destination would do in any order; each destination's in-edges are scanned by one thread (vertex_based)}}
  %out = graph.edgeset.apply %g from(%front) track(%parent : !graph.vector<i32>) schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, load_balance = twc>>) body {
  ^bb0(%s: index, %d: index):
    %si = arith.index_cast %s : index to i32
    graph.vector.set %parent[%d], %si : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return %out : !graph.vertexset
}

// -----

// CHECK-LABEL: func.func @fused_loop
func.func @fused_loop(%n: index, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  // expected-warning @+1 {{kernel fusion does not apply to this loop: it carries a value of type memref<?xi32> from step to step; each step launches its own kernels}}
  %r:2 = scf.while (%i = %c0, %b = %m) : (index, memref<?xi32>) -> (index, memref<?xi32>) {
    %more = arith.cmpi ult, %i, %n : index
    scf.condition(%more) %i, %b : index, memref<?xi32>
  } do {
  ^bb0(%i: index, %b: memref<?xi32>):
    %c1 = arith.constant 1 : index
    %next = arith.addi %i, %c1 : index
    scf.yield %next, %b : index, memref<?xi32>
  } attributes {graph.kernel_fusion}
  return
}
