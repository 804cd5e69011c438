// RUN: graph-opt %s --graph-lower-gpu -split-input-file -verify-diagnostics | FileCheck %s

// Kernel fusion of a delta-stepping loop: the queue hands its vertices to a
// device list before the kernel (graph.pq.take_all, with the bucket width,
// current bucket and vertex count from graph.pq.device_shape), each flagged
// in a byte map. In the kernel, each condition is a phase of a thread per
// listed vertex (not per vertex: it reads no flag) taking the least bucket
// with an atomic min (the least vertex of a negative priority too); each
// step writes the bucket, its rounds and the two counts (one phase), records
// a negative cycle or splits the list: the bucket's vertices lose their flag
// and go to the ready set, the others to the second list, which becomes the
// list (one phase: its parity, size and a reset least key). The traversal
// marks updated vertices in the flags themselves, and a first mark appends
// the vertex to the list. After the kernel the queue reports what failed.

// CHECK-LABEL: func.func @delta
// CHECK: graph.pq.take_all %[[PQ:.*]] : !graph.priority_queue<i32> -> memref<?xi32>
// CHECK: %[[SHAPE:.*]] = graph.pq.device_shape %[[PQ]]
// CHECK: %[[STATE:.*]] = memref.alloc() : memref<7xi64>
// CHECK: %[[FAILED:.*]] = memref.alloc() : memref<4xi64>
// CHECK: %[[QUEUED:.*]] = memref.alloc(%[[N:.*]]) : memref<?xi8>
// CHECK: %[[READY:.*]] = memref.alloc(%[[N]]) : memref<?xi32>
// CHECK: %[[LIST0:.*]] = memref.alloc(%[[N]]) : memref<?xi32>
// CHECK: %[[LIST1:.*]] = memref.alloc(%[[N]]) : memref<?xi32>
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[QUEUED]]
// CHECK: memref.store %{{.*}}, %[[LIST0]]
// CHECK: }
// CHECK-NEXT: %[[TAKEN:.*]] = arith.index_cast
// CHECK: memref.store %[[TAKEN]], %[[STATE]]
// CHECK: %[[OK:.*]] = graph.gpu_cooperative
// CHECK: scf.if %[[OK]] {
// CHECK: %[[BAR:.*]] = memref.alloc() : memref<2xi32>
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK-NOT: gpu.launch
// CHECK: scf.while
// CHECK-NEXT: %[[P:.*]] = memref.load %[[STATE]]
// CHECK: %[[LIST:.*]] = arith.select %{{.*}}, %[[LIST0]], %[[LIST1]]
// CHECK-NEXT: %[[LISTED:.*]] = memref.load %[[STATE]]
// CHECK-NEXT: %[[COUNT:.*]] = arith.index_cast %[[LISTED]]
// CHECK: arith.subi %[[COUNT]]
// CHECK: graph.grid_barrier %[[BAR]]
// CHECK-NEXT: graph.grid_phase blocks(%{{.*}}) threads(%c256
// CHECK-NOT: %[[QUEUED]]
// CHECK: memref.load %[[LIST]]
// CHECK-NOT: %[[QUEUED]]
// CHECK: memref.atomic_rmw mins %{{.*}}, %[[FAILED]]
// CHECK: memref.atomic_rmw mins %{{.*}}, %[[STATE]]
// CHECK: graph.grid_barrier %[[BAR]]
// CHECK-NOT: %[[QUEUED]]
// CHECK: scf.condition
// CHECK: } do {
// CHECK: arith.maxsi
// CHECK: graph.grid_phase
// CHECK-NEXT: ^bb0
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]]
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]]
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]]
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]]
// CHECK-NEXT: }
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[FAILED]]
// CHECK: } else {
// CHECK: %[[FROM:.*]] = arith.select %{{.*}}, %[[LIST0]], %[[LIST1]]
// CHECK: %[[REST:.*]] = arith.select %{{.*}}, %[[LIST1]], %[[LIST0]]
// CHECK: graph.grid_phase
// CHECK: memref.load %[[FROM]]
// CHECK: memref.store %{{.*}}, %[[QUEUED]]
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[STATE]]
// CHECK: memref.store %{{.*}}, %[[READY]]
// CHECK: } else {
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[STATE]]
// CHECK: memref.store %{{.*}}, %[[REST]]
// CHECK: graph.grid_barrier %[[BAR]]
// CHECK: graph.grid_phase
// CHECK-NEXT: ^bb0
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]]
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]]
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]]
// CHECK-NEXT: }
// CHECK: memref.reinterpret_cast %[[READY]]
// The traversal (TWC: sorting the ready set, then three phases) marks the
// updated vertices in the flags; a first mark appends to the list.
// CHECK: graph.grid_phase
// CHECK: %[[OLD:.*]] = memref.atomic_rmw assign %{{.*}}, %[[QUEUED]]
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]], %c0_i8
// CHECK: scf.if %[[FIRST]] {
// CHECK: arith.select %{{.*}}, %[[LIST0]], %[[LIST1]]
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[STATE]]
// CHECK: gpu.terminator
// CHECK: } else {
// CHECK: scf.while
// CHECK-NOT: graph.pq.dequeue
// CHECK: gpu.launch blocks
// CHECK-NOT: function(
// CHECK: graph.pq.device_failure %[[PQ]]
// CHECK-NOT: graph.pq.requeue
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
  } attributes {graph.kernel_fusion}
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}

