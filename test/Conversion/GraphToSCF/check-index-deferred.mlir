// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s

// graph.check_index ... defer to: inside a kernel, the first failing thread
// sets the record's flag (an atomic exchange) and stores the index; every
// failing thread goes on with index 0. No runtime call.

// CHECK-LABEL: func.func @deferred
// CHECK-SAME: (%[[V:.*]]: memref<?xi32>, %[[I:.*]]: index, %[[SLOT:.*]]: memref<2xi64>)
// CHECK: %[[SIZE:.*]] = memref.dim %[[V]], %c0
// CHECK: %[[OUT:.*]] = arith.cmpi uge, %[[I]], %[[SIZE]]
// CHECK: scf.if %[[OUT]] {
// CHECK:   %[[OLD:.*]] = memref.atomic_rmw assign %c1_i64, %[[SLOT]][%c0
// CHECK:   %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]], %c0_i64
// CHECK:   scf.if %[[FIRST]] {
// CHECK:     %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK:     memref.store %[[I64]], %[[SLOT]][%c1
// CHECK: %[[SAFE:.*]] = arith.select %[[OUT]], %c0{{.*}}, %[[I]]
// CHECK: memref.load %[[V]][%[[SAFE]]]
// CHECK-NOT: graphrt_index_error
func.func @deferred(%v: !graph.vector<i32>, %i: index, %slot: memref<2xi64>) -> i32 {
  %c = graph.check_index %i in %v "'v'" defer to %slot : memref<2xi64> : !graph.vector<i32>
  %x = graph.vector.get %v[%c] : !graph.vector<i32>
  return %x : i32
}
