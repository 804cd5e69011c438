// RUN: graph-opt %s --convert-graph-to-scf --split-input-file | FileCheck %s

// Priority queues are libgraphrt handles (PriorityQueues.cpp).

// graphrt_pq_new(priorities, width in bytes, length, lower first, delta,
// start, initial contents, lazy, open buckets): the initial contents are
// GRAPHRT_PQ_START (0, with a start vertex), _ALL (1) or _EMPTY (2, start
// 0); lazy and lazy_constant_sum queues are lazy. A queue not made yet is
// null.
// CHECK-DAG: func.func private @graphrt_pq_new(!llvm.ptr, i32, i64, i32, i64, i64, i32, i32, i64) -> !llvm.ptr
// CHECK-LABEL: func.func @queue_new(
// CHECK-SAME: %[[D:[^:]*]]: memref<?xi32>, %[[W:[^:]*]]: memref<?xi64>, %[[DELTA:[^:]*]]: index, %[[OPEN:[^:]*]]: index, %[[ROOT:[^:]*]]: index)
// CHECK:      %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[D]]
// CHECK-NEXT: %[[ADDR64:.*]] = arith.index_cast %[[ADDR]] : index to i64
// CHECK-NEXT: %[[DATA:.*]] = llvm.inttoptr %[[ADDR64]] : i64 to !llvm.ptr
// CHECK-NEXT: %[[START:.*]] = arith.index_cast %[[ROOT]] : index to i64
// CHECK-NEXT: %[[BYTES:.*]] = arith.constant 4 : i32
// CHECK:      %[[N:.*]] = memref.dim %[[D]], %{{.*}} : memref<?xi32>
// CHECK-NEXT: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK-NEXT: %[[LOWER:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[DELTA64:.*]] = arith.index_cast %[[DELTA]] : index to i64
// CHECK-NEXT: %[[FROM_START:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[EAGER:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[OPEN64:.*]] = arith.index_cast %[[OPEN]] : index to i64
// CHECK-NEXT: %[[A:.*]] = call @graphrt_pq_new(%[[DATA]], %[[BYTES]], %[[N64]], %[[LOWER]], %[[DELTA64]], %[[START]], %[[FROM_START]], %[[EAGER]], %[[OPEN64]])
// CHECK:      %[[NO_START:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[BYTES4:.*]] = arith.constant 4 : i32
// CHECK:      %[[HIGHER:.*]] = arith.constant 0 : i32
// CHECK:      %[[ALL:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[LAZY:.*]] = arith.constant 1 : i32
// CHECK:      %[[B:.*]] = call @graphrt_pq_new(%{{.*}}, %[[BYTES4]], %{{.*}}, %[[HIGHER]], %{{.*}}, %[[NO_START]], %[[ALL]], %[[LAZY]], %{{.*}})
// CHECK:      memref.extract_aligned_pointer_as_index %[[W]]
// CHECK:      %[[NO_START8:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[BYTES8:.*]] = arith.constant 8 : i32
// CHECK:      %[[EMPTY:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[SUM_LAZY:.*]] = arith.constant 1 : i32
// CHECK:      %[[C:.*]] = call @graphrt_pq_new(%{{.*}}, %[[BYTES8]], %{{.*}}, %{{.*}}, %{{.*}}, %[[NO_START8]], %[[EMPTY]], %[[SUM_LAZY]], %{{.*}})
// CHECK-NEXT: %[[NONE:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[NONE]]
func.func @queue_new(%d: !graph.vector<i32>, %w: !graph.vector<i64>,
                     %delta: index, %open: index, %root: index)
    -> (!graph.priority_queue<i32>, !graph.priority_queue<i32>,
        !graph.priority_queue<i64>, !graph.priority_queue<i32>) {
  %a = graph.pq.new %d lower_first update(eager) delta(%delta) open_buckets(%open) start(%root) : !graph.vector<i32> -> !graph.priority_queue<i32>
  %b = graph.pq.new %d higher_first update(lazy) delta(%delta) open_buckets(%open) all : !graph.vector<i32> -> !graph.priority_queue<i32>
  %c = graph.pq.new %w lower_first update(lazy_constant_sum) delta(%delta) open_buckets(%open) : !graph.vector<i64> -> !graph.priority_queue<i64>
  %n = graph.pq.none : !graph.priority_queue<i32>
  return %a, %b, %c, %n : !graph.priority_queue<i32>, !graph.priority_queue<i32>,
                          !graph.priority_queue<i64>, !graph.priority_queue<i32>
}

// -----

