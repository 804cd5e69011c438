// RUN: graph-opt %s | graph-opt | FileCheck %s
// RUN: graph-opt %s -mlir-print-op-generic | graph-opt | FileCheck %s

// graph.group_reduce round-trips: its kind, value, lanes and body.

// CHECK-LABEL: func.func @group_reduce
// CHECK:       graph.group_reduce add %{{.*}} lanes(32) : f64 {
// CHECK-NEXT:  ^bb0(%[[T:.*]]: f64):
// CHECK-NEXT:    memref.store %[[T]]
// CHECK-NEXT:  }
// CHECK:       graph.group_reduce maxu %{{.*}} lanes(256) : i64 {
func.func @group_reduce(%out: memref<?xf64>, %big: memref<?xi64>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %v = arith.constant 1.0 : f64
    graph.group_reduce add %v lanes(32) : f64 {
    ^bb0(%total: f64):
      memref.store %total, %out[%bx] : memref<?xf64>
    }
    %w = arith.index_cast %tx : index to i64
    graph.group_reduce maxu %w lanes(256) : i64 {
    ^bb0(%most: i64):
      memref.store %most, %big[%bx] : memref<?xi64>
    }
    gpu.terminator
  }
  return
}
