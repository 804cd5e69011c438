// RUN: graph-opt %s --graph-lower-priority --split-input-file | FileCheck %s
// RUN: graph-opt %s --graph-lower-priority=serial-work=100 --split-input-file | FileCheck %s --check-prefix=LIMIT
// RUN: graph-opt %s --graph-lower-priority=serial-work=0 --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: not graph-opt %s --graph-lower-priority=serial-work=-1 --split-input-file 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: graph-opt %s --graph-lower-priority --graph-lower-direction --convert-graph-to-scf --split-input-file | FileCheck %s --check-prefix=SCF

// Bucket fusion's serial copy: the round's work (the frontier's size plus,
// when the size is within serial-work, its out-degree sum) goes to
// graph.pq.fusion_alone, which says whether the queue expects the whole
// cascade (the round and the bins after it) within serial-work (1024 by
// default). Then the calling thread runs the frontier and its own bins,
// with plain writes, in an scf.for and an scf.while; else the team does,
// with atomics.
// CHECK-LABEL: func.func @fusion
// CHECK: %[[T:.*]] = arith.index_cast
// CHECK: %[[IDS:.*]] = graph.vertexset.ids %[[F:[^ ]*]]
// CHECK: %[[SIZE:.*]] = memref.dim %[[IDS]]
// CHECK: %[[MAX:.*]] = arith.constant 1024 : index
// CHECK: %[[SMALL:.*]] = arith.cmpi ule, %[[SIZE]], %[[MAX]] : index
// CHECK: %[[WORK:.*]] = scf.if %[[SMALL]] -> (index) {
// CHECK:   %[[DEG:.*]] = graph.vertexset.out_degree_sum %[[F]]
// CHECK:   %[[SUM:.*]] = arith.addi %[[SIZE]], %[[DEG]] : index
// CHECK:   scf.yield %[[SUM]] : index
// CHECK: } else {
// CHECK:   scf.yield %[[SIZE]] : index
// CHECK: }
// CHECK: %[[ALONE:.*]] = graph.pq.fusion_alone %{{.*}}, %[[WORK]], %[[MAX]] : !graph.priority_queue<i32>
// CHECK: scf.if %[[ALONE]] {
// CHECK-NOT: omp.
// CHECK:   scf.for
// CHECK:   graph.reduce min %{{[^ ]*}}[%{{[^ ]*}}], %{{[^ ]*}} : !graph.vector<i32>
// CHECK:   graph.pq.push
// CHECK:   scf.while
// CHECK:   graph.pq.take_local %{{.*}}, %[[T]]
// CHECK-NOT: omp.
// CHECK:   graph.reduce min %{{[^ ]*}}[%{{[^ ]*}}], %{{[^ ]*}} : !graph.vector<i32>
// CHECK:   graph.pq.push
// CHECK: } else {
// CHECK:   omp.parallel {
// CHECK:   scf.while : () -> i64 {
// CHECK:   graph.reduce min atomic
// CHECK:   graph.pq.take_local %{{.*}}, %[[T]]
// CHECK:   graph.reduce min atomic
// CHECK:   omp.terminator
// LIMIT-LABEL: func.func @fusion
// LIMIT: arith.constant 100 : index
// LIMIT: graph.pq.fusion_alone
// OFF-LABEL: func.func @fusion
// OFF-NOT: graph.pq.fusion_alone
// OFF-NOT: graph.vertexset.out_degree_sum
// OFF: omp.parallel
// NEGATIVE: error: serial-work must be non-negative, got -1
// SCF-LABEL: func.func @fusion
// SCF: call @graphrt_pq_fusion_alone({{.*}}) : (!llvm.ptr, index, index) -> i32
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

// A serial traversal has no copy to choose.
// CHECK-LABEL: func.func @serial
// CHECK-NOT: graph.pq.fusion_alone
// CHECK: graph.pq.take_local
// LIMIT-LABEL: func.func @serial
// LIMIT-NOT: graph.pq.fusion_alone
func.func @serial(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>, %dist: !graph.vector<i32>) {
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<parallel = serial, priority_update = eager_with_fusion>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %changed = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}
