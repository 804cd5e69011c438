// RUN: graph-opt %s --split-input-file | graph-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s --graph-lower-priority --split-input-file | FileCheck %s
// RUN: graph-opt %s --graph-lower-priority --graph-lower-direction --convert-graph-to-scf --split-input-file | FileCheck %s --check-prefix=SCF

// Delta-stepping's relaxation, eager: the min update becomes a graph.reduce
// on the queue's priority vector (made atomic later, by
// graph-lower-direction, in a parallel push) and a changed destination goes
// to the calling thread's bin of its new bucket (graph.pq.push); the queue
// learns the traversal's graph first (graph.pq.edges). A changed
// priority that is a sum which wrapped around (both operands' signs differ
// from the result's) is a distance overflow (graph.pq.overflow) before it
// reaches the queue.
// ROUND-LABEL: func.func @eager
// ROUND: graph.pq.new %{{.*}} lower_first update(eager) delta(%{{.*}}) open_buckets(%{{.*}}) start(%{{.*}}) : !graph.vector<i32> -> !graph.priority_queue<i32>
// ROUND: graph.edgeset.apply %{{.*}} from(%{{.*}}) update_priority(%{{.*}} : !graph.priority_queue<i32>) schedule(#graph.schedule<parallel = dynamic_vertex, delta = argv[3]>)
// ROUND: graph.pq.update min %{{.*}}[%{{.*}}], %{{.*}} : !graph.priority_queue<i32>
// ROUND: graph.pq.mirror %{{.*}}, %{{.*}} : !graph.edgeset<i32>, !graph.priority_queue<i32>
// CHECK-LABEL: func.func @eager
// CHECK: graph.pq.edges %[[PQ:.*]], %{{.*}} : !graph.priority_queue<i32>, !graph.edgeset<i32>
// CHECK-NEXT: %[[PRIO:.*]] = graph.pq.priorities %[[PQ]] : !graph.priority_queue<i32> -> !graph.vector<i32>
// CHECK: graph.edgeset.apply %{{.*}} from(%{{.*}}) schedule(
// CHECK-NOT: update_priority
// CHECK: %[[C:.*]] = graph.reduce min %[[PRIO]][%[[DST:.*]]], %[[D:.*]] : !graph.vector<i32>
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: %[[X1:.*]] = arith.xori %[[A:.*]], %[[D]] : i32
// CHECK-NEXT: %[[X2:.*]] = arith.xori %[[W:.*]], %[[D]] : i32
// CHECK-NEXT: %[[BOTH:.*]] = arith.andi %[[X1]], %[[X2]] : i32
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[WRAPPED:.*]] = arith.cmpi slt, %[[BOTH]], %[[ZERO]] : i32
// CHECK-NEXT: scf.if %[[WRAPPED]] {
// CHECK-NEXT: graph.pq.overflow %[[PQ]], %[[DST]] : !graph.priority_queue<i32>
// CHECK-NEXT: }
// CHECK-NEXT: graph.pq.push %[[PQ]], %[[DST]], %[[D]] : !graph.priority_queue<i32>, i32
// SCF-LABEL: func.func @eager
// SCF: call @graphrt_pq_edges
// SCF: call @graphrt_pq_priorities_i32
// SCF: omp.parallel
// SCF: memref.atomic_rmw mins
// SCF: call @graphrt_pq_overflow
// SCF: call @graphrt_pq_push
func.func @eager(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %root: index) {
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c2) open_buckets(%c128) start(%root)
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<parallel = dynamic_vertex, delta = argv[3]>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  graph.pq.mirror %g, %pq : !graph.edgeset<i32>, !graph.priority_queue<i32>
  return
}

// -----

