// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s

// Program state (Globals.cpp): each graph.global is an external LLVM global
// of the converted type, zero at first; a memref is stored as its
// descriptor struct, an index as an i64. (The slots' names, the texts of
// graphrt_state_check below, come first.)
// CHECK-DAG: llvm.mlir.global internal constant @[[EDGES_NAME:graphrt_text_[0-9]+]]("edges\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[RANK_NAME:graphrt_text_[0-9]+]]("rank\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[FRONTIER_NAME:graphrt_text_[0-9]+]]("frontier\00")
// CHECK-LABEL: llvm.mlir.global external @graphit_state_edges() {{.*}} : !llvm.ptr {
// CHECK-NEXT:    %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:    llvm.return %[[Z]] : !llvm.ptr
// CHECK-LABEL: llvm.mlir.global external @graphit_state_rank() {{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
// CHECK-NEXT:    llvm.mlir.zero : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-LABEL: llvm.mlir.global external @graphit_state_rows() {{.*}} : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> {
// CHECK-LABEL: llvm.mlir.global external @graphit_state_count() {{.*}} : i64 {
// CHECK-NEXT:    llvm.mlir.zero : i64
// CHECK-LABEL: llvm.mlir.global external @graphit_state_scale() {{.*}} : f32 {
// CHECK-NEXT:    llvm.mlir.zero : f32
// CHECK-LABEL: llvm.mlir.global external @graphit_state_frontier() {{.*}} : !llvm.ptr {
graph.global @graphit_state_edges : !graph.edgeset
graph.global @graphit_state_rank : !graph.vector<f64>
graph.global @graphit_state_rows : !graph.vector<?x4xf64>
graph.global @graphit_state_count : index
graph.global @graphit_state_scale : f32
graph.global @graphit_state_frontier : !graph.vertexset

// A store writes the slot: a memref's descriptor through a cast (it becomes
// that struct in finalize-memref-to-llvm), an index as an i64; a stored set
// is first kept from graphrt_vset_free_all.
// CHECK-LABEL: func.func @store(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr, %[[R:[^:]*]]: memref<?xf64>, %[[N:[^:]*]]: index, %[[X:[^:]*]]: f32, %[[S:[^:]*]]: !llvm.ptr)
// CHECK-NEXT: %[[EDGES:.*]] = llvm.mlir.addressof @graphit_state_edges : !llvm.ptr
// CHECK-NEXT: llvm.store %[[G]], %[[EDGES]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[DESC:.*]] = builtin.unrealized_conversion_cast %[[R]] : memref<?xf64> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[RANK:.*]] = llvm.mlir.addressof @graphit_state_rank : !llvm.ptr
// CHECK-NEXT: llvm.store %[[DESC]], %[[RANK]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// CHECK-NEXT: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK-NEXT: %[[COUNT:.*]] = llvm.mlir.addressof @graphit_state_count : !llvm.ptr
// CHECK-NEXT: llvm.store %[[N64]], %[[COUNT]] : i64, !llvm.ptr
// CHECK-NEXT: %[[SCALE:.*]] = llvm.mlir.addressof @graphit_state_scale : !llvm.ptr
// CHECK-NEXT: llvm.store %[[X]], %[[SCALE]] : f32, !llvm.ptr
// CHECK-NEXT: call @graphrt_vset_keep(%[[S]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: %[[FRONTIER:.*]] = llvm.mlir.addressof @graphit_state_frontier : !llvm.ptr
// CHECK-NEXT: llvm.store %[[S]], %[[FRONTIER]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: return
func.func @store(%g: !graph.edgeset, %r: !graph.vector<f64>, %n: index,
                 %x: f32, %s: !graph.vertexset) {
  graph.global.store %g, @graphit_state_edges : !graph.edgeset
  graph.global.store %r, @graphit_state_rank : !graph.vector<f64>
  graph.global.store %n, @graphit_state_count : index
  graph.global.store %x, @graphit_state_scale : f32
  graph.global.store %s, @graphit_state_frontier : !graph.vertexset
  return
}

// A load reads the slot back. A handle, or the data pointer of an array,
// that was never stored is null: graphrt_state_check stops the program
// with the slot's name (without the graphit_state_ prefix). Numbers are
// not checked.
// CHECK-LABEL: func.func @load()
// CHECK-NEXT: %[[EDGES:.*]] = llvm.mlir.addressof @graphit_state_edges : !llvm.ptr
// CHECK-NEXT: %[[G:.*]] = llvm.load %[[EDGES]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: llvm.mlir.addressof @[[EDGES_NAME]]
// CHECK-NEXT: %[[EDGES_TEXT:.*]] = llvm.getelementptr
// CHECK-NEXT: call @graphrt_state_check(%[[G]], %[[EDGES_TEXT]]) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT: %[[RANK:.*]] = llvm.mlir.addressof @graphit_state_rank : !llvm.ptr
// CHECK-NEXT: %[[DESC:.*]] = llvm.load %[[RANK]] : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[DATA:.*]] = llvm.extractvalue %[[DESC]][0]
// CHECK-NEXT: llvm.mlir.addressof @[[RANK_NAME]]
// CHECK-NEXT: %[[RANK_TEXT:.*]] = llvm.getelementptr
// CHECK-NEXT: call @graphrt_state_check(%[[DATA]], %[[RANK_TEXT]])
// CHECK-NEXT: %[[R:.*]] = builtin.unrealized_conversion_cast %[[DESC]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf64>
// CHECK-NEXT: %[[COUNT:.*]] = llvm.mlir.addressof @graphit_state_count : !llvm.ptr
// CHECK-NEXT: %[[N64:.*]] = llvm.load %[[COUNT]] : !llvm.ptr -> i64
// CHECK-NEXT: %[[N:.*]] = arith.index_cast %[[N64]] : i64 to index
// CHECK-NEXT: %[[SCALE:.*]] = llvm.mlir.addressof @graphit_state_scale : !llvm.ptr
// CHECK-NEXT: %[[X:.*]] = llvm.load %[[SCALE]] : !llvm.ptr -> f32
// CHECK-NEXT: %[[FRONTIER:.*]] = llvm.mlir.addressof @graphit_state_frontier : !llvm.ptr
// CHECK-NEXT: %[[S:.*]] = llvm.load %[[FRONTIER]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: llvm.mlir.addressof @[[FRONTIER_NAME]]
// CHECK-NEXT: %[[FRONTIER_TEXT:.*]] = llvm.getelementptr
// CHECK-NEXT: call @graphrt_state_check(%[[S]], %[[FRONTIER_TEXT]])
// CHECK-NEXT: return %[[G]], %[[R]], %[[N]], %[[X]], %[[S]]
func.func @load() -> (!graph.edgeset, !graph.vector<f64>, index, f32,
                      !graph.vertexset) {
  %g = graph.global.load @graphit_state_edges : !graph.edgeset
  %r = graph.global.load @graphit_state_rank : !graph.vector<f64>
  %n = graph.global.load @graphit_state_count : index
  %x = graph.global.load @graphit_state_scale : f32
  %s = graph.global.load @graphit_state_frontier : !graph.vertexset
  return %g, %r, %n, %x, %s
      : !graph.edgeset, !graph.vector<f64>, index, f32, !graph.vertexset
}
