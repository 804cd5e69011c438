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
// CHECK-SAME: %[[Q:[^:]*]]: !llvm.ptr, %[[WIDE:[^:]*]]: !llvm.ptr, %[[G:[^:]*]]: !llvm.ptr, %[[S:[^:]*]]: !llvm.ptr, %[[V:[^:]*]]: index, %[[AMOUNT:[^:]*]]: i32, %[[FLOOR:[^:]*]]: i32)
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
                       %v: index, %amount: i32, %floor: i32)
    -> (i1, i1, i32, i64, !graph.vertexset, memref<?xi32>) {
  %done = graph.pq.finished %pq : !graph.priority_queue<i32>
  %reached = graph.pq.finished %pq vertex(%v) : !graph.priority_queue<i32>
  %k = graph.pq.current_priority %pq : !graph.priority_queue<i32>
  %kw = graph.pq.current_priority %wide : !graph.priority_queue<i64>
  %next = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.pq.requeue %pq, %s : !graph.priority_queue<i32>
  graph.pq.edges %pq, %g : !graph.priority_queue<i32>, !graph.edgeset<i32>
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

// An eager push appends to the calling thread's bin inline
// (graphrt_pq_push_view in graph_rt.h, a thread-local variable of
// libgraphrt): while the view's epoch is the queue's (its first 8 bytes),
// the bucket p / delta (unsigned: a negative priority is in no bin) is
// k = bucket - first < count of the view, and bin k has room, the vertex is
// stored at ids[size] and size goes up; every other push calls
// graphrt_pq_push, which refreshes the view.
// CHECK-DAG: llvm.mlir.global external thread_local @graphrt_pq_thread_view() {addr_space = 0 : i32} : !llvm.struct<(i64, i64, i64, i64, ptr, ptr)>
// CHECK-DAG: func.func private @graphrt_pq_push(!llvm.ptr, index, i64)
// CHECK-LABEL: func.func @queue_push(
// CHECK-SAME: %[[Q:[^:]*]]: !llvm.ptr, %[[V:[^:]*]]: index, %[[P:[^:]*]]: i32)
// CHECK:      %[[P64:.*]] = arith.extsi %[[P]] : i32 to i64
// CHECK-NEXT: %[[GLOBAL:.*]] = llvm.mlir.addressof @graphrt_pq_thread_view : !llvm.ptr
// CHECK-NEXT: %[[VIEW:.*]] = "llvm.intr.threadlocal.address"(%[[GLOBAL]]) : (!llvm.ptr) -> !llvm.ptr
// CHECK-NEXT: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[LIVE:.*]] = llvm.icmp "ne" %[[Q]], %[[NULL]] : !llvm.ptr
// CHECK-NEXT: %[[SAME:.*]] = scf.if %[[LIVE]] -> (i1) {
// CHECK-NEXT:   %[[EPOCH:.*]] = llvm.load %[[Q]] : !llvm.ptr -> i64
// CHECK-NEXT:   %[[VE_AT:.*]] = llvm.getelementptr %[[VIEW]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, i64, i64, i64, ptr, ptr)>
// CHECK-NEXT:   %[[VE:.*]] = llvm.load %[[VE_AT]] : !llvm.ptr -> i64
// CHECK-NEXT:   %[[EQ:.*]] = arith.cmpi eq, %[[EPOCH]], %[[VE]] : i64
// CHECK-NEXT:   scf.yield %[[EQ]] : i1
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[DEAD:.*]] = arith.constant false
// CHECK-NEXT:   scf.yield %[[DEAD]] : i1
// CHECK-NEXT: }
// CHECK-NEXT: %[[DONE:.*]] = scf.if %[[SAME]] -> (i1) {
// CHECK-NEXT:   %[[DELTA_AT:.*]] = llvm.getelementptr %[[VIEW]][0, 1]
// CHECK-NEXT:   %[[DELTA:.*]] = llvm.load %[[DELTA_AT]] : !llvm.ptr -> i64
// CHECK-NEXT:   %[[FIRST_AT:.*]] = llvm.getelementptr %[[VIEW]][0, 2]
// CHECK-NEXT:   %[[FIRST:.*]] = llvm.load %[[FIRST_AT]] : !llvm.ptr -> i64
// CHECK-NEXT:   %[[COUNT_AT:.*]] = llvm.getelementptr %[[VIEW]][0, 3]
// CHECK-NEXT:   %[[COUNT:.*]] = llvm.load %[[COUNT_AT]] : !llvm.ptr -> i64
// CHECK-NEXT:   %[[BUCKET:.*]] = arith.divui %[[P64]], %[[DELTA]] : i64
// CHECK-NEXT:   %[[K:.*]] = arith.subi %[[BUCKET]], %[[FIRST]] : i64
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:   %[[NONNEG:.*]] = arith.cmpi sge, %[[P64]], %[[ZERO]] : i64
// CHECK-NEXT:   %[[INSIDE:.*]] = arith.cmpi ult, %[[K]], %[[COUNT]] : i64
// CHECK-NEXT:   %[[IN:.*]] = arith.andi %[[NONNEG]], %[[INSIDE]] : i1
// CHECK-NEXT:   %[[ROOM:.*]] = scf.if %[[IN]] -> (i1) {
// CHECK-NEXT:     %[[BINS_AT:.*]] = llvm.getelementptr %[[VIEW]][0, 4]
// CHECK-NEXT:     %[[BINS:.*]] = llvm.load %[[BINS_AT]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:     %[[BIN:.*]] = llvm.getelementptr %[[BINS]][%[[K]]] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(ptr, i64, i64)>
// CHECK-NEXT:     %[[SIZE_AT:.*]] = llvm.getelementptr %[[BIN]][0, 1]
// CHECK-NEXT:     %[[SIZE:.*]] = llvm.load %[[SIZE_AT]] : !llvm.ptr -> i64
// CHECK-NEXT:     %[[CAP_AT:.*]] = llvm.getelementptr %[[BIN]][0, 2]
// CHECK-NEXT:     %[[CAP:.*]] = llvm.load %[[CAP_AT]] : !llvm.ptr -> i64
// CHECK-NEXT:     %[[HAS:.*]] = arith.cmpi ult, %[[SIZE]], %[[CAP]] : i64
// CHECK-NEXT:     scf.if %[[HAS]] {
// CHECK-NEXT:       %[[IDS_AT:.*]] = llvm.getelementptr %[[BIN]][0, 0]
// CHECK-NEXT:       %[[IDS:.*]] = llvm.load %[[IDS_AT]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:       %[[SLOT:.*]] = llvm.getelementptr %[[IDS]][%[[SIZE]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK-NEXT:       %[[V32:.*]] = arith.index_castui %[[V]] : index to i32
// CHECK-NEXT:       llvm.store %[[V32]], %[[SLOT]] : i32, !llvm.ptr
// CHECK-NEXT:       %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:       %[[GROWN:.*]] = arith.addi %[[SIZE]], %[[ONE]] : i64
// CHECK-NEXT:       llvm.store %[[GROWN]], %[[SIZE_AT]] : i64, !llvm.ptr
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.yield %[[HAS]] : i1
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %[[NO:.*]] = arith.constant false
// CHECK-NEXT:     scf.yield %[[NO]] : i1
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.yield %[[ROOM]] : i1
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[NO2:.*]] = arith.constant false
// CHECK-NEXT:   scf.yield %[[NO2]] : i1
// CHECK-NEXT: }
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[SLOW:.*]] = arith.xori %[[DONE]], %[[TRUE]] : i1
// CHECK-NEXT: scf.if %[[SLOW]] {
// CHECK-NEXT:   call @graphrt_pq_push(%[[Q]], %[[V]], %[[P64]]) : (!llvm.ptr, index, i64) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// A push of an i64 priority passes it as it is.
// CHECK-LABEL: func.func @queue_push_wide(
// CHECK-SAME: %[[WQ:[^:]*]]: !llvm.ptr, %[[WV:[^:]*]]: index, %[[WP:[^:]*]]: i64)
// CHECK-NOT:  arith.extsi
// CHECK:      arith.divui %[[WP]], %{{.*}} : i64
// CHECK:      call @graphrt_pq_push(%[[WQ]], %[[WV]], %[[WP]])
func.func @queue_push(%pq: !graph.priority_queue<i32>, %v: index, %p: i32) {
  graph.pq.push %pq, %v, %p : !graph.priority_queue<i32>, i32
  return
}
func.func @queue_push_wide(%pq: !graph.priority_queue<i64>, %v: index, %p: i64) {
  graph.pq.push %pq, %v, %p : !graph.priority_queue<i64>, i64
  return
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
