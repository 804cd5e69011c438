// RUN: graph-opt %s | FileCheck %s
// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s --check-prefix=SCF
// RUN: graph-opt %s --graph-to-llvm | FileCheck %s --check-prefix=LLVM

// Program state between calls of export functions: module-level slots.
// CHECK: graph.global @graphit_state_edges : !graph.edgeset
// CHECK: graph.global @graphit_state_rank : !graph.vector<f64>
// CHECK: graph.global.store %{{.*}}, @graphit_state_edges : !graph.edgeset
// CHECK: graph.global.load @graphit_state_rank : !graph.vector<f64>

// A slot is an external LLVM global of the converted type (a memref as its
// descriptor struct, an index as an i64), zero at first. A stored set is
// kept from graphrt_vset_free_all and a stored vector is not deallocated;
// reading a handle or array that was never stored stops with its name.
// SCF: llvm.mlir.global external @graphit_state_edges() {{.*}} : !llvm.ptr
// SCF:   llvm.mlir.zero : !llvm.ptr
// SCF: llvm.mlir.global external @graphit_state_rank() {{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// SCF: llvm.mlir.global external @graphit_state_count() {{.*}} : i64
// SCF: llvm.mlir.global external @graphit_state_frontier() {{.*}} : !llvm.ptr
// SCF-LABEL: func.func @set(
// SCF: %[[G:.*]] = llvm.mlir.addressof @graphit_state_edges
// SCF: llvm.store %arg0, %[[G]] : !llvm.ptr, !llvm.ptr
// SCF: %[[R:.*]] = memref.alloc
// SCF-NOT: memref.dealloc %[[R]]
// SCF: %[[D:.*]] = builtin.unrealized_conversion_cast %[[R]] : memref<?xf64> to !llvm.struct
// SCF: llvm.store %[[D]], %{{.*}} : !llvm.struct
// SCF: %[[N:.*]] = arith.index_cast %{{.*}} : index to i64
// SCF: llvm.store %[[N]]
// SCF: %[[S:.*]] = call @graphrt_vset_new
// SCF: call @graphrt_vset_keep(%[[S]])
// SCF: llvm.store %[[S]]
// SCF-NOT: memref.dealloc %[[R]]
// SCF: return
// SCF-LABEL: func.func @get(
// SCF: %[[LOADED:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct
// SCF: %[[P:.*]] = llvm.extractvalue %[[LOADED]][0]
// SCF: call @graphrt_state_check(%[[P]], %{{.*}})
// SCF: %[[V:.*]] = builtin.unrealized_conversion_cast %[[LOADED]] : !llvm.struct<{{.*}}> to memref<?xf64>
// SCF: llvm.load %{{.*}} : !llvm.ptr -> i64
// SCF: memref.load %[[V]]
// The casts cancel once memrefs are LLVM structs too.
// LLVM-NOT: unrealized_conversion_cast
// LLVM: llvm.call @graphrt_state_check

graph.global @graphit_state_edges : !graph.edgeset
graph.global @graphit_state_rank : !graph.vector<f64>
graph.global @graphit_state_count : index
graph.global @graphit_state_frontier : !graph.vertexset
func.func @set(%g: !graph.edgeset) {
  graph.global.store %g, @graphit_state_edges : !graph.edgeset
  %r = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  graph.global.store %r, @graphit_state_rank : !graph.vector<f64>
  %n = graph.num_vertices %g : !graph.edgeset
  graph.global.store %n, @graphit_state_count : index
  %s = graph.vertexset.new %g all : !graph.edgeset
  graph.global.store %s, @graphit_state_frontier : !graph.vertexset
  return
}
func.func @get() -> f64 {
  %r = graph.global.load @graphit_state_rank : !graph.vector<f64>
  %n = graph.global.load @graphit_state_count : index
  %x = graph.vector.get %r[%n] : !graph.vector<f64>
  return %x : f64
}
