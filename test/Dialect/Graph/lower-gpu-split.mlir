// RUN: graph-opt %s --graph-lower-gpu --graph-split-grid-phases -split-input-file -verify-diagnostics | FileCheck %s

// Kernel fusion's split mode (graph.kernel_fusion = "split"): the loop is
// fused as for kernel fusion (device queues, maps, priority-queue buckets,
// loop-carried sizes), then graph-split-grid-phases runs it on the host
// with a gpu.launch per phase: no cooperative kernel, no unfused copy, no
// grid barrier, and no vertex-set op of the host inside the loop.

// A BFS push: the counter's zeroing a host store, the traversal a launch
// of the frontier's blocks (when it has any), and the next size the
// counter read on the host after it.

// CHECK-LABEL: func.func @bfs
// CHECK-NOT: graph.gpu_cooperative
// CHECK: %[[QA:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: %[[QB:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: %[[COUNT:.*]] = memref.alloc() : memref<1xi64>
// CHECK-NOT: memref<2xi32>
// CHECK: scf.while (%[[P:.*]] = %{{.*}}, %[[N:.*]] = %{{.*}}) : (index, index) -> (index, index)
// CHECK: } do {
// CHECK-NOT: graph.vertexset
// CHECK-NOT: graph.grid_
// CHECK-NOT: gpu.launch
// CHECK: memref.store %{{.*}}, %[[COUNT]]
// CHECK-NOT: graph.vertexset
// CHECK-NOT: graph.grid_
// CHECK: scf.if
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// CHECK: graph.vector.cas
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[COUNT]]
// CHECK: gpu.terminator
// CHECK-NOT: graph.vertexset
// CHECK-NOT: graph.grid_
// CHECK: memref.load %[[COUNT]]
// CHECK-NOT: graph.vertexset
// CHECK-NOT: graph.grid_
// CHECK: scf.yield
// After the loop: the last frontier as a vertex set again.
// CHECK: graph.vertexset.new
// CHECK: graph.vertexset.seal_ids
// CHECK-NOT: scf.while
// CHECK: return
func.func @bfs(%g: !graph.edgeset, %root: index, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : i32
  %f0 = graph.vertexset.new %g : !graph.edgeset
  graph.vertexset.insert %f0, %root
  %last = scf.while (%f = %f0) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
        schedule(#graph.schedule<gpu = #graph.gpu_schedule<>>)
      dst_filter {
      ^bb0(%v: index):
        %p = graph.vector.get %parent[%v] : !graph.vector<i32>
        %fresh = arith.cmpi eq, %p, %cm1 : i32
        graph.yield %fresh : i1
      } body {
      ^bb0(%src: index, %dst: index):
        %s = arith.index_cast %src : index to i32
        graph.vector.set %parent[%dst], %s : !graph.vector<i32>
        graph.yield
      } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  } attributes {graph.kernel_fusion = "split"}
  return %last : !graph.vertexset
}

// -----

// A hybrid: the branch the frontier's size picks runs on the host, each of
// its phases (the pull's map from the queue, its traversal, the marked
// vertices back to the queue) a launch. The placed out-edges that the
// push reads and the pull's output counts degrees with are looked up once,
// before the loop, not before each launch.

// CHECK-LABEL: func.func @hybrid
// CHECK-NOT: graph.gpu_cooperative
// CHECK: %[[OUT:.*]], %{{.*}} = graph.adjacency out %{{.*}} placed auto
// CHECK: graph.adjacency in %{{.*}} placed auto
// CHECK-NOT: graph.adjacency
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (index, index) -> (index, index)
// CHECK: } do {
// CHECK-NOT: graph.vertexset
// CHECK-NOT: graph.grid_
// CHECK-NOT: graph.adjacency
// CHECK: scf.if
// CHECK-NOT: graph.adjacency
// CHECK: gpu.launch
// CHECK-NOT: graph.adjacency
// CHECK: memref.load %[[OUT]]
// CHECK-NOT: graph.adjacency
// CHECK: } else {
// CHECK-NOT: graph.vertexset
// CHECK-NOT: graph.grid_
// CHECK-NOT: graph.adjacency
// CHECK: gpu.launch
// CHECK-NOT: graph.adjacency
// CHECK: graph.vector.cas
// CHECK-NOT: graph.adjacency
// CHECK: memref.load %[[OUT]]
// CHECK-NOT: graph.vertexset
// CHECK-NOT: graph.grid_
// CHECK-NOT: graph.adjacency
// CHECK: scf.yield %{{.*}}, %{{.*}} : index, index
// CHECK: graph.vertexset.new
// CHECK: return
func.func @hybrid(%g: !graph.edgeset, %f0: !graph.vertexset, %parent: !graph.vector<i32>) -> !graph.vertexset {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : i32
  %last = scf.while (%f = %f0) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
        schedule(#graph.schedule<gpu = #graph.gpu_schedule<load_balance = twce, dedup = fused, hybrid_threshold = 0.03, otherwise = #graph.gpu_schedule<direction = pull, frontier_creation = unfused_boolmap>>>)
      dst_filter {
      ^bb0(%v: index):
        %p = graph.vector.get %parent[%v] : !graph.vector<i32>
        %fresh = arith.cmpi eq, %p, %cm1 : i32
        graph.yield %fresh : i1
      } body {
      ^bb0(%src: index, %dst: index):
        %s = arith.index_cast %src : index to i32
        graph.vector.set %parent[%dst], %s : !graph.vector<i32>
        graph.yield
      } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  } attributes {graph.kernel_fusion = "split"}
  return %last : !graph.vertexset
}

