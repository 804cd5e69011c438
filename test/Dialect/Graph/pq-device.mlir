// RUN: graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: graph-opt %s -split-input-file -verify-diagnostics | graph-opt -split-input-file -verify-diagnostics | FileCheck %s

// The ops that hand a priority queue's buckets to a fused GPU loop and
// report what it recorded round-trip.

// CHECK-LABEL: func.func @device
// CHECK: %[[IDS:.*]] = graph.pq.take_all %{{.*}} : !graph.priority_queue<i32> -> memref<?xi32>
// CHECK: %[[SHAPE:.*]] = graph.pq.device_shape %{{.*}} : !graph.priority_queue<i32> -> memref<?xi64>
// CHECK: graph.pq.device_failure %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !graph.priority_queue<i32>
func.func @device(%pq: !graph.priority_queue<i32>, %code: i64, %a: i64, %b: i64) -> (memref<?xi32>, memref<?xi64>) {
  %ids = graph.pq.take_all %pq : !graph.priority_queue<i32> -> memref<?xi32>
  %shape = graph.pq.device_shape %pq : !graph.priority_queue<i32> -> memref<?xi64>
  graph.pq.device_failure %pq, %code, %a, %b : !graph.priority_queue<i32>
  return %ids, %shape : memref<?xi32>, memref<?xi64>
}

// -----

func.func @take_all_i64(%pq: !graph.priority_queue<i32>) {
  // expected-error @below {{'graph.pq.take_all' op result #0 must be 1D memref of 32-bit signless integer values}}
  %ids = graph.pq.take_all %pq : !graph.priority_queue<i32> -> memref<?xi64>
  return
}

// -----

func.func @shape_i32(%pq: !graph.priority_queue<i64>) {
  // expected-error @below {{'graph.pq.device_shape' op result #0 must be 1D memref of 64-bit signless integer values}}
  %shape = graph.pq.device_shape %pq : !graph.priority_queue<i64> -> memref<?xi32>
  return
}

// -----

func.func @failure_i32(%pq: !graph.priority_queue<i32>, %code: i32, %a: i64) {
  // expected-error @below {{'graph.pq.device_failure' op operand #1 must be 64-bit signless integer}}
  "graph.pq.device_failure"(%pq, %code, %a, %a) : (!graph.priority_queue<i32>, i32, i64, i64) -> ()
  return
}