// The other queue ops are one call each: a vertex is passed as an index,
// a narrower integer sign-extended to i64; a flag (int32_t) comes back as
// an i1 "not zero", a priority (int64_t) truncated to the queue's type.
// CHECK-LABEL: func.func @queue_calls(
// CHECK-SAME: %[[Q:[^:]*]]: !llvm.ptr, %[[WIDE:[^:]*]]: !llvm.ptr, %[[G:[^:]*]]: !llvm.ptr, %[[S:[^:]*]]: !llvm.ptr, %[[V:[^:]*]]: index, %[[P:[^:]*]]: i32, %[[AMOUNT:[^:]*]]: i32, %[[FLOOR:[^:]*]]: i32)
// CHECK-NEXT: %[[F:.*]] = call @graphrt_pq_finished(%[[Q]]) : (!llvm.ptr) -> i32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[DONE:.*]] = arith.cmpi ne, %[[F]], %[[Z]] : i32
// CHECK-NEXT: %[[FV:.*]] = call @graphrt_pq_finished_vertex(%[[Q]], %[[V]]) : (!llvm.ptr, index) -> i32
// CHECK-NEXT: %[[ZV:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[REACHED:.*]] = arith.cmpi ne, %[[FV]], %[[ZV]] : i32
// CHECK-NEXT: %[[K64:.*]] = call @graphrt_pq_current_priority(%[[Q]]) : (!llvm.ptr) -> i64
// CHECK-NEXT: %[[K:.*]] = arith.trunci %[[K64]] : i64 to i32
// CHECK-NEXT: %[[KW:.*]] = call @graphrt_pq_current_priority(%[[WIDE]]) : (!llvm.ptr) -> i64
// CHECK-NEXT: %[[NEXT:.*]] = call @graphrt_pq_dequeue(%[[Q]]) : (!llvm.ptr) -> !llvm.ptr
// CHECK-NEXT: call @graphrt_pq_requeue(%[[Q]], %[[S]]) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT: call @graphrt_pq_edges(%[[Q]], %[[G]]) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT: %[[P64:.*]] = arith.extsi %[[P]] : i32 to i64
// CHECK-NEXT: call @graphrt_pq_push(%[[Q]], %[[V]], %[[P64]]) : (!llvm.ptr, index, i64) -> ()
// CHECK-NEXT: call @graphrt_pq_changed(%[[Q]], %[[V]]) : (!llvm.ptr, index) -> ()
// CHECK-NEXT: call @graphrt_pq_overflow(%[[Q]], %[[V]]) : (!llvm.ptr, index) -> ()
// CHECK-NEXT: call @graphrt_pq_count(%[[Q]], %[[V]]) : (!llvm.ptr, index) -> ()
// CHECK-NEXT: %[[AMOUNT64:.*]] = arith.extsi %[[AMOUNT]] : i32 to i64
// CHECK-NEXT: %[[FLOOR64:.*]] = arith.extsi %[[FLOOR]] : i32 to i64
// CHECK-NEXT: call @graphrt_pq_apply_counts(%[[Q]], %[[AMOUNT64]], %[[FLOOR64]]) : (!llvm.ptr, i64, i64) -> ()
// CHECK-NEXT: %[[LOCAL:.*]] = call @graphrt_pq_take_local(%[[Q]], %[[V]]) : (!llvm.ptr, index) -> memref<?xi32>
// CHECK-NEXT: call @graphrt_pq_free(%[[Q]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: return %[[DONE]], %[[REACHED]], %[[K]], %[[KW]], %[[NEXT]], %[[LOCAL]]
func.func @queue_calls(%pq: !graph.priority_queue<i32>,
                       %wide: !graph.priority_queue<i64>,
                       %g: !graph.edgeset<i32>, %s: !graph.vertexset,
                       %v: index, %p: i32, %amount: i32, %floor: i32)
    -> (i1, i1, i32, i64, !graph.vertexset, memref<?xi32>) {
  %done = graph.pq.finished %pq : !graph.priority_queue<i32>
  %reached = graph.pq.finished %pq vertex(%v) : !graph.priority_queue<i32>
  %k = graph.pq.current_priority %pq : !graph.priority_queue<i32>
  %kw = graph.pq.current_priority %wide : !graph.priority_queue<i64>
  %next = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.pq.requeue %pq, %s : !graph.priority_queue<i32>
  graph.pq.edges %pq, %g : !graph.priority_queue<i32>, !graph.edgeset<i32>
  graph.pq.push %pq, %v, %p : !graph.priority_queue<i32>, i32
  graph.pq.changed %pq, %v : !graph.priority_queue<i32>
  graph.pq.overflow %pq, %v : !graph.priority_queue<i32>
  graph.pq.count %pq, %v : !graph.priority_queue<i32>
  graph.pq.apply_counts %pq, %amount floor %floor : !graph.priority_queue<i32>, i32
  %local = graph.pq.take_local %pq, %v : !graph.priority_queue<i32> -> memref<?xi32>
  graph.pq.free %pq : !graph.priority_queue<i32>
  return %done, %reached, %k, %kw, %next, %local
      : i1, i1, i32, i64, !graph.vertexset, memref<?xi32>
}

// -----

// The priorities the queue reads, one C-interface function per width.
// CHECK-DAG: func.func private @graphrt_pq_priorities_i32(!llvm.ptr) -> memref<?xi32> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_pq_priorities_i64(!llvm.ptr) -> memref<?xi64> attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @queue_priorities(
// CHECK-SAME: %[[Q:[^:]*]]: !llvm.ptr, %[[WIDE:[^:]*]]: !llvm.ptr)
// CHECK-NEXT: %[[P:.*]] = call @graphrt_pq_priorities_i32(%[[Q]]) : (!llvm.ptr) -> memref<?xi32>
// CHECK-NEXT: %[[W:.*]] = call @graphrt_pq_priorities_i64(%[[WIDE]]) : (!llvm.ptr) -> memref<?xi64>
// CHECK-NEXT: return %[[P]], %[[W]]
func.func @queue_priorities(%pq: !graph.priority_queue<i32>,
                            %wide: !graph.priority_queue<i64>)
    -> (!graph.vector<i32>, !graph.vector<i64>) {
  %p = graph.pq.priorities %pq : !graph.priority_queue<i32> -> !graph.vector<i32>
  %w = graph.pq.priorities %wide : !graph.priority_queue<i64> -> !graph.vector<i64>
  return %p, %w : !graph.vector<i32>, !graph.vector<i64>
}
