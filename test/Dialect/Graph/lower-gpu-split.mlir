// RUN: graph-opt %s --graph-lower-gpu --graph-split-grid-phases -split-input-file -verify-diagnostics | FileCheck %s

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