// Bucket fusion: the pass lowers the traversal itself. The frontier's
// wsloop does not wait (nowait); after it each thread takes its own bin of
// the current bucket while it holds fewer than the threshold (argv[4]) and
// relaxes it alone. Both loops prefetch, for writing, the priority of the
// first destination of the vertex 16 ahead in the ids they scan.
// CHECK-LABEL: func.func @fusion
// CHECK: %[[ARG:.*]] = graph.argv 4
// CHECK: %[[N:.*]] = graph.atoi %[[ARG]] : i64
// CHECK: %[[T:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK: omp.parallel {
// CHECK: scf.while : () -> i64 {
// CHECK: graph.vector.prefetch %[[PRIO:.*]][%{{.*}}] write : !graph.vector<i32>
// CHECK: graph.reduce min atomic
// CHECK: graph.pq.push
// CHECK: } {graph.team_chunk}
// CHECK: scf.while : () -> memref<?xi32> {
// CHECK: %[[LOCAL:.*]] = graph.pq.take_local %{{.*}}, %[[T]] : !graph.priority_queue<i32> -> memref<?xi32>
// CHECK: scf.condition(%{{.*}}) %[[LOCAL]] : memref<?xi32>
// CHECK: } do {
// CHECK: ^bb0(%[[IDS:.*]]: memref<?xi32>):
// CHECK: scf.for %[[I:[^ ]*]] =
// CHECK: %[[SIZE:.*]] = memref.dim %[[IDS]]
// CHECK: %[[LATER:.*]] = arith.addi %[[I]], %c16
// CHECK: %[[LAST:.*]] = arith.subi %[[SIZE]], %c1
// CHECK: %[[AHEAD:.*]] = arith.minui %[[LATER]], %[[LAST]] : index
// CHECK: memref.load %[[IDS]][%[[AHEAD]]]
// CHECK: memref.load %[[IDS]][%[[I]]]
// CHECK: graph.vector.prefetch %[[PRIO]][%{{.*}}] write : !graph.vector<i32>
// CHECK: graph.reduce min atomic
// CHECK: graph.pq.push
// CHECK: omp.terminator
// CHECK-NOT: graph.edgeset.apply
func.func @fusion(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>, %dist: !graph.vector<i32>) {
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = eager_with_fusion, fusion_threshold = argv[4]>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

// Lazy: a changed destination is recorded for the bulk move of the next
// dequeue; the sum with a floor becomes graph.vector.add_floored, atomic in
// a parallel traversal, whose overflow is a distance overflow.
// CHECK-LABEL: func.func @lazy
// CHECK: %[[C:.*]], %[[NOW:.*]], %[[OVER:.*]] = graph.vector.add_floored atomic %{{.*}}[%[[DST:.*]]], %{{.*}} floor %{{.*}} : !graph.vector<i32>
// CHECK-NEXT: scf.if %[[OVER]] {
// CHECK-NEXT: graph.pq.overflow %{{.*}}, %[[DST]] : !graph.priority_queue<i32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: graph.pq.changed %{{.*}}, %[[DST]] : !graph.priority_queue<i32>
// SCF-LABEL: func.func @lazy
// SCF: memref.generic_atomic_rmw
// SCF: arith.maxsi
// SCF: call @graphrt_pq_changed
func.func @lazy(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>) {
  %cm1 = arith.constant -1 : i32
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = lazy>) body {
  ^bb0(%src: index, %dst: index):
    %k = graph.pq.current_priority %pq : !graph.priority_queue<i32>
    %changed = graph.pq.update_sum %pq[%dst], %cm1 floor %k : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// k-core's constant-sum reduction: the body only counts (graph.pq.count);
// after the traversal one graph.pq.apply_counts applies each vertex's
// count once. The amount and the current priority, read in the body as
// GraphIt's k-core does, are computed once before the traversal.
// CHECK-LABEL: func.func @constant_sum
// CHECK-DAG: %[[K:.*]] = graph.pq.current_priority %[[PQ:.*]] : !graph.priority_queue<i32>
// CHECK-DAG: %[[AMOUNT:.*]] = arith.constant -1 : i32
// CHECK: graph.edgeset.apply
// CHECK-NOT: graph.pq.update_sum
// CHECK: graph.pq.count %[[PQ]], %{{.*}} : !graph.priority_queue<i32>
// CHECK: graph.yield
// CHECK: graph.pq.apply_counts %[[PQ]], %[[AMOUNT]] floor %[[K]] : !graph.priority_queue<i32>, i32
// SCF-LABEL: func.func @constant_sum
// SCF: call @graphrt_pq_count
// SCF: call @graphrt_pq_apply_counts
func.func @constant_sum(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>) {
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = lazy_constant_sum>) body {
  ^bb0(%src: index, %dst: index):
    %cm1 = arith.constant -1 : i32
    %k = graph.pq.current_priority %pq : !graph.priority_queue<i32>
    %changed = graph.pq.update_sum %pq[%dst], %cm1 floor %k : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// The queue ops outside traversals, and their runtime calls.
// ROUND-LABEL: func.func @queue_ops
// ROUND: graph.pq.new %{{.*}} higher_first update(lazy) delta(%{{.*}}) open_buckets(%{{.*}}) all
// ROUND: graph.pq.finished %{{.*}} vertex(%{{.*}})
// ROUND: graph.pq.requeue %{{.*}}, %{{.*}} : !graph.priority_queue<i32>
// ROUND: graph.pq.free
// SCF-LABEL: func.func @queue_ops
// SCF: call @graphrt_pq_new(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i64, i32, i64, i64, i32, i32, i64) -> !llvm.ptr
// SCF: call @graphrt_pq_finished(
// SCF: call @graphrt_pq_finished_vertex(
// SCF: call @graphrt_pq_current_priority(
// SCF: call @graphrt_pq_requeue(%{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> ()
// SCF: call @graphrt_pq_free(
func.func @queue_ops(%degree: !graph.vector<i32>, %v: index, %moved: !graph.vertexset) -> (i1, i1, i32) {
  %c1 = arith.constant 1 : index
  %pq = graph.pq.new %degree higher_first update(lazy) delta(%c1) open_buckets(%c1) all
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  %done = graph.pq.finished %pq : !graph.priority_queue<i32>
  %reached = graph.pq.finished %pq vertex(%v) : !graph.priority_queue<i32>
  %k = graph.pq.current_priority %pq : !graph.priority_queue<i32>
  graph.pq.requeue %pq, %moved : !graph.priority_queue<i32>
  graph.pq.free %pq : !graph.priority_queue<i32>
  return %done, %reached, %k : i1, i1, i32
}

// -----

// A max update checks its value before the update (a sum that wrapped
// around would not raise the priority); a value that is no sum or
// difference is not checked. The start is a flag of its own at run time
// (GRAPHRT_PQ_START = 0, GRAPHRT_PQ_ALL = 1, GRAPHRT_PQ_EMPTY = 2).
// CHECK-LABEL: func.func @max_update
// CHECK: arith.subi
// CHECK: arith.xori
// CHECK: scf.if
// CHECK-NEXT: graph.pq.overflow
// CHECK: graph.reduce max
// CHECK-NOT: graph.pq.overflow
// CHECK: graph.reduce max
// CHECK-NOT: graph.pq.overflow
// CHECK: graph.yield
// SCF-LABEL: func.func @max_update
// SCF: %[[EMPTY:.*]] = arith.constant 2 : i32
// SCF: call @graphrt_pq_new({{.*}}, %[[EMPTY]], {{.*}})
func.func @max_update(%g: !graph.edgeset<i32>, %prio: !graph.vector<i32>) {
  %c1 = arith.constant 1 : index
  %pq = graph.pq.new %prio higher_first update(lazy) delta(%c1) open_buckets(%c1)
      : !graph.vector<i32> -> !graph.priority_queue<i32>
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %p = graph.vector.get %prio[%src] : !graph.vector<i32>
    %nd = arith.subi %p, %w : i32
    %a = graph.pq.update max %pq[%dst], %nd : !graph.priority_queue<i32>
    %b = graph.pq.update max %pq[%dst], %w : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}
