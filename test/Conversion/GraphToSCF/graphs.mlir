// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s

// A graph's arrays (Graphs.cpp): one C-interface call per array and side,
// for in-edges the graphrt_in_* functions.
// CHECK-DAG: func.func private @graphrt_in_offsets(!llvm.ptr) -> memref<?xi64> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_in_neighbors(!llvm.ptr) -> memref<?xi32> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_out_weights(!llvm.ptr) -> memref<?xi32> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_in_weights(!llvm.ptr) -> memref<?xi32> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_near_edge_share(!llvm.ptr, i64) -> f64{{$}}
// CHECK-LABEL: func.func @arrays(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr)
// CHECK-NEXT: %[[O:.*]] = call @graphrt_in_offsets(%[[G]]) : (!llvm.ptr) -> memref<?xi64>
// CHECK-NEXT: %[[N:.*]] = call @graphrt_in_neighbors(%[[G]]) : (!llvm.ptr) -> memref<?xi32>
// CHECK-NEXT: %[[OUT:.*]] = call @graphrt_out_weights(%[[G]]) : (!llvm.ptr) -> memref<?xi32>
// CHECK-NEXT: %[[IN:.*]] = call @graphrt_in_weights(%[[G]]) : (!llvm.ptr) -> memref<?xi32>
// CHECK-NEXT: return %[[O]], %[[N]], %[[OUT]], %[[IN]]
func.func @arrays(%g: !graph.edgeset<i32>)
    -> (memref<?xi64>, memref<?xi32>, memref<?xi32>, memref<?xi32>) {
  %o, %n = graph.adjacency in %g : !graph.edgeset<i32> -> memref<?xi64>, memref<?xi32>
  %out = graph.adjacency_weights out %g : !graph.edgeset<i32> -> memref<?xi32>
  %in = graph.adjacency_weights in %g : !graph.edgeset<i32> -> memref<?xi32>
  return %o, %n, %out, %in
      : memref<?xi64>, memref<?xi32>, memref<?xi32>, memref<?xi32>
}

// The largest out-degree: one runtime call (which computes it once per
// graph and keeps it), its i64 cast to index.
// CHECK-LABEL: func.func @max_out_degree(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr)
// CHECK-NEXT: %[[D:.*]] = call @graphrt_max_out_degree(%[[G]]) : (!llvm.ptr) -> i64
// CHECK-NEXT: %[[I:.*]] = arith.index_cast %[[D]] : i64 to index
// CHECK-NEXT: return %[[I]]
func.func @max_out_degree(%g: !graph.edgeset) -> index {
  %d = graph.max_out_degree %g : !graph.edgeset
  return %d : index
}

// The share of near edges: one runtime call with the window (the runtime
// computes it once per graph and keeps it), declared with the others above.
// CHECK-LABEL: func.func @near_edge_share(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr)
// CHECK-NEXT: %[[W:.*]] = arith.constant 4096 : i64
// CHECK-NEXT: %[[S:.*]] = call @graphrt_near_edge_share(%[[G]], %[[W]]) : (!llvm.ptr, i64) -> f64
// CHECK-NEXT: return %[[S]]
func.func @near_edge_share(%g: !graph.edgeset) -> f64 {
  %s = graph.near_edge_share %g window 4096 : !graph.edgeset
  return %s : f64
}