// -----

// A pull reads the ready set as a bit map, made from its ids by two phases;
// an output bit map is cleared before the traversal, and a phase of a
// thread per vertex after it flags each marked vertex, appending it to the
// list unless it was flagged.

// CHECK-LABEL: func.func @pull
// CHECK: %[[QUEUED:.*]] = memref.alloc(%{{.*}}) : memref<?xi8>
// CHECK: %[[IN:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK: } do {
// CHECK: graph.grid_phase
// CHECK: memref.store %{{.*}}, %[[IN]]
// CHECK: graph.grid_phase
// CHECK: memref.atomic_rmw ori %{{.*}}, %[[IN]]
// CHECK: graph.grid_phase
// CHECK: memref.store %{{.*}}, %[[OUT]]
// CHECK: graph.grid_phase
// CHECK: memref.load %[[IN]]
// CHECK: memref.atomic_rmw ori %{{.*}}, %[[OUT]]
// CHECK: graph.grid_phase
// CHECK: memref.load %[[OUT]]
// CHECK: %[[OLD:.*]] = memref.load %[[QUEUED]]
// CHECK-NEXT: memref.store %{{.*}}, %[[QUEUED]]
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]], %c0_i8
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK: memref.atomic_rmw addi
// CHECK: gpu.terminator
func.func @pull(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %root: index) {
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
    graph.edgeset.apply %g from(%ready) update_priority(%pq : !graph.priority_queue<i32>) label("s0:s1") schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, pull_frontier = bitmap, frontier_creation = unfused_bitmap, delta = 3>>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %through = arith.addi %d, %w : i32
      %changed = graph.pq.update min %pq[%dst], %through : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %ready
    scf.yield
  } attributes {graph.kernel_fusion}
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}

// -----

// A push that adds each updated vertex to its ids once, flagging it in its
// byte map (dedup): the byte map is the queue's flags, a first flag appends
// the vertex to the list, and no phase after the traversal reads its ids.

// CHECK-LABEL: func.func @flagged
// CHECK: %[[STATE:.*]] = memref.alloc() : memref<7xi64>
// CHECK: %[[QUEUED:.*]] = memref.alloc(%{{.*}}) : memref<?xi8>
// CHECK: %[[READY:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: %[[LIST0:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: %[[LIST1:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: %[[IDS:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK: } do {
// CHECK: memref.reinterpret_cast %[[READY]]
// CHECK: graph.grid_phase
// CHECK: %[[OLD:.*]] = memref.atomic_rmw assign %{{.*}}, %[[QUEUED]]
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]], %c0_i8
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK: arith.select %{{.*}}, %[[LIST0]], %[[LIST1]]
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[STATE]]
// CHECK: memref.store %{{.*}}, %[[IDS]]
// CHECK: graph.grid_barrier
// CHECK-NOT: %[[IDS]]
// CHECK: gpu.terminator
func.func @flagged(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %root: index) {
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
    graph.edgeset.apply %g from(%ready) update_priority(%pq : !graph.priority_queue<i32>) label("s0:s1") schedule(#graph.schedule<gpu = #graph.gpu_schedule<frontier_creation = fused, dedup = fused, delta = 3>>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %through = arith.addi %d, %w : i32
      %changed = graph.pq.update min %pq[%dst], %through : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %ready
    scf.yield
  } attributes {graph.kernel_fusion}
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}