// -----

// Delta-stepping: the buckets a device list (graph.pq.take_all before the
// loop), the condition's least bucket a launch read on the host, no host
// priority-queue op in the loop.

// CHECK-LABEL: func.func @delta
// CHECK-NOT: graph.gpu_cooperative
// CHECK: %[[OUT:.*]], %{{.*}} = graph.adjacency out %{{.*}} placed auto
// CHECK-NEXT: graph.adjacency_weights out %{{.*}} placed auto
// CHECK-NOT: graph.adjacency
// CHECK: graph.pq.take_all
// CHECK: graph.pq.device_shape
// CHECK-NOT: memref<2xi32>
// CHECK: scf.while : () -> () {
// CHECK-NOT: graph.pq
// CHECK-NOT: graph.grid_
// CHECK: gpu.launch
// CHECK-NOT: graph.pq
// CHECK-NOT: graph.grid_
// CHECK: memref.load
// CHECK: scf.condition
// CHECK: } do {
// CHECK-NOT: graph.pq
// CHECK-NOT: graph.vertexset
// CHECK-NOT: graph.grid_
// CHECK-NOT: graph.adjacency
// CHECK: gpu.launch
// CHECK-NOT: graph.pq
// CHECK-NOT: graph.vertexset
// CHECK-NOT: graph.grid_
// CHECK-NOT: graph.adjacency
// CHECK: graph.reduce min atomic
// CHECK-NOT: graph.pq
// CHECK-NOT: graph.vertexset
// CHECK-NOT: graph.grid_
// CHECK-NOT: graph.adjacency
// CHECK: memref.load %[[OUT]]
// CHECK-NOT: graph.adjacency
// CHECK: scf.yield
// CHECK: graph.pq.device_failure
// CHECK: return
func.func @delta(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %root: index) {
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %false = arith.constant false
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c3) open_buckets(%c128) start(%root) : !graph.vector<i32> -> !graph.priority_queue<i32>
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %ready = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    graph.edgeset.apply %g from(%ready) update_priority(%pq : !graph.priority_queue<i32>) label("s0:s1") schedule(#graph.schedule<gpu = #graph.gpu_schedule<frontier_creation = unfused_boolmap, load_balance = twc, delta = 3>>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %through = arith.addi %d, %w : i32
      %changed = graph.pq.update min %pq[%dst], %through : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %ready
    scf.yield
  } attributes {graph.kernel_fusion = "split"}
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}

// -----

// The same warning as kernel fusion's where the loop does not fuse.

func.func @current(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %root: index, %seen: memref<1xi32>) {
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c3) open_buckets(%c128) start(%root) : !graph.vector<i32> -> !graph.priority_queue<i32>
  // expected-warning @below {{kernel fusion does not apply to this loop: 'graph.pq.current_priority' runs on the host; each step launches its own kernels}}
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %ready = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    %k = graph.pq.current_priority %pq : !graph.priority_queue<i32>
    memref.store %k, %seen[%c0] : memref<1xi32>
    graph.edgeset.apply %g from(%ready) update_priority(%pq : !graph.priority_queue<i32>) label("s0:s1") schedule(#graph.schedule<gpu = #graph.gpu_schedule<delta = 3>>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %through = arith.addi %d, %w : i32
      %changed = graph.pq.update min %pq[%dst], %through : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %ready
    scf.yield
  } attributes {graph.kernel_fusion = "split"}
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}

// -----

// Split launches run the loop's host code on the host, which cannot read
// edges placed in device memory: such a loop is not fused.

func.func @placed(%g: !graph.edgeset, %f0: !graph.vertexset, %parent: !graph.vector<i32>, %seen: memref<1xi64>) -> !graph.vertexset {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : i32
  %o, %nb = graph.adjacency out %g placed device : !graph.edgeset -> memref<?xi64>, memref<?xi32>
  // expected-warning @below {{kernel fusion does not apply to this loop: 'memref.load' reads edges placed on the device, which the host code of split launches cannot; each step launches its own kernels}}
  %last = scf.while (%f = %f0) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %first = memref.load %o[%c0] : memref<?xi64>
    memref.store %first, %seen[%c0] : memref<1xi64>
    %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
        schedule(#graph.schedule<gpu = #graph.gpu_schedule<>>)
      dst_filter {
      ^bb0(%v: index):
        %p = graph.vector.get %parent[%v] : !graph.vector<i32>
        %fresh = arith.cmpi eq, %p, %cm1 : i32
        graph.yield %fresh : i1
      } body {
      ^bb0(%src: index, %dst: index):
        %s = arith.index_cast %src : index to i32
        graph.vector.set %parent[%dst], %s : !graph.vector<i32>
        graph.yield
      } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  } attributes {graph.kernel_fusion = "split"}
  return %last : !graph.vertexset
}
