// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s

// Float and double edge weights (Graphs.cpp): graphrt_load asks for the
// weights' storage type (GRAPHRT_WEIGHTS_F32 = 2, F64 = 3; an int
// edgeset's 1 and an unweighted one's 0 are as before), and the weight
// arrays come from the typed runtime views, with no conversion.
// CHECK-DAG: func.func private @graphrt_out_weights_f32(!llvm.ptr) -> memref<?xf32> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_in_weights_f64(!llvm.ptr) -> memref<?xf64> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_segment_weights_f32(!llvm.ptr, i64) -> memref<?xf32> attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @load_f32(
// CHECK: %[[TYPE:.*]] = arith.constant 2 : i32
// CHECK: call @graphrt_load(%{{.*}}, %[[TYPE]], %{{.*}})
// CHECK: call @graphrt_out_weights_f32(
func.func @load_f32(%path: !graph.string) -> f32 {
  %c0 = arith.constant 0 : index
  %g = graph.load %path : !graph.edgeset<f32>
  %w = graph.adjacency_weights out %g : !graph.edgeset<f32> -> memref<?xf32>
  %x = memref.load %w[%c0] : memref<?xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @load_f64(
// CHECK: %[[TYPE:.*]] = arith.constant 3 : i32
// CHECK: call @graphrt_load(%{{.*}}, %[[TYPE]], %{{.*}})
// CHECK: call @graphrt_in_weights_f64(
func.func @load_f64(%path: !graph.string) -> f64 {
  %c0 = arith.constant 0 : index
  %g = graph.load %path : !graph.edgeset<f64>
  %w = graph.adjacency_weights in %g : !graph.edgeset<f64> -> memref<?xf64>
  %x = memref.load %w[%c0] : memref<?xf64>
  return %x : f64
}

// CHECK-LABEL: func.func @load_i16(
// CHECK: %[[TYPE:.*]] = arith.constant 1 : i32
// CHECK: call @graphrt_load(%{{.*}}, %[[TYPE]], %{{.*}})
func.func @load_i16(%path: !graph.string) {
  %g = graph.load %path : !graph.edgeset<i16>
  return
}

// CHECK-LABEL: func.func @segment_f32(
// CHECK: call @graphrt_segment_weights_f32(
func.func @segment_f32(%s: !graph.segments<out, f32>, %i: index) -> memref<?xf32> {
  %w = graph.segment.weights %s[%i] : !graph.segments<out, f32> -> memref<?xf32>
  return %w : memref<?xf32>
}
