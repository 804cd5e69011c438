// RUN: graph-opt %s --graph-lower-priority --split-input-file -verify-diagnostics

// An obim traversal must be the one body of a loop over the queue's buckets.
func.func @not_in_loop(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>, %f: !graph.vertexset) {
  // expected-error @below {{priority_update = obim of 's1': the traversal must be the body of a while loop over the queue's buckets that changes no variable}}
  graph.edgeset.apply %g from(%f) update_priority(%pq : !graph.priority_queue<i32>) label("s1")
      schedule(#graph.schedule<priority_update = obim>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %c = graph.pq.update min %pq[%dst], %w : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

// A loop that tests more than the queue (k-core counts the vertices it
// dequeued).
func.func @counted(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>, %n: index) {
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %false = arith.constant false
    %more = arith.cmpi eq, %done, %false : i1
    %c0 = arith.constant 0 : index
    %some = arith.cmpi ne, %n, %c0 : index
    %both = arith.andi %more, %some : i1
    scf.condition(%both)
  } do {
    %f = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    // expected-error @below {{priority_update = obim: the loop must run until the queue is finished (pq.finished() == false) or a vertex is (pq.finishedNode(v) == false), and test nothing else}}
    graph.edgeset.apply %g from(%f) update_priority(%pq : !graph.priority_queue<i32>)
        schedule(#graph.schedule<priority_update = obim>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %c = graph.pq.update min %pq[%dst], %w : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %f
    scf.yield
  }
  return
}

// -----

// A loop doing more than the dequeue, the traversal and the delete.
func.func @more_in_loop(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>, %v: !graph.vector<i32>) {
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %false = arith.constant false
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %f = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    // expected-error @below {{priority_update = obim: the loop may only dequeue a bucket, run the traversal from it and delete it}}
    graph.edgeset.apply %g from(%f) update_priority(%pq : !graph.priority_queue<i32>)
        schedule(#graph.schedule<priority_update = obim>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %c = graph.pq.update min %pq[%dst], %w : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : i32
    graph.vector.set %v[%c0], %c1 : !graph.vector<i32>
    graph.vertexset.free %f
    scf.yield
  }
  return
}

// -----

// A max update (or a sum, k-core's) is not a min-reduction.
func.func @max_update(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>) {
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %false = arith.constant false
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %f = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    // expected-error @below {{priority_update = obim: the traversal's body may only lower the destination's priority (updatePriorityMin) and read anything but the current priority; other updates and writes depend on the order of the buckets}}
    graph.edgeset.apply %g from(%f) update_priority(%pq : !graph.priority_queue<i32>)
        schedule(#graph.schedule<priority_update = obim>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %c = graph.pq.update max %pq[%dst], %w : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %f
    scf.yield
  }
  return
}

// -----

func.func @sum_update(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>) {
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %false = arith.constant false
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %f = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    // expected-error @below {{priority_update = obim: the traversal's body may only lower the destination's priority}}
    graph.edgeset.apply %g from(%f) update_priority(%pq : !graph.priority_queue<i32>)
        schedule(#graph.schedule<priority_update = obim>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %m1 = arith.constant -1 : i32
      %k = arith.constant 2 : i32
      %c = graph.pq.update_sum %pq[%dst], %m1 floor %k : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %f
    scf.yield
  }
  return
}

// -----

// Other writes in the body, and reading the current priority.
func.func @writes_parent(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>, %parent: !graph.vector<i32>) {
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %false = arith.constant false
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %f = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    // expected-error @below {{priority_update = obim: the traversal's body may only lower the destination's priority}}
    graph.edgeset.apply %g from(%f) update_priority(%pq : !graph.priority_queue<i32>)
        schedule(#graph.schedule<priority_update = obim>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %c = graph.pq.update min %pq[%dst], %w : !graph.priority_queue<i32>
      %s = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %f
    scf.yield
  }
  return
}

// -----

func.func @current_priority(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>) {
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %false = arith.constant false
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %f = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    // expected-error @below {{priority_update = obim: the traversal's body may only lower the destination's priority}}
    graph.edgeset.apply %g from(%f) update_priority(%pq : !graph.priority_queue<i32>)
        schedule(#graph.schedule<priority_update = obim>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %p = graph.pq.current_priority %pq : !graph.priority_queue<i32>
      %nd = arith.addi %p, %w : i32
      %c = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %f
    scf.yield
  }
  return
}

// -----

// Higher priorities first is not an order of min updates.
func.func @higher_first(%g: !graph.edgeset<i32>, %dist: !graph.vector<i32>) {
  %c1 = arith.constant 1 : index
  %pq = graph.pq.new %dist higher_first update(obim) delta(%c1) open_buckets(%c1) all : !graph.vector<i32> -> !graph.priority_queue<i32>
  scf.while : () -> () {
    %done = graph.pq.finished %pq : !graph.priority_queue<i32>
    %false = arith.constant false
    %more = arith.cmpi eq, %done, %false : i1
    scf.condition(%more)
  } do {
    %f = graph.pq.dequeue %pq : !graph.priority_queue<i32>
    // expected-error @below {{priority_update = obim: the queue must process lower priorities first}}
    graph.edgeset.apply %g from(%f) update_priority(%pq : !graph.priority_queue<i32>)
        schedule(#graph.schedule<priority_update = obim>) body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %c = graph.pq.update min %pq[%dst], %w : !graph.priority_queue<i32>
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.free %f
    scf.yield
  }
  return
}

// -----

// The schedule verifier: the worklist is a sparse push's output, and obim
// replaces the loop async would.
// expected-error @+1 {{priority_update = obim needs direction = sparse_push and no segments, numa or async}}
func.func private @dense() attributes {s = #graph.schedule<direction = dense_pull, priority_update = obim>}

// -----

// expected-error @+1 {{priority_update = obim needs direction = sparse_push and no segments, numa or async}}
func.func private @with_async() attributes {s = #graph.schedule<priority_update = obim, async>}

// -----

// expected-error @+1 {{priority_update = obim needs direction = sparse_push and no segments, numa or async}}
func.func private @segmented() attributes {s = #graph.schedule<direction = sparse_push_dense_pull, segments = 4, priority_update = obim>}