// -----

// A pull marking its output in a byte map, each destination by its own
// thread: the map is the queue's flags, and the output's load before each
// mark finds whether it is the first.

// CHECK-LABEL: func.func @boolpull
// CHECK: %[[STATE:.*]] = memref.alloc() : memref<7xi64>
// CHECK: %[[QUEUED:.*]] = memref.alloc(%{{.*}}) : memref<?xi8>
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK: } do {
// CHECK: graph.vector.set
// CHECK: %[[OLD:.*]] = memref.load %[[QUEUED]]
// CHECK-NEXT: memref.store %{{.*}}, %[[QUEUED]]
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]]
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[STATE]]
// CHECK: gpu.terminator
func.func @boolpull(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %root: index) {
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
    graph.edgeset.apply %g from(%ready) update_priority(%pq : !graph.priority_queue<i32>) label("s0:s1") schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull, pull_frontier = boolmap, frontier_creation = unfused_boolmap, delta = 3>>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %through = arith.addi %d, %w : i32
      %changed = graph.pq.update min %pq[%dst], %through : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %ready
    scf.yield
  } attributes {graph.kernel_fusion}
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}

// -----

// Where the queue's loop cannot fuse, one warning names why and the loop
// keeps the host's buckets: a point-to-point search (finishedNode) ...

// CHECK-LABEL: func.func @ppsp
// CHECK: scf.while
// CHECK: graph.pq.finished %{{.*}} vertex
// CHECK: graph.pq.dequeue
// CHECK-NOT: graph_grid
func.func @ppsp(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %root: index, %target: index) {
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %false = arith.constant false
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c3) open_buckets(%c128) start(%root) : !graph.vector<i32> -> !graph.priority_queue<i32>
  // expected-warning @below {{kernel fusion does not apply to this loop: 'graph.pq.finished' with a vertex (finishedNode) runs on the host; each step launches its own kernels}}
  scf.while : () -> () {
    %done = graph.pq.finished %pq vertex(%target) : !graph.priority_queue<i32>
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %ready = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    graph.edgeset.apply %g from(%ready) update_priority(%pq : !graph.priority_queue<i32>) label("s0:s1") schedule(#graph.schedule<gpu = #graph.gpu_schedule<delta = 3>>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %through = arith.addi %d, %w : i32
      %changed = graph.pq.update min %pq[%dst], %through : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %ready
    scf.yield
  } attributes {graph.kernel_fusion}
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}

// -----

// ... a condition that tests more than the queue ...

func.func @bounded(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>, %root: index, %rounds: i32) {
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %false = arith.constant false
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c3) open_buckets(%c128) start(%root) : !graph.vector<i32> -> !graph.priority_queue<i32>
  // expected-warning @below {{kernel fusion does not apply to this loop: 'graph.pq.finished' runs on the host: the loop's condition is not 'pq.finished() == false'; each step launches its own kernels}}
  %last = scf.while (%i = %c0) : (i32) -> i32 {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %more = arith.cmpi eq, %done, %false : i1
    %left = arith.cmpi slt, %i, %rounds : i32
    %go = arith.andi %more, %left : i1
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%j: i32):
    %ready = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    graph.edgeset.apply %g from(%ready) update_priority(%pq : !graph.priority_queue<i32>) label("s0:s1") schedule(#graph.schedule<gpu = #graph.gpu_schedule<delta = 3>>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %through = arith.addi %d, %w : i32
      %changed = graph.pq.update min %pq[%dst], %through : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %ready
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  } attributes {graph.kernel_fusion}
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}

// -----

// ... and a read of the current bucket on the host.

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
  } attributes {graph.kernel_fusion}
  graph.pq.free %pq : !graph.priority_queue<i32>
  return
}
