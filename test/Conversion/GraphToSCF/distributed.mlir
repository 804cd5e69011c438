// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s

// A distributed load calls the runtime's distributed loader; a vector mirror
// passes the address of vertex 0's element, the bytes of one vertex and the
// distance between vertices (a record's size for a fused field, a row for a
// vector with rows), and the set of changed vertices if it has one; a set
// mirror passes the set, and a set mirrored by need its partition (the
// runtime's GRAPHRT_DIST_OWNED = 1, GRAPHRT_DIST_MIRRORED = 2).

// CHECK-LABEL: func.func @mirrors
// CHECK:      %[[G:.*]] = call @graphrt_dist_load(%{{.*}}, %{{.*}}, %{{.*}})
// CHECK:      %[[V:.*]] = memref.alloc(%{{.*}}) : memref<?xf64>
// CHECK:      %{{.*}}, %[[OFF:.*]], %{{.*}}, %[[STRIDE:.*]] = memref.extract_strided_metadata %[[V]]
// CHECK:      %[[BYTES:.*]] = arith.constant 8 : index
// CHECK:      %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[V]]
// CHECK:      %[[SKIP:.*]] = arith.muli %[[OFF]], %[[BYTES]] : index
// CHECK:      %[[FIRST:.*]] = arith.addi %[[BASE]], %[[SKIP]] : index
// CHECK:      %[[ADDR:.*]] = arith.index_cast %[[FIRST]] : index to i64
// CHECK:      %[[PTR:.*]] = llvm.inttoptr %[[ADDR]] : i64 to !llvm.ptr
// CHECK:      %[[STEP:.*]] = arith.muli %[[STRIDE]], %[[BYTES]] : index
// CHECK:      %[[VERTEX:.*]] = arith.constant 8 : i64
// CHECK:      %[[STEP64:.*]] = arith.index_cast %[[STEP]] : index to i64
// CHECK:      call @graphrt_dist_mirror(%[[G]], %[[PTR]], %[[VERTEX]], %[[STEP64]])
// CHECK:      memref.extract_strided_metadata %{{.*}} : memref<?xi32, strided<[4], offset: 2>>
// CHECK:      arith.constant 4 : index
// CHECK:      call @graphrt_dist_mirror(%[[G]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK:      memref.extract_strided_metadata %{{.*}} : memref<?x3xf32>
// CHECK:      arith.constant 12 : i64
// CHECK:      call @graphrt_dist_mirror(%[[G]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK:      %[[S:.*]] = call @graphrt_vset_new(
// CHECK:      call @graphrt_dist_mirror_changed(%[[G]], %{{.*}}, %{{.*}}, %{{.*}}, %[[S]])
// CHECK:      call @graphrt_dist_mirror_vset(%[[G]], %[[S]])
// CHECK:      call @graphrt_dist_mirror_vset(%[[G]], %[[S]])
// CHECK:      %[[MIRRORED:.*]] = arith.constant 2 : i32
// CHECK:      call @graphrt_dist_mirror_vset_part(%[[G]], %[[S]], %[[MIRRORED]]) : (!llvm.ptr, !llvm.ptr, i32) -> ()
// CHECK:      %[[OWNED:.*]] = arith.constant 1 : i32
// CHECK:      call @graphrt_dist_mirror_vset_part(%[[G]], %[[S]], %[[OWNED]]) : (!llvm.ptr, !llvm.ptr, i32) -> ()
func.func @mirrors(%path: !graph.string) {
  %g = graph.load %path distributed : !graph.edgeset
  %v = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  graph.vector.mirror %g, %v : !graph.edgeset, !graph.vector<f64>
  %rec = graph.records.new %g : !graph.edgeset -> !graph.records<16>
  %d = graph.out_degrees %g in(%rec : !graph.records<16>) : !graph.edgeset -> !graph.vector<i32, record<16, 8>>
  graph.vector.mirror %g, %d : !graph.edgeset, !graph.vector<i32, record<16, 8>>
  %zero = arith.constant 0.0 : f32
  %rows = graph.vector.new %g init(%zero : f32) : !graph.edgeset -> !graph.vector<?x3xf32>
  graph.vector.mirror %g, %rows : !graph.edgeset, !graph.vector<?x3xf32>
  %s = graph.vertexset.new %g : !graph.edgeset
  graph.vector.mirror %g, %v changed(%s) : !graph.edgeset, !graph.vector<f64>
  graph.vertexset.mirror %g, %s : !graph.edgeset
  graph.vertexset.mirror %g, %s : !graph.edgeset partition whole
  graph.vertexset.mirror %g, %s : !graph.edgeset partition mirrored
  graph.vertexset.mirror %g, %s : !graph.edgeset partition owned
  return
}

// A priority queue's mirror passes the graph and the queue.
// CHECK-LABEL: func.func @queue_mirror
// CHECK:      call @graphrt_dist_mirror_pq(%{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> ()
func.func @queue_mirror(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>) {
  graph.pq.mirror %g, %pq : !graph.edgeset<i32>, !graph.priority_queue<i32>
  return
}
